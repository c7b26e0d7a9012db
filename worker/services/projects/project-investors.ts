/**
 * A project's investors as the public sees them (first name and last initial, never email or id),
 * a page at a time: the project page's Investment tab (`listProjectInvestorsPage`, 20 a page by
 * `?investors=`), `GET /api/projects/{slug}/investors` (`getProjectInvestors`, 100 a page by
 * `?page=`) and the founder dashboard's table (`investorPage`). Each page is one statement on
 * investments_project_held_recent_idx, with its total.
 */
import { and, sql, type SQL } from "drizzle-orm";

import type { PublicInvestor } from "../../../domain/projects/founder-dashboard";
import { INVESTORS_MAX_PAGE, INVESTORS_PAGE_SIZE, type InvestorsPage } from "../../../domain/projects/investor-list";
import { apiPageParam, LIST_PAGE_MESSAGE } from "../shared/list-page";
import type { Database } from "../../../db/client";
import { projects } from "../../../db/schema";
import { byIdOrSlug, isPublished, publicInvestorName } from "./projects";
import { toDollars } from "../../../domain/shared/money";

export type InvestorPageRow = {
  total: number;
  first_name: string | null;
  last_name: string | null;
  shares: number | null;
  amount_cents: number | null;
  created_at: number | null;
};

export const investorColumns = sql.raw(`s.first_name as first_name, s.last_name as last_name, s.shares as shares,
  s.amount_cents as amount_cents, s.created_at as created_at`);

/**
 * A page of a project's active investments, newest first (`projectId`: the project's id as SQL, a
 * value or a subquery finding it), to left-join to a one-row head so the head stays when the page
 * is past the end. Reads investments_project_held_recent_idx: no sort, no scan past the page.
 */
export function investorPage(projectId: SQL, page: number, pageSize: number): SQL {
  return sql`(
      select u.first_name, u.last_name, i.shares, i.amount_cents, i.created_at, i.id
      from investments i join users u on u.id = i.investor_id
      where i.project_id = ${projectId} and i.held = 1
      order by i.created_at desc, i.id desc
      limit ${pageSize} offset ${(page - 1) * pageSize}
    ) as s`;
}

export function toInvestorsPage(rows: InvestorPageRow[], page: number, pageSize: number): InvestorsPage {
  const total = Number(rows[0]?.total ?? 0);
  const investors: PublicInvestor[] = [];
  for (const r of rows) {
    if (r.shares == null || r.created_at == null) continue;
    investors.push({
      name: publicInvestorName(r.first_name, r.last_name),
      shares: r.shares,
      amountInvested: toDollars(r.amount_cents ?? 0),
      investedAt: new Date(r.created_at).toISOString(),
    });
  }
  return { investors, total, page, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}

/** `GET /api/projects/{slug}/investors`: this many a page. */
export const API_INVESTORS_PAGE_SIZE = 100;

export const INVESTORS_API_MESSAGES = { page: LIST_PAGE_MESSAGE } as const;

/**
 * `GET /api/projects/{slug}/investors?page=`: who backed a published project, as the public may
 * see it (first name and last initial, never email or id), API_INVESTORS_PAGE_SIZE a page, newest
 * first, with the paging fields; null for a project that is not found or not published. One
 * statement: the project is found by id or slug inside it. A page that is not a whole number from
 * 1 to INVESTORS_MAX_PAGE is a 400; a page past the end has no investors and the total.
 */
export async function getProjectInvestors(
  db: Database,
  idOrSlug: string,
  rawPage?: string,
): Promise<({ project: { _id: string; slug: string; title: string }; pageSize: number } & InvestorsPage) | null> {
  const page = apiPageParam(rawPage);
  if (!idOrSlug || idOrSlug.length > 200) return null;
  const found = sql`select ${projects.id} as id, ${projects.slug} as slug, ${projects.title} as title from ${projects} where ${and(byIdOrSlug(idOrSlug), isPublished)} limit 1`;
  // The count sits in the one-row head, so it runs once, not once per investor on the page.
  const rows = await db.all<InvestorPageRow & { p_id: string; p_slug: string; p_title: string }>(sql`
    with p as materialized (select f.id, f.slug, f.title,
      (select count(*) from investments c where c.project_id = f.id and c.held = 1) as total
      from (${found}) as f)
    select p.id as p_id, p.slug as p_slug, p.title as p_title, p.total as total, ${investorColumns}
    from p
    left join ${investorPage(sql`(select f.id from (${found}) as f)`, page, API_INVESTORS_PAGE_SIZE)} on 1 = 1
    order by s.created_at desc, s.id desc`);
  const head = rows[0];
  if (!head) return null;
  return {
    project: { _id: head.p_id, slug: head.p_slug, title: head.p_title },
    ...toInvestorsPage(rows, page, API_INVESTORS_PAGE_SIZE),
    pageSize: API_INVESTORS_PAGE_SIZE,
  };
}

/**
 * One page of a project's public investor list (the project page's Investment tab): its active
 * investments, newest first, each named like `GET /api/projects/{slug}/investors` names them, and
 * the total, in one statement (`investorPageRows`).
 */
export async function listProjectInvestorsPage(
  db: Database,
  projectId: string,
  page: number,
  pageSize: number = INVESTORS_PAGE_SIZE,
): Promise<InvestorsPage> {
  const safePage = Number.isInteger(page) && page >= 1 && page <= INVESTORS_MAX_PAGE ? page : 1;
  const rows = await db.all<InvestorPageRow>(sql`
    select c.total as total, ${investorColumns}
    from (select count(*) as total from investments where project_id = ${projectId} and held = 1) as c
    left join ${investorPage(sql`${projectId}`, safePage, pageSize)} on 1 = 1
    order by s.created_at desc, s.id desc`);
  return toInvestorsPage(rows, safePage, pageSize);
}
