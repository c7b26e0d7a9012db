/**
 * The Campus Exchange (ADR 053): a market per funded company, its orders and its trades.
 * Part of the one schema (db/schema.ts re-exports every table; conventions there).
 *
 * - `markets`: one row per funded, settled company (made by trigger when its raise is funded).
 *   `seq` is the market's sequence number, and its lock: every change to the market's book (an
 *   order placed, cancelled, expired, a halt) is one batch whose first statement moves `seq` on
 *   from the value its request read, or to -1 when another batch moved it first, which the CHECK
 *   refuses, rolling the whole batch back (worker/services/market/orders.ts retries it).
 * - `market_orders`: limit orders, resting while `open`. A sell order's open remainder is reserved
 *   on its owner's position (positions.reserved_shares, kept by trigger; a position can never
 *   reserve more than it holds nor hold fewer than 0: a trigger aborts the batch).
 * - `trades`: a buy order and a sell order that met, once (unique pair). The holders' positions,
 *   their money by day, the market's last price and volume and its day's figures follow by trigger
 *   (migrations/0030).
 * - `market_days`: a market's trades per UTC day (open, high, low, close, volume): the price chart.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { CANCEL_REASONS, MARKET_STATUSES, ORDER_SIDES, ORDER_STATUSES } from "../domain/market/market";
import { users } from "./schema-accounts";
import { projects } from "./schema-projects";

export const markets = sqliteTable(
  "markets",
  {
    projectId: text("project_id")
      .primaryKey()
      .references(() => projects.id, { onDelete: "cascade" }),
    status: text("status", { enum: MARKET_STATUSES }).notNull().default("open"),
    seq: integer("seq").notNull().default(0),
    /** Why an admin halted it (shown on its page), who and when. */
    haltReason: text("halt_reason"),
    haltedBy: text("halted_by"),
    haltedAt: integer("halted_at"),
    /** When it opened (the raise's settlement) and closed (the company's exit). */
    openedAt: integer("opened_at").notNull(),
    closedAt: integer("closed_at"),
    /** Shares the company bought back (its treasury): held by nobody on the cap table. */
    treasuryShares: integer("treasury_shares").notNull().default(0),
    lastPriceCents: integer("last_price_cents"),
    lastTradeAt: integer("last_trade_at"),
    trades: integer("trades").notNull().default(0),
    volumeShares: integer("volume_shares").notNull().default(0),
    volumeCents: integer("volume_cents").notNull().default(0),
  },
  (t) => [
    check("markets_seq", sql`${t.seq} >= 0`),
    /** The list of markets trading or halted: the most recently traded first, then the newest. */
    index("markets_listed_idx")
      .on(t.lastTradeAt, t.openedAt)
      .where(sql`status <> 'closed'`),
  ],
);

export const marketOrders = sqliteTable(
  "market_orders",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => markets.projectId, { onDelete: "cascade" }),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** A founder's buy order for their company (a buyback): the shares go to its treasury. */
    forCompany: integer("for_company", { mode: "boolean" }).notNull().default(false),
    side: text("side", { enum: ORDER_SIDES }).notNull(),
    priceCents: integer("price_cents").notNull(),
    shares: integer("shares").notNull(),
    /** Shares still to fill: they rest while `status` is open. */
    remaining: integer("remaining").notNull(),
    status: text("status", { enum: ORDER_STATUSES }).notNull(),
    cancelReason: text("cancel_reason", { enum: CANCEL_REASONS }),
    /** The market's sequence number when it was placed: its time priority. */
    seq: integer("seq").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    /** When it stopped resting (filled, cancelled, expired). */
    closedAt: integer("closed_at"),
  },
  (t) => [
    uniqueIndex("market_orders_key_idx").on(t.ownerId, t.idempotencyKey),
    /** The book: each side's open orders in priority (asks lowest first, bids highest first), then time. */
    index("market_orders_asks_idx")
      .on(t.projectId, t.priceCents, t.seq)
      .where(sql`status = 'open' and side = 'sell'`),
    index("market_orders_bids_idx")
      .on(t.projectId, sql`${t.priceCents} desc`, t.seq)
      .where(sql`status = 'open' and side = 'buy'`),
    /** A trader's orders in a market, newest first (and their open ones, counted). */
    index("market_orders_owner_idx").on(t.ownerId, t.projectId, t.status, t.createdAt),
    /** A market's open orders (a halt or an exit cancels them; each market's expired ones). */
    index("market_orders_project_idx").on(t.projectId, t.status, t.expiresAt),
    /** The expiry sweep. */
    index("market_orders_expiry_idx")
      .on(t.expiresAt)
      .where(sql`status = 'open'`),
    check("market_orders_remaining", sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.shares}`),
    check("market_orders_size", sql`${t.shares} >= 1 and ${t.priceCents} >= 1`),
  ],
);

export const trades = sqliteTable(
  "trades",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => markets.projectId, { onDelete: "cascade" }),
    buyOrderId: text("buy_order_id").notNull(),
    sellOrderId: text("sell_order_id").notNull(),
    buyerId: text("buyer_id").notNull(),
    /** The buyer was the company (its founder buying back): the shares went to its treasury. */
    buyerCompany: integer("buyer_company", { mode: "boolean" }).notNull().default(false),
    sellerId: text("seller_id").notNull(),
    shares: integer("shares").notNull(),
    priceCents: integer("price_cents").notNull(),
    /** shares × price: what the buyer paid. */
    valueCents: integer("value_cents").notNull(),
    /** The seller's fee (FEE_BPS of the value): the seller received value − fee. */
    feeCents: integer("fee_cents").notNull(),
    /** The cost of the shares sold, at the seller's average cost: the realized gain is value − fee − this. */
    sellerCostCents: integer("seller_cost_cents").notNull(),
    createdAt: integer("created_at").notNull(),
    /** UTC days since 1970-01-01. */
    day: integer("day").notNull(),
  },
  (t) => [
    uniqueIndex("trades_orders_idx").on(t.buyOrderId, t.sellOrderId),
    index("trades_project_idx").on(t.projectId, t.createdAt),
    index("trades_buyer_idx").on(t.buyerId, t.createdAt),
    index("trades_seller_idx").on(t.sellerId, t.createdAt),
    check(
      "trades_cash",
      sql`${t.valueCents} = ${t.shares} * ${t.priceCents} and ${t.feeCents} >= 0 and ${t.feeCents} <= ${t.valueCents}`,
    ),
    check("trades_size", sql`${t.shares} >= 1`),
  ],
);

export const marketDays = sqliteTable(
  "market_days",
  {
    projectId: text("project_id").notNull(),
    day: integer("day").notNull(),
    openCents: integer("open_cents").notNull(),
    highCents: integer("high_cents").notNull(),
    lowCents: integer("low_cents").notNull(),
    closeCents: integer("close_cents").notNull(),
    trades: integer("trades").notNull(),
    shares: integer("shares").notNull(),
    valueCents: integer("value_cents").notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.day] })],
);
