/**
 * A portfolio's sums (domain/money/portfolio-math.ts `PortfolioSummary`) read from what the database
 * keeps (ADR 037, db/schema-aggregates.ts): two statements for `readPortfolio`'s batch
 * (worker/services/money/holdings.ts), as statement.ts hands it the demo statement's, and the summary
 * made of their rows. Their cost is a few kept rows whatever the number of investments.
 */
import { DAY_MS } from "../../../../domain/shared/dates";
import { SUMMARY_TOP_PROJECTS, type PortfolioSummary } from "../../../../domain/money/portfolio-math";
import type { RiskLevel } from "../../../../domain/shared/types";

/**
 * The investor's active investments from `since` (ms) on, `sinceDay` being the UTC day it falls in:
 * the kept days after it (investor_days) and that day's own from `since` on (investments).
 */
const recentSql = (since: string, sinceDay: string) =>
  `((select coalesce(sum(d.investments), 0) from investor_days d where d.investor_id = ?1 and d.day > ${sinceDay})
    + (select count(*) from investments r where r.investor_id = ?1 and r.held = 1
       and r.created_at >= ${since} and r.created_at < (${sinceDay} + 1) * ${DAY_MS}))`;

/** The summary's two statements for the investor `userId` at `now`; read their results with `summaryOf`. */
export function summaryStatements(d1: D1Database, userId: string, now: number): D1PreparedStatement[] {
  const since90 = now - 90 * DAY_MS;
  const since180 = now - 180 * DAY_MS;
  return [
    // The groups: the kept sums per category and risk level (investor_mix), each with its newest
    // project (the top of its range of positions_investor_group_idx), newest group first.
    d1
      .prepare(
        `select g.*, p.title as title from (
           select m.category as category, m.risk_level as risk_level, m.amount_cents as cents, m.investments as n,
             m.shares as shares, m.value_cents as value_cents,
             (select ps.project_id from positions ps
              where ps.investor_id = m.investor_id and ps.category = m.category and ps.risk_level = m.risk_level
              order by ps.last_at desc, ps.project_id desc limit 1) as project_id,
             (select max(ps.last_at) from positions ps
              where ps.investor_id = m.investor_id and ps.category = m.category and ps.risk_level = m.risk_level) as newest
           from investor_mix m where m.investor_id = ?1
         ) as g left join projects p on p.id = g.project_id
         order by g.newest desc, g.category, g.risk_level`,
      )
      .bind(userId),
    // The largest projects (positions_investor_amount_idx), the kept project count and squares,
    // and the investments of the last 90 and 180 days: whole kept days after the day each window
    // starts in, plus that day's own investments from the window's start on (a range of
    // investments_investor_recent_idx), so a window includes its boundary to the millisecond.
    d1
      .prepare(
        `select coalesce(s.positions, 0) as projects, coalesce(s.cents_squared, 0) as squares,
           coalesce(s.value_squared, 0) as value_squares, v.project_id as lv_project, v.title as lv_title,
           v.value_cents as lv_cents,
           ${recentSql("?3", "?4")} as r90, ${recentSql("?5", "?6")} as r180, t.*
         from (select 1) as head
         left join investor_stats s on s.investor_id = ?1
         left join (
           select ps.project_id as project_id, p.title as title, ps.value_cents as value_cents
           from positions ps indexed by positions_investor_value_idx join projects p on p.id = ps.project_id
           where ps.investor_id = ?1 order by ps.value_cents desc, ps.project_id limit 1
         ) as v on 1 = 1
         left join (
           select ps.project_id as project_id, p.title as title, ps.category as category, ps.risk_level as risk_level,
             ps.amount_cents as cents
           from positions ps join projects p on p.id = ps.project_id
           where ps.investor_id = ?1
           order by ps.amount_cents desc, p.title, ps.project_id
           limit ?2
         ) as t on 1 = 1
         order by t.cents desc, t.title, t.project_id`,
      )
      .bind(
        userId,
        SUMMARY_TOP_PROJECTS,
        since90,
        Math.floor(since90 / DAY_MS),
        since180,
        Math.floor(since180 / DAY_MS),
      ),
  ];
}

/** The summary, and Σ shares × the current share price in cents, from `summaryStatements`' results. */
export function summaryOf(groupRows: unknown[], topRows: unknown[]): { summary: PortfolioSummary; valueCents: number } {
  const groups = groupRows as {
    category: string | null;
    risk_level: RiskLevel;
    cents: number;
    n: number;
    shares: number;
    value_cents: number;
    title: string | null;
  }[];
  const top = topRows as {
    projects: number;
    squares: number;
    value_squares: number;
    lv_project: string | null;
    lv_title: string | null;
    lv_cents: number | null;
    r90: number;
    r180: number;
    project_id: string | null;
    title: string;
    category: string | null;
    risk_level: RiskLevel;
    cents: number;
  }[];
  const sum = (pick: (g: (typeof groups)[number]) => number) => groups.reduce((t, g) => t + Number(pick(g)), 0);
  const head = top[0];
  return {
    valueCents: sum((g) => g.value_cents),
    summary: {
      count: sum((g) => g.n),
      cents: sum((g) => g.cents),
      shares: sum((g) => g.shares),
      recent90: Number(head?.r90 ?? 0),
      recent180: Number(head?.r180 ?? 0),
      groups: groups.map((g) => ({
        category: g.category ?? "",
        riskLevel: g.risk_level,
        cents: Number(g.cents),
        count: Number(g.n),
        firstProjectTitle: g.title ?? "",
      })),
      topProjects: top
        .filter((p): p is typeof p & { project_id: string } => p.project_id != null)
        .map((p) => ({
          projectId: p.project_id,
          projectTitle: p.title,
          category: p.category ?? "",
          riskLevel: p.risk_level,
          cents: Number(p.cents),
        })),
      projectCount: Number(head?.projects ?? 0),
      projectCentsSquared: Number(head?.squares ?? 0),
      valueCents: sum((g) => g.value_cents),
      projectValueSquared: Number(head?.value_squares ?? 0),
      largestByValue:
        head?.lv_project != null
          ? { projectId: head.lv_project, projectTitle: head.lv_title ?? "", cents: Number(head.lv_cents ?? 0) }
          : null,
    },
  };
}
