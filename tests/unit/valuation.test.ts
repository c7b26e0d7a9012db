/**
 * The marking policy (ADR 052, domain/money/valuation.ts): what a reviewed event does to a share's
 * mark, a SAFE's conversion at the lower of its discount and its cap, and the rules of the form.
 */
import * as v from "valibot";
import { describe, expect, it } from "vitest";

import {
  dateProblem,
  EVENT_MESSAGES,
  markAfter,
  safeConversionPrice,
  valuationEventSchema,
  writeProblem,
  type MarkState,
} from "../../domain/money/valuation";

const EQUITY: MarkState = {
  regulationType: "RegCF",
  sharePriceCents: 5_000,
  capCents: 500_000_000,
  markCents: null,
  conversionPriceCents: null,
};
const SAFE: MarkState = { ...EQUITY, regulationType: "SAFE", capCents: 100_000_000 };

describe("markAfter", () => {
  it("a priced round marks an equity share at the round's price", () => {
    expect(markAfter(EQUITY, { kind: "round", priceCents: 7_500, preMoneyCents: 800_000_000 })).toEqual({
      markCents: 7_500,
      conversionPriceCents: null,
      proceedsPerShareCents: 0,
      exit: false,
      converted: false,
    });
  });

  it("a SAFE converts at its cap when the cap is the lower price: $50 of SAFE at $0.50 is 100 shares at $2", () => {
    const change = markAfter(SAFE, { kind: "round", priceCents: 200, preMoneyCents: 400_000_000 });
    expect([change.markCents, change.conversionPriceCents, change.converted]).toEqual([20_000, 50, true]);
  });

  it("a SAFE converts at the 20% discount when the cap is above the round's valuation", () => {
    // cap $1M on a $500,000 pre-money round: the discount's $1.60 is the lower price
    const change = markAfter(SAFE, { kind: "round", priceCents: 200, preMoneyCents: 50_000_000 });
    expect([change.markCents, change.conversionPriceCents]).toEqual([6_250, 160]);
  });

  it("a converted SAFE follows each later round's price on its converted shares", () => {
    const converted = { ...SAFE, markCents: 20_000, conversionPriceCents: 50 };
    const change = markAfter(converted, { kind: "round", priceCents: 300, preMoneyCents: 2_000_000_000 });
    expect([change.markCents, change.conversionPriceCents, change.converted]).toEqual([30_000, 50, false]);
  });

  it("an acquisition closes the holding at $0 and pays its price per share", () => {
    const change = markAfter(EQUITY, { kind: "acquisition", priceCents: 10_000, preMoneyCents: null });
    expect([change.markCents, change.proceedsPerShareCents, change.exit]).toEqual([0, 10_000, true]);
  });

  it("a write-down marks at the value stated", () => {
    expect(markAfter(EQUITY, { kind: "write_down", priceCents: 1_000, preMoneyCents: null }).markCents).toBe(1_000);
  });
});

describe("safeConversionPrice", () => {
  it("without a cap, the discount alone", () => {
    expect(safeConversionPrice(1_000, 100_000_000, 0)).toBe(800);
  });
});

describe("the rules", () => {
  it("a write-down must go below the current mark, a write-up above it", () => {
    expect([
      writeProblem("write_down", 5_000, EQUITY),
      writeProblem("write_down", 4_999, EQUITY),
      writeProblem("write_up", 5_000, { ...EQUITY, markCents: 6_000 }),
    ]).toEqual([EVENT_MESSAGES.writeDownNotLower, null, EVENT_MESSAGES.writeUpNotHigher]);
  });

  it("dates: not in the future, not before the raise was funded or the latest event", () => {
    expect([
      dateProblem("2026-12-03", "2026-12-02", "2026-01-10", null),
      dateProblem("2026-01-09", "2026-12-02", "2026-01-10", null),
      dateProblem("2026-05-01", "2026-12-02", "2026-01-10", "2026-06-01"),
      dateProblem("2026-06-01", "2026-12-02", "2026-01-10", "2026-06-01"),
    ]).toEqual([
      EVENT_MESSAGES.dateFuture,
      EVENT_MESSAGES.dateBeforeRaise("2026-01-10"),
      EVENT_MESSAGES.dateBeforeLatest("2026-06-01"),
      null,
    ]);
  });

  it("the form reads a page's text: '$1,250.50' a share and '8,000,000' dollars", () => {
    const parsed = v.parse(valuationEventSchema, {
      kind: "round",
      effectiveOn: " 2026-11-30 ",
      pricePerShare: "$1,250.50",
      preMoneyValuation: "8,000,000",
      statement: "Seed round.",
    });
    expect([parsed.pricePerShare, parsed.preMoneyValuation, parsed.effectiveOn, parsed.evidence]).toEqual([
      1250.5,
      8_000_000,
      "2026-11-30",
      "",
    ]);
  });

  it("a shutdown may pay $0; an acquisition may not", () => {
    const base = { effectiveOn: "2026-11-30", pricePerShare: 0, statement: "Closed." };
    const shutdown = v.safeParse(valuationEventSchema, { ...base, kind: "shutdown" });
    const acquisition = v.safeParse(valuationEventSchema, { ...base, kind: "acquisition" });
    expect([shutdown.success, acquisition.issues?.[0]?.message]).toEqual([true, EVENT_MESSAGES.priceZero]);
  });
});
