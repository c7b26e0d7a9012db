/**
 * `npm run db:seed -- --scale=N`: the synthetic data of db/scale-data.ts at N=10,
 * loaded into the test D1 through the same multi-row statements scripts/seed.mjs writes, keeps
 * every rule real data keeps, and the same N gives the same rows. Its funded raises' priced rounds
 * (ADR 052) are applied by the seed's statements; tests/workers/kept-aggregates.ts checks the marks,
 * the values and every kept sum after the file.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";

import { EXIT_KINDS, markAfter } from "../../domain/money/marking";
import { PROJECT_CATEGORIES, sectorForCategory } from "../../domain/projects/categories";
import {
  SCALE_ACTORS,
  SCALE_TABLES,
  SCALE_FOUNDER_EMAIL,
  SCALE_FOUNDER_PROJECT_ID,
  SCALE_FOUNDER_PROJECT_SLUG,
  SCALE_INVESTOR_EMAIL,
  SCALE_POPULAR_PROJECT_ID,
  scaleChildren,
  scaleEvents,
  scaleParents,
} from "../../db/scale-data";
import {
  applyEventStatements,
  type InsertChunk,
  InsertBuffer,
  insertChunks,
  THREAD_COUNTS_SQL,
  LAST_UPDATE_STATEMENT,
} from "../../db/seed-sql";

const N = 10;
const NOW = Date.parse("2026-06-01T12:00:00Z");
const TODAY = "2026-06-01";
const OPTS = { categories: PROJECT_CATEGORIES, sectorForCategory, passwordHash: "scrypt$test" };

/** Every INSERT of the N=10 data, in the order seed.mjs runs them (parents first, the events last). */
function statements(): InsertChunk[] {
  const buffer = new InsertBuffer();
  const out: InsertChunk[] = [];
  for (const batch of scaleParents(N, NOW, OPTS)) out.push(...buffer.add(batch.table, batch.rows));
  out.push(...buffer.flush());
  for (const batch of scaleChildren(N, NOW, OPTS)) out.push(...buffer.add(batch.table, batch.rows));
  out.push(...buffer.flush());
  out.push(...insertChunks("valuation_events", scaleEvents(N, NOW, OPTS)));
  return out;
}

/** What seed.mjs runs after them: the events applied to their companies and holders. */
const applying = () => [
  ...applyEventStatements(scaleEvents(N, NOW, OPTS), EXIT_KINDS),
  THREAD_COUNTS_SQL,
  LAST_UPDATE_STATEMENT,
];

async function digest(chunks: InsertChunk[]): Promise<string> {
  const hex = (buf: ArrayBuffer) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, "0")).join("");
  const encoder = new TextEncoder();
  const parts: string[] = [];
  for (const c of chunks) parts.push(hex(await crypto.subtle.digest("SHA-256", encoder.encode(c.sql))));
  return hex(await crypto.subtle.digest("SHA-256", encoder.encode(parts.join(""))));
}

const all = async <T>(sql: string) => (await env.DB.prepare(sql).all<T>()).results;
const one = async <T>(sql: string) => (await env.DB.prepare(sql).first<T>())!;

let loaded: InsertChunk[] = [];

beforeAll(async () => {
  loaded = statements();
  for (let i = 0; i < loaded.length; i += 50) {
    await env.DB.batch(loaded.slice(i, i + 50).map((c) => env.DB.prepare(c.sql)));
  }
  await env.DB.batch(applying().map((sql) => env.DB.prepare(sql)));
}, 120_000);

describe("the scale data at N=10", () => {
  const tableCounts = async () =>
    Object.fromEntries(
      await Promise.all(
        SCALE_TABLES.map(async (t) => [t, (await one<{ n: number }>(`select count(*) n from ${t}`)).n] as const),
      ),
    );

  it("holds the expected number of rows in every table", async () => {
    expect(await tableCounts()).toEqual({
      users: 5081,
      public_profiles: 471,
      investor_financials: 1,
      projects: 380,
      investments: 40091,
      project_follows: 9444,
      project_activity_days: 1086,
      project_updates: 2078,
      discussion_posts: 10580,
      discussion_votes: 5995,
      notifications: 94942,
      valuation_events: 16,
    });
  });

  it("loses no generated row to INSERT OR IGNORE (no repeated id, follow or notification event)", async () => {
    const generated: Record<string, number> = {};
    for (const c of loaded) generated[c.table] = (generated[c.table] ?? 0) + c.rows;
    expect(await tableCounts()).toEqual(generated);
  });

  it("counts exactly the active investments in every project's shares sold and funding", async () => {
    const wrong = await all(
      `select p.id from projects p
       left join (select project_id, sum(shares) shares, sum(amount_cents) amount from investments
                  where status = 'active' group by project_id) i on i.project_id = p.id
       where p.shares_sold != coalesce(i.shares, 0) or p.funding_current_cents != coalesce(i.amount, 0)
          or p.shares_sold > p.total_shares or p.funding_goal_cents != p.total_shares * p.share_price_cents`,
    );
    expect(wrong).toEqual([]);
  });

  it("keeps some investments cancelled, with a cancellation time, out of every count", async () => {
    const row = await one<{ cancelled: number; undated: number; dated: number }>(
      `select sum(status = 'cancelled') cancelled,
              sum(status = 'cancelled' and (cancelled_at is null or cancelled_at < created_at or cancelled_at > cancel_cutoff_at)) undated,
              sum(status = 'active' and cancelled_at is not null) dated
       from investments`,
    );
    expect({ some: row.cancelled > 1000, undated: row.undated, dated: row.dated }).toEqual({
      some: true,
      undated: 0,
      dated: 0,
    });
  });

  it("puts investments only in listed projects, at or above the minimum, before the deadline and now", async () => {
    const wrong = await all(
      `select i.id from investments i join projects p on p.id = i.project_id
       where p.published_at is null or p.status in ('draft', 'in_review')
          or i.amount_cents < p.min_investment_cents or i.share_price_cents != p.share_price_cents
          or date(i.created_at / 1000, 'unixepoch') >= p.funding_deadline
          or i.created_at < p.published_at or i.created_at > ${NOW}`,
    );
    expect(wrong).toEqual([]);
  });

  it("gives every founder account at most one project and every project a founder account", async () => {
    const wrong = await all(
      `select p.id from projects p left join users u on u.id = p.founder_id
       where u.role is not 'founder'
          or (select count(*) from projects q where q.founder_id = p.founder_id) != 1`,
    );
    expect(wrong).toEqual([]);
  });

  it("covers every category and status, drafts unpublished and closed raises in the past", async () => {
    const categories = await all<{ category: string }>(`select distinct category from projects order by category`);
    const statuses = await all<{ status: string; past: number; open: number; unlisted: number }>(
      `select status, sum(funding_deadline < '${TODAY}') past, sum(funding_deadline >= '${TODAY}') open,
              sum(published_at is null and slug = id) unlisted
       from projects group by status order by status`,
    );
    const closed = await one<{ n: number }>(
      `select count(*) n from projects where status = 'active' and funding_deadline < '${TODAY}' and shares_sold < total_shares`,
    );
    expect({
      categories: categories.map((c) => c.category),
      statuses: statuses.map((s) => ({
        status: s.status,
        when: s.past && s.open ? "both" : s.past ? "past" : "future",
        listed: s.unlisted === 0,
      })),
      closed: closed.n > 10,
    }).toEqual({
      categories: PROJECT_CATEGORIES.map((c) => c.toLowerCase()).sort(),
      statuses: [
        { status: "active", when: "both", listed: true },
        { status: "cancelled", when: "past", listed: true },
        { status: "completed", when: "past", listed: true },
        { status: "draft", when: "future", listed: false },
        { status: "funded", when: "both", listed: true },
        { status: "in_review", when: "future", listed: false },
      ],
      closed: true,
    });
  });

  it("keeps follows, updates, posts and notifications on listed projects, in order, never after now", async () => {
    const wrong = await one<{ follows: number; updates: number; posts: number; notifications: number }>(
      `select
         (select count(*) from project_follows f join projects p on p.id = f.project_id join users u on u.id = f.user_id
          where p.published_at is null or f.created_at < p.published_at or f.created_at < u.created_at or f.created_at > ${NOW}) follows,
         (select count(*) from project_updates x join projects p on p.id = x.project_id
          where p.published_at is null or x.author_id is not p.founder_id or x.created_at < p.published_at or x.created_at > ${NOW}) updates,
         (select count(*) from discussion_posts d join projects p on p.id = d.project_id
          left join discussion_posts r on r.id = d.parent_id
          where p.published_at is null or d.created_at < p.published_at or d.created_at > ${NOW}
             or d.by_founder != (d.author_id = p.founder_id) or d.created_at < coalesce(r.created_at, 0)
             or d.depth != coalesce(r.depth + 1, 0)) posts,
         (select count(*) from notifications n
          where n.created_at > ${NOW} or n.read_at < n.created_at or n.read_at > ${NOW}
             or substr(n.event_key, 1, length(n.kind) + 1) != n.kind || ':') notifications`,
    );
    expect(wrong).toEqual({ follows: 0, updates: 0, posts: 0, notifications: 0 });
  });

  it("tells each reader of an update once, and only its project's investors or followers", async () => {
    const wrong = await all(
      `select n.id from notifications n join project_updates x on n.event_key = 'update:' || x.id
       where n.project_id != x.project_id or n.created_at != x.created_at or n.user_id is x.author_id
          or not exists (select 1 from investments i where i.project_id = x.project_id and i.investor_id = n.user_id
                         and i.status = 'active' and i.created_at <= x.created_at)
             and (x.investors_only or not exists (select 1 from project_follows f where f.project_id = x.project_id
                                                  and f.user_id = n.user_id and f.created_at <= x.created_at))
       limit 5`,
    );
    expect(wrong).toEqual([]);
  });

  it("has the benchmark's actors (SCALE_ACTORS): the investor, the founder and the followed project", async () => {
    const investor = await one<{
      holdings: number;
      projects: number;
      follows: number;
      notifications: number;
      limits: number;
    }>(
      `select (select count(*) from investments where investor_id = u.id and status = 'active') holdings,
              (select count(distinct project_id) from investments where investor_id = u.id) projects,
              (select count(*) from project_follows where user_id = u.id) follows,
              (select count(*) from notifications where user_id = u.id) notifications,
              (select count(*) from investor_financials where user_id = u.id and accredited and apply_limits) limits
       from users u where email = '${SCALE_INVESTOR_EMAIL}'`,
    );
    const founded = await one<{
      id: string;
      slug: string;
      status: string;
      one_share: number;
      for_sale: number;
      open: number;
      investors: number;
      rows: number;
    }>(
      `select p.id, p.slug, p.status, p.min_investment_cents <= p.share_price_cents one_share,
              p.total_shares - p.shares_sold >= 100000 * 0.8 for_sale,
              p.published_at is not null and p.funding_deadline > '${TODAY}' and p.shares_sold < p.total_shares open,
              (select count(distinct investor_id) from investments where project_id = p.id and status = 'active') investors,
              (select count(*) from investments where project_id = p.id) rows
       from projects p join users u on u.id = p.founder_id where u.email = '${SCALE_FOUNDER_EMAIL}'`,
    );
    const followed = await one<{ id: string; status: string; open: number; followers: number }>(
      `select id, status, published_at is not null and funding_deadline > '${TODAY}' and shares_sold < total_shares open,
              (select count(*) from project_follows where project_id = p.id) followers
       from projects p where slug = '${SCALE_ACTORS.followedProjectSlug}'`,
    );
    const { notifications, ...held } = investor;
    expect({ investor: { ...held, plenty: notifications >= 300 }, founded, followed }).toEqual({
      investor: { holdings: 100, projects: 100, follows: 46, limits: 1, plenty: true },
      founded: {
        id: SCALE_FOUNDER_PROJECT_ID,
        slug: SCALE_FOUNDER_PROJECT_SLUG,
        status: "active",
        one_share: 1,
        for_sale: 1,
        open: 1,
        investors: 1000,
        rows: 1000,
      },
      followed: { id: SCALE_POPULAR_PROJECT_ID, status: "active", open: 1, followers: 5000 },
    });
  });

  it("marks every holder of a funded raise that ended three weeks ago at its round, as markAfter says", async () => {
    const marked = await all<{
      id: string;
      rounds: number;
      price: number;
      reg: string;
      cap: number;
      mark: number | null;
    }>(
      `select p.id, count(e.id) rounds, p.share_price_cents price, p.regulation_type reg, p.valuation_cents cap,
              p.mark_cents mark
       from projects p left join valuation_events e on e.project_id = p.id
       where p.status = 'funded' and p.funding_deadline <= date('${TODAY}', '-21 days') group by p.id`,
    );
    const held = await one<{ unmarked: number; marked: number }>(
      `select sum(k.mark_event_id is null) unmarked, sum(k.mark_event_id is not null) marked from positions k
       join projects p on p.id = k.project_id where p.mark_event_id is not null`,
    );
    expect({
      some: marked.length > 5,
      each: marked.filter((p) => p.rounds !== 1 || p.mark === null).map((p) => p.id),
      unmarked: held.unmarked,
      marked: held.marked > 500,
    }).toEqual({ some: true, each: [], unmarked: 0, marked: true });
    for (const e of scaleEvents(N, NOW, OPTS)) {
      const p = marked.find((x) => x.id === e.projectId)!;
      const change = markAfter(
        {
          regulationType: p.reg,
          sharePriceCents: p.price,
          capCents: p.cap,
          markCents: null,
          conversionPriceCents: null,
        },
        { kind: "round", priceCents: e.priceCents, preMoneyCents: e.preMoneyCents },
      );
      expect([e.id, p.mark]).toEqual([e.id, change.markCents]);
    }
  });

  it("changes nothing when the events are applied a second time (a second seed run)", async () => {
    const sums = `select (select sum(value_cents) from positions) value, (select sum(marked_cents) from investor_flows) marked,
      (select count(*) from positions where mark_event_id is not null) held, (select sum(mark_cents) from projects) marks`;
    const before = await one(sums);
    await env.DB.batch(applying().map((sql) => env.DB.prepare(sql)));
    expect(await one(sums)).toEqual(before);
  });

  it("builds the same statements, ids included, every time for the same N", async () => {
    expect(await digest(statements())).toBe(await digest(loaded));
  });
});
