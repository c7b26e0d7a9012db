import { describe, expect, it } from "vitest";

import {
  feeFor,
  freeFrom,
  isLocked,
  MARKET_MESSAGES,
  ORDER_MAX_CENTS,
  orderPreview,
  parseOrder,
  PRICE_MAX_CENTS,
} from "../../domain/market/market";
import { byPriority, match, type RestingOrder } from "../../domain/market/matching";

let n = 0;
const ask = (ownerId: string, priceCents: number, remaining: number, seq = ++n): RestingOrder => ({
  id: `s${seq}`,
  ownerId,
  side: "sell",
  priceCents,
  remaining,
  seq,
});
const bid = (ownerId: string, priceCents: number, remaining: number, seq = ++n): RestingOrder => ({
  id: `b${seq}`,
  ownerId,
  side: "buy",
  priceCents,
  remaining,
  seq,
});

describe("price-time priority", () => {
  it("a buy takes the lowest ask first, and among equal prices the earliest", () => {
    const book = [ask("a", 1100, 5, 3), ask("b", 1000, 5, 2), ask("c", 1000, 5, 1)];
    const result = match({ ownerId: "me", side: "buy", priceCents: 1200, shares: 12 }, book);
    expect(result).toEqual({
      kind: "matched",
      fills: [
        { restingId: "s1", restingOwnerId: "c", shares: 5, priceCents: 1000 },
        { restingId: "s2", restingOwnerId: "b", shares: 5, priceCents: 1000 },
        { restingId: "s3", restingOwnerId: "a", shares: 2, priceCents: 1100 },
      ],
      rests: 0,
      swept: 0,
    });
  });

  it("a sell takes the highest bid first, at the bid's price", () => {
    const book = [bid("a", 900, 4, 1), bid("b", 950, 4, 2)];
    const result = match({ ownerId: "me", side: "sell", priceCents: 800, shares: 6 }, book);
    expect(result).toEqual({
      kind: "matched",
      fills: [
        { restingId: "b2", restingOwnerId: "b", shares: 4, priceCents: 950 },
        { restingId: "b1", restingOwnerId: "a", shares: 2, priceCents: 900 },
      ],
      rests: 0,
      swept: 0,
    });
  });

  it("orders the book's sides for display the way they match", () => {
    expect(byPriority([ask("a", 1200, 1, 1), ask("b", 1000, 1, 3), ask("c", 1000, 1, 2)]).map((o) => o.id)).toEqual([
      "s2",
      "s3",
      "s1",
    ]);
    expect(byPriority([bid("a", 900, 1, 1), bid("b", 950, 1, 2), bid("c", 950, 1, 3)]).map((o) => o.id)).toEqual([
      "b2",
      "b3",
      "b1",
    ]);
  });
});

describe("crossing and resting", () => {
  it("an order that does not cross rests whole", () => {
    const result = match({ ownerId: "me", side: "buy", priceCents: 999, shares: 3 }, [ask("a", 1000, 5)]);
    expect(result).toEqual({ kind: "matched", fills: [], rests: 3, swept: 0 });
  });

  it("fills partially and rests the rest when the crossing side runs out", () => {
    const result = match({ ownerId: "me", side: "buy", priceCents: 1000, shares: 10 }, [
      ask("a", 1000, 4),
      ask("b", 1001, 50),
    ]);
    expect(result.kind === "matched" && [result.fills.map((f) => f.shares), result.rests]).toEqual([[4], 6]);
  });

  it("a large resting order fills the incoming one and keeps the difference", () => {
    const result = match({ ownerId: "me", side: "sell", priceCents: 500, shares: 3 }, [bid("a", 600, 10)]);
    expect(result).toEqual({
      kind: "matched",
      fills: [{ restingId: expect.any(String), restingOwnerId: "a", shares: 3, priceCents: 600 }],
      rests: 0,
      swept: 0,
    });
  });

  it("ignores same-side and empty orders", () => {
    const result = match({ ownerId: "me", side: "buy", priceCents: 1000, shares: 2 }, [
      bid("a", 2000, 5),
      ask("b", 900, 0),
      ask("c", 950, 2),
    ]);
    expect(result.kind === "matched" && result.fills.map((f) => f.restingOwnerId)).toEqual(["c"]);
  });

  it("past the most fills an order may make, what would still cross is swept, not left crossing the book", () => {
    const book = [ask("a", 1000, 1), ask("b", 1000, 1), ask("c", 1000, 1)];
    const result = match({ ownerId: "me", side: "buy", priceCents: 1000, shares: 5 }, book, 2);
    expect(result).toEqual({ kind: "matched", fills: [expect.anything(), expect.anything()], rests: 0, swept: 3 });
  });
});

describe("self-trade is prevented", () => {
  it("an order that would reach its owner's own resting order is refused whole", () => {
    const book = [ask("other", 1000, 1), ask("me", 1050, 5), ask("other", 1100, 5)];
    expect(match({ ownerId: "me", side: "buy", priceCents: 1100, shares: 4 }, book)).toEqual({
      kind: "self-trade",
      priceCents: 1050,
    });
  });

  it("an own order the incoming one never reaches does not stop it", () => {
    const book = [ask("other", 1000, 5), ask("me", 1050, 5)];
    const result = match({ ownerId: "me", side: "buy", priceCents: 1100, shares: 5 }, book);
    expect(result.kind).toBe("matched");
  });
});

describe("orders as typed", () => {
  const max = 1_000;
  it("reads a form's strings and a JSON body's numbers alike", () => {
    expect(parseOrder({ side: "sell", shares: "12", price: "$10.50" }, max)).toEqual({
      ok: true,
      order: { side: "sell", shares: 12, priceCents: 1050 },
    });
    expect(parseOrder({ side: "buy", shares: 3, price: 0.07 }, max)).toEqual({
      ok: true,
      order: { side: "buy", shares: 3, priceCents: 7 },
    });
  });

  it.each([
    [{ side: "hold", shares: 1, price: 1 }, "side", MARKET_MESSAGES.side],
    [{ side: "buy", shares: 1.5, price: 1 }, "shares", MARKET_MESSAGES.sharesWhole],
    [{ side: "buy", shares: 0, price: 1 }, "shares", MARKET_MESSAGES.sharesWhole],
    [{ side: "buy", shares: 1001, price: 1 }, "shares", MARKET_MESSAGES.sharesTooMany(1000)],
    [{ side: "buy", shares: 1, price: "1.005" }, "price", MARKET_MESSAGES.price],
    [{ side: "buy", shares: 1, price: 0 }, "price", MARKET_MESSAGES.price],
    [{ side: "buy", shares: 1, price: PRICE_MAX_CENTS / 100 + 0.01 }, "price", MARKET_MESSAGES.priceTooHigh],
  ])("refuses %j on its field", (raw, field, message) => {
    expect(parseOrder(raw, max)).toEqual({ ok: false, problems: [{ field, message }] });
  });

  it("bounds an order's value", () => {
    const shares = ORDER_MAX_CENTS / 100_000 + 1; // at $1,000 a share, one share past the bound
    expect(parseOrder({ side: "buy", shares, price: 1000 }, 10 * shares)).toEqual({
      ok: false,
      problems: [{ field: "shares", message: MARKET_MESSAGES.orderTooLarge }],
    });
  });
});

describe("the fee and the transfer rule", () => {
  it("the seller pays 2% of the trade, to the cent, halves up", () => {
    expect(feeFor(10_000)).toBe(200);
    expect(feeFor(25)).toBe(1); // 0.5 cent rounds up
    expect(feeFor(24)).toBe(0);
    expect(orderPreview({ side: "sell", shares: 10, priceCents: 1234 })).toEqual({
      valueCents: 12_340,
      feeCents: 247,
      netCents: 12_093,
    });
    expect(orderPreview({ side: "buy", shares: 10, priceCents: 1234 })).toEqual({
      valueCents: 12_340,
      feeCents: 0,
      netCents: 12_340,
    });
  });

  it("a Reg CF or SAFE raise's shares are free a year after it settled; Reg A+ shares at once", () => {
    const settled = Date.parse("2026-03-15T17:00:00Z");
    expect(freeFrom("RegCF", settled)).toBe("2027-03-15");
    expect(freeFrom("SAFE", settled)).toBe("2027-03-15");
    expect(freeFrom("RegA+", settled)).toBeNull();
    expect(freeFrom("RegCF", null)).toBeNull();
    expect(freeFrom("RegCF", Date.parse("2028-02-29T12:00:00Z"))).toBe("2029-03-01");
    expect(isLocked("2027-03-15", Date.parse("2027-03-14T23:59:59Z"))).toBe(true);
    expect(isLocked("2027-03-15", Date.parse("2027-03-15T00:00:00Z"))).toBe(false);
    expect(isLocked(null, 0)).toBe(false);
  });
});
