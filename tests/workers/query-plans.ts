/**
 * The query-plan check (ADR 035): every statement the app sent while a test file ran
 * (recorded by the request's D1 wrapper into db/statement-log.ts) is explained with
 * `EXPLAIN QUERY PLAN`, and a plan that reads the whole of a table that grows with use is a
 * failure. What counts as reading the whole table:
 * - `SCAN t` and `SCAN t USING COVERING INDEX i`: every row (or index entry) of t;
 * - `SCAN t USING INDEX i` is an index-ordered walk: accepted only when the statement has a LIMIT
 *   and the plan does not sort afterwards (`USE TEMP B-TREE FOR ORDER BY`), so it stops at the limit.
 * `SEARCH t USING … (col=?)` reads a range of an index and is what every query should do. The
 * few whole reads of a narrow index that are accepted are listed, with their reasons, in
 * `ACCEPTED_INDEX_READS`.
 */
import type { StatementLog } from "../../db/statement-log";

/** Every table of db/schema.ts: each grows with use (users, their writes, their sessions, …). */
export const GROWING_TABLES = new Set([
  "users",
  "sessions",
  "projects",
  "investments",
  "supporters",
  "contact_messages",
  "public_profiles",
  "rate_limits",
  "trusted_devices",
  "sign_in_networks",
  "uploads",
  "released_usernames",
  "ai_insights",
  "investor_financials",
  "project_follows",
  "project_updates",
  "discussion_posts",
  "discussion_votes",
  "notifications",
  "notification_preferences",
  "admin_audit",
  "project_drafts",
  "markets",
  "market_orders",
  "trades",
  "market_days",
  "project_activity_days",
  // what the site did (ADR 056): kept for days, but growing with traffic, jobs and errors until then
  "metric_buckets",
  "job_runs",
  "error_events",
]);

/** The reason an index walked in a sort's order, to the page and no further, is accepted. */
const walkedToThePage = (who: string) =>
  `${who} walks this two-column index in its order and stops at the page (LIMIT): the plan's sorts are of rows already chosen (the page by its place, two walks' rows one after the other, equal deadlines by slug), which this check cannot tell from a sort of the index. At worst, a search with few matches, it reads the whole index: about 1 ms at 3,800 projects (worker/services/projects/internal/project-order.ts)`;

/**
 * Whole reads of a narrow index that are accepted, each with its reason (ADR 035). Nothing else is.
 */
export const ACCEPTED_INDEX_READS: Readonly<Record<string, string>> = {
  projects_browse_idx:
    "the browser's page in its default order puts open raises first, which depends on today's date and so cannot be an index order: the page's rows are chosen from this 11-column index (about 100 bytes a project) and only they are read whole; 12 ms at 4,000 projects",
  projects_status_idx:
    "the browser's total of published projects, for its pager: a count over this two-column index, in the same statement as the page",
  projects_update_due_idx:
    "the browser's total of published projects, for its pager, as projects_status_idx: SQLite counts on whichever two-column index leads with the status, and this one (status, last update) is as narrow",
  projects_funded_idx: walkedToThePage("the browser sorted by funding, searching or not,"),
  projects_newest_idx: walkedToThePage("the browser sorted by date, searching or not,"),
  projects_deadline_idx: walkedToThePage(
    "a search sorted by deadline (open projects from today up, then the rest down)",
  ),
  projects_remaining_idx: walkedToThePage("a search sorted by shares left (open projects, then the rest)"),
};

const NOT_AN_ALIAS = new Set([
  "where",
  "on",
  "inner",
  "left",
  "right",
  "cross",
  "join",
  "order",
  "group",
  "limit",
  "set",
  "using",
  "values",
  "select",
  "as",
  "natural",
  "union",
  "having",
  "window",
  "returning",
  "default",
  "indexed",
  "not",
]);

/** The tables a statement names, by the name or alias a plan line shows them as. */
function tableNames(sql: string): Map<string, string> {
  const names = new Map<string, string>();
  const re = /\b(?:from|join|update|into)\s+"?([a-z_][a-z0-9_]*)"?(?:\s+(?:as\s+)?"?([a-z_][a-z0-9_]*)"?)?/gi;
  for (const m of sql.matchAll(re)) {
    const table = m[1]!.toLowerCase();
    if (!GROWING_TABLES.has(table)) continue;
    names.set(table, table);
    const alias = m[2]?.toLowerCase();
    if (alias && !NOT_AN_ALIAS.has(alias)) names.set(alias, table);
  }
  return names;
}

interface PlanRow {
  detail: string;
}

/** The plan lines of `sql` that read the whole of a growing table (none: the statement is fine). */
export function fullScans(sql: string, plan: readonly PlanRow[]): string[] {
  const names = tableNames(sql);
  const limited = /\blimit\b/i.test(sql);
  const sortsAfter = plan.some((r) => /^USE TEMP B-TREE FOR (?:ORDER BY|RIGHT PART OF ORDER BY)/.test(r.detail));
  const out: string[] = [];
  for (const { detail } of plan) {
    const m = /^SCAN (\S+)(?: USING (COVERING )?INDEX (\S+))?/.exec(detail);
    if (!m) continue;
    const table = names.get(m[1]!.toLowerCase());
    if (!table) continue; // a subquery, a CTE, the FTS index, a constant row
    if (m[3] !== undefined && m[3] in ACCEPTED_INDEX_READS) continue;
    const indexOrdered = m[3] !== undefined && m[2] === undefined;
    if (indexOrdered && limited && !sortsAfter) continue;
    out.push(`${detail}  [${table}]`);
  }
  return out;
}

/** A failure message per statement of `log` whose plan reads a whole growing table. */
export async function planProblems(d1: D1Database, log: StatementLog): Promise<string[]> {
  const problems: string[] = [];
  for (const [sql, args] of log) {
    let plan: PlanRow[];
    try {
      plan = (
        await d1
          .prepare(`EXPLAIN QUERY PLAN ${sql}`)
          .bind(...args)
          .all<PlanRow>()
      ).results;
    } catch (e) {
      problems.push(`could not explain (${e instanceof Error ? e.message : String(e)}):\n    ${sql}`);
      continue;
    }
    const scans = fullScans(sql, plan);
    if (scans.length) problems.push(`${scans.join("; ")}\n    ${sql}`);
  }
  return problems;
}
