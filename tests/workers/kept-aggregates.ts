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

/**
 * The positions as the held investments sum them; a holding's mark per share is state (its event's,
 * checked by "positions' marks"), its value shares × mark (at cost without one), its realized cash
 * Σ of its distributions.
 */
const POSITIONS = `with pos as (
  select i.project_id, i.investor_id, p.category, p.risk_level, sum(i.shares) as shares,
    sum(i.amount_cents) as amount_cents, count(*) as investments, max(i.created_at) as last_at,
    min(i.created_at) as first_at, coalesce(sum(i.shares) * k.mark_cents, sum(i.amount_cents)) as value_cents,
    coalesce((select sum(d.amount_cents) from distributions d
      where d.investor_id = i.investor_id and d.project_id = i.project_id), 0) as realized_cents
  from investments i join projects p on p.id = i.project_id
    left join positions k on k.project_id = i.project_id and k.investor_id = i.investor_id
  where i.held = 1 group by i.project_id, i.investor_id)`;

const COUNTED = REG_CF_COUNTED.map((t) => `'${t}'`).join(", ");

/** Each pair: the kept rows, and the same rows summed from the investments; both in one order. */
const PAIRS: { name: string; kept: string; truth: string }[] = [
  {
    name: "positions",
    kept: `select project_id, investor_id, category, risk_level, shares, amount_cents, investments, last_at, first_at,
        value_cents, realized_cents
      from positions order by project_id, investor_id`,
    truth: `${POSITIONS} select * from pos order by project_id, investor_id`,
  },
  {
    // A holding's mark is its event's (ADR 052), and once the company's latest event is applied,
    // every holding is marked by that one: nothing is marked above (or below) its latest reviewed event.
    name: "positions' marks",
    kept: `select k.project_id, k.investor_id, k.mark_cents, k.mark_event_id from positions k
      join projects p on p.id = k.project_id
      where k.mark_event_id is not null or exists (select 1 from valuation_events e
        where e.id = p.mark_event_id and e.applied_at is not null)
      order by k.project_id, k.investor_id`,
    truth: `select k.project_id, k.investor_id, e.mark_cents, e.id as mark_event_id from positions k
      join projects p on p.id = k.project_id
      join valuation_events e on e.id = case when exists (select 1 from valuation_events a
        where a.id = p.mark_event_id and a.applied_at is not null) then p.mark_event_id else k.mark_event_id end
      where e.status = 'approved'
      order by k.project_id, k.investor_id`,
  },
  {
    // An exit pays each holder the price per share times the shares they held, once.
    name: "distributions",
    kept: `select d.event_id, d.investor_id, d.amount_cents from distributions d order by d.event_id, d.investor_id`,
    truth: `select d.event_id, d.investor_id, d.shares * e.proceeds_per_share_cents as amount_cents
      from distributions d join valuation_events e on e.id = d.event_id and e.status = 'approved'
        and e.kind in ('acquisition', 'shutdown')
      order by d.event_id, d.investor_id`,
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
    kept: `select investor_id, category, risk_level, investments, amount_cents, shares, value_cents, realized_cents
      from investor_mix order by investor_id, category, risk_level`,
    truth: `${POSITIONS} select investor_id, category, risk_level, sum(investments) as investments,
        sum(amount_cents) as amount_cents, sum(shares) as shares, sum(value_cents) as value_cents,
        sum(realized_cents) as realized_cents
      from pos group by 1, 2, 3 order by 1, 2, 3`,
  },
  {
    name: "investor_vintages",
    kept: `select investor_id, year, positions, amount_cents, value_cents, realized_cents
      from investor_vintages order by investor_id, year`,
    truth: `${POSITIONS} select investor_id, cast(strftime('%Y', first_at / 1000, 'unixepoch') as integer) as year,
        count(*) as positions, sum(amount_cents) as amount_cents, sum(value_cents) as value_cents,
        sum(realized_cents) as realized_cents
      from pos group by 1, 2 order by 1, 2`,
  },
  {
    // An investor's money by day: what they put in on each purchase's day, what they were paid on
    // each event's day; and Σ of the marks' change is their holdings' value over cost.
    name: "investor_flows",
    kept: `select investor_id, day, invested_cents, distributed_cents from investor_flows
      where invested_cents <> 0 or distributed_cents <> 0 order by investor_id, day`,
    truth: `select investor_id, day, sum(invested) as invested_cents, sum(distributed) as distributed_cents from (
        select investor_id, cast(created_at / 86400000 as integer) as day, amount_cents as invested, 0 as distributed
        from investments where held = 1
        union all select investor_id, day, 0, amount_cents from distributions
      ) group by 1, 2 having sum(invested) <> 0 or sum(distributed) <> 0 order by 1, 2`,
  },
  {
    name: "investor_flows' marks",
    kept: `select investor_id, sum(marked_cents) as marked from investor_flows group by investor_id
      having sum(marked_cents) <> 0 order by investor_id`,
    truth: `${POSITIONS} select investor_id, sum(value_cents - amount_cents) as marked from pos group by investor_id
      having sum(value_cents - amount_cents) <> 0 order by investor_id`,
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
         where p.investor_id = s.investor_id) as truth,
        s.value_squared,
        (select coalesce(sum(cast(value_cents as real) * value_cents), 0) from positions p
         where p.investor_id = s.investor_id) as value_truth
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
  type Squares = {
    investor_id: string;
    cents_squared: number;
    truth: number;
    value_squared: number;
    value_truth: number;
  };
  for (const r of results.at(-1)!.results as Squares[]) {
    if (Math.abs(r.cents_squared - r.truth) > 1e-9 * Math.max(1, r.truth)) {
      problems.push(`investor_stats.cents_squared of ${r.investor_id}: kept ${r.cents_squared}, summed ${r.truth}`);
    }
    if (Math.abs(r.value_squared - r.value_truth) > 1e-9 * Math.max(1, r.value_truth)) {
      problems.push(
        `investor_stats.value_squared of ${r.investor_id}: kept ${r.value_squared}, summed ${r.value_truth}`,
      );
    }
  }
  return problems;
}
