/**
 * The words the pages put next to a holding's figures (app/components/portfolio/Returns.tsx, ADR
 * 052): what its value rests on for each kind of reviewed event, what an exit paid, and why an IRR
 * is blank.
 */
import { describe, expect, it } from "vitest";

import { exitText, irrBlankNote, valuationBasis } from "../../app/components/portfolio/Returns";

describe("valuationBasis", () => {
  it.each([
    [null, "At cost: no reviewed event since the raise"],
    [{ kind: "round", roundName: "Seed", effectiveOn: "2026-10-15" }, "Valued at the Seed round of Oct 15, 2026"],
    [
      { kind: "round", roundName: "Series A round", effectiveOn: "2026-10-15" },
      "Valued at the Series A round of Oct 15, 2026",
    ],
    [{ kind: "round", roundName: "", effectiveOn: "2026-10-15" }, "Valued at a priced round of Oct 15, 2026"],
    [
      { kind: "write_down", roundName: "", effectiveOn: "2026-11-10" },
      "Valued at CampusFund's write-down of Nov 10, 2026",
    ],
    [{ kind: "write_up", roundName: "", effectiveOn: "2026-11-10" }, "Valued at CampusFund's write-up of Nov 10, 2026"],
    [
      { kind: "acquisition", roundName: "", effectiveOn: "2026-11-20" },
      "Acquired on Nov 20, 2026: the holding is closed",
    ],
    [{ kind: "shutdown", roundName: "", effectiveOn: "2026-11-20" }, "Shut down on Nov 20, 2026: valued at $0"],
  ] as const)("%j reads %s", (valuedBy, text) => {
    expect(valuationBasis(valuedBy)).toBe(text);
  });
});

describe("exitText", () => {
  it.each([
    ["acquired", 5_000, "Acquired: $5,000 paid into your demo account"],
    ["shut_down", 120, "Shut down: $120 of what was left paid into your demo account"],
    ["shut_down", 0, "Shut down: nothing was left for shareholders"],
    [null, 0, null],
  ] as const)("%s paying $%d reads %s", (exit, realized, text) => {
    expect(exitText(exit, realized)).toBe(text);
  });
});

describe("irrBlankNote", () => {
  it("under a year: from when the IRR is shown", () => {
    expect(irrBlankNote("2026-08-05", "2026-12-02", "your first investment")).toBe(
      "Shown from Aug 5, 2027, a year after your first investment",
    );
  });

  it("a year or more: no rate fits the flows", () => {
    expect(irrBlankNote("2025-08-05", "2026-12-02", "this investment")).toBe("No yearly rate fits these cash flows");
  });
});
