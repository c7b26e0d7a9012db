/**
 * The matching of a continuous limit order book (ADR 053), pure: given an incoming order and the
 * resting orders on the other side, which trades it makes. Price first (the lowest ask, the highest
 * bid), then time (the market's sequence number when the order was placed: lower is earlier). A
 * trade is at the resting order's price; sizes that differ fill partially; what is left of the
 * incoming order rests (or, past `MAX_FILLS_PER_ORDER` fills, is cancelled rather than left crossing
 * the book). An order that would trade with its owner's own resting order is refused whole (self-
 * trade prevention): nothing is filled, so the owner decides which of their orders to keep.
 */
import { MAX_FILLS_PER_ORDER, type OrderSide } from "./market";

export interface RestingOrder {
  id: string;
  ownerId: string;
  side: OrderSide;
  priceCents: number;
  /** Shares still to fill. */
  remaining: number;
  /** The market's sequence number when it was placed: time priority. */
  seq: number;
}

export interface IncomingOrder {
  ownerId: string;
  side: OrderSide;
  priceCents: number;
  shares: number;
}

export interface Fill {
  restingId: string;
  restingOwnerId: string;
  shares: number;
  /** The resting order's price. */
  priceCents: number;
}

export type MatchResult =
  | { kind: "self-trade"; priceCents: number }
  | {
      kind: "matched";
      fills: Fill[];
      /** Shares of the incoming order that rest on the book. */
      rests: number;
      /** Shares that would still cross after `MAX_FILLS_PER_ORDER` fills: cancelled. */
      swept: number;
    };

/** Whether a resting order's price is one the incoming order accepts. */
export function crosses(
  incoming: Pick<IncomingOrder, "side" | "priceCents">,
  resting: Pick<RestingOrder, "priceCents">,
): boolean {
  return incoming.side === "buy"
    ? resting.priceCents <= incoming.priceCents
    : resting.priceCents >= incoming.priceCents;
}

/** Orders of one side in priority order: asks by lowest price, bids by highest, then earliest. */
export function byPriority<T extends Pick<RestingOrder, "side" | "priceCents" | "seq">>(orders: readonly T[]): T[] {
  return [...orders].sort((a, b) =>
    a.priceCents !== b.priceCents
      ? a.side === "sell"
        ? a.priceCents - b.priceCents
        : b.priceCents - a.priceCents
      : a.seq - b.seq,
  );
}

/**
 * The trades `incoming` makes against `opposite` (the other side's resting orders, any order: they
 * are put in priority here). Orders of the same side as the incoming one are ignored.
 */
export function match(
  incoming: IncomingOrder,
  opposite: readonly RestingOrder[],
  maxFills = MAX_FILLS_PER_ORDER,
): MatchResult {
  const book = byPriority(opposite.filter((o) => o.side !== incoming.side && o.remaining > 0));
  const fills: Fill[] = [];
  let left = incoming.shares;
  for (const resting of book) {
    if (left === 0 || !crosses(incoming, resting)) break;
    if (resting.ownerId === incoming.ownerId) return { kind: "self-trade", priceCents: resting.priceCents };
    if (fills.length === maxFills) return { kind: "matched", fills, rests: 0, swept: left };
    const shares = Math.min(left, resting.remaining);
    fills.push({ restingId: resting.id, restingOwnerId: resting.ownerId, shares, priceCents: resting.priceCents });
    left -= shares;
  }
  return { kind: "matched", fills, rests: left, swept: 0 };
}
