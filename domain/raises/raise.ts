/**
 * An honest raise: who owns the company after this round, and whether one backer
 * carries it. Pure: the detail page and `GET /api/projects/{id}` show what this computes from the
 * project's own counters (active investments only) and the largest single investor's total.
 */
import type { ProjectDTO } from "../shared/types";
import { toCents, toDollars } from "../shared/money";

export interface RaiseFigures {
  /** Distinct investors with an active investment. */
  investors: number;
  /** The largest single investor's total in this raise, in dollars (0 when nobody has invested). */
  largestInvestorAmount: number;
  /** That investor's share of the amount raised, in percent (0 to 100). */
  largestInvestorPercent: number;
  /** Equity offered in this round, in percent of the company. */
  equityOffered: number;
  /** Equity the investors hold now: equity offered × shares sold / total shares. */
  investorsEquity: number;
  /** What the founders keep: 100 − the investors' equity (unsold offered equity stays with them). */
  foundersEquity: number;
}

type RaiseInputs = Pick<ProjectDTO, "investors" | "fundingCurrent" | "sharesSold" | "totalShares"> & {
  investmentTerms: Pick<ProjectDTO["investmentTerms"], "equityPercentage">;
};

export function raiseFigures(project: RaiseInputs, largestInvestorAmount: number): RaiseFigures {
  const equityOffered = project.investmentTerms.equityPercentage;
  const soldFraction = project.totalShares > 0 ? Math.min(1, Math.max(0, project.sharesSold / project.totalShares)) : 0;
  const investorsEquity = equityOffered * soldFraction;
  const raisedCents = toCents(project.fundingCurrent);
  const largestCents = Math.max(0, toCents(largestInvestorAmount));
  return {
    investors: project.investors,
    largestInvestorAmount: toDollars(largestCents),
    largestInvestorPercent: raisedCents > 0 ? Math.min(100, (largestCents / raisedCents) * 100) : 0,
    equityOffered,
    investorsEquity,
    foundersEquity: 100 - investorsEquity,
  };
}

/**
 * The sentence next to the funding bar. Whole percent, except that a share between 0 and 1 reads
 * "under 1%" rather than a misleading 0%.
 */
export function largestInvestorSentence(f: RaiseFigures): string | null {
  if (f.investors < 1 || f.largestInvestorAmount <= 0) return null;
  if (f.investors === 1) return "One investor holds 100% of the amount raised";
  const pct = f.largestInvestorPercent;
  const shown = pct > 0 && pct < 1 ? "under 1%" : `${Math.round(pct)}%`;
  return `The largest investor holds ${shown} of the amount raised`;
}
