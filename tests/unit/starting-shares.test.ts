/**
 * The count the project page's calculator and the purchase page start with (domain/projects/project.ts
 * `startingShares`): the minimum purchase by default, or the asked-for count clamped to what is left.
 */
import { describe, expect, it } from "vitest";

import { startingShares } from "../../domain/projects/project";

// $250 minimum at $25 a share: 10 shares is the smallest purchase.
const offering = (sharesRemaining: number) => ({
  investmentTerms: { minInvestment: 250 },
  sharePrice: 25,
  sharesRemaining,
});

describe("startingShares", () => {
  it("starts at the minimum purchase when no count is asked for", () => {
    expect(startingShares(offering(5_000), null)).toEqual({ shares: 10, message: null });
  });
  it("caps the minimum purchase at the shares left", () => {
    expect(startingShares(offering(4), null)).toEqual({ shares: 4, message: null });
  });
  it("clamps an asked-for count to the shares left, saying so", () => {
    expect(startingShares(offering(40), 100)).toEqual({
      shares: 40,
      message: "Only 40 shares are available for purchase",
    });
  });
  it("keeps an asked-for count as typed when nothing is left (the page says sold out)", () => {
    expect(startingShares(offering(0), 7)).toEqual({ shares: 7, message: null });
  });
});
