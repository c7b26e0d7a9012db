/**
 * Reading projects (a project's investors: project-investors.ts). Each page needs exactly one
 * statement: the browser's page chooses its rows on a narrow index and carries its total as a
 * subquery; the detail query carries the investor count as a subquery.
 */
import { readSettled, settleIfDue } from "../raises/settlement";
import { raiseTotals, settlementOf } from "../../../domain/raises/settlement";
import { can } from "../../../domain/shared/access";
import { PERK_LIMITS, toPerkDTO, type PerkDTO } from "../../../domain/money/perks";
import { and, desc, eq, getTableColumns, notInArray, or, sql, type SQL } from "drizzle-orm";

import * as v from "valibot";

import { PAGE_SIZE, daysLeft } from "../../../domain/projects/project";
import { projectStatus } from "../../../domain/projects/project-status";
import { UNLISTED_STATUSES } from "../../../domain/projects/review";
import { toDollars } from "../../../domain/shared/money";
import { raiseFigures, type RaiseFigures } from "../../../domain/raises/raise";
import {
  effectiveSort,
  isProjectSort,
  normalizeSearch,
  SEARCH_MESSAGES,
  searchTerms,
  searchTooLong,
  SORT_IDS,
  type ProjectSort,
} from "../../../domain/projects/project-search";
import { FILTERS, sectorFromParam } from "../../../domain/projects/categories";
import {
  CreatorInfoShape,
  DocumentLinkShape,
  FaqShape,
  PersonShape,
  readStored,
  readStoredDetails,
  readStoredList,
  SocialLinksShape,
} from "../../../domain/projects/project-shapes";
import type { ProjectDTO, SessionUser } from "../../../domain/shared/types";
import type { CompanyStanding, ExitKind } from "../../../domain/money/company-history";
import { isExit, type EventKind } from "../../../domain/money/valuation";
import type { Database } from "../../../db/client";
import { projects, type ProjectRow } from "../../../db/schema";
import { ServiceError } from "../shared/errors";
import { pageRows, searchTotal } from "./internal/project-order";

// Investors with an active investment (a cancelled one is history and no longer makes its investor
// a backer): kept on the row by the database (db/schema-aggregates.ts, ADR 037), so a list of
// projects never counts investments. Written out in full for the raw statements that use it.
export const investorCount = sql<number>`"projects"."investor_count"`;

export function toProjectDTO(row: ProjectRow, investors: number, now: number = Date.now()): ProjectDTO {
  const fundingGoal = toDollars(row.fundingGoalCents);
  const sharePrice = toDollars(row.sharePriceCents);
  const fundingCurrent = toDollars(row.fundingCurrentCents);
  const days = daysLeft(row.fundingDeadline, now);
  const sharesRemaining = row.totalShares - row.sharesSold;
  // JSON columns are read through their runtime shapes (domain/projects/project-shapes.ts): a stored entry
  // that does not match is dropped rather than rendered half-formed.
  const creatorInfo = readStored(CreatorInfoShape, row.creatorInfo, { name: "", bio: "" });
  return {
    _id: row.id,
    id: row.id,
    slug: row.slug,
    title: row.title,
    category: row.category,
    sector: row.sector,
    description: row.description,
    shortDescription: row.shortDescription,
    about: row.about,
    image: row.image,
    images: { main: row.image, gallery: readStoredList(v.string(), row.gallery) },
    logo: row.logo,
    creator: creatorInfo.name,
    creatorInfo,
    tags: readStoredList(v.string(), row.tags),
    location: row.location,
    featured: row.featured,
    status: row.status,
    riskLevel: row.riskLevel,
    returnRate: row.returnRate,
    projectDuration: row.projectDuration,
    teamDescription: row.teamDescription,
    socialLinks: readStored(SocialLinksShape, row.socialLinks, {}),
    university: row.universityName ? { name: row.universityName, logo: row.universityLogo } : null,
    founderId: row.founderId,
    investors: Number(investors) || 0,
    fundingGoal,
    fundingCurrent,
    fundingDeadline: row.fundingDeadline,
    daysLeft: days,
    sharePrice,
    totalShares: row.totalShares,
    sharesSold: row.sharesSold,
    sharesRemaining,
    regulationType: row.regulationType,
    investmentTerms: {
      valuation: row.valuationCents ? toDollars(row.valuationCents) : 3_500_000,
      equityPercentage: row.equityPercentage,
      minInvestment: toDollars(row.minInvestmentCents),
    },
    details: readStoredDetails(row.details),
    founders: readStoredList(PersonShape, row.founders),
    team: readStoredList(PersonShape, row.team),
    documents: readStoredList(DocumentLinkShape, row.documents),
    faqs: readStoredList(FaqShape, row.faqs),
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    publishedAt: row.publishedAt ? new Date(row.publishedAt).toISOString() : null,
    submittedAt: row.submittedAt ? new Date(row.submittedAt).toISOString() : null,
    reviewNote: row.reviewNote,
    statusLabel: projectStatus({ status: row.status, daysLeft: days, sharesRemaining, fundingCurrent, fundingGoal })
      .label,
    closedEarlyAt: row.closedEarlyAt ? new Date(row.closedEarlyAt).toISOString() : null,
    settlement: settlementOf(row),
    launchAt: row.launchAt ? new Date(row.launchAt).toISOString() : null,
    reservations: { count: row.reservationCount, amount: toDollars(row.reservedCents) },
  };
}

/** `_id` or slug: the spec lets the purchase and API routes take either. */
export function byIdOrSlug(idOrSlug: string): SQL {
  return or(eq(projects.id, idOrSlug), eq(projects.slug, idOrSlug))!;
}

/** Published (live) projects: what visitors, investors and every public list see; never a draft or one in review. */
export const isPublished = notInArray(projects.status, [...UNLISTED_STATUSES]);

/**
 * Projects `viewer` may see: every published one, plus drafts and projects in review to their
 * founder and to admins (their preview until it goes live).
 */
export function visibleTo(viewer: Pick<SessionUser, "id" | "role"> | null | undefined): SQL {
  if (can(viewer, "administer")) return sql`1 = 1`;
  if (viewer) return or(isPublished, eq(projects.founderId, viewer.id))!;
  return isPublished;
}

export interface ProjectPage {
  projects: ProjectDTO[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
  /** The search as applied (normalised and cut to its limit); "" when not searching. */
  q: string;
  /** The order applied; null is the browser's default order. */
  sort: ProjectSort | null;
  /** With `viewerId`: the ids on this page the viewer follows. */
  following?: string[];
}

/**
 * The FTS5 query for a search, or null when it has no words. Each word becomes an FTS5 string
 * (`"word"`, inner quotes doubled: none survive `searchTerms`, but the quoting must not depend on
 * that), the last one a prefix (`"camp"*` finds "campus"), all of them required (AND). The user's
 * text never reaches MATCH as syntax, so `NEAR`, `OR`, `-`, `*`, `col:` or a stray quote are words
 * or separators, never operators or errors.
 */
export function ftsQuery(q: string): string | null {
  const terms = searchTerms(q);
  if (!terms.length) return null;
  return terms.map((t, i) => `"${t.replaceAll('"', '""')}"${i === terms.length - 1 ? "*" : ""}`).join(" AND ");
}

/** Pages beyond this are read as this one (an offset SQLite can hold, whatever the URL said). */
const MAX_PAGE = 1_000_000;

const emptyPage = (page: number, pageSize: number, q: string, sort: ProjectSort | null): ProjectPage => ({
  projects: [],
  total: 0,
  page,
  pageCount: 1,
  pageSize,
  q,
  sort,
});

/**
 * One page of the browser: published projects, optionally in one sector, matching a search and
 * in a chosen order (see `effectiveSort`). Ties go to the slug (by relevance, to the score first):
 * a search in another order ranks nothing, so two projects with the same share funded come by
 * slug, not by which matches better (project-order.ts). One statement: the page's rows and their
 * total (a scalar subquery; a search's is counted on the full-text index, `searchTotal`). A search
 * without a word (only punctuation or emoji) matches nothing and sends no statement. A search over
 * SEARCH_MAX_LENGTH characters is refused (400 `search_too_long`), never cut (ADR 032).
 */
export async function listProjectsPage(db: Database, opts: ProjectPageOptions): Promise<ProjectPage> {
  return readProjectsPage(db, opts, getTableColumns(projects), (row, investors, now) =>
    toProjectDTO(row as ProjectRow, investors, now),
  );
}

/** A project as the browser's card shows it (`listProjectCards`). */
export type ProjectCard = Pick<
  ProjectDTO,
  | "_id"
  | "slug"
  | "title"
  | "category"
  | "status"
  | "image"
  | "shortDescription"
  | "university"
  | "fundingCurrent"
  | "fundingGoal"
  | "daysLeft"
  | "sharePrice"
  | "sharesRemaining"
  | "regulationType"
  | "settlement"
>;

/** The columns a card is made of (`toProjectCard`). */
const CARD_COLUMNS = {
  id: projects.id,
  slug: projects.slug,
  title: projects.title,
  category: projects.category,
  status: projects.status,
  image: projects.image,
  shortDescription: projects.shortDescription,
  universityName: projects.universityName,
  universityLogo: projects.universityLogo,
  fundingCurrentCents: projects.fundingCurrentCents,
  fundingGoalCents: projects.fundingGoalCents,
  fundingDeadline: projects.fundingDeadline,
  sharePriceCents: projects.sharePriceCents,
  totalShares: projects.totalShares,
  sharesSold: projects.sharesSold,
  regulationType: projects.regulationType,
  settledAt: projects.settledAt,
  settledCents: projects.settledCents,
  settledShares: projects.settledShares,
  settledInvestors: projects.settledInvestors,
};

function toProjectCard(row: Pick<ProjectRow, keyof typeof CARD_COLUMNS>, now: number): ProjectCard {
  return {
    _id: row.id,
    slug: row.slug,
    title: row.title,
    category: row.category,
    status: row.status,
    image: row.image,
    shortDescription: row.shortDescription,
    university: row.universityName ? { name: row.universityName, logo: row.universityLogo } : null,
    fundingCurrent: toDollars(row.fundingCurrentCents),
    fundingGoal: toDollars(row.fundingGoalCents),
    daysLeft: daysLeft(row.fundingDeadline, now),
    sharePrice: toDollars(row.sharePriceCents),
    sharesRemaining: row.totalShares - row.sharesSold,
    regulationType: row.regulationType,
    settlement: settlementOf(row),
  };
}

/**
 * `listProjectsPage` for the browser's cards: the same page in the same one statement, reading
 * only the columns a card shows (not the story, team, documents and FAQs every whole row carries).
 */
export async function listProjectCards(
  db: Database,
  opts: ProjectPageOptions,
): Promise<Omit<ProjectPage, "projects"> & { projects: ProjectCard[] }> {
  return readProjectsPage(db, opts, CARD_COLUMNS, (row, _investors, now) =>
    toProjectCard(row as Pick<ProjectRow, keyof typeof CARD_COLUMNS>, now),
  );
}

export interface ProjectPageOptions {
  sector: string;
  page: number;
  pageSize?: number;
  q?: string | null;
  sort?: string | null;
  /** A signed-in viewer: each row then says whether they follow it, same statement. */
  viewerId?: string | null;
}

/** `listProjectsPage`'s statement, reading `columns` of each project and making each row with `toItem`. */
async function readProjectsPage<
  C extends {
    id: typeof projects.id;
    status: typeof projects.status;
    fundingDeadline: typeof projects.fundingDeadline;
  },
  T,
>(
  db: Database,
  opts: ProjectPageOptions,
  columns: C,
  toItem: (row: { [K in keyof C]: unknown }, investors: number, now: number) => T,
): Promise<Omit<ProjectPage, "projects"> & { projects: T[] }> {
  const pageSize = opts.pageSize ?? PAGE_SIZE;
  const page = Math.min(MAX_PAGE, Math.max(1, Math.floor(opts.page) || 1));
  if (searchTooLong(opts.q)) throw new ServiceError(400, SEARCH_MESSAGES.tooLong, "search_too_long");
  const q = normalizeSearch(opts.q);
  const sort = effectiveSort(opts.sort, q);
  const match = q ? ftsQuery(q) : null;
  if (q && !match) return { ...emptyPage(page, pageSize, q, sort), projects: [] };

  const where = opts.sector === "all" ? isPublished : and(isPublished, eq(projects.sector, opts.sector))!;
  // The page's rows are chosen on narrow columns (an index in the sort's order, or
  // projects_browse_idx, which covers every sort key), and only those rows are read, with
  // their investor counts: the sort never carries the JSON columns, and the correlated counts run
  // for the page, not for every match. The total is a scalar subquery read once; the one-row head
  // keeps it when the page is past the end.
  const chosen = pageRows({ where, match, sort, pageSize, offset: (page - 1) * pageSize });
  const read = () =>
    db
      .select({
        project: columns as unknown as ReturnType<typeof getTableColumns<typeof projects>>,
        investors: investorCount,
        total: match
          ? searchTotal(match, opts.sector, where)
          : sql<number>`(select count(*) from ${projects} where ${where})`,
        following: opts.viewerId
          ? sql<number>`exists (select 1 from project_follows f where f.project_id = "projects"."id" and f.user_id = ${opts.viewerId})`
          : sql<number>`0`,
      })
      .from(sql`(select 1) as head`)
      .leftJoin(chosen, sql`1 = 1`)
      .leftJoin(projects, sql`${projects}.rowid = pg.rid`)
      .orderBy(sql`pg.ord`);
  const rows = await readSettled(db, read, (r) => r.project);
  const found = rows.filter((r): r is typeof r & { project: ProjectRow } => r.project?.id != null);
  const now = Date.now();
  const total = rows[0] ? Number(rows[0].total) : 0;
  return {
    projects: found.map((r) => toItem(r.project as { [K in keyof C]: unknown }, r.investors, now)),
    ...(opts.viewerId ? { following: found.filter((r) => Number(r.following) === 1).map((r) => r.project.id) } : {}),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    pageSize,
    q,
    sort,
  };
}

/** The API's plain list (`GET /api/projects` without a search, sort or category): this many a page. */
export const API_PAGE_SIZE = 100;

export const LIST_MESSAGES = {
  sort: `sort must be one of ${SORT_IDS.join(", ")}`,
  page: "page must be a whole number from 1",
  pageSize: `pageSize must be a whole number from 1 to ${API_PAGE_SIZE}`,
  category: `category must be one of ${FILTERS.map((f) => f.id).join(", ")}`,
} as const;

/**
 * `GET /api/projects?q=&sort=&category=&page=&pageSize=`: a page of the browser, read strictly. A
 * search over its limit, an unknown sort or category, a page that is not a whole number from 1 or
 * a pageSize outside 1–API_PAGE_SIZE is a 400 that says what is accepted. Without a search, sort
 * or category it is the plain list, API_PAGE_SIZE a page (`?page=` reaches the rest); with one, the
 * browser's page of PAGE_SIZE, the results /demo shows. `category` takes what `/demo/{sector}`
 * takes (a filter id, a sector alias or a form category); empty values are absent.
 */
export async function searchProjectsPage(
  db: Database,
  params: { q?: string; sort?: string; category?: string; page?: string; pageSize?: string },
): Promise<ProjectPage> {
  const sort = params.sort?.trim() || null;
  if (sort !== null && !isProjectSort(sort)) throw new ServiceError(400, LIST_MESSAGES.sort, "invalid_sort");
  const rawPage = params.page?.trim() || "1";
  if (!/^\d{1,7}$/.test(rawPage) || Number(rawPage) < 1 || Number(rawPage) > MAX_PAGE)
    throw new ServiceError(400, LIST_MESSAGES.page, "invalid_page");
  const rawSize = params.pageSize?.trim() || null;
  if (rawSize !== null && (!/^\d{1,3}$/.test(rawSize) || Number(rawSize) < 1 || Number(rawSize) > API_PAGE_SIZE))
    throw new ServiceError(400, LIST_MESSAGES.pageSize, "invalid_page_size");
  const rawCategory = params.category?.trim() || "all";
  const sector = sectorFromParam(rawCategory);
  if (sector === "all" && rawCategory.toLowerCase() !== "all")
    throw new ServiceError(400, LIST_MESSAGES.category, "invalid_category");
  const plain = normalizeSearch(params.q) === "" && sort === null && !params.category?.trim();
  const pageSize = rawSize !== null ? Number(rawSize) : plain ? API_PAGE_SIZE : PAGE_SIZE;
  return listProjectsPage(db, { sector, page: Number(rawPage), pageSize, q: params.q, sort });
}

export async function listFeaturedProjects(db: Database, limit = 3): Promise<ProjectDTO[]> {
  const rows = await readSettled(
    db,
    () =>
      db
        .select({ project: getTableColumns(projects), investors: investorCount })
        .from(projects)
        .where(and(isPublished, eq(projects.featured, true)))
        .orderBy(desc(projects.fundingCurrentCents))
        .limit(limit),
    (r) => r.project,
  );
  const now = Date.now();
  return rows.map((r) => toProjectDTO(r.project, r.investors, now));
}

/**
 * One project by id or slug, or null. One statement. Drafts are found only for their founder and
 * admins (`viewer`); everyone else gets null, as for a project that does not exist.
 */
export async function getProject(
  db: Database,
  idOrSlug: string,
  viewer: Pick<SessionUser, "id" | "role"> | null = null,
): Promise<ProjectDTO | null> {
  if (!idOrSlug || idOrSlug.length > 200) return null;
  const rows = await readSettled(
    db,
    () =>
      db
        .select({ project: getTableColumns(projects), investors: investorCount })
        .from(projects)
        .where(and(byIdOrSlug(idOrSlug), visibleTo(viewer)))
        .limit(1),
    (r) => r.project,
  );
  const row = rows[0];
  return row ? toProjectDTO(row.project, row.investors) : null;
}

// The largest single investor's active total, in cents: the top of the project's range of kept
// positions (positions_project_amount_idx), one index entry whatever the number of investors.
const largestInvestorCents = sql<
  number | null
>`(select ps.amount_cents from positions ps where ps.project_id = "projects"."id" order by ps.amount_cents desc limit 1)`;

/** What the detail page adds to a project (ADR 021/022): for `readDetail` after the select. */
export interface ProjectDetailExtras {
  raise: RaiseFigures;
  followers: number;
  following: boolean;
  /** The updates and threads the viewer's Updates and Discussion tabs list ("Updates (3)"). */
  updateCount: number;
  threadCount: number;
  /** A funded company's standing after its raise (ADR 052): its mark, and its exit; null for any other raise. */
  company: CompanyStanding | null;
  /** The project's perks in their order (ADR 055), at most PERK_LIMITS.perProject. */
  perks: PerkDTO[];
  /** The newest visible update's time (kept: projects.last_update_at), for "Last update N days ago". */
  lastUpdateAt: number | null;
}

/** The perks of `detailColumns`' JSON column (an array of project_perks rows), as every door shows them. */
function perksOf(json: string | null): PerkDTO[] {
  return (JSON.parse(json ?? "[]") as Parameters<typeof toPerkDTO>[0][]).map(toPerkDTO);
}

/**
 * The detail read's extra columns: the largest investor's total, the follower count, whether
 * `viewer` follows the project, and the counts of the updates and threads the viewer's tabs
 * show (the rules of `listUpdatesFor` and `listDiscussionFor`: the project's founder and admins
 * count hidden ones too). Subqueries of the project's own statement, on their project indexes.
 */
export function detailColumns(viewer: Pick<SessionUser, "id" | "role"> | null) {
  // canEditProject in SQL: an admin, or a founder on their own project.
  const admin = can(viewer, "administer") ? 1 : 0;
  const raiser = viewer && can(viewer, "raise") ? viewer.id : "";
  const privileged = sql`(${admin} = 1 or "projects"."founder_id" = ${raiser})`;
  return {
    largest: largestInvestorCents,
    followers: sql<number>`(select count(*) from project_follows f where f.project_id = "projects"."id")`,
    following: viewer
      ? sql<number>`exists (select 1 from project_follows f where f.project_id = "projects"."id" and f.user_id = ${viewer.id})`
      : sql<number>`0`,
    updateCount: sql<number>`(select count(*) from project_updates pu where pu.project_id = "projects"."id" and (${privileged} or (pu.hidden = 0 and not exists (select 1 from users a where a.id = pu.author_id and a.suspended_at is not null))))`,
    // The Discussion's threads: the kept count of visible ones, or every one for the founder and admins.
    threadCount: sql<number>`case when ${privileged} then (select count(*) from discussion_posts d where d.project_id = "projects"."id" and d.depth = 0) else "projects"."thread_count" end`,
    // The kind and stated price of the event that set the company's mark (its primary key): what
    // the hero says of an exit ("Acquired on … at $120 a share") and the History tab of the mark.
    markKind: sql<EventKind | null>`(select e.kind from valuation_events e where e.id = "projects"."mark_event_id")`,
    markPriceCents: sql<
      number | null
    >`(select e.price_cents from valuation_events e where e.id = "projects"."mark_event_id")`,
    // Its perks (ADR 055), in their order on project_perks_project_idx: a JSON array of its rows.
    perks: sql<string>`(select json_group_array(json_object('id', pp.id, 'project_id', pp.project_id, 'kind', pp.kind, 'title', pp.title,
        'description', pp.description, 'min_amount_cents', pp.min_amount_cents, 'first_investors', pp.first_investors,
        'bonus_percent', pp.bonus_percent, 'awarded_count', pp.awarded_count))
      from (select * from project_perks pp where pp.project_id = "projects"."id" order by pp.position, pp.created_at limit ${PERK_LIMITS.perProject}) pp)`,
  };
}

/** A funded company's standing from its row and `detailColumns`' mark event; null for any other raise. */
export function companyStanding(
  row: Pick<ProjectRow, "status" | "markCents" | "markedOn" | "exitedAt">,
  markKind: EventKind | null,
  markPriceCents: number | null,
): CompanyStanding | null {
  if (row.status !== "funded") return null;
  const exit = row.exitedAt != null && markKind && isExit(markKind) ? (markKind as ExitKind) : null;
  return {
    mark: row.markCents == null ? null : toDollars(row.markCents),
    markedOn: markKind ? row.markedOn : null,
    markKind,
    markPrice: markPriceCents == null ? null : toDollars(Number(markPriceCents)),
    exit,
  };
}

export function readDetail(
  project: ProjectDTO,
  row: {
    project: Pick<ProjectRow, "status" | "markCents" | "markedOn" | "exitedAt" | "lastUpdateAt">;
    largest: number | null;
    followers: number;
    following: number;
    updateCount: number;
    threadCount: number;
    markKind: EventKind | null;
    markPriceCents: number | null;
    perks: string | null;
  },
): ProjectDetailExtras {
  return {
    // The investors the page shows: a raise closed below its goal counts those it had at the deadline.
    raise: raiseFigures({ ...project, investors: raiseTotals(project).investors }, toDollars(Number(row.largest ?? 0))),
    followers: Number(row.followers),
    following: Number(row.following) === 1,
    updateCount: Number(row.updateCount),
    threadCount: Number(row.threadCount),
    company: companyStanding(row.project, row.markKind, row.markPriceCents),
    perks: perksOf(row.perks),
    lastUpdateAt: row.project.lastUpdateAt ?? null,
  };
}

/**
 * `GET /api/projects/{id}`'s read: the project as `getProject` finds it plus `detailColumns`, one
 * statement. (The page reads the same through `getProjectWithStanding`, which adds the investor's
 * standing.)
 */
export async function getProjectDetail(
  db: Database,
  idOrSlug: string,
  viewer: Pick<SessionUser, "id" | "role"> | null = null,
): Promise<({ project: ProjectDTO } & ProjectDetailExtras) | null> {
  const found = await readProjectDetail(db, idOrSlug, viewer);
  // A raise past its deadline is settled before anyone sees it (ADR 043).
  if (found && (await settleIfDue(db, found.project))) return readProjectDetail(db, idOrSlug, viewer);
  return found;
}

async function readProjectDetail(
  db: Database,
  idOrSlug: string,
  viewer: Pick<SessionUser, "id" | "role"> | null,
): Promise<({ project: ProjectDTO } & ProjectDetailExtras) | null> {
  if (!idOrSlug || idOrSlug.length > 200) return null;
  const rows = await db
    .select({ project: getTableColumns(projects), investors: investorCount, ...detailColumns(viewer) })
    .from(projects)
    .where(and(byIdOrSlug(idOrSlug), visibleTo(viewer)))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const project = toProjectDTO(row.project, row.investors);
  return { project, ...readDetail(project, row) };
}

/** The few columns a service needs to check a project and link to it. */
export interface ProjectRef {
  id: string;
  slug: string;
  title: string;
  founderId: string | null;
  status: string;
}

/**
 * A project by id or slug as `viewer` may see it (`visibleTo`: drafts for their founder and
 * admins only; `null` sees published projects), with only `ProjectRef`'s columns.
 */
export async function findProjectRef(
  db: Database,
  idOrSlug: string,
  viewer: Pick<SessionUser, "id" | "role"> | null,
): Promise<ProjectRef | null> {
  if (!idOrSlug || idOrSlug.length > 200) return null;
  const rows = await db
    .select({
      id: projects.id,
      slug: projects.slug,
      title: projects.title,
      founderId: projects.founderId,
      status: projects.status,
    })
    .from(projects)
    .where(and(byIdOrSlug(idOrSlug), visibleTo(viewer)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * How an investor is named wherever others see them (the public investors list, the founder's
 * dashboard and its CSV): first name and last initial, "Ada L.". Never the email or the id.
 */
export function publicInvestorName(firstName: string | null | undefined, lastName: string | null | undefined): string {
  const first = firstName?.trim() || "Investor";
  // The first code point, so a last name starting with a character outside the BMP stays whole.
  const initial = Array.from(lastName?.trim() ?? "")[0];
  return initial ? `${first} ${initial}.` : first;
}
