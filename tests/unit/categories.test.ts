import { describe, expect, it } from "vitest";

import {
  categoryFilterText,
  categoryLabel,
  FILTERS,
  PROJECT_CATEGORIES,
  sectorForCategory,
  sectorLabel,
} from "../../domain/projects/categories";

describe("the project form says which browse filter lists a category (categoryFilterText)", () => {
  it("names Real Estate's filter, Fintech", () => {
    expect(categoryFilterText("real estate")).toBe(
      "Investors find Real Estate projects under the Fintech filter when they browse.",
    );
  });

  it("names one of the browser's seven filters for each of the form's fourteen categories", () => {
    const filters = new Set<string>(FILTERS.filter((f) => f.id !== "all").map((f) => f.label));
    const named = PROJECT_CATEGORIES.map((c) => /under the (.+) filter/.exec(categoryFilterText(c.toLowerCase()))?.[1]);
    expect(named.filter((n) => !n || !filters.has(n))).toEqual([]);
  });

  it("names the filter that lists the category (the browser's own mapping)", () => {
    const wrong = PROJECT_CATEGORIES.filter(
      (c) => !categoryFilterText(c.toLowerCase()).includes(`the ${sectorLabel(sectorForCategory(c))} filter`),
    );
    expect(wrong).toEqual([]);
  });

  it("calls the category by the name the cards and pages show", () => {
    expect(categoryFilterText("food & beverage")).toContain(`${categoryLabel("food & beverage")} projects`);
  });

  it("asks for a choice when none is made yet", () => {
    expect(categoryFilterText("")).toBe(
      "Each category is listed under one of the browse filters: choose one to see which.",
    );
  });
});
