/**
 * A trader's own exchange (ADR 053), as the portfolio shows it: the shares they hold in companies
 * whose market is open or halted, not closed by an exit (how many are listed for sale, when the
 * transfer rule frees them, the last trade), and their newest trades, bought and sold. Two statements, each bounded and on an index,
 * that the portfolio runs in its one batch (worker/services/money/holdings.ts `readPortfolio`).
 */
import { freeFrom, isLocked, type MarketStatus } from "../../../domain/market/market";
import { toDollars } from "../../../domain/shared/money";
import type { MyExchange } from "../../../domain/market/views";

export type { ExchangeFill, ExchangeHolding, MyExchange } from "../../../domain/market/views";

/** Holdings shown, the largest by value first. */
export const MY_HOLDINGS_ON_MARKET = 20;
/** Trades shown, newest first. */
export const MY_TRADES = 10;

interface HoldingRow {
  project_id: string;
  slug: string;
  title: string;
  shares: number;
  reserved_shares: number;
  regulation_type: string;
  settled_at: number | null;
  status: MarketStatus;
  last_price_cents: number | null;
}

interface FillRow {
  id: string;
  side: "bought" | "sold";
  slug: string;
  title: string;
  shares: number;
  price_cents: number;
  value_cents: number;
  fee_cents: number;
  created_at: number;
}

/** The holdings (statement 1) and the trades (statement 2), for the caller's batch. */
export function myExchangeStatements(d1: D1Database, userId: string): D1PreparedStatement[] {
  const side = (role: "buyer" | "seller", word: "bought" | "sold") =>
    `select * from (select t.id, '${word}' as side, p.slug, p.title, t.shares, t.price_cents, t.value_cents,
              ${role === "seller" ? "t.fee_cents" : "0"} as fee_cents, t.created_at
       from trades t indexed by trades_${role}_idx join projects p on p.id = t.project_id
       where t.${role}_id = ?1 order by t.created_at desc, t.id desc limit ?2)`;
  return [
    d1
      .prepare(
        `select k.project_id, p.slug, p.title, k.shares, k.reserved_shares, p.regulation_type, p.settled_at,
                m.status, m.last_price_cents
         from positions k indexed by positions_investor_value_idx
         join markets m on m.project_id = k.project_id
         join projects p on p.id = k.project_id
         where k.investor_id = ?1 and k.shares > 0 and m.status <> 'closed'
         order by k.value_cents desc, k.project_id limit ?2`,
      )
      .bind(userId, MY_HOLDINGS_ON_MARKET),
    d1
      .prepare(
        `${side("buyer", "bought")} union all ${side("seller", "sold")} order by created_at desc, id desc limit ?2`,
      )
      .bind(userId, MY_TRADES),
  ];
}

/** What the two statements read, as the portfolio shows it. */
export function myExchangeOf(holdings: unknown[], fills: unknown[], now: number = Date.now()): MyExchange {
  return {
    holdings: (holdings as HoldingRow[]).map((r) => {
      const freeOn = freeFrom(r.regulation_type, r.settled_at);
      return {
        projectId: r.project_id,
        slug: r.slug,
        title: r.title,
        shares: r.shares,
        listed: r.reserved_shares,
        freeOn,
        locked: isLocked(freeOn, now),
        market: r.status,
        lastPrice: r.last_price_cents == null ? null : toDollars(r.last_price_cents),
      };
    }),
    fills: (fills as FillRow[]).map((r) => ({
      id: r.id,
      side: r.side,
      slug: r.slug,
      title: r.title,
      shares: r.shares,
      price: toDollars(r.price_cents),
      value: toDollars(r.value_cents),
      fee: toDollars(r.fee_cents),
      net: toDollars(r.side === "sold" ? r.value_cents - r.fee_cents : r.value_cents),
      at: new Date(r.created_at).toISOString(),
    })),
  };
}
