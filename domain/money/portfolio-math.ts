/**
 * Portfolio math, once (spec sections 2, 3, 4, 8 and 9): the holdings and their summary, sector
 * distribution, risk score, diversification score and its fallbacks, and projected returns. What
 * is read from these (the analysis report, concentration, the what-if, the pie chart's slices and
 * the static analytics fallbacks) is in portfolio-analysis.ts.
 *
 * Pure functions: no I/O, no framework imports. The profile page, the portfolio page, the AI
 * adapter and the analytics endpoints all read these, so every screen shows the same numbers.
 * Money is summed in integer cents (ADR 003) and handed back in dollars; percentages stay
 * unrounded in data and are rounded only by the presentation helpers (`formatPercent1`, the
 * report's sentences).
 */
import { isHeld } from "../raises/settlement";
import { DAY_MS } from "../shared/dates";
import { toCents, toDollars } from "../shared/money";
import type { InvestmentDTO, RiskLevel } from "../shared/types";

/** The pages' holdings lists: this many a page, newest first (here, not in the service, so the page can say it). */
export const HOLDINGS_PAGE_SIZE = 20;

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
    .filter((i) => isHeld(i.status))
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
 * number of investments (worker/services/money/holdings.ts sums a stored portfolio in SQL; `summarize`
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
  /**
   * What the holdings are worth (ADR 052: each at its company's latest reviewed event, at cost
   * before one), Σ of each project's value squared, and the largest project by value: the
   * concentration is by value, not cost. A list of holdings (`summarize`) is at cost.
   */
  valueCents: number;
  projectValueSquared: number;
  largestByValue: { projectId: string; projectTitle: string; cents: number } | null;
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
    valueCents: cents,
    projectValueSquared: projects.reduce((sum, p) => sum + p.cents * p.cents, 0),
    largestByValue: projects[0]
      ? { projectId: projects[0].projectId, projectTitle: projects[0].projectTitle, cents: projects[0].cents }
      : null,
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
export function groupBySector(summary: PortfolioSummary): SectorGroup[] {
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

export function slicesOf(groups: SectorGroup[], total: number): (SectorSlice & { firstProjectTitle: string })[] {
  return groups
    .map((g) => ({
      name: g.name,
      amount: toDollars(g.cents),
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

/**
 * The one diversification figure a screen shows (the profile's stat card, AI Tools' ring and
 * score): the score of what is held, 0 with nothing held (spec: 0% when there are no investments).
 */
export function diversificationFigure(summary: PortfolioSummary): number {
  return summary.count ? diversificationScoreOf(summary) : 0;
}

/** The diversification score as every screen writes it, the spec's profile format: "62%". */
export function formatDiversification(score: number): string {
  return `${score}%`;
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
  return toDollars(Math.round((cents * percent) / 100));
}

/** Spec section 9, Report: the largest position above this share of the portfolio is flagged. */
