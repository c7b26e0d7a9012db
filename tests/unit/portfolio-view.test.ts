/**
 * The AI Tools tab's presentation rules (domain/money/portfolio-view.ts), and the promise behind its
 * recommended sector cards: every sector name we may recommend (our browse sectors, which the
 * model must choose from, the spec's defaults and its fallback) lands on a browse sector that has
 * seeded projects, so no card leads to "No projects found".
 */
import { describe, expect, it } from "vitest";

import { isSectorId, SECTORS, sectorForCategory, sectorFromParam } from "../../domain/projects/categories";
import {
  DEFAULT_RECOMMENDED_SECTORS,
  EMPTY_RECOMMENDED_SECTOR,
  FALLBACK_RECOMMENDED_SECTORS,
  MARKET_TRENDS,
} from "../../domain/money/portfolio-analysis";
import { ringDash, sectorHref, stepIndex } from "../../domain/money/portfolio-view";
import { buildDemoData } from "../../db/seed-data";
import { SECTOR_NAMES } from "../../worker/ai/facts";

describe("recommended sectors land on a browse page with projects", () => {
  const data = buildDemoData(new Date(), sectorForCategory);
  const names = [
    ...new Set([
      ...SECTOR_NAMES,
      ...SECTORS.map((s) => s.label),
      ...DEFAULT_RECOMMENDED_SECTORS,
      EMPTY_RECOMMENDED_SECTOR,
      ...FALLBACK_RECOMMENDED_SECTORS.map((s) => s.name),
      ...MARKET_TRENDS.map((t) => t.sector),
    ]),
  ];

  it.each(names)("%s", (name) => {
    const id = sectorFromParam(name.toLowerCase().replace(/\s+/g, "-"));
    expect(isSectorId(id), `${name} → ${id}`).toBe(true);
    const published = data.projects.filter((p) => p.sector === id && p.status !== "draft");
    expect(published.length, `seeded projects in ${id}`).toBeGreaterThan(0);
  });

  it("links as /explore/sector/{name lowercased}, spaces as hyphens, and the page reads it back", () => {
    expect(sectorHref("Renewable Energy")).toBe("/explore/sector/renewable-energy");
    expect(sectorHref("E-Commerce")).toBe("/explore/sector/e-commerce");
    expect(sectorHref(" Healthcare ")).toBe("/explore/sector/healthcare");
    for (const name of names) {
      const param = decodeURIComponent(sectorHref(name).slice("/explore/sector/".length));
      expect(isSectorId(sectorFromParam(param)), name).toBe(true);
    }
  });
});

describe("stepIndex (the carousel wraps)", () => {
  it("goes forward and wraps to the first after the last", () => {
    expect(stepIndex(0, 1, 3)).toBe(1);
    expect(stepIndex(2, 1, 3)).toBe(0);
  });
  it("goes back and wraps to the last before the first", () => {
    expect(stepIndex(0, -1, 3)).toBe(2);
  });
  it("is 0 with nothing to show", () => {
    expect(stepIndex(4, 1, 0)).toBe(0);
  });
});

describe("ringDash", () => {
  it("fills the ring in proportion to the score", () => {
    const { filled, circumference } = ringDash(50, 10);
    expect(circumference).toBeCloseTo(2 * Math.PI * 10);
    expect(filled).toBeCloseTo(circumference / 2);
  });
  it("clamps to 0–100 and reads a non-number as 0", () => {
    expect(ringDash(140, 10).filled).toBeCloseTo(ringDash(100, 10).circumference);
    expect(ringDash(-5, 10).filled).toBe(0);
    expect(ringDash(Number.NaN, 10).filled).toBe(0);
  });
});
