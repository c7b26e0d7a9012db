/**
 * The Campus Exchange's rules (ADR 053): one market per funded company, a continuous limit order
 * book, the Reg CF transfer rule, the simulated fee. Pure: the order service enforces every rule
 * here (worker/services/market/orders.ts) and the pages and the API say them in the same words.
 *
 * - **Orders** are limits: a side, a whole number of shares, a price per share in whole cents. They
 *   rest, good for `ORDER_GOOD_FOR_DAYS`, until filled, cancelled, expired or the market halts.
 * - **The transfer rule** (17 CFR 227.501): securities issued in a Reg CF offering may not be
 *   transferred for one year from issuance, except to the issuer, to an accredited investor, to a
 *   family member or as part of a registered offering (the last two have no place in a simulated
 *   exchange). The year runs from the issue (the day the raise settled, when every investment was
 *   confirmed), and it binds later buyers too: shares bought on the exchange carry the same date.
 *   CampusFund's SAFE raises count as Reg CF (as for the investment limit); Reg A+ Tier 2 shares are
 *   not restricted securities and trade freely from the start.
 *   While the year runs, a sell order may rest, but only the company (its founder, buying back) and
 *   accredited investors (the self-declared flag of the investor financials) may place buy orders,
 *   so every trade the book makes is one the rule allows.
 * - **What a buyer may spend**: the demo account is unlimited (spec section 1), and the Reg CF
 *   12-month limit (227.100(a)(2)) counts only securities an issuer sells in reliance on section
 *   4(a)(6), so a resale on the exchange does not count towards it. An order is bounded instead:
 *   at most `ORDER_MAX_CENTS` of value and at most the company's shares.
 * - **Fee**: `FEE_BPS` of each trade's value, paid by the seller (rounded to the cent, halves up),
 *   out of the proceeds: the buyer pays shares × price, the seller receives that less the fee.
 * - **Self-trade** is prevented: an order that would trade with its owner's own resting order is
 *   refused before anything is written.
 */
import * as v from "valibot";

import { IDEMPOTENCY_KEY_MAX } from "../projects/project";
import { feeFor, ORDER_GOOD_FOR_DAYS, ORDER_SIDES, type OrderSide } from "./terms";

export * from "./terms";
import { formatDate, formatMoney, formatNumber, formatPrice } from "../shared/format";
import { toDollars } from "../shared/money";

export const ORDER_STATUSES = ["open", "filled", "cancelled", "expired"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Why an order stopped resting without filling (shown on the trader's orders). */
export const CANCEL_REASONS = ["owner", "halt", "exit", "sweep"] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

export const MARKET_STATUSES = ["open", "halted", "closed"] as const;
export type MarketStatus = (typeof MARKET_STATUSES)[number];

/** The smallest step of a price: one cent. */
export const TICK_CENTS = 1;
/** The highest price per share an order may name: $10,000. */
export const PRICE_MAX_CENTS = 1_000_000;
/** The most one order may be worth (shares × price): $1,000,000. */
export const ORDER_MAX_CENTS = 100_000_000;
/** Open orders one person may have in one market at a time (a bounded book per trader). */
export const OPEN_ORDERS_MAX = 10;
/** Orders one person may place in an hour, across markets. */
export const ORDERS_PER_HOUR = 60;
/**
 * Resting orders one incoming order may trade with. What would still cross after that many fills
 * is cancelled rather than left resting across the book (an order of the size this takes is one a
 * student exchange does not see; the answer says what filled).
 */
export const MAX_FILLS_PER_ORDER = 50;

export const MARKET_MESSAGES = {
  notFound: "This company has no market",
  notTrading: "This company's raise has not been funded and settled, so its shares do not trade yet",
  halted: (reason: string) => `Trading in this company is halted: ${reason}`,
  closed: "This company's market is closed: its shares no longer trade",
  side: "Choose buy or sell",
  sharesWhole: "Shares must be a whole number of at least 1",
  sharesTooMany: (max: number) => `An order can be for at most ${formatNumber(max)} shares, the company's shares held`,
  price: "Enter a price per share in dollars, at least $0.01, with at most 2 decimals",
  priceTooHigh: `The price per share can be at most ${formatMoney(toDollars(PRICE_MAX_CENTS))}`,
  orderTooLarge: `An order can be worth at most ${formatMoney(toDollars(ORDER_MAX_CENTS))}`,
  notHolder: "You hold no shares of this company to sell",
  notEnoughShares: (free: number) =>
    free === 0
      ? "All your shares of this company are already listed in open sell orders"
      : `You can sell at most ${formatNumber(free)} more shares: the rest are listed in your open sell orders`,
  founderSells: "A company does not sell its shares on the exchange",
  founderBuysOther: "Founders can buy back only their own company's shares",
  cannotTrade: "Only investors can trade on the exchange",
  tooManyOpen: `You can have at most ${OPEN_ORDERS_MAX} open orders in one market. Cancel one first.`,
  selfTrade: (side: OrderSide, priceCents: number) =>
    `This order would trade with your own ${side === "buy" ? "sell" : "buy"} order at ${formatPrice(toDollars(priceCents))}. Cancel that order first.`,
  locked: (freeOn: string) =>
    `Under Regulation Crowdfunding (17 CFR 227.501), shares bought in this raise may be sold only to the company or to an accredited investor until ${formatDate(freeOn)}. You can buy them from that day.`,
  orderNotFound: "Order not found",
  notYourOrder: "You can cancel only your own orders",
  notOpen: "This order is no longer open",
  keyReused: "This idempotency key was already used for a different order",
  busy: "The market is busy. Please try again.",
  rate: `You can place at most ${ORDERS_PER_HOUR} orders an hour. Please try again later.`,
} as const;

/** Whether `buyer` may buy while the rule binds: the company, or an accredited investor. */
export function mayBuyWhileLocked(buyer: { company: boolean; accredited: boolean }): boolean {
  return buyer.company || buyer.accredited;
}

export interface OrderInput {
  side: OrderSide;
  shares: number;
  priceCents: number;
}

export type OrderProblem = { field: "side" | "shares" | "price"; message: string };

/**
 * Reads an order's fields as a form or a JSON body sends them (strings or numbers): the side, whole
 * shares, and a price in dollars with at most two decimals. `maxShares` is the company's shares.
 */
export function parseOrder(
  raw: { side?: unknown; shares?: unknown; price?: unknown },
  maxShares: number,
): { ok: true; order: OrderInput } | { ok: false; problems: OrderProblem[] } {
  const problems: OrderProblem[] = [];
  const side = typeof raw.side === "string" ? raw.side.trim().toLowerCase() : "";
  if (!ORDER_SIDES.includes(side as OrderSide)) problems.push({ field: "side", message: MARKET_MESSAGES.side });

  const sharesText =
    typeof raw.shares === "number" ? String(raw.shares) : typeof raw.shares === "string" ? raw.shares.trim() : "";
  const shares = /^\d{1,12}$/.test(sharesText) ? Number(sharesText) : NaN;
  if (!Number.isSafeInteger(shares) || shares < 1)
    problems.push({ field: "shares", message: MARKET_MESSAGES.sharesWhole });
  else if (shares > maxShares) problems.push({ field: "shares", message: MARKET_MESSAGES.sharesTooMany(maxShares) });

  const priceText =
    typeof raw.price === "number"
      ? String(raw.price)
      : typeof raw.price === "string"
        ? raw.price.trim().replace(/^\$/, "")
        : "";
  let priceCents = NaN;
  if (/^\d{1,9}(\.\d{1,2})?$/.test(priceText)) {
    const [whole, frac = ""] = priceText.split(".");
    priceCents = Number(whole) * 100 + Number(frac.padEnd(2, "0"));
  }
  if (!Number.isSafeInteger(priceCents) || priceCents < TICK_CENTS)
    problems.push({ field: "price", message: MARKET_MESSAGES.price });
  else if (priceCents > PRICE_MAX_CENTS) problems.push({ field: "price", message: MARKET_MESSAGES.priceTooHigh });

  if (problems.length === 0 && shares * priceCents > ORDER_MAX_CENTS) {
    problems.push({ field: "shares", message: MARKET_MESSAGES.orderTooLarge });
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, order: { side: side as OrderSide, shares, priceCents } };
}

/** What an order costs or pays, as the form shows it before it is placed (at its limit price). */
export function orderPreview(order: OrderInput): { valueCents: number; feeCents: number; netCents: number } {
  const valueCents = order.shares * order.priceCents;
  const feeCents = order.side === "sell" ? feeFor(valueCents) : 0;
  return { valueCents, feeCents, netCents: order.side === "sell" ? valueCents - feeCents : valueCents };
}

const shareWord = (n: number) => `${formatNumber(n)} ${n === 1 ? "share" : "shares"}`;
const price = (cents: number) => formatPrice(toDollars(cents));

/**
 * What placing an order did, in one sentence: what traded (shares and their average price) and
 * what rests on the book or was swept. `filled` and `valueCents` are the order's fills.
 */
export function orderOutcome(o: {
  side: OrderSide;
  shares: number;
  priceCents: number;
  filled: number;
  valueCents: number;
  rests: number;
  swept: number;
  forCompany?: boolean;
}): string {
  const verb = o.side === "buy" ? (o.forCompany ? "The company bought back" : "You bought") : "You sold";
  const parts: string[] = [];
  if (o.filled > 0) {
    const average = o.valueCents / o.filled;
    const each = Number.isInteger(average)
      ? price(average)
      : `${formatPrice(toDollars(Math.round(average)))} on average`;
    parts.push(`${verb} ${shareWord(o.filled)} at ${each} (${price(o.valueCents)}).`);
  }
  if (o.rests > 0) {
    parts.push(
      o.filled > 0
        ? `The other ${shareWord(o.rests)} rest on the book at ${price(o.priceCents)} until they fill, for up to ${ORDER_GOOD_FOR_DAYS} days.`
        : `Your ${o.side} order for ${shareWord(o.rests)} at ${price(o.priceCents)} is on the book until it fills, for up to ${ORDER_GOOD_FOR_DAYS} days.`,
    );
  }
  if (o.swept > 0) {
    parts.push(
      `The other ${shareWord(o.swept)} were not placed: an order trades with at most ${MAX_FILLS_PER_ORDER} others at once.`,
    );
  }
  return parts.join(" ");
}

/**
 * An order as the API documents it (the service reads it with `parseOrder`, which also takes a
 * form's strings): a side, whole shares, a price in dollars with at most two decimals, and an
 * idempotency key (or the `Idempotency-Key` header).
 */
export const OrderBody = v.object({
  side: v.pipe(v.picklist(ORDER_SIDES), v.description("buy or sell")),
  shares: v.pipe(v.number(), v.integer(), v.minValue(1), v.description("Whole shares")),
  price: v.pipe(
    v.number(),
    v.minValue(TICK_CENTS / 100),
    v.maxValue(PRICE_MAX_CENTS / 100),
    v.description("The limit price per share, dollars, at most 2 decimals"),
  ),
  idempotencyKey: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(IDEMPOTENCY_KEY_MAX))),
});
