/**
 * What the portfolio's numbers say (spec sections 8 and 9): the analysis report, concentration, the
 * what-if, the pie chart's slices and the static analytics fallbacks, all read from the summary
 * that portfolio-math.ts builds. Pure, as that module is; percentages are rounded only here, by
 * `formatPercent1` and the report's sentences.
 */
import { formatMoney } from "../shared/format";
import {
  groupBySector,
  SECTOR_COLORS,
  slicesOf,
  summarize,
  type Holding,
  type PortfolioSummary,
  type SectorSlice,
} from "./portfolio-math";
import { toDollars } from "../shared/money";
import { sectorForCategory } from "../projects/categories";
const CONCENTRATION_THRESHOLD = 30;
/** …and the advice is to keep any one position under this share. */
const CONCENTRATION_TARGET = 20;

/** The Generate Analysis Report's content (spec sections 2 and 9, Report). */
export interface AnalysisReport {
  /** Dollars invested in active holdings. */
  totalInvested: number;
  /** How many investments (each purchase counts once). */
  positions: number;
  /** The largest project by money (several investments in one project are one position). */
  largest: { projectTitle: string; share: number } | null;
  /** The largest position is above 30 % of the portfolio. */
  concentrated: boolean;
  /** Advice to keep each position under 20 %, when concentrated. */
  concentrationAdvice: string | null;
  /** Investments made in the last 180 days. */
  recent180: number;
  /** Investments made in the last 90 days. */
  recent90: number;
  /** More than half of all investments were made in the last 90 days. */
  recentHeavy: boolean;
  /** The report as sentences, in order. */
  lines: string[];
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * The analysis report (spec section 9, Report): the largest position and whether it is above the
 * 30 % concentration threshold (with advice to stay under 20 %); how many investments were made
 * in the last 180 and the last 90 days, and whether the last 90 days hold more than half of them.
 *
 * "Largest position" is by project, the same figure as `concentration().largestShare`: exposure to
 * one company is what concentration measures. The recent counts are by investment, because each
 * purchase has its own date; a window includes its boundary (an investment exactly 90 days old is
 * recent) and a future date (clock skew) counts as recent. A date that does not parse is not.
 */
export function analysisReport(holdings: Holding[], now: number = Date.now()): AnalysisReport {
  return analysisReportOf(summarize(holdings, now));
}

/** `analysisReport` of a summary (its recent counts are as of when it was made). */
export function analysisReportOf(summary: PortfolioSummary): AnalysisReport {
  const total = summary.cents;
  const top = summary.topProjects[0];
  const largest = top && total > 0 ? { projectTitle: top.projectTitle, share: (top.cents * 100) / total } : null;
  const concentrated = largest !== null && largest.share > CONCENTRATION_THRESHOLD;
  const concentrationAdvice = concentrated
    ? `Consider spreading new investments so that no single project is more than ${CONCENTRATION_TARGET}% of your portfolio.`
    : null;

  const { recent180, recent90 } = summary;
  const positions = summary.count;
  const recentHeavy = positions > 0 && recent90 * 2 > positions;

  const lines: string[] = [];
  if (positions === 0) {
    lines.push("You have no active investments yet, so there is nothing to analyze.");
  } else {
    const sectors = groupBySector(summary).length;
    lines.push(
      `You hold ${plural(positions, "active investment", "active investments")} totaling ${formatMoney(toDollars(total))} across ${plural(sectors, "sector", "sectors")}.`,
    );
    if (largest) {
      lines.push(
        `Your largest position is ${largest.projectTitle}, at ${formatPercent1(largest.share)} of your portfolio.`,
      );
      lines.push(
        concentrated
          ? `That is above the ${CONCENTRATION_THRESHOLD}% concentration threshold.`
          : `No single position is above the ${CONCENTRATION_THRESHOLD}% concentration threshold.`,
      );
    }
    if (concentrationAdvice) lines.push(concentrationAdvice);
    lines.push(
      `${plural(recent180, "investment was", "investments were")} made in the last 180 days, ${recent90} in the last 90 days.`,
    );
    if (recentHeavy) {
      lines.push(
        "More than half of your investments are from the last 90 days: their outcomes are still early, so judge them over a longer horizon.",
      );
    }
  }

  return {
    totalInvested: toDollars(total),
    positions,
    largest,
    concentrated,
    concentrationAdvice,
    recent180,
    recent90,
    recentHeavy,
    lines,
  };
}

/** Market sector trends panel (spec section 9): static sample scores and their change. */
export const MARKET_TRENDS: readonly { sector: string; score: number; change: number }[] = Object.freeze([
  { sector: "Tech", score: 82, change: 3.2 },
  { sector: "Healthcare", score: 75, change: 1.8 },
  { sector: "Energy", score: 61, change: -2.1 },
  { sector: "Finance", score: 79, change: 2.4 },
  { sector: "Consumer", score: 68, change: 0.7 },
]);

/** Default recommended sectors (spec section 9), when the analytics give none. */
export const DEFAULT_RECOMMENDED_SECTORS: readonly string[] = Object.freeze([
  "Technology",
  "Finance",
  "Healthcare",
  "Media",
]);

/** The recommended sector when the portfolio is empty (spec section 9). */
export const EMPTY_RECOMMENDED_SECTOR = "Renewable Energy";

/**
 * The sectors the fallback may recommend (spec section 8), each a project-form category (so its
 * card opens a browse filter that lists it) with a one-liner, in the order they are offered. The
 * spec's four come first under their category's name: Healthcare, Energy (its "Renewable Energy"),
 * Fintech, Technology (its "Cybersecurity"); then spares, offered when one of those four is where
 * the investor's money already is.
 */
export const FALLBACK_SECTOR_CANDIDATES: readonly { name: string; description: string }[] = Object.freeze([
  { name: "Healthcare", description: "Student ventures in digital health, diagnostics and care access." },
  { name: "Energy", description: "Clean power, storage and efficiency projects with long-term demand." },
  { name: "Fintech", description: "Payments, lending and personal-finance tools built for a new generation." },
  { name: "Technology", description: "Security, privacy and software products that every growing business needs." },
  { name: "Education", description: "Tools that help students learn, study and find their first job." },
  { name: "Retail", description: "Shops and marketplaces selling what campuses buy every week." },
  { name: "Media", description: "Student media, creators and the platforms that reach them." },
]);

/** The fallback's sectors with nothing held: the spec's four (section 8). */
export const FALLBACK_RECOMMENDED_SECTORS: readonly { name: string; description: string }[] = Object.freeze(
  FALLBACK_SECTOR_CANDIDATES.slice(0, 4),
);

/** A sector holding more than this share of a portfolio (percent) is one it is concentrated in (spec section 9's 30 %). */
export const CONCENTRATED_SECTOR_SHARE = 30;

/**
 * The fallback's four recommended sectors for a portfolio: the candidates in order, leaving out
 * every one the investor is already concentrated in (more than 30 % of what they hold, by its
 * project category or by the browse sector that lists it). `held` is what the portfolio holds by
 * project category, in any unit (cents, or percent).
 */
export function fallbackSectorsFor(
  held: readonly { category: string; amount: number }[],
): { name: string; description: string }[] {
  const total = held.reduce((s, h) => s + Math.max(0, h.amount), 0);
  const byCategory = new Map<string, number>();
  const bySector = new Map<string, number>();
  for (const h of held) {
    const category = h.category.trim().toLowerCase();
    byCategory.set(category, (byCategory.get(category) ?? 0) + Math.max(0, h.amount));
    const sector = sectorForCategory(category);
    bySector.set(sector, (bySector.get(sector) ?? 0) + Math.max(0, h.amount));
  }
  const concentrated = (amount: number | undefined) =>
    total > 0 && ((amount ?? 0) / total) * 100 > CONCENTRATED_SECTOR_SHARE;
  return FALLBACK_SECTOR_CANDIDATES.filter(
    (c) =>
      !concentrated(byCategory.get(c.name.toLowerCase())) && !concentrated(bySector.get(sectorForCategory(c.name))),
  ).slice(0, FALLBACK_RECOMMENDED_SECTORS.length);
}

/** Generic insights when the analytics service fails (spec section 8). */
export const FALLBACK_INSIGHTS: readonly string[] = Object.freeze([
  "Diversify across several sectors so that one setback cannot sink your whole portfolio.",
  "Review your portfolio regularly to see how each startup is progressing against its plan.",
  "Keep a balanced mix of risk levels: pair a few high-risk bets with steadier, lower-risk projects.",
]);

/** How concentrated the portfolio is in individual projects. */
export interface Concentration {
  /** Herfindahl–Hirschman index over projects: Σ (percent share)², 0–10,000 (unrounded). */
  hhi: number;
  /** 10,000 ÷ HHI, to 1 decimal: the number of equal projects this portfolio is as spread as. */
  effectiveHoldings: number;
  /** The largest project's share, in percent (unrounded). */
  largestShare: number;
}

/**
 * Concentration by project (complements the spec's 30 % report threshold with a whole-portfolio
 * measure): several investments in one project are one holding. One project → HHI 10,000 and 1.0
 * effective holding; four equal → 2,500 and 4.0. With nothing invested all three are 0.
 */
export function concentration(holdings: Holding[]): Concentration {
  return concentrationOf(summarize(holdings));
}

/**
 * `concentration` of a summary, by value (ADR 052: a holding marked up weighs more, one written off
 * nothing): the HHI from its Σ value², the largest share from its largest holding by value. At cost
 * until a reviewed event marks a holding, so an unmarked portfolio reads as before.
 */
export function concentrationOf(summary: PortfolioSummary): Concentration {
  const total = summary.valueCents;
  if (total <= 0) return { hhi: 0, effectiveHoldings: 0, largestShare: 0 };
  const hhi = (summary.projectValueSquared * 10_000) / (total * total);
  const top = summary.largestByValue;
  return {
    hhi,
    effectiveHoldings: Math.round((10_000 / hhi) * 10) / 10,
    largestShare: top ? (top.cents * 100) / total : 0,
  };
}

/** What the portfolio loses if one project fails outright. */
export interface WhatIf {
  projectId: string;
  projectTitle: string;
  /** Dollars lost: everything invested in the project. */
  loss: number;
  /** That loss as a percent of the portfolio (unrounded). */
  shareOfPortfolio: number;
}

/**
 * "What if one fails": for each project (several investments in one are one holding), the money
 * lost if it fails outright and that loss's share of the portfolio, worst first (ties by title).
 * Student startups fail often; this makes the concentration report concrete in dollars.
 */
export function whatIfOneFails(holdings: Holding[]): WhatIf[] {
  return whatIfOf(summarize(holdings, Date.now(), Infinity));
}

/** `whatIfOneFails` of a summary: its largest projects only (at most SUMMARY_TOP_PROJECTS). */
export function whatIfOf(summary: PortfolioSummary): WhatIf[] {
  const total = summary.cents;
  return summary.topProjects.map((p) => ({
    projectId: p.projectId,
    projectTitle: p.projectTitle,
    loss: toDollars(p.cents),
    shareOfPortfolio: total > 0 ? (p.cents * 100) / total : 0,
  }));
}

/** Spec section 2: percent labels are hidden, and the slice listed in the small-segment legend, under 5 %. */
const LABEL_MIN_PERCENT = 5;
/** Spec section 2: a tiny nonzero share is shown as at least 0.1 %. */
const MIN_SHOWN_PERCENT = 0.1;

/** One slice of the profile's sector pie, with what the chart needs to draw it. */
export interface ChartSlice extends SectorSlice {
  /** From `SECTOR_COLORS`, cycling. */
  color: string;
  /** The percentage to draw and show: floored at 0.1 for a tiny nonzero share, else unchanged. */
  shownPercent: number;
  /** Whether the percent label is drawn on the slice (hidden under 5 %). */
  showLabel: boolean;
  /** Under 5 %: listed in the small-segment legend instead. */
  small: boolean;
  /** The first project (in the order given) in this sector, named by the small-segment legend. */
  firstProjectTitle: string;
}

/**
 * The investor profile's sector pie (spec section 2): slices by sector, sorted by percentage
 * descending; six colours cycling; percent labels hidden under 5 % (the spec's first reading; the
 * other reading's 3 % is not used); slices under 5 % listed in a small-segment legend with their
 * first project's title and percentage; a tiny nonzero share drawn as at least 0.1 % so it stays
 * visible. Data stays unrounded: `formatPercent1` rounds for the tooltip and legend.
 */
export function chartSlices(holdings: Holding[]): ChartSlice[] {
  return chartSlicesOf(summarize(holdings));
}

/** `chartSlices` of a summary. */
export function chartSlicesOf(summary: PortfolioSummary): ChartSlice[] {
  return slicesOf(groupBySector(summary), summary.cents).map((s, i) => ({
    ...s,
    // Modulo the list's length: always one of its colours.
    color: SECTOR_COLORS[i % SECTOR_COLORS.length]!,
    shownPercent: s.percentage > 0 && s.percentage < MIN_SHOWN_PERCENT ? MIN_SHOWN_PERCENT : s.percentage,
    showLabel: s.percentage >= LABEL_MIN_PERCENT,
    small: s.percentage < LABEL_MIN_PERCENT,
  }));
}

/**
 * A percentage with one decimal, for the chart's tooltip (spec section 2): 12.5 → "12.5%".
 * Rounded half away from zero on the decimal value (not `toFixed`'s binary quirks); a value that
 * is not a finite number reads "0.0%".
 */
export function formatPercent1(n: number): string {
  if (!Number.isFinite(n)) return "0.0%";
  const tenths = Math.sign(n) * Math.round(Math.abs(n) * 10 + 1e-9);
  return `${(tenths / 10 + 0).toFixed(1)}%`;
}
