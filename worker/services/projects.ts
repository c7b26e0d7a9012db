/**
 * Reading projects. Each page needs exactly one statement: the list query carries its total
 * with a window function, and the detail query carries the investor count as a subquery.
 */
import { and, desc, eq, getTableColumns, ne, or, sql, type SQL } from "drizzle-orm";

import * as v from "valibot";

import { PAGE_SIZE, daysLeft } from "../../app/lib/project";
import { raiseFigures, type RaiseFigures } from "../../app/lib/raise";
import {
  CreatorInfoShape,
  DocumentLinkShape,
  FaqShape,
  PersonShape,
  readStored,
  readStoredDetails,
  readStoredList,
  SocialLinksShape,
} from "../../app/lib/project-shapes";
import type { ProjectDTO, SessionUser } from "../../app/lib/types";
import type { Database } from "../../db/client";
import { investments, projects, users, type ProjectRow } from "../../db/schema";

const cents = (n: number) => n / 100;

// Written out in full: drizzle renders bare column names inside a subquery, which would make
// `project_id = id` compare against the investments table's own id. Active investments only: a
// cancelled one (issue 9) is kept as history but no longer makes its investor a backer.
export const investorCount = sql<number>`(select count(distinct i.investor_id) from investments i where i.project_id = "projects"."id" and i.status = 'active')`;

export function toProjectDTO(row: ProjectRow, investors: number, now: number = Date.now()): ProjectDTO {
  const fundingGoal = cents(row.fundingGoalCents);
  const sharePrice = cents(row.sharePriceCents);
  // JSON columns are read through their runtime shapes (app/lib/project-shapes.ts): a stored entry
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
    fundingCurrent: cents(row.fundingCurrentCents),
    fundingDeadline: row.fundingDeadline,
    daysLeft: daysLeft(row.fundingDeadline, now),
    sharePrice,
    totalShares: row.totalShares,
    sharesSold: row.sharesSold,
    sharesRemaining: row.totalShares - row.sharesSold,
    regulationType: row.regulationType,
    investmentTerms: {
      valuation: row.valuationCents ? cents(row.valuationCents) : 3_500_000,
      equityPercentage: row.equityPercentage,
      minInvestment: cents(row.minInvestmentCents),
    },
    details: readStoredDetails(row.details),
    founders: readStoredList(PersonShape, row.founders),
    team: readStoredList(PersonShape, row.team),
    documents: readStoredList(DocumentLinkShape, row.documents),
    faqs: readStoredList(FaqShape, row.faqs),
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    publishedAt: row.publishedAt ? new Date(row.publishedAt).toISOString() : null,
  };
}

/** `_id` or slug: the spec lets the purchase and API routes take either. */
export function byIdOrSlug(idOrSlug: string): SQL {
  return or(eq(projects.id, idOrSlug), eq(projects.slug, idOrSlug))!;
}

/** Published projects: what visitors, investors and every public list see. */
export const isPublished = ne(projects.status, "draft");

/**
 * Projects `viewer` may see: every published one, plus drafts to their founder and to admins
 * (a draft is its founder's preview until it is published).
 */
export function visibleTo(viewer: Pick<SessionUser, "id" | "role"> | null | undefined): SQL {
  if (viewer?.role === "admin") return sql`1 = 1`;
  if (viewer) return or(isPublished, eq(projects.founderId, viewer.id))!;
  return isPublished;
}

export interface ProjectPage {
  projects: ProjectDTO[];
  total: number;
  page: number;
  pageCount: number;
}

/** One page of the browser (newest first; open projects before closed ones). One statement. */
export async function listProjectsPage(
  db: Database,
  opts: { sector: string; page: number; pageSize?: number },
): Promise<ProjectPage> {
  const pageSize = opts.pageSize ?? PAGE_SIZE;
  const page = Math.max(1, Math.floor(opts.page) || 1);
  const where = opts.sector === "all" ? isPublished : and(isPublished, eq(projects.sector, opts.sector));
  const rows = await db
    .select({
      project: getTableColumns(projects),
      investors: investorCount,
      total: sql<number>`count(*) over ()`,
    })
    .from(projects)
    .where(where)
    .orderBy(
      sql`case when ${projects.status} = 'active' and ${projects.fundingDeadline} > date('now') and ${projects.sharesSold} < ${projects.totalShares} then 0 else 1 end`,
      desc(projects.featured),
      desc(projects.createdAt),
      projects.slug,
    )
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const now = Date.now();
  const total = rows[0] ? Number(rows[0].total) : 0;
  return {
    projects: rows.map((r) => toProjectDTO(r.project, r.investors, now)),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  };
}

/** Every project (the `GET /api/projects` list). */
export async function listAllProjects(db: Database): Promise<ProjectDTO[]> {
  const rows = await db
    .select({ project: getTableColumns(projects), investors: investorCount })
    .from(projects)
    .where(isPublished)
    .orderBy(desc(projects.featured), desc(projects.createdAt), projects.slug);
  const now = Date.now();
  return rows.map((r) => toProjectDTO(r.project, r.investors, now));
}

export async function listFeaturedProjects(db: Database, limit = 3): Promise<ProjectDTO[]> {
  const rows = await db
    .select({ project: getTableColumns(projects), investors: investorCount })
    .from(projects)
    .where(and(isPublished, eq(projects.featured, true)))
    .orderBy(desc(projects.fundingCurrentCents))
    .limit(limit);
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
  const rows = await db
    .select({ project: getTableColumns(projects), investors: investorCount })
    .from(projects)
    .where(and(byIdOrSlug(idOrSlug), visibleTo(viewer)))
    .limit(1);
  const row = rows[0];
  return row ? toProjectDTO(row.project, row.investors) : null;
}

// The largest single investor's active total, in cents: one scalar subquery over the project's
// investments (investments_project_idx), grouped by investor.
const largestInvestorCents = sql<
  number | null
>`(select sum(i.amount_cents) as s from investments i where i.project_id = "projects"."id" and i.status = 'active' group by i.investor_id order by s desc limit 1)`;

/** What the detail page adds to a project (ADR 021/022): for `readDetail` after the select. */
export interface ProjectDetailExtras {
  raise: RaiseFigures;
  followers: number;
  following: boolean;
}

/**
 * The detail read's extra columns: the largest investor's total (issue 9 §3), the follower count and
 * whether `viewer` follows the project (issue 10 §1). Subqueries of the project's own statement.
 */
export function detailColumns(viewer: Pick<SessionUser, "id"> | null) {
  return {
    largest: largestInvestorCents,
    followers: sql<number>`(select count(*) from project_follows f where f.project_id = "projects"."id")`,
    following: viewer
      ? sql<number>`exists (select 1 from project_follows f where f.project_id = "projects"."id" and f.user_id = ${viewer.id})`
      : sql<number>`0`,
  };
}

export function readDetail(
  project: ProjectDTO,
  row: { largest: number | null; followers: number; following: number },
): ProjectDetailExtras {
  return {
    raise: raiseFigures(project, cents(Number(row.largest ?? 0))),
    followers: Number(row.followers),
    following: Number(row.following) === 1,
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

export interface PublicInvestor {
  name: string;
  shares: number;
  amountInvested: number;
  investedAt: string;
}

/**
 * Who backed a project, as the public may see it: first name and last initial, never email or id.
 * Active investments only (a cancelled one is no longer backing it).
 */
export async function getProjectInvestors(
  db: Database,
  idOrSlug: string,
): Promise<{ project: { _id: string; slug: string; title: string }; investors: PublicInvestor[] } | null> {
  const rows = await db
    .select({
      id: projects.id,
      slug: projects.slug,
      title: projects.title,
      firstName: users.firstName,
      lastName: users.lastName,
      shares: investments.shares,
      amountCents: investments.amountCents,
      createdAt: investments.createdAt,
    })
    .from(projects)
    .leftJoin(investments, and(eq(investments.projectId, projects.id), eq(investments.status, "active")))
    .leftJoin(users, eq(users.id, investments.investorId))
    .where(and(byIdOrSlug(idOrSlug), isPublished))
    .orderBy(desc(investments.createdAt))
    .limit(500);
  if (!rows.length) return null;
  const first = rows[0];
  return {
    project: { _id: first.id, slug: first.slug, title: first.title },
    investors: rows
      .filter((r) => r.shares != null)
      .map((r) => ({
        name: publicInvestorName(r.firstName, r.lastName),
        shares: r.shares!,
        amountInvested: (r.amountCents ?? 0) / 100,
        investedAt: new Date(r.createdAt ?? 0).toISOString(),
      })),
  };
}
