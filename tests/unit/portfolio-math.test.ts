/**
 * The portfolio math (domain/money/portfolio-math.ts): worked examples from the spec's numbers
 * (sections 2, 4, 8 and 9), one expected outcome per test. Pure functions, run here in workerd
 * with the other tests.
 */
import { describe, expect, it } from "vitest";
import { PROJECT_CATEGORIES } from "../../domain/projects/categories";

import {
  analysisReport,
  chartSlices,
  concentration,
  DEFAULT_RECOMMENDED_SECTORS,
  EMPTY_RECOMMENDED_SECTOR,
  FALLBACK_INSIGHTS,
  FALLBACK_RECOMMENDED_SECTORS,
  fallbackSectorsFor,
  formatPercent1,
  MARKET_TRENDS,
  whatIfOneFails,
} from "../../domain/money/portfolio-analysis";
import {
  diversificationFallback,
  diversificationLabel,
  diversificationScore,
  FALLBACK_PROJECTED_MULTIPLIER,
  type Holding,
  holdingsFrom,
  PROJECTED_MULTIPLIER,
  projectedReturns,
  riskLevelFor,
  riskScore,
  SECTOR_COLORS,
  sectorDistribution,
  sectorName,
} from "../../domain/money/portfolio-math";
import type { InvestmentDTO, RiskLevel } from "../../domain/shared/types";

const NOW = Date.parse("2026-06-01T00:00:00Z");
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(NOW - n * DAY).toISOString();

let seq = 0;
/** A holding with sensible defaults; each gets its own project unless one is given. */
function h(over: Partial<Holding> = {}): Holding {
  seq += 1;
  return {
    projectId: `p${seq}`,
    projectTitle: `Project ${seq}`,
    category: "technology",
    amount: 1000,
    shares: 10,
    riskLevel: "medium",
    investedAt: daysAgo(30),
    ...over,
  };
}

/** One holding per sector, with the given amounts (sector names s01, s02, …). */
function sectors(...amounts: number[]): Holding[] {
  return amounts.map((amount, i) => h({ category: `s${String(i + 1).padStart(2, "0")}`, amount }));
}

type InvestmentRow = Parameters<typeof holdingsFrom>[0][number];
function row(over: Partial<InvestmentRow> | { status: string }): InvestmentRow {
  return {
    projectId: "bridge",
    projectTitle: "BridgeCode",
    projectCategory: "education",
    amountInvested: 2500,
    shares: 250,
    riskLevel: "high",
    investedAt: "2026-05-01T12:00:00.000Z",
    status: "active",
    ...(over as Partial<InvestmentRow>),
  };
}

describe("holdingsFrom", () => {
  it("maps an active investment to a holding", () => {
    expect(holdingsFrom([row({})])).toEqual([
      {
        projectId: "bridge",
        projectTitle: "BridgeCode",
        category: "education",
        amount: 2500,
        shares: 250,
        riskLevel: "high",
        investedAt: "2026-05-01T12:00:00.000Z",
      },
    ]);
  });

  it("excludes pending investments", () => {
    expect(
      holdingsFrom([row({ projectId: "a" }), row({ projectId: "b", status: "pending" })]).map((x) => x.projectId),
    ).toEqual(["a"]);
  });

  it("excludes cancelled investments", () => {
    expect(holdingsFrom([row({ status: "cancelled" })])).toEqual([]);
  });

  it("reads an unknown risk level as medium, the spec's default", () => {
    expect(holdingsFrom([row({ riskLevel: "extreme" as RiskLevel })])[0]!.riskLevel).toBe("medium");
  });

  it("keeps the API's DTO assignable to its input", () => {
    const dto = { ...row({}), _id: "x", id: "x", userId: "u" } as InvestmentDTO;
    expect(holdingsFrom([dto])).toHaveLength(1);
  });
});

describe("sectorName", () => {
  it.each([
    ["social-media", "Social Media"],
    ["food & beverage", "Food & Beverage"],
    ["real estate", "Real Estate"],
    ["fintech", "Fintech"],
    ["e-commerce", "E Commerce"],
    ["  HEALTHCARE ", "Healthcare"],
    ["", "Other"],
  ])("%j → %j", (category, name) => {
    expect(sectorName(category)).toBe(name);
  });
});

describe("sectorDistribution", () => {
  it("groups by sector: amounts summed, percentage of the total, count of investments, largest first", () => {
    const holdings = [
      h({ category: "technology", amount: 100 }),
      h({ category: "fintech", amount: 300 }),
      h({ category: "technology", amount: 100 }),
    ];
    expect(sectorDistribution(holdings)).toEqual([
      { name: "Fintech", amount: 300, percentage: 60, value: 1 },
      { name: "Technology", amount: 200, percentage: 40, value: 2 },
    ]);
  });

  it("breaks ties by name", () => {
    const holdings = [h({ category: "fintech", amount: 500 }), h({ category: "education", amount: 500 })];
    expect(sectorDistribution(holdings).map((s) => s.name)).toEqual(["Education", "Fintech"]);
  });

  it("sums in cents: $0.10 + $0.20 is exactly $0.30", () => {
    expect(sectorDistribution([h({ amount: 0.1 }), h({ amount: 0.2 })])[0]!.amount).toBe(0.3);
  });

  it("keeps percentages unrounded", () => {
    expect(sectorDistribution(sectors(200, 100))[1]!.percentage).toBeCloseTo(33.3333333, 6);
  });

  it("merges spellings of one category into one sector", () => {
    expect(sectorDistribution([h({ category: "Fintech" }), h({ category: "fintech" })])).toHaveLength(1);
  });

  it("is empty with no holdings", () => {
    expect(sectorDistribution([])).toEqual([]);
  });
});

describe("riskLevelFor (spec section 4 bands)", () => {
  it.each([
    [0, "low"],
    [33, "low"],
    [34, "medium"],
    [65, "medium"],
    [66, "high"],
    [100, "high"],
  ] as const)("%d → %s", (score, level) => {
    expect(riskLevelFor(score)).toBe(level);
  });
});

describe("riskScore", () => {
  it("$1,000 low + $1,000 high → (1,000 + 3,000) ÷ (2,000 × 3) × 100 = 66.67 → 67, high", () => {
    expect(riskScore([h({ amount: 1000, riskLevel: "low" }), h({ amount: 1000, riskLevel: "high" })])).toEqual({
      score: 67,
      level: "high",
    });
  });

  it("all low-risk → 33, low (the lowest a real portfolio can score)", () => {
    expect(riskScore([h({ riskLevel: "low" }), h({ riskLevel: "low", amount: 5 })])).toEqual({
      score: 33,
      level: "low",
    });
  });

  it("all medium-risk → 66.67 → 67, high (the spec's formula and bands, as written)", () => {
    expect(riskScore([h({ riskLevel: "medium" })])).toEqual({ score: 67, level: "high" });
  });

  it("$3,000 low + $1,000 medium → (3,000 + 2,000) ÷ 12,000 × 100 = 41.67 → 42, medium", () => {
    expect(riskScore([h({ amount: 3000, riskLevel: "low" }), h({ amount: 1000, riskLevel: "medium" })])).toEqual({
      score: 42,
      level: "medium",
    });
  });

  it("weights in cents: $0.10 low + $0.20 high → 70 ÷ 90 × 100 = 77.78 → 78", () => {
    expect(riskScore([h({ amount: 0.1, riskLevel: "low" }), h({ amount: 0.2, riskLevel: "high" })]).score).toBe(78);
  });

  it("no holdings → 0, low (nothing at risk)", () => {
    expect(riskScore([])).toEqual({ score: 0, level: "low" });
  });
});

describe("diversificationScore", () => {
  it("1 sector at 100 % → 5 + (50 − 25) = 30", () => {
    expect(diversificationScore(sectors(1000))).toBe(30);
  });

  it("2 sectors at 50/50 → 10 + 50 = 60", () => {
    expect(diversificationScore(sectors(500, 500))).toBe(60);
  });

  it("4 sectors at 40/30/20/10 → 20 + 50 = 70 (no bonus for a largest sector under 50 %)", () => {
    expect(diversificationScore(sectors(400, 300, 200, 100))).toBe(70);
  });

  it("3 sectors at 80/10/10 → 15 + (50 − 15) = 50", () => {
    expect(diversificationScore(sectors(800, 100, 100))).toBe(50);
  });

  it("12 equal sectors → the breadth part is capped at 50: 50 + 50 = 100", () => {
    expect(diversificationScore(sectors(...Array<number>(12).fill(100)))).toBe(100);
  });

  it("10 sectors, largest 55 % → 50 + (50 − 2.5) = 97.5, rounded to 98", () => {
    expect(diversificationScore(sectors(55, 5, 5, 5, 5, 5, 5, 5, 5, 5))).toBe(98);
  });

  it("is clamped at 100: 20 equal sectors score 100, not more", () => {
    expect(diversificationScore(sectors(...Array<number>(20).fill(5)))).toBe(100);
  });

  it("stays within 0–100 for nonsense amounts (negative and NaN count as nothing)", () => {
    expect(diversificationScore(sectors(1000, -5000, Number.NaN))).toBe(30);
  });

  it("no holdings → the fallback's no-data 45", () => {
    expect(diversificationScore([])).toBe(45);
  });
});

describe("diversificationFallback", () => {
  it.each([
    [0, 45],
    [1, 25],
    [2, 50],
    [3, 75],
    [4, 85],
    [7, 85],
    [null, 50],
    [undefined, 50],
  ])("%s categories → %d", (count, score) => {
    expect(diversificationFallback(count)).toBe(score);
  });
});

describe("diversificationLabel", () => {
  it.each([
    [39, "Low"],
    [40, "Moderate"],
    [69, "Moderate"],
    [70, "High"],
  ] as const)("%d → %s", (score, label) => {
    expect(diversificationLabel(score)).toBe(label);
  });
});

describe("projectedReturns", () => {
  it("has the spec's multipliers: 1.15 locally, 1.4 in the fallback summary", () => {
    expect([PROJECTED_MULTIPLIER, FALLBACK_PROJECTED_MULTIPLIER]).toEqual([1.15, 1.4]);
  });

  it("is Σ amount × 1.15 in cents: $1,000.30 → $1,150.35 (1,150.345 rounded half up)", () => {
    expect(projectedReturns([h({ amount: 1000 }), h({ amount: 0.1 }), h({ amount: 0.2 })])).toBe(1150.35);
  });

  it("takes the fallback multiplier: $2,500 × 1.4 = $3,500", () => {
    expect(projectedReturns([h({ amount: 2500 })], FALLBACK_PROJECTED_MULTIPLIER)).toBe(3500);
  });

  it("is 0 with no holdings", () => {
    expect(projectedReturns([])).toBe(0);
  });
});

describe("analysisReport (now pinned at 2026-06-01)", () => {
  // $10,000 over four projects; the largest is 40 %.
  const concentrated = [
    h({ projectTitle: "CampusRoute", amount: 4000, investedAt: daysAgo(10) }),
    h({ projectTitle: "BridgeCode", amount: 3000, investedAt: daysAgo(100) }),
    h({ projectTitle: "GreenDorm", amount: 2000, investedAt: daysAgo(200) }),
    h({ projectTitle: "StudyNest", amount: 1000, investedAt: daysAgo(90) }),
  ];
  const report = analysisReport(concentrated, NOW);

  it("totals the invested money", () => {
    expect(report.totalInvested).toBe(10000);
  });

  it("counts every investment as a position", () => {
    expect(report.positions).toBe(4);
  });

  it("names the largest position and its share", () => {
    expect(report.largest).toEqual({ projectTitle: "CampusRoute", share: 40 });
  });

  it("flags a largest position above 30 %", () => {
    expect(report.concentrated).toBe(true);
  });

  it("advises staying under 20 % when concentrated", () => {
    expect(report.concentrationAdvice).toContain("20%");
  });

  it("counts 3 investments in the last 180 days", () => {
    expect(report.recent180).toBe(3);
  });

  it("counts 2 in the last 90 days, one exactly 90 days old", () => {
    expect(report.recent90).toBe(2);
  });

  it("is not recent-heavy at 2 of 4 (not more than half)", () => {
    expect(report.recentHeavy).toBe(false);
  });

  it("writes the report as sentences", () => {
    expect(report.lines).toEqual([
      "You hold 4 active investments totaling $10,000 across 1 sector.",
      "Your largest position is CampusRoute, at 40.0% of your portfolio.",
      "That is above the 30% concentration threshold.",
      "Consider spreading new investments so that no single project is more than 20% of your portfolio.",
      "3 investments were made in the last 180 days, 2 in the last 90 days.",
    ]);
  });

  it("does not flag a largest position of exactly 30 %", () => {
    expect(analysisReport(sectors(30, 25, 25, 20), NOW).concentrated).toBe(false);
  });

  it("gives no advice when not concentrated", () => {
    expect(analysisReport(sectors(25, 25, 25, 25), NOW).concentrationAdvice).toBeNull();
  });

  it("is recent-heavy at 3 of 4 in the last 90 days", () => {
    const holdings = [daysAgo(1), daysAgo(45), daysAgo(89), daysAgo(91)].map((investedAt) => h({ investedAt }));
    expect(analysisReport(holdings, NOW).recentHeavy).toBe(true);
  });

  it("sums several investments in one project into one largest position", () => {
    const holdings = [
      h({ projectId: "a", projectTitle: "A", amount: 2000 }),
      h({ projectId: "b", projectTitle: "B", amount: 3000 }),
      h({ projectId: "a", projectTitle: "A", amount: 2000 }),
    ];
    expect(analysisReport(holdings, NOW).largest?.projectTitle).toBe("A");
  });

  it("reports an empty portfolio in one sentence, with nothing flagged", () => {
    expect(analysisReport([], NOW)).toEqual({
      totalInvested: 0,
      positions: 0,
      largest: null,
      concentrated: false,
      concentrationAdvice: null,
      recent180: 0,
      recent90: 0,
      recentHeavy: false,
      lines: ["You have no active investments yet, so there is nothing to analyze."],
    });
  });
});

describe("static analytics content", () => {
  it("has the spec's market trends", () => {
    expect(MARKET_TRENDS).toEqual([
      { sector: "Tech", score: 82, change: 3.2 },
      { sector: "Healthcare", score: 75, change: 1.8 },
      { sector: "Energy", score: 61, change: -2.1 },
      { sector: "Finance", score: 79, change: 2.4 },
      { sector: "Consumer", score: 68, change: 0.7 },
    ]);
  });

  it("has the default recommended sectors", () => {
    expect(DEFAULT_RECOMMENDED_SECTORS).toEqual(["Technology", "Finance", "Healthcare", "Media"]);
  });

  it("recommends Renewable Energy for an empty portfolio", () => {
    expect(EMPTY_RECOMMENDED_SECTOR).toBe("Renewable Energy");
  });

  it("falls back to the spec's four under their categories' names: Healthcare, Energy, Fintech, Technology", () => {
    expect(FALLBACK_RECOMMENDED_SECTORS.map((s) => s.name)).toEqual(["Healthcare", "Energy", "Fintech", "Technology"]);
  });

  it("recommends only project-form categories, whatever the portfolio", () => {
    const portfolios = [[], ...PROJECT_CATEGORIES.map((c) => [{ category: c.toLowerCase(), amount: 100 }])];
    const named = new Set(portfolios.flatMap((held) => fallbackSectorsFor(held).map((s) => s.name)));
    expect([...named].filter((n) => !(PROJECT_CATEGORIES as readonly string[]).includes(n))).toEqual([]);
  });

  it("never recommends the category an investor is concentrated in (all in Healthcare)", () => {
    const names = fallbackSectorsFor([{ category: "healthcare", amount: 5_000 }]).map((s) => s.name);
    expect(names).toEqual(["Energy", "Fintech", "Technology", "Education"]);
  });

  it("never recommends a category whose browse sector holds over 30% (Real Estate is listed under Fintech)", () => {
    const names = fallbackSectorsFor([
      { category: "real estate", amount: 40 },
      { category: "manufacturing", amount: 35 },
      { category: "healthcare", amount: 25 },
    ]).map((s) => s.name);
    expect(names).toEqual(["Healthcare", "Energy", "Education", "Retail"]);
  });

  it("keeps a sector held at 30% or less (spread over four categories)", () => {
    const held = ["healthcare", "energy", "fintech", "technology"].map((category) => ({ category, amount: 25 }));
    expect(fallbackSectorsFor(held).map((s) => s.name)).toEqual(["Healthcare", "Energy", "Fintech", "Technology"]);
  });

  it("gives each fallback sector a short one-line description", () => {
    expect(FALLBACK_RECOMMENDED_SECTORS.every((s) => /^[^\n]{10,100}$/.test(s.description))).toBe(true);
  });

  it("has three fallback insights: diversify, review regularly, balanced risk", () => {
    expect(FALLBACK_INSIGHTS.map((s) => /diversif/i.test(s) || /review/i.test(s) || /balanced/i.test(s))).toEqual([
      true,
      true,
      true,
    ]);
  });

  it("cannot be changed at run time", () => {
    expect(Object.isFrozen(MARKET_TRENDS) && Object.isFrozen(SECTOR_COLORS)).toBe(true);
  });
});

describe("concentration", () => {
  it("one holding → HHI 10,000, 1.0 effective, 100 %", () => {
    expect(concentration([h()])).toEqual({ hhi: 10000, effectiveHoldings: 1, largestShare: 100 });
  });

  it("four equal holdings → HHI 2,500, 4.0 effective, 25 %", () => {
    expect(concentration(sectors(250, 250, 250, 250))).toEqual({ hhi: 2500, effectiveHoldings: 4, largestShare: 25 });
  });

  it("50/30/20 → HHI 3,800, 10,000 ÷ 3,800 = 2.63 → 2.6 effective", () => {
    expect(concentration(sectors(500, 300, 200))).toEqual({ hhi: 3800, effectiveHoldings: 2.6, largestShare: 50 });
  });

  it("counts several investments in one project as one holding", () => {
    expect(concentration([h({ projectId: "a" }), h({ projectId: "a" })]).hhi).toBe(10000);
  });

  it("is all zeros with no holdings", () => {
    expect(concentration([])).toEqual({ hhi: 0, effectiveHoldings: 0, largestShare: 0 });
  });
});

describe("whatIfOneFails", () => {
  it("lists each project's loss and share of the portfolio, worst first", () => {
    const holdings = [
      h({ projectId: "s", projectTitle: "Small", amount: 1000 }),
      h({ projectId: "b", projectTitle: "Big", amount: 2500 }),
      h({ projectId: "m", projectTitle: "Mid", amount: 1000.5 }),
      h({ projectId: "b", projectTitle: "Big", amount: 500 }),
    ];
    expect(whatIfOneFails(holdings)).toEqual([
      { projectId: "b", projectTitle: "Big", loss: 3000, shareOfPortfolio: (300000 * 100) / 500050 },
      { projectId: "m", projectTitle: "Mid", loss: 1000.5, shareOfPortfolio: (100050 * 100) / 500050 },
      { projectId: "s", projectTitle: "Small", loss: 1000, shareOfPortfolio: (100000 * 100) / 500050 },
    ]);
  });

  it("is empty with no holdings", () => {
    expect(whatIfOneFails([])).toEqual([]);
  });
});

describe("chartSlices", () => {
  it("hides the label of a slice under 5 %", () => {
    expect(chartSlices(sectors(9501, 499)).map((s) => s.showLabel)).toEqual([true, false]);
  });

  it("shows the label of a slice at exactly 5 %", () => {
    expect(chartSlices(sectors(95, 5)).map((s) => s.showLabel)).toEqual([true, true]);
  });

  it("lists a slice under 5 % in the small-segment legend", () => {
    expect(chartSlices(sectors(9501, 499)).map((s) => s.small)).toEqual([false, true]);
  });

  it("floors a tiny nonzero share at 0.1 % for display", () => {
    expect(chartSlices(sectors(9999.99, 0.01))[1]!.shownPercent).toBe(0.1);
  });

  it("keeps the tiny share's data unrounded", () => {
    expect(chartSlices(sectors(9999.99, 0.01))[1]!.percentage).toBeCloseTo(0.0001, 10);
  });

  it("does not floor a zero share", () => {
    expect(chartSlices(sectors(100, 0))[1]!.shownPercent).toBe(0);
  });

  it("cycles the six colours from the seventh slice", () => {
    expect(chartSlices(sectors(70, 60, 50, 40, 30, 20, 10)).map((s) => s.color)).toEqual([
      "#0088FE",
      "#00C49F",
      "#FFBB28",
      "#FF8042",
      "#8884D8",
      "#82CA9D",
      "#0088FE",
    ]);
  });

  it("gives the small-segment legend the sector's first project title and its percentage", () => {
    const holdings = [
      h({ category: "technology", amount: 9750 }),
      h({ category: "education", projectTitle: "TutorLoop", amount: 150 }),
      h({ category: "education", projectTitle: "Campus Books", amount: 100 }),
    ];
    const legend = chartSlices(holdings)
      .filter((s) => s.small)
      .map((s) => `${s.firstProjectTitle} ${formatPercent1(s.percentage)}`);
    expect(legend).toEqual(["TutorLoop 2.5%"]);
  });

  it("is sorted like the sector distribution, with its names", () => {
    const holdings = [h({ category: "social-media", amount: 10 }), h({ category: "food & beverage", amount: 30 })];
    expect(chartSlices(holdings).map((s) => s.name)).toEqual(["Food & Beverage", "Social Media"]);
  });
});

describe("formatPercent1", () => {
  it.each([
    [12.5, "12.5%"],
    [12.25, "12.3%"],
    [100 / 3, "33.3%"],
    [0.04, "0.0%"],
    [0.1, "0.1%"],
    [100, "100.0%"],
    [0, "0.0%"],
    [Number.NaN, "0.0%"],
  ])("%s → %s", (n, text) => {
    expect(formatPercent1(n)).toBe(text);
  });
});
