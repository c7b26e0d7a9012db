/**
 * The perks' arithmetic and words (domain/money/perks.ts, domain/conversation/update-reminders.ts):
 * bonus shares rounded down in tenths of a percent, what a purchase earns as the purchase's batch
 * decides it, and "Last update N days ago".
 */
import { describe, expect, it } from "vitest";

import { lastUpdateText } from "../../domain/conversation/update-reminders";
import { bonusSharesFor, perksForPurchase, type PerkDTO } from "../../domain/money/perks";
import { DAY_MS } from "../../domain/shared/dates";

const perk = (over: Partial<PerkDTO>): PerkDTO => ({
  id: "p",
  projectId: "x",
  kind: "reward",
  title: "T",
  description: "",
  minAmount: null,
  firstInvestors: null,
  bonusPercent: null,
  awardedCount: 0,
  slotsLeft: null,
  ...over,
});

describe("bonus shares", () => {
  it("are the percentage of the shares bought, rounded down, one decimal exact", () => {
    expect([bonusSharesFor(30, 10), bonusSharesFor(9, 10), bonusSharesFor(200, 12.5), bonusSharesFor(7, 33.3)]).toEqual(
      [3, 0, 25, 2],
    );
  });
});

describe("what a purchase earns", () => {
  const tier = perk({ id: "tier", minAmount: 250 });
  const early = perk({ id: "early", kind: "bonus_shares", bonusPercent: 50, firstInvestors: 5, slotsLeft: 1 });
  const late = perk({ id: "late", kind: "bonus_shares", bonusPercent: 50, firstInvestors: 5, slotsLeft: 0 });
  const more = perk({ id: "more", kind: "bonus_shares", bonusPercent: 50 });

  it("a tier reached, a slot free, not one already held; bonus shares capped in order by what is left", () => {
    const earned = perksForPurchase([tier, early, late, more], 40, 40_000, 30, []);
    expect([...earned]).toEqual([
      ["tier", 0],
      ["early", 20],
      ["more", 10],
    ]);
    expect([...perksForPurchase([tier, early], 40, 40_000, 30, ["tier"])]).toEqual([["early", 20]]);
    expect([...perksForPurchase([tier, early], 1, 10_000)]).toEqual([]);
  });
});

describe("the last update", () => {
  const now = Date.parse("2026-12-03T12:00:00Z");
  it("says how many days ago, today, or that there is none", () => {
    expect([
      lastUpdateText(now - 12 * DAY_MS, now),
      lastUpdateText(now - DAY_MS, now),
      lastUpdateText(now - 60_000, now),
      lastUpdateText(null, now),
    ]).toEqual(["Last update 12 days ago", "Last update 1 day ago", "Last update today", "No updates yet"]);
  });
});
