/**
 * The project page's public investor list (Investment tab): its page size and the `?investors=`
 * page number. Shared by the read (worker/services/projects/projects.ts `listProjectInvestorsPage`) and the
 * page that shows it.
 */
import type { PublicInvestor } from "./founder-dashboard";

/** This many a page, newest first. */
export const INVESTORS_PAGE_SIZE = 20;
/** Pages past this are never read (offsets stay bounded); a larger `?investors=` is the first page. */
export const INVESTORS_MAX_PAGE = 1000;

/** `?investors=` as a page number: a whole number from 1 to INVESTORS_MAX_PAGE, else the first page. */
export function investorsPageParam(raw: string | null | undefined): number {
  if (!raw || !/^\d{1,6}$/.test(raw)) return 1;
  const n = Number(raw);
  return n >= 1 && n <= INVESTORS_MAX_PAGE ? n : 1;
}

export interface InvestorsPage {
  /** Named as the public API names them (`publicInvestorName`), newest first. */
  investors: PublicInvestor[];
  /** Active investments in the project, every page. */
  total: number;
  page: number;
  pageCount: number;
}
