/**
 * Portfolio math, once (spec sections 2, 3, 4, 8 and 9): sector distribution, risk score,
 * diversification score and its fallbacks, projected returns, the analysis report, concentration,
 * the what-if, the pie chart's slices, and the static analytics fallbacks.
 *
 * Pure functions: no I/O, no framework imports. The profile page, the portfolio page, the AI
 * adapter and the analytics endpoints all read these, so every screen shows the same numbers.
 * Money is summed in integer cents (ADR 003) and handed back in dollars; percentages stay
 * unrounded in data and are rounded only by the presentation helpers (`formatPercent1`, the
 * report's sentences).
 */
import { formatMoney } from "./format";
import { DAY_MS } from "./dates";
import { toCents, toDollars } from "./money";
import type { InvestmentDTO, RiskLevel } from "./types";

/** One active investment, as the portfolio math reads it. */
export interface Holding {
  projectId: string;
  projectTitle: string;
  /** The project's stored (lower-case) category, e.g. "food & beverage". */
  category: string;
  /** Dollars invested. */
  amount: number;
  shares: number;
  riskLevel: RiskLevel;
  /** ISO date-time of the purchase. */
  investedAt: string;
}

const RISK_LEVELS: readonly RiskLevel[] = ["low", "medium", "high"];

/**
 * Dollars to integer cents. Holdings may be built from client-sent data (the analytics endpoints
 * receive investments in the request body), so a non-finite or negative amount counts as nothing
 * rather than poisoning every sum with NaN or a negative share.
 */
function holdingCents(dollars: number): number {
  return Number.isFinite(dollars) && dollars > 0 ? toCents(dollars) : 0;
}

function totalCents(holdings: readonly Holding[]): number {
  let total = 0;
  for (const h of holdings) total += holdingCents(h.amount);
  return total;
}

/** Deterministic tie-break by name (code-unit order, independent of the runtime's locale). */
function byName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** An unknown risk level reads as medium, the spec's default (section 3, Investment). */
function riskOf(level: unknown): RiskLevel {
  return RISK_LEVELS.includes(level as RiskLevel) ? (level as RiskLevel) : "medium";
}

/**
 * The holdings the math counts: active investments only. Pending ones (kept locally until
 * confirmed) and cancelled ones are not money at work, so they never enter a total, a sector, a
 * score or a chart. Amounts are kept to the cent; a missing share count is 0 (spec default).
 */
export function holdingsFrom(
  investments: Pick<
    InvestmentDTO,
    | "projectId"
    | "projectTitle"
    | "projectCategory"
    | "amountInvested"
    | "shares"
    | "riskLevel"
    | "investedAt"
    | "status"
  >[],
): Holding[] {
  return investments
    .filter((i) => i.status === "active")
    .map((i) => ({
      projectId: i.projectId,
      projectTitle: i.projectTitle,
      category: i.projectCategory ?? "",
      amount: toDollars(holdingCents(i.amountInvested)),
      shares: Number.isFinite(i.shares) ? i.shares : 0,
      riskLevel: riskOf(i.riskLevel),
      investedAt: i.investedAt,
    }));
}

/** The largest projects a summary keeps (the what-if table, the report's largest, the model's facts). */
export const SUMMARY_TOP_PROJECTS = 20;

/** Active money in one category at one risk level, its newest investment's project named. */
export interface SummaryGroup {
  category: string;
  riskLevel: RiskLevel;
  cents: number;
  count: number;
  /** The first project of the group in list order (newest first for a stored portfolio). */
  firstProjectTitle: string;
}

/** One project's active money. */
export interface SummaryProject {
  projectId: string;
  projectTitle: string;
  category: string;
  riskLevel: RiskLevel;
  cents: number;
}

/**
 * A portfolio's active investments summed: everything the math below reads, bounded whatever the
 * number of investments (worker/services/holdings.ts sums a stored portfolio in SQL; `summarize`
 * sums a list the same way). Groups are in list order of their first investment.
 */
export interface PortfolioSummary {
  count: number;
  cents: number;
  shares: number;
  /** Investments made in the last 90 and 180 days (a window includes its boundary). */
  recent90: number;
  recent180: number;
  groups: SummaryGroup[];
  /** The largest projects, largest first, ties by title then id: at most SUMMARY_TOP_PROJECTS. */
  topProjects: SummaryProject[];
  projectCount: number;
  /** Σ over every project of its cents squared (the HHI's numerator). */
  projectCentsSquared: number;
}

/** The summary of a list of holdings (in the order given), as the SQL sums a stored portfolio. */
export function summarize(
  holdings: readonly Holding[],
  now: number = Date.now(),
  top: number = SUMMARY_TOP_PROJECTS,
): PortfolioSummary {
  const groups = new Map<string, SummaryGroup>();
  let cents = 0;
  let shares = 0;
  let recent90 = 0;
  let recent180 = 0;
  for (const h of holdings) {
    const c = holdingCents(h.amount);
    cents += c;
    shares += h.shares;
    const risk = riskOf(h.riskLevel);
    const key = `${h.category}\u0000${risk}`;
    const g = groups.get(key);
    if (g) {
      g.cents += c;
      g.count += 1;
    } else {
      groups.set(key, { category: h.category, riskLevel: risk, cents: c, count: 1, firstProjectTitle: h.projectTitle });
    }
    const at = Date.parse(h.investedAt);
    if (Number.isNaN(at)) continue;
    if (now - at <= 180 * DAY_MS) recent180 += 1;
    if (now - at <= 90 * DAY_MS) recent90 += 1;
  }
  const projects = byProject(holdings);
  return {
    count: holdings.length,
    cents,
    shares,
    recent90,
    recent180,
    groups: [...groups.values()],
    topProjects: projects.slice(0, top),
    projectCount: projects.length,
    projectCentsSquared: projects.reduce((sum, p) => sum + p.cents * p.cents, 0),
  };
}

/** The pie chart's six colours, in order (spec section 2, Investor profile page); they cycle. */
export const SECTOR_COLORS: readonly string[] = Object.freeze([
  "#0088FE",
  "#00C49F",
  "#FFBB28",
  "#FF8042",
  "#8884D8",
  "#82CA9D",
]);

/**
 * A sector's display name from a stored category (spec section 2: "slice name capitalised with
 * hyphens turned to spaces"): "social-media" → "Social Media", "food & beverage" → "Food &
 * Beverage". Each word is lower-cased then capitalised, so "FINTECH" and "fintech" are one
 * sector; a blank category reads "Other" so its money still shows.
 */
export function sectorName(category: string): string {
  const words = (category ?? "").replace(/-/g, " ").trim().replace(/\s+/g, " ").toLowerCase();
  if (!words) return "Other";
  return words.replace(/(^|\s)(\S)/g, (_m, space: string, first: string) => space + first.toUpperCase());
}

/** One sector of the portfolio (spec section 3, Portfolio summary `sectors`). */
export interface SectorSlice {
  name: string;
  /** Dollars invested in the sector. */
  amount: number;
  /** Percent of the total invested, unrounded. */
  percentage: number;
  /** How many investments fall in the sector. */
  value: number;
}

interface SectorGroup {
  name: string;
  cents: number;
  count: number;
  firstProjectTitle: string;
}

/** The summary's groups by sector name, in first-seen order, remembering each sector's first project. */
function groupBySector(summary: PortfolioSummary): SectorGroup[] {
  const groups = new Map<string, SectorGroup>();
  for (const s of summary.groups) {
    const name = sectorName(s.category);
    const g = groups.get(name);
    if (g) {
      g.cents += s.cents;
      g.count += s.count;
    } else {
      groups.set(name, { name, cents: s.cents, count: s.count, firstProjectTitle: s.firstProjectTitle });
    }
  }
  return [...groups.values()];
}

function slicesOf(groups: SectorGroup[], total: number): (SectorSlice & { firstProjectTitle: string })[] {
  return groups
    .map((g) => ({
      name: g.name,
      amount: g.cents / 100,
      percentage: total > 0 ? (g.cents * 100) / total : 0,
      value: g.count,
      firstProjectTitle: g.firstProjectTitle,
    }))
    .sort((a, b) => b.percentage - a.percentage || byName(a.name, b.name));
}

/**
 * Investments grouped by project category (spec section 2 and section 3 `sectors`): amounts
 * summed in cents, percentage of the total (unrounded; 0 when nothing is invested), the count of
 * investments, sorted by percentage descending (spec), ties by name so the order is stable.
 */
export function sectorDistribution(holdings: Holding[]): SectorSlice[] {
  return sectorDistributionOf(summarize(holdings));
}

/** `sectorDistribution` of a summary. */
export function sectorDistributionOf(summary: PortfolioSummary): SectorSlice[] {
  return slicesOf(groupBySector(summary), summary.cents).map(({ name, amount, percentage, value }) => ({
    name,
    amount,
    percentage,
    value,
  }));
}

const RISK_WEIGHT: Record<RiskLevel, number> = { low: 1, medium: 2, high: 3 };

/**
 * Risk score (spec section 9): weights low 1, medium 2, high 3; score = weighted amount ÷
 * (total × 3) × 100, rounded; the level from the spec's bands (section 4) applied to that rounded
 * score, so the number shown and its level always agree ($1,000 low + $1,000 high → 66.67 → 67 →
 * high).
 *
 * With nothing invested the score is 0 and the level low: no money is at risk. A real portfolio
 * never scores 0 (all low-risk is 33), so 0 also tells a caller "no holdings".
 */
export function riskScore(holdings: Holding[]): { score: number; level: RiskLevel } {
  return riskScoreOf(summarize(holdings));
}

/** `riskScore` of a summary. */
export function riskScoreOf(summary: PortfolioSummary): { score: number; level: RiskLevel } {
  let total = 0;
  let weighted = 0;
  for (const g of summary.groups) {
    total += g.cents;
    weighted += g.cents * RISK_WEIGHT[riskOf(g.riskLevel)];
  }
  if (total === 0) return { score: 0, level: "low" };
  const score = Math.round((weighted / (total * 3)) * 100);
  return { score, level: riskLevelFor(score) };
}

/**
 * Risk level bands (spec section 4): a score up to 33 is low, 66 and above is high, otherwise
 * medium. A score that is not a number reads as medium, the spec's default risk level.
 */
export function riskLevelFor(score: number): RiskLevel {
  if (Number.isNaN(score)) return "medium";
  if (score <= 33) return "low";
  if (score >= 66) return "high";
  return "medium";
}

/** Diversification score when nothing is invested: the fallback's "no data" value. */
const NO_DATA_SCORE = 45;

/**
 * Diversification score, computed (spec section 9): min(sector count ÷ 10, 1) × 50, plus 50 minus
 * a penalty of half the percentage points by which the largest sector exceeds 50 (no penalty, and
 * no bonus, at 50 % or below), clamped 0–100 and rounded. 1 sector → 5 + 25 = 30; 2 at 50/50 →
 * 10 + 50 = 60; 4 at 40/30/20/10 → 20 + 50 = 70; 10 or more sectors, none above half → 100.
 *
 * This is the product's one diversification score: the profile's stat card shows it (not the
 * spec's fixed 62 %) and so does the portfolio's score circle. Only sectors holding money count.
 * With nothing invested there is no distribution to score: the fallback's "no data" 45.
 */
export function diversificationScore(holdings: Holding[]): number {
  return diversificationScoreOf(summarize(holdings));
}

/** `diversificationScore` of a summary. */
export function diversificationScoreOf(summary: PortfolioSummary): number {
  const sectors = sectorDistributionOf(summary).filter((s) => s.amount > 0);
  const top = sectors[0];
  if (!top) return diversificationFallback(0);
  const breadth = Math.min(sectors.length / 10, 1) * 50;
  const largest = top.percentage;
  const penalty = Math.max(0, largest - 50) / 2;
  return Math.round(Math.min(100, Math.max(0, breadth + (50 - penalty))));
}

/**
 * The portfolio's local fallback score when the computed one is unavailable (spec section 9 and
 * section 8 "Failed to calculate score"), by distinct category count: 1 → 25, 2 → 50, 3 → 75,
 * 4 or more → 85; 0 (no data) → 45; null or undefined (the value is missing) → 50. A count that is
 * not a number is treated as missing; a fractional count is rounded down; a negative one as 0.
 */
export function diversificationFallback(categoryCount: number | null | undefined): number {
  if (categoryCount === null || categoryCount === undefined || Number.isNaN(categoryCount)) return 50;
  const n = Math.floor(categoryCount);
  if (n <= 0) return NO_DATA_SCORE;
  if (n === 1) return 25;
  if (n === 2) return 50;
  if (n === 3) return 75;
  return 85;
}

/** Diversification label (spec section 9): Low below 40, Moderate below 70, else High. */
export function diversificationLabel(score: number): "Low" | "Moderate" | "High" {
  if (score < 40) return "Low";
  if (score < 70) return "Moderate";
  return "High";
}

/** Spec section 9: projected returns are 1.15 × the amount per investment, computed locally. */
export const PROJECTED_MULTIPLIER = 1.15;
/** Spec section 9: the fallback portfolio summary projects 1.4 × the total. */
export const FALLBACK_PROJECTED_MULTIPLIER = 1.4;

/**
 * Projected returns (spec section 9, portfolio fallback): Σ amount × 1.15, in dollars. Computed on
 * the total in integer cents with the multiplier as a whole percentage (115), rounded once to the
 * cent, so there is no float drift and no per-investment rounding error. Pass
 * `FALLBACK_PROJECTED_MULTIPLIER` for the fallback summary's 1.4 × the total.
 */
export function projectedReturns(holdings: Holding[], multiplier: number = PROJECTED_MULTIPLIER): number {
  return projectedReturnsOf(totalCents(holdings), multiplier);
}

/** `projectedReturns` of a total in cents. */
export function projectedReturnsOf(cents: number, multiplier: number = PROJECTED_MULTIPLIER): number {
  const percent = Math.round(multiplier * 100);
  return Math.round((cents * percent) / 100) / 100;
}

/** Spec section 9, Report: the largest position above this share of the portfolio is flagged. */
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
      `You hold ${plural(positions, "active investment", "active investments")} totaling ${formatMoney(total / 100)} across ${plural(sectors, "sector", "sectors")}.`,
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
    totalInvested: total / 100,
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

/** Recommended sectors when the analytics service fails (spec section 8), each with a one-liner. */
export const FALLBACK_RECOMMENDED_SECTORS: readonly { name: string; description: string }[] = Object.freeze([
  { name: "Healthcare", description: "Student ventures in digital health, diagnostics and care access." },
  { name: "Renewable Energy", description: "Clean power, storage and efficiency projects with long-term demand." },
  { name: "Fintech", description: "Payments, lending and personal-finance tools built for a new generation." },
  { name: "Cybersecurity", description: "Security and privacy products that every growing business needs." },
]);

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

/** Holdings summed per project (first-seen title), largest first, ties by title then id. */
function byProject(holdings: readonly Holding[]): SummaryProject[] {
  const groups = new Map<string, SummaryProject>();
  for (const h of holdings) {
    const g = groups.get(h.projectId);
    if (g) g.cents += holdingCents(h.amount);
    else
      groups.set(h.projectId, {
        projectId: h.projectId,
        projectTitle: h.projectTitle,
        category: h.category,
        riskLevel: riskOf(h.riskLevel),
        cents: holdingCents(h.amount),
      });
  }
  return [...groups.values()].sort(
    (a, b) => b.cents - a.cents || byName(a.projectTitle, b.projectTitle) || byName(a.projectId, b.projectId),
  );
}

/**
 * Concentration by project (complements the spec's 30 % report threshold with a whole-portfolio
 * measure): several investments in one project are one holding. One project → HHI 10,000 and 1.0
 * effective holding; four equal → 2,500 and 4.0. With nothing invested all three are 0.
 */
export function concentration(holdings: Holding[]): Concentration {
  return concentrationOf(summarize(holdings));
}

/** `concentration` of a summary: the HHI from its Σ cents², the largest share from its top project. */
export function concentrationOf(summary: PortfolioSummary): Concentration {
  const total = summary.cents;
  if (total === 0) return { hhi: 0, effectiveHoldings: 0, largestShare: 0 };
  const hhi = (summary.projectCentsSquared * 10_000) / (total * total);
  const top = summary.topProjects[0];
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
    loss: p.cents / 100,
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
