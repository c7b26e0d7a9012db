/**
 * The facts the insights model is given (ADR 019): every number is computed here, by the same
 * portfolio math every screen uses (`domain/money/portfolio-math.ts`), and handed over already worded
 * ("$12,500", "40%"), so the model only has to phrase them and has nothing to compute.
 */
import { SECTORS, sectorForCategory, sectorLabel } from "../../domain/projects/categories";
import { formatMoney } from "../../domain/shared/format";
import { concentrationOf } from "../../domain/money/portfolio-analysis";
import {
  diversificationLabel,
  diversificationScoreOf,
  riskScoreOf,
  sectorDistributionOf,
  summarize,
  type Holding,
  type PortfolioSummary,
} from "../../domain/money/portfolio-math";
import { toCents, toDollars } from "../../domain/shared/money";
import type { HoldingPerformance, PortfolioPerformance } from "../../domain/money/performance";
import { formatGain, formatIrr, formatMultiple } from "../../domain/money/returns";

/** Spec section 9, Report: a largest position above 30 % is flagged; the advice is under 20 %. */
const CONCENTRATION_THRESHOLD = "30%";
const CONCENTRATION_TARGET = "20%";

/** At most this many holdings are listed (the largest): the prompt stays small whatever the portfolio. */
export const MAX_LISTED_HOLDINGS = 20;

/** Our browse sectors by name: the only sectors the model may recommend. */
export const SECTOR_NAMES: readonly string[] = SECTORS.map((s) => s.label);

/** What the model is told. Free text (project titles, categories) is data, never instructions. */
export interface PortfolioFacts {
  totalInvested: string;
  numberOfInvestments: number;
  /** By project category, largest first (the portfolio page's distribution). */
  sectors: { sector: string; invested: string; shareOfPortfolio: string; investments: number }[];
  /** Our browse sectors the portfolio holds money in, and those it does not. */
  browseSectorsHeld: string[];
  browseSectorsNotHeld: string[];
  risk: { score: number; level: string; scale: string };
  diversification: { score: number; label: string; scale: string };
  concentration: {
    largestPositionShare: string;
    effectiveNumberOfHoldings: number;
    aboveConcentrationThreshold: boolean;
    concentrationThreshold: string;
    advisedMaximumPerPosition: string;
  };
  largestPosition: {
    project: string;
    category: string;
    invested: string;
    shareOfPortfolio: string;
    risk: string;
  } | null;
  holdings: { project: string; category: string; invested: string; shareOfPortfolio: string; risk: string }[];
  /**
   * What the holdings are worth now (ADR 052: each at its company's latest reviewed event), and what
   * moved it: the holdings with the highest and lowest multiple. Concentration above is by value.
   */
  value: {
    currentValue: string;
    paidOutByExits: string;
    totalGain: string;
    totalValueToPaidIn: string;
    irr: string;
    largestByValue: { project: string; value: string; shareOfValue: string } | null;
    drivers: { project: string; invested: string; value: string; paidOut: string; multiple: string }[];
  } | null;
}

/** Keys whose values are free text from users (titles, categories): never a source of numbers. */
export const FREE_TEXT_KEYS: ReadonlySet<string> = new Set(["project", "category", "sector"]);

/** A whole-number percentage, as the facts word it: 33.333 → "33%". */
function percent(value: number): string {
  return `${Math.round(value)}%`;
}

export function portfolioFacts(holdings: Holding[]): PortfolioFacts {
  return portfolioFactsOf(summarize(holdings));
}

const driver = (h: HoldingPerformance) => ({
  project: h.projectTitle,
  invested: formatMoney(h.invested),
  value: formatMoney(h.value),
  paidOut: formatMoney(h.realized),
  multiple: formatMultiple(h.moic),
});

/** The value block of the facts, from the portfolio's performance (null without one: a client-sent list). */
function valueFacts(summary: PortfolioSummary, perf: PortfolioPerformance | null): PortfolioFacts["value"] {
  if (!perf) return null;
  const largest = summary.largestByValue;
  return {
    currentValue: formatMoney(perf.value),
    paidOutByExits: formatMoney(perf.realized),
    totalGain: formatGain(toCents(perf.gain)),
    totalValueToPaidIn: formatMultiple(perf.tvpi),
    irr: perf.irr === null ? "not shown until the first investment is a year old" : formatIrr(perf.irr),
    largestByValue:
      largest && summary.valueCents > 0
        ? {
            project: largest.projectTitle,
            value: formatMoney(toDollars(largest.cents)),
            shareOfValue: percent((largest.cents / summary.valueCents) * 100),
          }
        : null,
    drivers: [...perf.best, ...perf.worst].map(driver),
  };
}

/**
 * The facts of a summary: bounded whatever the portfolio (its sectors, and its largest projects:
 * several purchases of one project are one position), never every investment.
 */
export function portfolioFactsOf(summary: PortfolioSummary, perf: PortfolioPerformance | null = null): PortfolioFacts {
  const totalCents = summary.cents;
  const share = (cents: number) => percent(totalCents > 0 ? (cents / totalCents) * 100 : 0);
  const risk = riskScoreOf(summary);
  const diversification = diversificationScoreOf(summary);
  const conc = concentrationOf(summary);
  const held = new Set(summary.groups.map((g) => sectorLabel(sectorForCategory(g.category))));
  const listed = summary.topProjects.map((p) => ({
    project: p.projectTitle,
    category: p.category,
    invested: formatMoney(toDollars(p.cents)),
    shareOfPortfolio: share(p.cents),
    risk: p.riskLevel,
  }));
  return {
    totalInvested: formatMoney(toDollars(totalCents)),
    numberOfInvestments: summary.count,
    sectors: sectorDistributionOf(summary).map((s) => ({
      sector: s.name,
      invested: formatMoney(s.amount),
      shareOfPortfolio: percent(s.percentage),
      investments: s.value,
    })),
    browseSectorsHeld: SECTOR_NAMES.filter((n) => held.has(n)),
    browseSectorsNotHeld: SECTOR_NAMES.filter((n) => !held.has(n)),
    risk: { score: risk.score, level: risk.level, scale: "0 to 100, higher is riskier" },
    diversification: {
      score: diversification,
      label: diversificationLabel(diversification),
      scale: "0 to 100, higher is more diversified",
    },
    concentration: {
      largestPositionShare: percent(conc.largestShare),
      effectiveNumberOfHoldings: conc.effectiveHoldings,
      aboveConcentrationThreshold: conc.largestShare > 30,
      concentrationThreshold: CONCENTRATION_THRESHOLD,
      advisedMaximumPerPosition: CONCENTRATION_TARGET,
    },
    largestPosition: listed[0] ?? null,
    holdings: listed.slice(0, MAX_LISTED_HOLDINGS),
    value: valueFacts(summary, perf),
  };
}

/**
 * The cache key's holdings part: hex SHA-256 of the portfolio's summary (its count and total, the
 * money per category and risk level, the largest projects, Σ cents² over every project, and the
 * value and Σ value² the reviewed events gave it), sorted
 * so that the same holdings in any order give the same key. A purchase or a cancellation changes
 * the count, so it gives another key; the recent counts (which move with the clock) are left out.
 */
export async function holdingsHash(summary: PortfolioSummary): Promise<string> {
  const groups = summary.groups.map((g) => `${g.category}\u0000${g.riskLevel}\u0000${g.cents}\u0000${g.count}`).sort();
  const top = summary.topProjects.map((p) => `${p.projectId}\u0000${p.cents}`).sort();
  const parts = [
    `${summary.count}\u0000${summary.cents}\u0000${summary.projectCount}\u0000${summary.projectCentsSquared}`,
    // a reviewed event that moves a holding's value is a new portfolio to describe (ADR 052)
    `${summary.valueCents}\u0000${summary.projectValueSquared}`,
    ...groups,
    ...top,
  ];
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(parts.join("\n")));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}
