/**
 * What a funded company's page says of it after its raise (domain/money/company-history.ts): the
 * current mark and where it comes from, an exit's words, what each event did, and a SAFE's
 * conversion said once, at its first priced round.
 */
import { describe, expect, it } from "vitest";

import {
  companyBanner,
  historyView,
  standingSentence,
  type CompanyStanding,
  type HistoryEvent,
} from "../../domain/money/company-history";

const atCost: CompanyStanding = { mark: null, markedOn: null, markKind: null, markPrice: null, exit: null };

const event = (overrides: Partial<HistoryEvent>): HistoryEvent => ({
  id: "e1",
  kind: "round",
  status: "approved",
  effectiveOn: "2026-11-25",
  pricePerShare: 75,
  preMoneyValuation: 8_000_000,
  roundName: "",
  statement: "What happened.",
  evidence: "",
  conversionPrice: null,
  ...overrides,
});

const raise = { fundedOn: "2026-11-20", amount: 5_000, investors: 2, sharePrice: 50 };

describe("the current mark", () => {
  it("at cost before the first reviewed event", () => {
    expect(standingSentence(atCost, 50)).toBe(
      "Shares are valued at $50, what investors paid: no event has been reviewed since the raise.",
    );
  });

  it("names the event it comes from", () => {
    const c = { mark: 24, markedOn: "2026-12-01", markKind: "write_down" as const, markPrice: 24, exit: null };
    expect(standingSentence(c, 50)).toBe("Shares are valued at $24, from the write-down of Dec 1, 2026.");
  });

  it("a shutdown that left nothing says so", () => {
    const c = {
      mark: 0,
      markedOn: "2026-12-01",
      markKind: "shutdown" as const,
      markPrice: 0,
      exit: "shutdown" as const,
    };
    expect([standingSentence(c, 50), companyBanner(c).exit]).toEqual([
      "Shut down on Dec 1, 2026: shares are valued at $0, and nothing was left for shareholders.",
      {
        kind: "shutdown",
        label: "Shut down",
        sentence: "Shut down on Dec 1, 2026, with nothing left for shareholders.",
      },
    ]);
  });

  it("a company still going has no exit", () => {
    expect(companyBanner(atCost)).toEqual({ exit: null });
  });
});

describe("the timeline", () => {
  it("starts with the raise, then each event with what it did", () => {
    const view = historyView(raise, atCost, [
      event({ id: "r", roundName: "Seed" }),
      event({ id: "w", kind: "write_up", pricePerShare: 90, preMoneyValuation: null, effectiveOn: "2026-12-01" }),
    ]);
    expect(view.entries.map((e) => [e.date, e.title, ...e.facts])).toEqual([
      ["Nov 20, 2026", "Funded on CampusFund", "Raised $5,000 from 2 investors at $50 a share."],
      ["Nov 25, 2026", "Priced round: Seed", "$75 a share, at a pre-money valuation of $8,000,000."],
      ["Dec 1, 2026", "Write-up", "CampusFund wrote the value of a share up to $90. Its reason:"],
    ]);
  });

  it("a SAFE's conversion is said at its first priced round only", () => {
    const view = historyView(raise, atCost, [
      event({ id: "a", conversionPrice: 32.8125 }),
      event({ id: "b", pricePerShare: 120, conversionPrice: 32.8125, effectiveOn: "2026-12-01" }),
    ]);
    expect(view.entries.slice(1).map((e) => e.facts.length > 1 && e.facts[1])).toEqual([
      "The SAFE converted at $32.81 a share.",
      false,
    ]);
  });

  it("a report waiting for review is marked so, and has paid nobody", () => {
    const view = historyView(raise, atCost, [event({ kind: "acquisition", status: "pending", pricePerShare: 120 })]);
    expect([view.entries[1]!.unreviewed, view.entries[1]!.facts]).toEqual([
      "Waiting for review",
      ["The buyer pays $120 a share, paid to every holder once it is reviewed."],
    ]);
  });
});
