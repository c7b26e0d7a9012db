/**
 * The paging that every list of the conversation, the watchlist, the admin pages and the
 * supporters shares, copied from the project page's investor list
 * (`listProjectInvestorsPage`, domain/projects/investor-list.ts): LIST_PAGE_SIZE rows a page, newest first,
 * the total in the same statement as the rows (a left join keeps the count row when the page is
 * past the end), page numbers from 1 to LIST_MAX_PAGE (offsets stay bounded).
 *
 * Two doors read the page number: a page (`?watchlist=2`, `?page=2`) leniently, as
 * `investorsPageParam` does (anything but a page number in range is the first page); the API
 * strictly (`?page=`: a 400 that says what is accepted, as `GET /api/projects?page=` does).
 */
import type { Column, InferSelectModel, Table } from "drizzle-orm";
import { getTableColumns } from "drizzle-orm";

import { INVESTORS_MAX_PAGE, INVESTORS_PAGE_SIZE, investorsPageParam } from "../../../domain/projects/investor-list";
import { ServiceError } from "./errors";

export const LIST_PAGE_SIZE = INVESTORS_PAGE_SIZE;
export const LIST_MAX_PAGE = INVESTORS_MAX_PAGE;

export const LIST_PAGE_MESSAGE = `page must be a whole number from 1 to ${LIST_MAX_PAGE}`;

/** The paging fields of a list's answer (as `GET /api/projects` has them). */
export interface PageInfo {
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
}

/** A page's own `?…=` number: a whole number in range, else the first page. */
export const pageParam = (raw: string | null | undefined): number => investorsPageParam(raw);

/** The API's `?page=`: absent or empty is the first page; anything else not in range is a 400. */
export function apiPageParam(raw: string | null | undefined): number {
  const text = raw?.trim() ?? "";
  if (text === "") return 1;
  if (!/^\d{1,7}$/.test(text) || Number(text) < 1 || Number(text) > LIST_MAX_PAGE) {
    throw new ServiceError(400, LIST_PAGE_MESSAGE, "invalid_page");
  }
  return Number(text);
}

/** A page number the reads accept (a caller's NaN or 0 is the first page). */
export const safePage = (page: number): number =>
  Number.isInteger(page) && page >= 1 && page <= LIST_MAX_PAGE ? page : 1;

export const offsetOf = (page: number, pageSize: number = LIST_PAGE_SIZE): number => (safePage(page) - 1) * pageSize;

export function pageInfo(total: number, page: number, pageSize: number = LIST_PAGE_SIZE): PageInfo {
  return { total, page: safePage(page), pageCount: Math.max(1, Math.ceil(total / pageSize)), pageSize };
}

/**
 * A table's row from a raw statement's row (snake_case column names, as `select t.*` answers), each
 * column read as Drizzle reads it (booleans, JSON), so raw paged statements still give typed rows.
 */
export function rowOf<T extends Table>(table: T, raw: Record<string, unknown>): InferSelectModel<T> {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table)) as [string, Column][]) {
    const value = raw[column.name];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as InferSelectModel<T>;
}
