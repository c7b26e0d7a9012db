/**
 * The kept sums' invariant (ADR 037, db/schema-aggregates.ts): every kept row equals Σ of the
 * held investments it stands for, and every settled raise's figures those of its held investments
 * (DESIGN §3, ADR 043), recomputed here from `investments` the slow way. Run by
 * tests/workers/setup.ts after every Workers and app test file, so every purchase, cancellation,
 * concurrent attack and fixture those files make is checked; tests/workers/kept-aggregates.test.ts
 * tests the check itself.
 */
import { REG_CF_COUNTED } from "../../domain/money/reg-cf";

type Row = Record<string, unknown>;

const COUNTED = REG_CF_COUNTED.map((t) => `'${t}'`).join(", ");

/** Each pair: the kept rows, and the same rows summed from the investments; both in one order. */
const PAIRS: { name: string; kept: string; truth: string }[] = [
  {
    name: "positions",
    kept: `select project_id, investor_id, category, risk_level, shares, amount_cents, investments, last_at
      from positions order by project_id, investor_id`,
    truth: `select i.project_id, i.investor_id, p.category, p.risk_level, sum(i.shares) as shares,
        sum(i.amount_cents) as amount_cents, count(*) as investments, max(i.created_at) as last_at
      from investments i join projects p on p.id = i.project_id where i.held = 1
      group by i.project_id, i.investor_id order by i.project_id, i.investor_id`,
  },
  {
    name: "projects.investor_count and investment_count",
    kept: `select id, investor_count, investment_count from projects order by id`,
    truth: `select p.id, count(distinct i.investor_id) as investor_count, count(i.id) as investment_count
      from projects p left join investments i on i.project_id = p.id and i.held = 1
      group by p.id order by p.id`,
  },
  {
    name: "project_days",
    kept: `select project_id, day, investments, amount_cents from project_days order by project_id, day`,
    truth: `select project_id, cast(created_at / 86400000 as integer) as day, count(*) as investments,
        sum(amount_cents) as amount_cents
      from investments where held = 1 group by 1, 2 order by 1, 2`,
  },
  {
    name: "investor_days",
    kept: `select investor_id, day, investments, limit_cents from investor_days order by investor_id, day`,
    truth: `select i.investor_id, cast(i.created_at / 86400000 as integer) as day, count(*) as investments,
        sum(case when p.regulation_type in (${COUNTED}) then i.amount_cents else 0 end) as limit_cents
      from investments i join projects p on p.id = i.project_id where i.held = 1
      group by 1, 2 order by 1, 2`,
  },
  {
    name: "investor_mix",
    kept: `select investor_id, category, risk_level, investments, amount_cents, shares, value_cents
      from investor_mix order by investor_id, category, risk_level`,
    truth: `select i.investor_id, p.category, p.risk_level, count(*) as investments, sum(i.amount_cents) as amount_cents,
        sum(i.shares) as shares, sum(i.shares * p.share_price_cents) as value_cents
      from investments i join projects p on p.id = i.project_id where i.held = 1
      group by 1, 2, 3 order by 1, 2, 3`,
  },
  {
    name: "investor_stats",
    kept: `select investor_id, investments, positions from investor_stats
      where investments > 0 or positions > 0 order by investor_id`,
    truth: `select i.investor_id, count(*) as investments,
        count(distinct case when i.held = 1 then i.project_id end) as positions
      from investments i group by i.investor_id order by i.investor_id`,
  },
  {
    // DESIGN §3 on every settled raise (ADR 043): its figures are the Σ of its held investments,
    // and it keeps what it had at its deadline: a funded one its figures, a closed one the Σ of the
    // investments it returned (all of them, once its settlement finished). (Open raises are checked
    // by the money tests: fixtures here may set an open raise's figures by hand.)
    name: "settled raises' figures (DESIGN §3)",
    kept: `select id, shares_sold, funding_current_cents, shares_sold <= total_shares as within,
        settled_shares, settled_cents from projects where settled_at is not null order by id`,
    truth: `select p.id,
        coalesce(sum(case when i.held = 1 then i.shares end), 0) as shares_sold,
        coalesce(sum(case when i.held = 1 then i.amount_cents end), 0) as funding_current_cents, 1 as within,
        case when p.status = 'closed' then coalesce(sum(case when i.status = 'returned' then i.shares end), 0)
             else p.shares_sold end as settled_shares,
        case when p.status = 'closed' then coalesce(sum(case when i.status = 'returned' then i.amount_cents end), 0)
             else p.funding_current_cents end as settled_cents
      from projects p left join investments i on i.project_id = p.id
      where p.settled_at is not null group by p.id order by p.id`,
  },
];

const show = (r: Row | undefined) => (r ? JSON.stringify(r) : "(none)");

/** What differs, as lines (empty when every kept sum is right). */
export async function keptAggregateProblems(db: D1Database): Promise<string[]> {
  const problems: string[] = [];
  const results = await db.batch([
    ...PAIRS.flatMap((p) => [db.prepare(p.kept), db.prepare(p.truth)]),
    db.prepare(`select s.investor_id, s.cents_squared,
        (select coalesce(sum(cast(amount_cents as real) * amount_cents), 0) from positions p
         where p.investor_id = s.investor_id) as truth
      from investor_stats s order by s.investor_id`),
  ]);
  PAIRS.forEach((pair, k) => {
    const kept = results[2 * k]!.results as Row[];
    const truth = results[2 * k + 1]!.results as Row[];
    for (let i = 0; i < Math.max(kept.length, truth.length); i++) {
      if (JSON.stringify(kept[i]) !== JSON.stringify(truth[i])) {
        problems.push(`${pair.name}: kept ${show(kept[i])}, summed ${show(truth[i])}`);
        break; // the first difference says enough; the rest follow from it
      }
    }
  });
  for (const r of results.at(-1)!.results as { investor_id: string; cents_squared: number; truth: number }[]) {
    if (Math.abs(r.cents_squared - r.truth) > 1e-9 * Math.max(1, r.truth)) {
      problems.push(`investor_stats.cents_squared of ${r.investor_id}: kept ${r.cents_squared}, summed ${r.truth}`);
    }
  }
  return problems;
}
