/**
 * A portfolio's performance read in ONE statement (ADR 052) for `readPortfolio`'s batch: five
 * parts of kept rows (ADR 037), each bounded whatever the number of holdings: the investor's money
 * by day (investor_flows, one row a day with activity), their vintages (a row a year), their
 * sectors (investor_mix, a row per category and risk level), and their best and worst three
 * holdings (both ends of positions_investor_moic_idx). domain/money/performance.ts computes the
 * figures from them.
 */
import type { PerformanceRow } from "../../../../domain/money/performance";

/** Holdings shown among the best, and among the worst. */
export const BEST_AND_WORST = 3;
/** Days of money read at most (a day with activity is a row: decades of daily investing). */
const MAX_FLOW_DAYS = 20_000;

export function performanceStatement(d1: D1Database, userId: string): D1PreparedStatement {
  const holding = (order: "desc" | "asc", part: string) => `select * from (
      select '${part}' as part, k.project_id as k, k.investments as a, k.amount_cents as b, k.value_cents as c,
        k.realized_cents as d, p.title as title, p.slug as slug
      from positions k indexed by positions_investor_moic_idx join projects p on p.id = k.project_id
      where k.investor_id = ?1 order by k.moic ${order}, k.project_id limit ?2)`;
  return d1
    .prepare(
      `select * from (select 'flow' as part, day as k, invested_cents as a, marked_cents as b, distributed_cents as c,
           0 as d, null as title, null as slug
         from investor_flows where investor_id = ?1 order by day limit ?3)
       union all
       select 'vintage', year, positions, amount_cents, value_cents, realized_cents, null, null
         from investor_vintages where investor_id = ?1
       union all
       select 'sector', category, sum(investments), sum(amount_cents), sum(value_cents), sum(realized_cents), null, null
         from investor_mix where investor_id = ?1 group by category
       union all ${holding("desc", "best")}
       union all ${holding("asc", "worst")}`,
    )
    .bind(userId, BEST_AND_WORST, MAX_FLOW_DAYS);
}

export const performanceRowsOf = (results: Record<string, unknown>[]): PerformanceRow[] =>
  results as unknown as PerformanceRow[];
