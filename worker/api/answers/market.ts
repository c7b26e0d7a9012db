/**
 * The answers of the Campus Exchange (worker/api/markets.ts, ADR 053), with their examples (ADR 042).
 */
import * as v from "valibot";

import { CANCEL_REASONS, MARKET_STATUSES, ORDER_SIDES, ORDER_STATUSES } from "../../../domain/market/market";
import { ok } from "./common";

const isoTimestamp = v.pipe(v.string(), v.isoTimestamp());
const isoDate = v.pipe(v.string(), v.isoDate());
const dollars = v.pipe(v.number(), v.minValue(0));
const count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** One order (worker/services/market/orders.ts `OrderDTO`). */
export const OrderAnswer = v.object({
  id: v.string(),
  projectId: v.string(),
  side: v.picklist(ORDER_SIDES),
  forCompany: v.pipe(v.boolean(), v.description("A founder's buy order for the company (a buyback)")),
  shares: count,
  remaining: v.pipe(count, v.description("Shares still to fill; what was left when it was canceled or expired")),
  filled: count,
  price: v.pipe(dollars, v.description("The limit price per share")),
  status: v.picklist(ORDER_STATUSES),
  cancelReason: v.nullable(v.picklist(CANCEL_REASONS)),
  createdAt: isoTimestamp,
  expiresAt: isoTimestamp,
  closedAt: v.nullable(isoTimestamp),
});

const FillAnswer = v.object({
  tradeId: v.string(),
  shares: count,
  price: dollars,
  value: dollars,
  fee: v.pipe(dollars, v.description("The seller's fee (2% of the value); 0 to a buyer")),
});

export const PlaceOrderAnswer = v.object({
  success: ok,
  message: v.string(),
  replayed: v.boolean(),
  order: OrderAnswer,
  fills: v.array(FillAnswer),
});

export const CancelOrderAnswer = v.object({ success: ok, message: v.string(), order: OrderAnswer });

const Level = v.object({ price: dollars, shares: count, orders: count });

export const MarketAnswer = v.object({
  project: v.object({ id: v.string(), slug: v.string(), title: v.string(), regulation: v.string() }),
  status: v.picklist(MARKET_STATUSES),
  haltReason: v.nullable(v.string()),
  openedAt: isoTimestamp,
  freeOn: v.pipe(
    v.nullable(isoDate),
    v.description(
      "The first day anyone may buy (17 CFR 227.501's year from the issue); null when the rule never bound",
    ),
  ),
  locked: v.pipe(v.boolean(), v.description("The rule binds today: only the company and accredited investors may buy")),
  bids: v.array(Level),
  asks: v.array(Level),
  lastPrice: v.nullable(dollars),
  lastTradeAt: v.nullable(isoTimestamp),
  today: v.object({ shares: count, value: dollars, trades: count }),
  allTime: v.object({ shares: count, value: dollars, trades: count }),
  valuation: v.pipe(
    v.object({ price: dollars, on: v.nullable(isoDate), atCost: v.boolean() }),
    v.description(
      "The latest reviewed valuation per share (trading never changes it), or the raise's price before any",
    ),
  ),
  sharesOutstanding: count,
  treasuryShares: count,
  trades: v.array(
    v.object({
      id: v.string(),
      shares: count,
      price: dollars,
      value: dollars,
      at: isoTimestamp,
      mine: v.nullable(v.picklist(["bought", "sold"])),
      fee: dollars,
      buyback: v.boolean(),
    }),
  ),
  days: v.array(v.object({ day: isoDate, open: dollars, high: dollars, low: dollars, close: dollars, shares: count })),
  viewer: v.nullable(
    v.object({
      role: v.picklist(["investor", "founder", "admin"]),
      isFounder: v.boolean(),
      accredited: v.boolean(),
      shares: count,
      listed: v.pipe(count, v.description("Shares listed in the viewer's open sell orders")),
      orders: v.array(OrderAnswer),
    }),
  ),
  goodForDays: count,
});

export const MarketsAnswer = v.object({
  markets: v.array(
    v.object({
      project: v.object({
        id: v.string(),
        slug: v.string(),
        title: v.string(),
        category: v.string(),
        image: v.string(),
      }),
      status: v.picklist(MARKET_STATUSES),
      lastPrice: v.nullable(dollars),
      lastTradeAt: v.nullable(isoTimestamp),
      valuation: dollars,
      trades: count,
      today: v.pipe(v.object({ shares: count, value: dollars, trades: count }), v.description("Today's volume (UTC)")),
      freeOn: v.nullable(isoDate),
    }),
  ),
});

/** A halt or a resumption (worker/services/market/halts.ts `HaltResult`). */
export const HaltAnswer = v.object({
  success: ok,
  message: v.string(),
  market: v.object({
    projectId: v.string(),
    slug: v.string(),
    title: v.string(),
    status: v.picklist(MARKET_STATUSES),
    haltReason: v.pipe(v.nullable(v.string()), v.description("Shown on the company's market while it is halted")),
    cancelledOrders: v.pipe(count, v.description("Open orders the halt canceled (0 for a resumption)")),
  }),
});

const ORDER = {
  id: "0b8f4a52-6c1e-4d2a-9f3b-7e5d1c2a4b6f",
  projectId: "tutorloop",
  side: "buy",
  forCompany: false,
  shares: 10,
  remaining: 4,
  filled: 6,
  price: 12.5,
  status: "open",
  cancelReason: null,
  createdAt: "2026-11-02T15:04:05.000Z",
  expiresAt: "2026-12-02T15:04:05.000Z",
  closedAt: null,
} as const;

export const MARKET_EXAMPLES = {
  haltReason: { reason: "The company reported a data breach; trading waits for its statement." },
  resumeReason: { reason: "The company's statement is published on its page." },
  halted: {
    success: true,
    message: "Trading is halted: every open order was canceled and the reason is shown on the company's market.",
    market: {
      projectId: "tutorloop",
      slug: "tutorloop",
      title: "TutorLoop",
      status: "halted",
      haltReason: "The company reported a data breach; trading waits for its statement.",
      cancelledOrders: 7,
    },
  },
  resumed: {
    success: true,
    message: "Trading has resumed: the company's book is open again.",
    market: {
      projectId: "tutorloop",
      slug: "tutorloop",
      title: "TutorLoop",
      status: "open",
      haltReason: null,
      cancelledOrders: 0,
    },
  },
  order: { side: "buy", shares: 10, price: 12.5, idempotencyKey: "3d6f0e2c-order-1" },
  placed: {
    success: true,
    message:
      "You bought 6 shares at $12.00 ($72.00). The other 4 shares rest on the book at $12.50 until they fill, for up to 30 days.",
    replayed: false,
    order: ORDER,
    fills: [{ tradeId: "7a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d", shares: 6, price: 12, value: 72, fee: 0 }],
  },
  cancelled: {
    success: true,
    message: "Your order was canceled: nothing more of it will trade.",
    order: { ...ORDER, status: "cancelled", cancelReason: "owner", closedAt: "2026-11-03T09:00:00.000Z" },
  },
  market: {
    project: { id: "tutorloop", slug: "tutorloop", title: "TutorLoop", regulation: "RegCF" },
    status: "open",
    haltReason: null,
    openedAt: "2026-03-15T17:00:00.000Z",
    freeOn: "2027-03-15",
    locked: true,
    bids: [{ price: 12, shares: 30, orders: 2 }],
    asks: [{ price: 12.5, shares: 4, orders: 1 }],
    lastPrice: 12,
    lastTradeAt: "2026-11-02T15:04:05.000Z",
    today: { shares: 6, value: 72, trades: 1 },
    allTime: { shares: 120, value: 1410, trades: 9 },
    valuation: { price: 15, on: "2026-09-01", atCost: false },
    sharesOutstanding: 8000,
    treasuryShares: 0,
    trades: [
      {
        id: "7a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
        shares: 6,
        price: 12,
        value: 72,
        at: "2026-11-02T15:04:05.000Z",
        mine: null,
        fee: 0,
        buyback: false,
      },
    ],
    days: [{ day: "2026-11-02", open: 11.5, high: 12, low: 11.5, close: 12, shares: 20 }],
    viewer: null,
    goodForDays: 30,
  },
  markets: {
    markets: [
      {
        project: {
          id: "tutorloop",
          slug: "tutorloop",
          title: "TutorLoop",
          category: "education",
          image: "/images/tutorloop.svg",
        },
        status: "open",
        lastPrice: 12,
        lastTradeAt: "2026-11-02T15:04:05.000Z",
        valuation: 15,
        trades: 9,
        today: { shares: 6, value: 72, trades: 1 },
        freeOn: "2027-03-15",
      },
    ],
  },
} as const;
