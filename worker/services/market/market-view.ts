/**
 * What a trader sees of a market (ADR 053): the book's best prices with their sizes, the last
 * trade, the day's volume, the recent trades and the daily price series, the latest valuation
 * beside them (kept apart: trading never marks a holding), the transfer rule's date, and for the
 * signed-in viewer their position, their open orders and their recent orders. One batch of reads,
 * each bounded and on an index, whatever the size of the book or the number of trades.
 */
import { freeFrom, isLocked, ORDER_GOOD_FOR_DAYS, type MarketStatus } from "../../../domain/market/market";
import type { RestingOrder } from "../../../domain/market/matching";
import { DAY_MS } from "../../../domain/shared/dates";
import { toDollars } from "../../../domain/shared/money";
import type { SessionUser } from "../../../domain/shared/types";
import type { Database } from "../../../db/client";
import type { BookLevel, TradeView } from "../../../domain/market/views";
import { levelsOf, toOrderDTO, type OrderDTO } from "./orders";

export type { BookLevel, TradeView } from "../../../domain/market/views";

/** Prices shown on each side of the book. */
export const BOOK_LEVELS = 10;
/** Resting orders read from each side to sum into those levels (deeper orders are not shown). */
export const BOOK_DEPTH_READ = 200;
/** Trades the market shows, newest first. */
export const RECENT_TRADES = 20;
/** Days of the price chart. */
export const CHART_DAYS = 180;
/** The viewer's orders shown (open first, then the newest closed ones). */
export const MY_ORDERS = 20;
/** Markets the list shows. */
export const MARKETS_LISTED = 50;

export interface MarketView {
  project: { id: string; slug: string; title: string; regulation: string };
  status: MarketStatus;
  haltReason: string | null;
  openedAt: string;
  /** The transfer rule: the first day anyone may buy (ISO), null when it never bound; and whether it binds today. */
  freeOn: string | null;
  locked: boolean;
  bids: BookLevel[];
  asks: BookLevel[];
  lastPrice: number | null;
  lastTradeAt: string | null;
  today: { shares: number; value: number; trades: number };
  allTime: { shares: number; value: number; trades: number };
  /** The latest reviewed valuation per share (ADR 052), or the raise's price before any. */
  valuation: { price: number; on: string | null; atCost: boolean };
  sharesOutstanding: number;
  treasuryShares: number;
  trades: TradeView[];
  days: { day: string; open: number; high: number; low: number; close: number; shares: number }[];
  viewer: null | {
    role: SessionUser["role"];
    /** A founder of this company (may buy back for it). */
    isFounder: boolean;
    accredited: boolean;
    shares: number;
    listed: number;
    orders: OrderDTO[];
  };
  goodForDays: number;
}

interface Head {
  id: string;
  slug: string;
  title: string;
  regulation_type: string;
  founder_id: string | null;
  settled_at: number | null;
  settled_shares: number | null;
  share_price_cents: number;
  mark_cents: number | null;
  marked_on: string | null;
  status: MarketStatus;
  halt_reason: string | null;
  opened_at: number;
  treasury_shares: number;
  last_price_cents: number | null;
  last_trade_at: number | null;
  trades: number;
  volume_shares: number;
  volume_cents: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

export async function readMarket(
  db: Database,
  project: string,
  viewer: SessionUser | null,
  now: number = Date.now(),
): Promise<MarketView | null> {
  const d1 = db.$client;
  const head = await d1
    .prepare(
      `select p.id, p.slug, p.title, p.regulation_type, p.founder_id, p.settled_at, p.settled_shares, p.share_price_cents,
              p.mark_cents, p.marked_on, m.status, m.halt_reason, m.opened_at, m.treasury_shares, m.last_price_cents,
              m.last_trade_at, m.trades, m.volume_shares, m.volume_cents
       from projects p join markets m on m.project_id = p.id
       where (p.id = ?1 or p.slug = ?1) and p.published_at is not null limit 1`,
    )
    .bind(project)
    .first<Head>();
  if (!head) return null;
  const pid = head.id;
  const today = Math.floor(now / DAY_MS);
  const viewerId = viewer?.id ?? "";
  const [asks, bids, tradeRows, dayRows, position, financials, mine] = await d1.batch([
    d1
      .prepare(
        `select id, owner_id, side, price_cents, remaining, seq from market_orders indexed by market_orders_asks_idx
         where project_id = ?1 and status = 'open' and side = 'sell' and expires_at > ?2 order by price_cents, seq limit ?3`,
      )
      .bind(pid, now, BOOK_DEPTH_READ),
    d1
      .prepare(
        `select id, owner_id, side, price_cents, remaining, seq from market_orders indexed by market_orders_bids_idx
         where project_id = ?1 and status = 'open' and side = 'buy' and expires_at > ?2 order by price_cents desc, seq limit ?3`,
      )
      .bind(pid, now, BOOK_DEPTH_READ),
    d1
      .prepare(
        `select id, shares, price_cents, value_cents, fee_cents, created_at, buyer_id, seller_id, buyer_company
         from trades where project_id = ?1 order by created_at desc limit ?2`,
      )
      .bind(pid, RECENT_TRADES),
    d1
      .prepare(
        `select day, open_cents, high_cents, low_cents, close_cents, shares, value_cents, trades from market_days
         where project_id = ?1 and day > ?2 order by day`,
      )
      .bind(pid, today - CHART_DAYS),
    d1
      .prepare(`select shares, reserved_shares from positions where project_id = ?1 and investor_id = ?2`)
      .bind(pid, viewerId),
    d1.prepare(`select accredited from investor_financials where user_id = ?1`).bind(viewerId),
    d1
      .prepare(
        `select * from market_orders where owner_id = ?1 and project_id = ?2
         order by status = 'open' desc, created_at desc limit ?3`,
      )
      .bind(viewerId, pid, MY_ORDERS),
  ]);
  type BookRow = {
    id: string;
    owner_id: string;
    side: "buy" | "sell";
    price_cents: number;
    remaining: number;
    seq: number;
  };
  const resting = (rows: BookRow[]): RestingOrder[] =>
    rows.map((r) => ({
      id: r.id,
      ownerId: r.owner_id,
      side: r.side,
      priceCents: r.price_cents,
      remaining: r.remaining,
      seq: r.seq,
    }));
  type DayRow = {
    day: number;
    open_cents: number;
    high_cents: number;
    low_cents: number;
    close_cents: number;
    shares: number;
    value_cents: number;
    trades: number;
  };
  const days = dayRows!.results as DayRow[];
  const todayRow = days.find((d) => d.day === today);
  const freeOn = freeFrom(head.regulation_type, head.settled_at);
  const pos = position!.results[0] as { shares: number; reserved_shares: number } | undefined;
  type TradeRow = {
    id: string;
    shares: number;
    price_cents: number;
    value_cents: number;
    fee_cents: number;
    created_at: number;
    buyer_id: string;
    seller_id: string;
    buyer_company: number;
  };
  return {
    project: { id: pid, slug: head.slug, title: head.title, regulation: head.regulation_type },
    status: head.status,
    haltReason: head.halt_reason,
    openedAt: iso(head.opened_at),
    freeOn,
    locked: isLocked(freeOn, now),
    asks: levelsOf(resting(asks!.results as BookRow[]), BOOK_LEVELS),
    bids: levelsOf(resting(bids!.results as BookRow[]), BOOK_LEVELS),
    lastPrice: head.last_price_cents === null ? null : toDollars(head.last_price_cents),
    lastTradeAt: head.last_trade_at === null ? null : iso(head.last_trade_at),
    today: {
      shares: todayRow?.shares ?? 0,
      value: toDollars(todayRow?.value_cents ?? 0),
      trades: todayRow?.trades ?? 0,
    },
    allTime: { shares: head.volume_shares, value: toDollars(head.volume_cents), trades: head.trades },
    valuation: {
      price: toDollars(head.mark_cents ?? head.share_price_cents),
      on: head.mark_cents === null ? null : head.marked_on,
      atCost: head.mark_cents === null,
    },
    sharesOutstanding: head.settled_shares ?? 0,
    treasuryShares: head.treasury_shares,
    trades: (tradeRows!.results as TradeRow[]).map((t) => ({
      id: t.id,
      shares: t.shares,
      price: toDollars(t.price_cents),
      value: toDollars(t.value_cents),
      at: iso(t.created_at),
      mine: !viewer
        ? null
        : t.buyer_id === viewer.id && t.buyer_company === 0
          ? "bought"
          : t.seller_id === viewer.id
            ? "sold"
            : null,
      fee: viewer && t.seller_id === viewer.id ? toDollars(t.fee_cents) : 0,
      buyback: t.buyer_company === 1,
    })),
    days: days.map((d) => ({
      day: new Date(d.day * DAY_MS).toISOString().slice(0, 10),
      open: toDollars(d.open_cents),
      high: toDollars(d.high_cents),
      low: toDollars(d.low_cents),
      close: toDollars(d.close_cents),
      shares: d.shares,
    })),
    viewer: viewer
      ? {
          role: viewer.role,
          isFounder: head.founder_id === viewer.id,
          accredited: (financials!.results[0] as { accredited: number } | undefined)?.accredited === 1,
          shares: pos?.shares ?? 0,
          listed: pos?.reserved_shares ?? 0,
          orders: (mine!.results as Parameters<typeof toOrderDTO>[0][]).map(toOrderDTO),
        }
      : null,
    goodForDays: ORDER_GOOD_FOR_DAYS,
  };
}

export interface MarketSummary {
  project: { id: string; slug: string; title: string; category: string; image: string };
  status: MarketStatus;
  lastPrice: number | null;
  lastTradeAt: string | null;
  valuation: number;
  trades: number;
  /** Today's volume (UTC). */
  today: { shares: number; value: number; trades: number };
  freeOn: string | null;
}

/** Every market, the most recently traded first (those never traded after, newest first): at most 50. */
export async function listMarkets(db: Database, now: number = Date.now()): Promise<MarketSummary[]> {
  const rows = await db.$client
    .prepare(
      `select p.id, p.slug, p.title, p.category, p.image, p.regulation_type, p.settled_at, p.share_price_cents, p.mark_cents,
              m.status, m.last_price_cents, m.last_trade_at, m.trades,
              d.shares as today_shares, d.value_cents as today_cents, d.trades as today_trades
       from markets m join projects p on p.id = m.project_id
       left join market_days d on d.project_id = m.project_id and d.day = ?2
       where m.status <> 'closed'
       order by m.last_trade_at desc, m.opened_at desc limit ?1`,
    )
    .bind(MARKETS_LISTED, Math.floor(now / DAY_MS))
    .all<{
      id: string;
      slug: string;
      title: string;
      category: string;
      image: string;
      regulation_type: string;
      settled_at: number | null;
      share_price_cents: number;
      mark_cents: number | null;
      status: MarketStatus;
      last_price_cents: number | null;
      last_trade_at: number | null;
      trades: number;
      today_shares: number | null;
      today_cents: number | null;
      today_trades: number | null;
    }>();
  return rows.results.map((r) => {
    const freeOn = freeFrom(r.regulation_type, r.settled_at);
    return {
      project: { id: r.id, slug: r.slug, title: r.title, category: r.category, image: r.image },
      status: r.status,
      lastPrice: r.last_price_cents === null ? null : toDollars(r.last_price_cents),
      lastTradeAt: r.last_trade_at === null ? null : iso(r.last_trade_at),
      valuation: toDollars(r.mark_cents ?? r.share_price_cents),
      trades: r.trades,
      today: { shares: r.today_shares ?? 0, value: toDollars(r.today_cents ?? 0), trades: r.today_trades ?? 0 },
      freeOn: isLocked(freeOn, now) ? freeOn : null,
    };
  });
}

/**
 * A market's sequence number, which every change to its book moves on (ADR 053): what the live
 * event stream watches. By the company's id or slug (one read on the projects' and the markets' keys).
 */
export async function marketSeq(db: Database, project: string): Promise<{ projectId: string; seq: number } | null> {
  const row = await db.$client
    .prepare(
      `select m.project_id, m.seq from projects p join markets m on m.project_id = p.id
       where (p.id = ?1 or p.slug = ?1) and p.published_at is not null limit 1`,
    )
    .bind(project)
    .first<{ project_id: string; seq: number }>();
  return row ? { projectId: row.project_id, seq: row.seq } : null;
}
