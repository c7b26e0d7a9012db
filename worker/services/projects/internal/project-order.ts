/**
 * The project browser's orders as SQL (`listProjectsPage`, projects.ts): which rows make a page,
 * in which order, and how a search's total is counted. Every order ends with the slug, so a page
 * never depends on the order SQLite happened to read rows in.
 */
import { and, desc, inArray, sql, type SQL } from "drizzle-orm";

import type { ProjectSort } from "../../../../domain/projects/project-search";
import { UNLISTED_STATUSES } from "../../../../domain/projects/review";
import { projects } from "../../../../db/schema";

/** Relevance: BM25 over title, short description, category, university, tags, creator name. */
const BM25 = sql.raw("bm25(projects_fts, 10, 4, 2, 2, 3, 3)");

/**
 * Open: shares can be bought now (the SQL twin of `projectStatus(...).open`). `+status` (the same
 * comparison) keeps SQLite from choosing the status index over a walk in the sort's order.
 */
const isOpen = sql`(+${projects.status} = 'active' and ${projects.fundingDeadline} > date('now') and ${projects.sharesSold} < ${projects.totalShares})`;
const openFirst = sql`case when ${isOpen} then 0 else 1 end`;
const sharesLeft = sql`${projects.totalShares} - ${projects.sharesSold}`;

/**
 * A sort's keys, before the slug, without a search or by relevance. `funded` and `newest` are the
 * expressions of `projects_funded_idx` and `projects_newest_idx` (db/schema.ts): SQLite uses an
 * expression index only for the identical expression, so they change together.
 */
function sortOrder(sort: ProjectSort | null): SQL[] {
  switch (sort) {
    case "relevance":
      return [sql`hits.score`];
    case "newest":
      return [sql`coalesce(${projects.publishedAt}, ${projects.createdAt}) desc`];
    case "funded":
      return [sql`coalesce(cast(${projects.raisedCents} as real) / nullif(${projects.fundingGoalCents}, 0), 0) desc`];
    case "ending":
      // open ones by the deadline, soonest first; then closed ones, the most recently ended first
      return [
        openFirst,
        sql`case when ${isOpen} then ${projects.fundingDeadline} end asc`,
        sql`${projects.fundingDeadline} desc`,
      ];
    case "remaining":
      // open ones with the fewest shares left first; sold-out and closed ones after them
      return [openFirst, sql`${sharesLeft} asc`];
    case "trending":
    case "almost":
      // always walked (`walks`): this is the order they give, for a ranked search's tie-break
      return [openFirst];
    default:
      return [openFirst, desc(projects.featured), desc(projects.createdAt)];
  }
}

/** One walk of an index in a sort's order: the rows it may take, and the index's keys. */
interface Walk {
  where?: SQL;
  keys: SQL[];
  /** The slug's direction as the last key (ascending unless the index is read backwards). */
  slug?: "desc";
}

/** Open raises' momentum order (projects_trending_idx, read backwards: ties by slug, descending). */
const isOpenActive = sql`(${projects.status} = 'active' and ${projects.fundingDeadline} > date('now') and ${projects.sharesSold} < ${projects.totalShares})`;
const fundedRatio = sql`coalesce(cast(${projects.raisedCents} as real) / nullif(${projects.fundingGoalCents}, 0), 0)`;
/** The Almost funded rail's raises: open, at 50% of the goal or more and not yet at it. */
export const ALMOST_FUNDED = { from: 0.5, to: 1 } as const;
const almostFunded = sql`(${fundedRatio} >= ${ALMOST_FUNDED.from} and ${fundedRatio} < ${ALMOST_FUNDED.to} and ${isOpen})`;

/**
 * The rails' sorts, searching or not (a rail's "See all"): the rail's raises first, walking the
 * rail's index, then every other project walking another index. `trending`: open raises by
 * momentum (projects_trending_idx), then the rest newest first; `almost`: open raises at 50–99%
 * of their goal, closest to it first, then the rest most funded first (projects_funded_idx both).
 */
function railWalks(sort: "trending" | "almost"): Walk[] {
  switch (sort) {
    case "trending":
      return [
        { where: isOpenActive, keys: [sql`${projects.trendScore} desc`], slug: "desc" },
        { where: sql`not ${isOpen}`, keys: sortOrder("newest") },
      ];
    case "almost":
      return [
        { where: almostFunded, keys: sortOrder("funded") },
        { where: sql`not ${almostFunded}`, keys: sortOrder("funded") },
      ];
  }
}

/**
 * A search in any order but relevance, as walks of an index in that order (db/schema.ts), ties by
 * slug: the same order as `sortOrder` gives the browser, without the relevance tie-break. `ending`
 * and `remaining` put open raises first, which depends on today's date and so is no index's order:
 * the open ones are one walk (from today's deadline, or past the sold-out ones), the rest a second.
 */
function searchWalks(sort: Exclude<ProjectSort, "relevance">): Walk[] {
  switch (sort) {
    case "newest":
    case "funded":
      return [{ keys: sortOrder(sort) }];
    case "ending":
      return [
        { where: isOpen, keys: [sql`${projects.fundingDeadline} asc`] },
        { where: sql`not ${isOpen}`, keys: [sql`${projects.fundingDeadline} desc`] },
      ];
    case "remaining":
      return [
        { where: sql`${isOpen} and ${sharesLeft} > 0`, keys: [sql`${sharesLeft} asc`] },
        { where: sql`not ${isOpen}`, keys: [sql`${sharesLeft} asc`] },
      ];
    case "trending":
    case "almost":
      return railWalks(sort);
  }
}

/** The rowids of the full-text matches (migrations/0006 keeps projects_fts in step, row for row). */
const matching = (match: string) => sql`(select rowid from projects_fts where projects_fts match ${match})`;

const byKeys = (keys: SQL[], slug?: "desc") =>
  sql.join([...keys, slug ? sql`${projects.slug} desc` : sql`${projects.slug}`], sql`, `);

/**
 * The page's rows (`rid`) and their place on it (`ord`), chosen on narrow columns: only these rows
 * are then read whole. Without a search, or by relevance (a join to the matches with their BM25
 * scores, which ranks them all), one ordered select. A search in another order ranks nothing: each
 * walk goes down its index and keeps an entry whose rowid is one of the matches (`+rowid`: a list
 * built once, checked per entry, where a plain `rowid in` would make SQLite read every match and sort
 * them all), stopping at the page, so a page costs about the same for 30 matches or 3,000; the
 * walks' rows follow one another (the open ones, then the rest). The rails' sorts (`trending`,
 * `almost`) are walks with or without a search (`railWalks`).
 */
export function pageRows(opts: {
  where: SQL;
  match: string | null;
  sort: ProjectSort | null;
  pageSize: number;
  offset: number;
}): SQL {
  const { where, match, sort, pageSize, offset } = opts;
  // The rails' sorts are walks with or without a search; the others' walks are a search's.
  const walked = sort === "trending" || sort === "almost";
  if (sort === null || sort === "relevance" || (!match && !walked)) {
    const hits = match
      ? sql`join (select rowid as fts_rowid, ${BM25} as score from projects_fts where projects_fts match ${match}) as hits on hits.fts_rowid = ${projects}.rowid`
      : sql``;
    const order = byKeys(sortOrder(sort));
    return sql`(select ${projects}.rowid as rid, row_number() over (order by ${order}) as ord
      from ${projects} ${hits} where ${where} order by ${order} limit ${pageSize} offset ${offset}) as pg`;
  }
  const walks = searchWalks(sort).map(({ where: part, keys, slug }, i) => {
    const order = byKeys(keys, slug);
    const among = match ? sql`+${projects}.rowid in ${matching(match)}` : undefined;
    return sql`select * from (select ${projects}.rowid as rid, ${i} as part, row_number() over (order by ${order}) as n
      from ${projects} where ${and(where, part, among)}
      order by ${order} limit ${offset + pageSize})`;
  });
  return sql`(select rid, row_number() over (order by part, n) as ord from (${sql.join(walks, sql` union all `)})
    order by part, n limit ${pageSize} offset ${offset}) as pg`;
}

/**
 * A search's total, for the pager, exact, counted on the full-text index. In every sector: the
 * matches less the unlisted ones (every project has its row in projects_fts), which reads no listed
 * project; in one sector: the matches among that sector's published rowids. `+rowid` keeps SQLite
 * from looking the rowids up in the full-text index one at a time.
 */
export function searchTotal(match: string, sector: string, where: SQL): SQL<number> {
  const among =
    sector === "all"
      ? sql`not in (select rowid from ${projects} where ${inArray(projects.status, [...UNLISTED_STATUSES])})`
      : sql`in (select rowid from ${projects} where ${where})`;
  return sql<number>`(select count(*) from projects_fts where projects_fts match ${match} and +rowid ${among})`;
}
