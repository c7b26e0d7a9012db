/**
 * The founder dashboard (`/founder-dashboard` and its CSV): how the founder's own raise is going.
 * Two D1 statements whatever the number of investors: the project with its investor count
 * (`getProject`) and one statement that carries the totals and the funding series in at most
 * SERIES_BUCKETS buckets (both kept by the database: ADR 037) and one page of the investor table. Both doors
 * (the page and the CSV download) check the viewer here, so the ownership rule lives here once; the
 * CSV then reads the investors in keyset chunks (`investorCsvChunks`), streamed as a `Download`
 * (`investorCsvDownload`).
 *
 * Money is summed in integer cents (ADR 003) and turned into dollars only in the answer.
 */
import { and, sql, type SQL } from "drizzle-orm";

import { toCsv } from "../../../domain/shared/csv";
import { DAY_MS, isoDay } from "../../../domain/shared/dates";
import { INVESTORS_PAGE_SIZE, type InvestorsPage } from "../../../domain/projects/investor-list";
import { daysLeft, progressPercent } from "../../../domain/projects/project";
import { PROJECT_MESSAGES } from "../../../domain/projects/project-form-messages";
import { MESSAGES } from "../../../domain/shared/messages";
import type { ProjectDTO, SessionUser } from "../../../domain/shared/types";
import type { Database } from "../../../db/client";
import { projects } from "../../../db/schema";
import { requireCan, requireSignedIn } from "../shared/access";
import { streamOf, safeFilenamePart, type Download } from "../shared/download";
import { ServiceError } from "../shared/errors";
import { canEditProject } from "./project-editor";
import { byIdOrSlug, getProject, investorCount, publicInvestorName, visibleTo } from "./projects";
import { investorPage, toInvestorsPage, type InvestorPageRow } from "./project-investors";
import type { FounderDashboardProject, FundingPoint, PublicInvestor } from "../../../domain/projects/founder-dashboard";
import { toDollars } from "../../../domain/shared/money";
import { raiseProgress, settlementOf } from "../../../domain/raises/settlement";
import { readSettled } from "../raises/settlement";

export interface FounderDashboard {
  project: FounderDashboardProject;
  /** Empty without investments; otherwise starts with a zero point (see `cumulativeSeries`). */
  series: FundingPoint[];
  /** One page of the investor table (`?investors=`), newest first, named as the public list names them. */
  investors: InvestorsPage;
}

/** The chart's series has at most this many buckets (plus its zero point): a day each while the raise is this young. */
export const SERIES_BUCKETS = 90;

/**
 * The cumulative funding series from investments in time order: a zero point on the day the
 * project was created (or the first investment's day, when that is not later), then one point per
 * day with investments carrying the running total. Empty when there are no investments.
 */
export function cumulativeSeries(
  rows: { amountCents: number; createdAt: number }[],
  projectCreatedAt: string | number,
): FundingPoint[] {
  const first = rows[0];
  if (!first) return [];
  const firstDay = isoDay(first.createdAt);
  const createdDay = isoDay(new Date(projectCreatedAt));
  const series: FundingPoint[] = [{ date: createdDay < firstDay ? createdDay : firstDay, cumulative: 0 }];
  let runningCents = 0;
  for (const r of rows) {
    runningCents += r.amountCents;
    const date = isoDay(r.createdAt);
    const last = series.at(-1);
    // The zero point is not a day's total: a first investment on that same day gets its own point.
    if (series.length > 1 && last?.date === date) last.cumulative = toDollars(runningCents);
    else series.push({ date, cumulative: toDollars(runningCents) });
  }
  return series;
}

/**
 * Which project the viewer asks for: a founder their own or the one named (checked once read: 403
 * for another founder's project, 404 for another's draft, which only its founder sees), an admin
 * any project named by id or slug, else their own if they have one. Investors get the spec's
 * founders-only message. Returns null when there is nothing to show (a founder without a project,
 * an admin who named none).
 */
function targetFor(viewer: SessionUser, projectIdOrSlug: string | undefined): string | null {
  requireCan(viewer, "raise", () => new ServiceError(403, MESSAGES.foundersOnly, "founders_only"));
  const named = projectIdOrSlug?.trim();
  if (named) return named;
  return viewer.ownedProject;
}

/**
 * The dashboard of the viewer's project (or, for an admin, of the project named). Throws 401
 * without a user, 403 for investors and for a founder naming another founder's project, 404 for a
 * project that does not exist; returns null when the viewer has no project to show.
 */
export async function getFounderDashboard(
  db: Database,
  viewer: SessionUser | null,
  projectIdOrSlug?: string,
  investorsPage = 1,
): Promise<FounderDashboard | null> {
  requireSignedIn(viewer);
  const target = targetFor(viewer, projectIdOrSlug);
  if (!target) return null;
  if (target.length > 200) throw new ServiceError(404, PROJECT_MESSAGES.notFound, "not_found");

  // Both statements at once: the investments are found through the project's id or slug, so the
  // second need not wait for the first. Nothing is returned before the ownership check below.
  const [project, rows] = await Promise.all([
    dashboardProject(db, target, viewer), // drafts too, to their founder and admins
    dashboardRows(db, target, investorsPage),
  ]);
  if (!project) throw new ServiceError(404, PROJECT_MESSAGES.notFound, "not_found");
  // Spec section 6: a founder may see and edit only their own project (the editor's rule).
  if (!canEditProject(viewer, project)) throw new ServiceError(403, PROJECT_MESSAGES.noPermission, "forbidden");

  const totals = rows.find((r) => r.kind === "sum");
  const count = Number(totals?.n ?? 0);
  const raisedCents = Number(totals?.cents ?? 0);
  const averageCents = count ? Math.round(raisedCents / count) : 0;
  const buckets = rows
    .filter((r) => r.kind === "point")
    .map((r) => ({ amountCents: Number(r.cents), createdAt: Number(r.created_at) }))
    .sort((x, y) => x.createdAt - y.createdAt);
  const pageRows = rows
    .filter((r) => r.kind === "row")
    .sort((x, y) => Number(y.created_at) - Number(x.created_at) || (y.id! < x.id! ? -1 : y.id! > x.id! ? 1 : 0))
    .map((r) => ({ ...r, total: count }));
  const page = toInvestorsPage(
    pageRows.length ? pageRows : [{ ...emptyRow, total: count }],
    investorsPage,
    INVESTORS_PAGE_SIZE,
  );

  const fundingGoal = toDollars(project.fundingGoalCents);
  const fundingCurrent = toDollars(project.fundingCurrentCents);
  const settlement = settlementOf(project);
  const iso = (t: number | null) => (t ? new Date(t).toISOString() : null);
  return {
    project: {
      id: project.id,
      slug: project.slug,
      title: project.title,
      status: project.status,
      fundingGoal,
      fundingCurrent,
      percent: progressPercent(raiseProgress({ fundingCurrent, settlement }).amount, fundingGoal),
      settlement,
      investors: Number(project.investors) || 0,
      investments: count,
      sharesSold: project.sharesSold,
      sharesRemaining: project.totalShares - project.sharesSold,
      totalShares: project.totalShares,
      daysLeft: daysLeft(project.fundingDeadline),
      fundingDeadline: project.fundingDeadline,
      publishedAt: iso(project.publishedAt),
      closedEarlyAt: iso(project.closedEarlyAt),
      fundingCurrentCents: project.fundingCurrentCents,
      fundingGoalCents: project.fundingGoalCents,
      sharePrice: toDollars(project.sharePriceCents),
      averageInvestment: toDollars(averageCents),
      launchAt: iso(project.launchAt),
      reservations: { count: project.reservationCount, amount: toDollars(project.reservedCents) },
    },
    series: cumulativeSeries(buckets, project.createdAt),
    investors: page,
  };
}

/**
 * The columns of the project the dashboard shows (not `getProject`'s whole row: its story, team,
 * documents and FAQs are long and never shown here), settled first if its deadline has passed
 * (`readSettled`, as `getProject` does). Null when there is none the viewer may see.
 */
async function dashboardProject(db: Database, idOrSlug: string, viewer: SessionUser) {
  const rows = await readSettled(
    db,
    () =>
      db
        .select({
          id: projects.id,
          slug: projects.slug,
          title: projects.title,
          status: projects.status,
          founderId: projects.founderId,
          fundingGoalCents: projects.fundingGoalCents,
          fundingCurrentCents: projects.fundingCurrentCents,
          sharePriceCents: projects.sharePriceCents,
          totalShares: projects.totalShares,
          sharesSold: projects.sharesSold,
          fundingDeadline: projects.fundingDeadline,
          publishedAt: projects.publishedAt,
          closedEarlyAt: projects.closedEarlyAt,
          settledAt: projects.settledAt,
          settledCents: projects.settledCents,
          settledShares: projects.settledShares,
          settledInvestors: projects.settledInvestors,
          launchAt: projects.launchAt,
          reservedCents: projects.reservedCents,
          reservationCount: projects.reservationCount,
          createdAt: projects.createdAt,
          investors: investorCount,
        })
        .from(projects)
        .where(and(byIdOrSlug(idOrSlug), visibleTo(viewer)))
        .limit(1),
    (r) => r,
  );
  return rows[0] ?? null;
}

const emptyRow: InvestorPageRow = {
  total: 0,
  first_name: null,
  last_name: null,
  shares: null,
  amount_cents: null,
  created_at: null,
};

type DashboardRow = InvestorPageRow & {
  kind: "sum" | "point" | "row";
  n: number | null;
  cents: number | null;
  id: string | null;
};

/**
 * The dashboard's one statement, its cost independent of the number of investments: a `sum` row
 * (the active investments and their cents), a `point` row per bucket of
 * the series from the project's kept days (db/schema-aggregates.ts `project_days`: its cents and
 * its last day; a bucket is a UTC day, or several when the first investment is more than
 * SERIES_BUCKETS days old, so there are never more than SERIES_BUCKETS + 1) and a `row` per
 * investment on the table's page (investments_project_held_recent_idx).
 */
function dashboardRows(db: Database, target: string, investorsPage: number): Promise<DashboardRow[]> {
  const projectId = sql`(select ${projects.id} from ${projects} where ${byIdOrSlug(target)} limit 1)`;
  const first = sql`(select min(f.day) from project_days f where f.project_id = ${projectId})`;
  const width = sql`(1 + (cast(unixepoch('now') / 86400 as integer) - ${first}) / ${SERIES_BUCKETS})`;
  return db.all<DashboardRow>(sql`
    select 'sum' as kind, coalesce(sum(d.investments), 0) as n, coalesce(sum(d.amount_cents), 0) as cents, null as created_at, null as id,
      null as first_name, null as last_name, null as shares, null as amount_cents, 0 as total
    from project_days d where d.project_id = ${projectId}
    union all
    select 'point', sum(d.investments), sum(d.amount_cents), max(d.day) * ${DAY_MS}, null, null, null, null, null, 0
    from project_days d where d.project_id = ${projectId} group by d.day / ${width}
    union all
    select 'row', null, null, s.created_at, s.id, ${investorColumnsNoTime}, 0
    from ${investorPage(projectId, investorsPage, INVESTORS_PAGE_SIZE)}`);
}

const investorColumnsNoTime = sql.raw("s.first_name, s.last_name, s.shares, s.amount_cents");

/** The CSV's chunk: this many investments a statement. */
export const CSV_CHUNK = 500;

/**
 * The project whose investors the viewer may download (the dashboard's rule: a founder their own,
 * an admin any named one): 401/403/404 as `getFounderDashboard`, null with nothing to show. One
 * statement.
 */
export async function founderCsvProject(
  db: Database,
  viewer: SessionUser | null,
  projectIdOrSlug?: string,
): Promise<ProjectDTO | null> {
  requireSignedIn(viewer);
  const target = targetFor(viewer, projectIdOrSlug);
  if (!target) return null;
  if (target.length > 200) throw new ServiceError(404, PROJECT_MESSAGES.notFound, "not_found");
  const project = await getProject(db, target, viewer);
  if (!project) throw new ServiceError(404, PROJECT_MESSAGES.notFound, "not_found");
  if (!canEditProject(viewer, project)) throw new ServiceError(403, PROJECT_MESSAGES.noPermission, "forbidden");
  return project;
}

/**
 * Every active investment of a project, newest first, CSV_CHUNK a statement: each chunk starts
 * after the last one's (created_at, id) on investments_project_held_recent_idx, so a chunk costs the
 * same at the end of 100,000 investments as at the start.
 */
export async function* investorCsvChunks(db: Database, projectId: string): AsyncGenerator<PublicInvestor[]> {
  let after: { at: number; id: string } | null = null;
  for (;;) {
    const keyset: SQL = after
      ? sql`and (i.created_at < ${after.at} or (i.created_at = ${after.at} and i.id < ${after.id}))`
      : sql``;
    const rows: {
      id: string;
      created_at: number;
      first_name: string;
      last_name: string;
      shares: number;
      amount_cents: number;
    }[] = await db.all(sql`
        select i.id as id, i.created_at as created_at, u.first_name as first_name, u.last_name as last_name,
          i.shares as shares, i.amount_cents as amount_cents
        from investments i join users u on u.id = i.investor_id
        where i.project_id = ${projectId} and i.held = 1 ${keyset}
        order by i.created_at desc, i.id desc
        limit ${CSV_CHUNK}`);
    if (rows.length) {
      yield rows.map((r) => ({
        name: publicInvestorName(r.first_name, r.last_name),
        shares: r.shares,
        amountInvested: toDollars(r.amount_cents),
        investedAt: new Date(r.created_at).toISOString(),
      }));
    }
    const last = rows.at(-1);
    if (!last || rows.length < CSV_CHUNK) return;
    after = { at: last.created_at, id: last.id };
  }
}

const CSV_HEADER = ["Investor", "Shares", "Amount (USD)", "Date"] as const;

async function* investorCsvText(db: Database, projectId: string): AsyncGenerator<string> {
  yield toCsv([CSV_HEADER]);
  for await (const chunk of investorCsvChunks(db, projectId)) {
    yield toCsv(chunk.map((i) => [i.name, i.shares, i.amountInvested.toFixed(2), isoDay(Date.parse(i.investedAt))]));
  }
}

/**
 * /founder-dashboard/investors.csv: the project's investors as a CSV download (the header first,
 * then `investorCsvChunks` as they are read), for a project `founderCsvProject` let the viewer see.
 */
export function investorCsvDownload(db: Database, project: { id: string; slug: string }): Download {
  return {
    filename: `${safeFilenamePart(project.slug)}-investors.csv`,
    contentType: "text/csv; charset=utf-8",
    body: streamOf(investorCsvText(db, project.id), "investors csv"),
  };
}
