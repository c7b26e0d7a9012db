/**
 * The rails of the home page and the project browser (ADR 055): short lists of open raises, each
 * at most RAIL_SIZE projects with a "See all" that opens the browser in the same order.
 *
 * Each rail is one statement that walks one index in the rail's order and stops at RAIL_SIZE
 * (checked with EXPLAIN QUERY PLAN in tests/workers/rails.test.ts), and every rail of a page is
 * one D1 batch, so a page's rails cost the same at any size of catalogue:
 * - Trending: momentum (projects.trend_score, domain/projects/trending.ts), projects_trending_idx;
 * - Closing soon: the soonest deadline from tomorrow, projects_due_idx;
 * - New this week: published in the last 7 days, newest first, projects_new_idx;
 * - Almost funded: at 50% of the goal or more and below it, closest first, projects_funded_idx;
 * - Because you follow …: for a signed-in person, open raises in the sector or university of the
 *   BECAUSE_SOURCES projects they most recently followed or invested in, by momentum, without what
 *   they follow or hold (projects_sector_trending_idx, projects_university_trending_idx).
 * Open: stored `active`, a deadline after today and shares left (Coming soon, drafts, closed and
 * sold-out raises are in no rail).
 */
import type { Database } from "../../../db/client";
import { DAY_MS, isoDay } from "../../../domain/shared/dates";
import { toDollars } from "../../../domain/shared/money";
import { daysLeft } from "../../../domain/projects/project";
import type { ProjectSort } from "../../../domain/projects/project-search";
import type { SessionUser } from "../../../domain/shared/types";
import { ALMOST_FUNDED } from "./internal/project-order";

/** Projects a rail shows at most. */
export const RAIL_SIZE = 12;
/** Followed or held projects "Because you follow …" reads at most (the most recent ones). */
export const BECAUSE_SOURCES = 3;
/** "New this week": published within this many days. */
export const NEW_DAYS = 7;

export type RailId = "trending" | "closing" | "new" | "almost" | "because";

/** A project as a rail's compact card shows it (app/components/home/RailCard.tsx), and no more. */
export interface RailProject {
  id: string;
  slug: string;
  title: string;
  category: string;
  image: string;
  university: string | null;
  /** Dollars. Every rail's raise is open, so what it has raised so far. */
  fundingCurrent: number;
  fundingGoal: number;
  daysLeft: number;
}

export interface Rail {
  id: RailId;
  title: string;
  /** The browser's order its "See all" opens. */
  sort: ProjectSort;
  projects: RailProject[];
  /** "See all" narrows the browser to this sector too ("Because you follow …": its source's). */
  sector?: string;
  /** "Because you follow …": the project it came from (the most recent one followed or held). */
  from?: { title: string; slug: string; via: "follow" | "hold" };
}

const TITLES: Record<Exclude<RailId, "because">, string> = {
  trending: "Trending",
  closing: "Closing soon",
  new: "New this week",
  almost: "Almost funded",
};
const SORT_OF: Record<RailId, ProjectSort> = {
  trending: "trending",
  closing: "ending",
  new: "newest",
  almost: "almost",
  because: "trending",
};

/**
 * Open as of `?1` (today): the rails' one eligibility, on the alias `p`. `+` keeps a column from
 * choosing the index (an index walked in another rail's order would read every open raise and sort).
 */
const OPEN = "p.status = 'active' and p.funding_deadline > ?1 and p.shares_sold < p.total_shares";
const OPEN_WALKING = (index: "by status" | "not by status") =>
  index === "by status"
    ? "p.status = 'active' and +p.funding_deadline > ?1 and p.shares_sold < p.total_shares"
    : "+p.status = 'active' and +p.funding_deadline > ?1 and p.shares_sold < p.total_shares";
/** Only what the compact card renders: a rail's page reads no descriptions, terms or JSON. */
const COLUMNS =
  "p.id, p.slug, p.title, p.category, p.image, p.university_name, p.funding_current_cents, p.funding_goal_cents, p.funding_deadline";
const RATIO = "coalesce(cast(p.raised_cents as real) / nullif(p.funding_goal_cents, 0), 0)";

/** The rail statements of a page, in order; `because` last when there is a viewer. */
function railStatements(db: Database, viewerId: string | null, now: number): D1PreparedStatement[] {
  const d1 = db.$client;
  const today = isoDay(now);
  const out = [
    d1
      .prepare(
        `select ${COLUMNS} from projects p
         where ${OPEN_WALKING("by status")} and p.trend_score > 0
         order by p.trend_score desc, p.slug desc limit ${RAIL_SIZE}`,
      )
      .bind(today),
    d1
      .prepare(`select ${COLUMNS} from projects p where ${OPEN} order by p.funding_deadline, p.slug limit ${RAIL_SIZE}`)
      .bind(today),
    d1
      .prepare(
        `select ${COLUMNS} from projects p
         where ${OPEN_WALKING("by status")} and p.published_at >= ?2 order by p.published_at desc, p.slug desc limit ${RAIL_SIZE}`,
      )
      .bind(today, now - NEW_DAYS * DAY_MS),
    // projects_funded_idx's expression, the same text (an expression index serves only its own).
    d1
      .prepare(
        `select ${COLUMNS} from projects p
         where ${RATIO} >= ?2 and ${RATIO} < ?3 and ${OPEN_WALKING("not by status")}
         order by ${RATIO} desc, p.slug limit ${RAIL_SIZE}`,
      )
      .bind(today, ALMOST_FUNDED.from, ALMOST_FUNDED.to),
  ];
  if (viewerId) out.push(becauseStatement(db, viewerId, today));
  return out;
}

/**
 * "Because you follow …": the viewer's BECAUSE_SOURCES most recent follows or holdings (each read
 * newest first from project_follows_user_idx and investments_investor_recent_idx), then for each
 * of them two walks (its sector's, its university's) of RAIL_SIZE open raises by momentum that
 * the viewer neither follows nor holds nor founded; the walks' rows merged, RAIL_SIZE of them.
 * Each row carries the most recent source (`from_*`), which the rail names.
 */
function becauseStatement(db: Database, viewerId: string, today: string): D1PreparedStatement {
  const n = BECAUSE_SOURCES;
  const mine = `not exists (select 1 from project_follows f where f.user_id = ?2 and f.project_id = p.id)
    and not exists (select 1 from investments i where i.project_id = p.id and i.held = 1 and i.investor_id = ?2)
    and p.founder_id is not ?2`;
  const walk = (column: "sector" | "university_name", k: number) =>
    `select * from (select p.rowid as rid, p.trend_score as score, p.slug as slug from projects p
       where p.${column} = (select ${column} from src where k = ${k}) and ${OPEN_WALKING("by status")} and ${mine}
       order by p.trend_score desc, p.slug desc limit ${RAIL_SIZE})`;
  // Two walks a source, nested (D1 allows only a few terms in one compound select).
  const walks = Array.from(
    { length: n },
    (_, i) => `select * from (${walk("sector", i + 1)} union all ${walk("university_name", i + 1)})`,
  );
  return db.$client
    .prepare(
      `with seeds as (
         select project_id, max(at) as at, min(via) as via from (
           select * from (select project_id, created_at as at, 'follow' as via from project_follows
             where user_id = ?2 order by created_at desc limit ${n})
           union all
           select * from (select project_id, created_at as at, 'hold' as via from investments
             where investor_id = ?2 and held = 1 order by created_at desc limit ${n}))
         group by project_id order by at desc limit ${n}),
       src as (
         select row_number() over (order by s.at desc) as k, s.via, p.title, p.slug, p.sector, p.university_name
         from seeds s join projects p on p.id = s.project_id),
       picked as (select rid, max(score) as score, slug from (${walks.join(" union all ")}) group by rid)
       select ${COLUMNS}, src.title as from_title, src.slug as from_slug, src.via as from_via,
         src.sector as from_sector
       from picked join projects p on p.rowid = picked.rid join src on src.k = 1
       order by picked.score desc, picked.slug desc limit ${RAIL_SIZE}`,
    )
    .bind(today, viewerId);
}

interface RawRow {
  id: string;
  slug: string;
  title: string;
  category: string;
  image: string;
  university_name: string | null;
  funding_current_cents: number;
  funding_goal_cents: number;
  funding_deadline: string;
  [from: `from_${string}`]: unknown;
}

const railProject = (r: RawRow, now: number): RailProject => ({
  id: r.id,
  slug: r.slug,
  title: r.title,
  category: r.category,
  image: r.image,
  university: r.university_name,
  fundingCurrent: toDollars(Number(r.funding_current_cents)),
  fundingGoal: toDollars(Number(r.funding_goal_cents)),
  daysLeft: daysLeft(r.funding_deadline, now),
});

/**
 * The rails for a page, in their order, each with at least one project (an empty rail is left
 * out); "Because you follow …" only for a signed-in viewer (a visitor's page stays the same for
 * every visitor, so the edge cache keeps it: ADR 011). One D1 batch.
 */
export async function listRails(
  db: Database,
  viewer: Pick<SessionUser, "id"> | null | undefined,
  now: number = Date.now(),
): Promise<Rail[]> {
  const results = await db.$client.batch<RawRow>(railStatements(db, viewer?.id ?? null, now));
  const ids: RailId[] = ["trending", "closing", "new", "almost", "because"];
  const rails: Rail[] = [];
  results.forEach((res, i) => {
    const id = ids[i]!;
    const rows = res.results ?? [];
    if (!rows.length) return;
    const list = rows.map((r) => railProject(r, now));
    if (id === "because") {
      const first = rows[0]!;
      const via = first.from_via === "hold" ? "hold" : "follow";
      const title = String(first.from_title);
      rails.push({
        id,
        title: via === "hold" ? `Because you invested in ${title}` : `Because you follow ${title}`,
        sort: SORT_OF[id],
        sector: String(first.from_sector),
        projects: list,
        from: { title, slug: String(first.from_slug), via },
      });
      return;
    }
    rails.push({ id, title: TITLES[id], sort: SORT_OF[id], projects: list });
  });
  return rails;
}
