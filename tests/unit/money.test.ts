/** Money conversion (domain/shared/money.ts): the one dollars ↔ cents vocabulary, pure. */
import { describe, expect, it } from "vitest";

import { toCents, toDollars } from "../../domain/shared/money";

describe("toCents", () => {
  it("converts dollars to integer cents", () => {
    expect(toCents(0)).toBe(0);
    expect(toCents(2.5)).toBe(250);
    expect(toCents(12_500)).toBe(1_250_000);
  });

  it("rounds to the nearest cent, so float drift never reaches a sum or a comparison", () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1.005)).toBe(Math.round(1.005 * 100));
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.125)).toBe(13);
    expect(toCents(-2.5)).toBe(-250);
  });

  it("passes a non-number through as NaN, like the arithmetic it replaces", () => {
    expect(toCents(Number.NaN)).toBeNaN();
  });
});

describe("toDollars", () => {
  it("converts cents to dollars", () => {
    expect(toDollars(0)).toBe(0);
    expect(toDollars(250)).toBe(2.5);
    expect(toDollars(1999)).toBe(19.99);
  });

  it("round-trips every cent amount", () => {
    for (const cents of [1, 7, 99, 1999, 123_456_789]) expect(toCents(toDollars(cents))).toBe(cents);
  });
});
