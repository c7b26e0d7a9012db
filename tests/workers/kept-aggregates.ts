/**
 * The kept sums' invariant (ADR 037, db/schema-aggregates.ts): every kept row equals Σ of the
 * held investments it stands for, and every settled raise's figures those of its held investments
 * (DESIGN §3, ADR 043), recomputed here from `investments` the slow way. Run by
 * tests/workers/setup.ts after every Workers and app test file, so every purchase, cancellation,
 * concurrent attack and fixture those files make is checked; tests/workers/kept-aggregates.test.ts
 * tests the check itself.
 */
import { FEE_BPS } from "../../domain/market/market";
import { REG_CF_COUNTED } from "../../domain/money/reg-cf";
import { TREND_DAYS, TREND_DECAY, TREND_DOLLARS_PER_FOLLOWER } from "../../domain/projects/trending";

type Row = Record<string, unknown>;

/**
 * The positions as the held investments and the exchange's trades sum them (ADR 053: a purchase on
 * the exchange adds shares and cost, a sale takes shares away, its cost out at the seller's average
 * cost and its proceeds less the fee realized); a holding's mark per share is state (its event's,
 * checked by "positions' marks"), its value shares × mark (at cost without one: the cost of the
 * shares still held), its realized cash Σ of its distributions and its sales.
 */
const POSITIONS = `with legs as (
  select project_id, investor_id, shares + bonus_shares as shares, amount_cents, 1 as investments, created_at as at,
      0 as cost_out, 0 as sold
    from investments where held = 1
  union all select project_id, buyer_id, shares, value_cents, 0, created_at, 0, 0 from trades where buyer_company = 0
  union all select project_id, seller_id, -shares, 0, 0, null, seller_cost_cents, value_cents - fee_cents from trades
), pos as (
  select l.project_id, l.investor_id, p.category, p.risk_level, sum(l.shares) as shares,
    sum(l.amount_cents) as amount_cents, sum(l.investments) as investments, max(l.at) as last_at,
    min(l.at) as first_at, coalesce(sum(l.shares) * k.mark_cents, sum(l.amount_cents) - sum(l.cost_out)) as value_cents,
    coalesce((select sum(d.amount_cents) from distributions d
      where d.investor_id = l.investor_id and d.project_id = l.project_id), 0) + sum(l.sold) as realized_cents
  from legs l join projects p on p.id = l.project_id
    left join positions k on k.project_id = l.project_id and k.investor_id = l.investor_id
  group by l.project_id, l.investor_id)`;

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
    // The cap table: holders with a share (a holder who sold out on the exchange has left it).
    truth: `${POSITIONS} select p.id,
        (select count(*) from pos where pos.project_id = p.id and pos.shares > 0) as investor_count,
        (select count(*) from investments i where i.project_id = p.id and i.held = 1) as investment_count
      from projects p order by p.id`,
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
        union all select buyer_id, day, value_cents, 0 from trades where buyer_company = 0
        union all select seller_id, day, 0, value_cents - fee_cents from trades
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
    truth: `${POSITIONS} select investor_id, sum(investments) as investments, sum(positions) as positions from (
        select investor_id, count(*) as investments, 0 as positions from investments group by investor_id
        union all select investor_id, 0, count(*) from pos group by investor_id
      ) group by investor_id order by investor_id`,
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
        coalesce(sum(case when i.held = 1 then i.shares + i.bonus_shares end), 0) as shares_sold,
        coalesce(sum(case when i.held = 1 then i.amount_cents end), 0) as funding_current_cents, 1 as within,
        case when p.status = 'closed' then coalesce(sum(case when i.status = 'returned' then i.shares + i.bonus_shares end), 0)
             else p.shares_sold end as settled_shares,
        case when p.status = 'closed' then coalesce(sum(case when i.status = 'returned' then i.amount_cents end), 0)
             else p.funding_current_cents end as settled_cents
      from projects p left join investments i on i.project_id = p.id
      where p.settled_at is not null group by p.id order by p.id`,
  },
  // Perks (ADR 055): a perk's awarded_count is its awards still standing (a first-N perk's taken
  // slots); an investment's bonus shares are the Σ of its awards' (revoked ones kept as history).
  {
    name: "perks' awarded counts",
    kept: `select id, awarded_count, first_investors is null or awarded_count <= first_investors as within
      from project_perks order by id`,
    truth: `select pp.id, (select count(*) from perk_awards a where a.perk_id = pp.id and a.revoked_at is null)
        as awarded_count, 1 as within from project_perks pp order by pp.id`,
  },
  {
    name: "investments' bonus shares",
    kept: `select id, bonus_shares from investments where bonus_shares <> 0
      or id in (select investment_id from perk_awards where bonus_shares <> 0) order by id`,
    truth: `select i.id, (select coalesce(sum(a.bonus_shares), 0) from perk_awards a where a.investment_id = i.id)
        as bonus_shares from investments i where i.bonus_shares <> 0
      or i.id in (select investment_id from perk_awards where bonus_shares <> 0) order by i.id`,
  },
  {
    // The project page's "Last update N days ago" and the update reminder read it.
    name: "projects' last update",
    kept: `select id, last_update_at from projects order by id`,
    truth: `select p.id, (select max(u.created_at) from project_updates u where u.project_id = p.id and u.hidden = 0)
        as last_update_at from projects p order by p.id`,
  },
  // The exchange (ADR 053).
  {
    // Trading moves shares between holders and the company's treasury, never makes or loses one.
    name: "a market's shares",
    kept: `select m.project_id, m.treasury_shares + coalesce((select sum(k.shares) from positions k
        where k.project_id = m.project_id), 0) as shares from markets m order by m.project_id`,
    truth: `select m.project_id, p.settled_shares as shares from markets m join projects p on p.id = m.project_id
      order by m.project_id`,
  },
  {
    name: "the company's treasury",
    kept: `select project_id, treasury_shares from markets order by project_id`,
    truth: `select m.project_id, coalesce((select sum(t.shares) from trades t where t.project_id = m.project_id
        and t.buyer_company = 1), 0) as treasury_shares from markets m order by m.project_id`,
  },
  {
    // An open sell order's remainder is reserved on its owner's position, never more than it holds.
    name: "reserved shares",
    kept: `select project_id, investor_id, reserved_shares, reserved_shares <= shares as within from positions
      where reserved_shares <> 0 order by project_id, investor_id`,
    truth: `select project_id, owner_id as investor_id, sum(remaining) as reserved_shares, 1 as within from market_orders
      where status = 'open' and side = 'sell' group by 1, 2 having sum(remaining) <> 0 order by 1, 2`,
  },
  {
    // Every order filled exactly by its trades, never beyond its size; a filled one has nothing left.
    name: "orders' fills",
    kept: `select id, shares - remaining as filled, status = 'filled' as done from market_orders order by id`,
    truth: `select o.id, coalesce((select sum(t.shares) from trades t where t.buy_order_id = o.id or t.sell_order_id = o.id), 0)
        as filled, o.remaining = 0 and o.status <> 'open' and o.shares = coalesce((select sum(t.shares) from trades t
          where t.buy_order_id = o.id or t.sell_order_id = o.id), 0) as done
      from market_orders o order by o.id`,
  },
  {
    // A raise's reserved total and count (ADR 055): its active reservations, the only ones kept.
    name: "projects.reserved_cents and reservation_count",
    kept: `select id, reserved_cents, reservation_count from projects
      where reserved_cents <> 0 or reservation_count <> 0 order by id`,
    truth: `select project_id as id, sum(amount_cents) as reserved_cents, count(*) as reservation_count
      from project_reservations where status = 'active' group by project_id order by project_id`,
  },
  {
    // Cash out = cash in + fee: the buyer paid shares × price, the seller got that less 2%, to the cent.
    name: "trades' fees",
    kept: `select id, fee_cents from trades order by id`,
    truth: `select id, (value_cents * ${FEE_BPS} + 5000) / 10000 as fee_cents from trades order by id`,
  },
  {
    name: "markets' figures",
    kept: `select project_id, trades, volume_shares, volume_cents, last_price_cents from markets order by project_id`,
    truth: `select m.project_id, count(t.id) as trades, coalesce(sum(t.shares), 0) as volume_shares,
        coalesce(sum(t.value_cents), 0) as volume_cents,
        (select t2.price_cents from trades t2 where t2.project_id = m.project_id order by t2.created_at desc, t2.rowid desc limit 1)
          as last_price_cents
      from markets m left join trades t on t.project_id = m.project_id group by m.project_id order by m.project_id`,
  },
  {
    name: "market_days",
    kept: `select project_id, day, trades, shares, value_cents, high_cents, low_cents from market_days order by 1, 2`,
    truth: `select project_id, day, count(*) as trades, sum(shares) as shares, sum(value_cents) as value_cents,
        max(price_cents) as high_cents, min(price_cents) as low_cents from trades group by 1, 2 order by 1, 2`,
  },
  {
    // A Discussion's reports (ADR 055): a hide resolves every open report of its post in its batch, so
    // no open report names a hidden post; a report is resolved exactly when it has a resolution.
    name: "reports' resolutions",
    kept: `select r.id, r.resolution, d.hidden_at from discussion_reports r join discussion_posts d on d.id = r.post_id
      where (r.resolved_at is null and d.hidden_at is not null)
        or (r.resolved_at is null) <> (r.resolution is null) order by r.id`,
    truth: `select id, resolution, null as hidden_at from discussion_reports where 0`,
  },
  {
    // The Trending rail's momentum (ADR 055, domain/projects/trending.ts): Σ over the window of TREND_DAYS
    // days ending on the day it was computed for of (dollars + 100 × new followers) × 0.75^age.
    name: "projects.trend_score",
    kept: `select id, trend_day, round(trend_score, 4) as score from projects order by id`,
    truth: `select p.id, p.trend_day, round(coalesce((select sum((a.invested_cents / 100.0 + ${TREND_DOLLARS_PER_FOLLOWER} * a.new_followers)
          * (case cast(round(julianday(p.trend_day) - julianday(a.day)) as integer)
             ${Array.from({ length: TREND_DAYS }, (_, age) => `when ${age} then ${TREND_DECAY ** age}`).join(" ")} else 0 end))
        from project_activity_days a where a.project_id = p.id), 0), 4) as score
      from projects p order by p.id`,
  },
  {
    // The Discussion (ADR 055): a post's votes, a thread's replies (all levels) and last activity.
    name: "discussion posts' figures",
    kept: `select id, vote_count, reply_count, last_activity_at from discussion_posts order by id`,
    truth: `select p.id, (select count(*) from discussion_votes v where v.post_id = p.id) as vote_count,
        case when p.depth = 0 then (select count(*) from discussion_posts r where r.thread_id = p.id and r.depth > 0) else p.reply_count end
          as reply_count,
        case when p.depth = 0 then max(p.created_at, coalesce((select max(r.created_at) from discussion_posts r
          where r.thread_id = p.id and r.depth > 0), 0)) else p.last_activity_at end as last_activity_at
      from discussion_posts p order by p.id`,
  },
  {
    name: "projects' thread counts",
    kept: `select id, thread_count from projects order by id`,
    truth: `select p.id, (select count(*) from discussion_posts d where d.project_id = p.id and d.depth = 0 and d.hidden_at is null)
        as thread_count from projects p order by p.id`,
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
