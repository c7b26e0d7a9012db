/**
 * The project form's money terms (ADR 018): what the form shows beside them (`derivedTerms`, in
 * integer cents: total shares = goal ÷ price, valuation = goal ÷ equity × 100) and the terms that
 * lock once anyone has invested (`LOCKED_TERMS`, `lockedTerm`).
 */
import { toNumber } from "./fields";
import { toCents, toDollars } from "./money";

export const lockedTerm = (label: string) =>
  `${label} cannot change after the first investment: investors bought on these terms`;

/** The numbers the form shows beside the terms (live with JavaScript, after a submit without). */
export function derivedTerms(values: {
  fundingGoal?: unknown;
  sharePrice?: unknown;
  totalShares?: unknown;
  investmentTerms?: { equityPercentage?: unknown } | unknown;
}): { totalShares: number | null; sharePrice: number | null; valuation: number | null } {
  const goal = toNumber(values.fundingGoal);
  const price = toNumber(values.sharePrice);
  const shares = toNumber(values.totalShares);
  const terms = (values.investmentTerms ?? {}) as { equityPercentage?: unknown };
  const equity = toNumber(terms.equityPercentage) ?? 10;
  const okGoal = goal !== null && Number.isFinite(goal) && goal > 0;
  let outShares: number | null = null;
  let outPrice: number | null = null;
  if (okGoal && price !== null && Number.isFinite(price) && price > 0) {
    const n = toCents(goal) / toCents(price);
    outShares = Number.isInteger(n) ? n : null;
    outPrice = toDollars(toCents(price));
  } else if (okGoal && shares !== null && Number.isInteger(shares) && shares > 0) {
    const c = toCents(goal) / shares;
    outPrice = Number.isInteger(c) ? toDollars(c) : null;
    outShares = shares;
  }
  const valuation =
    okGoal && Number.isFinite(equity) && equity > 0 ? toDollars(Math.round((toCents(goal) * 100) / equity)) : null;
  return { totalShares: outShares, sharePrice: outPrice, valuation };
}

/** Fields whose values investors bought on: locked once any share is sold. */
export const LOCKED_TERMS = [
  { key: "sharePriceCents", field: "sharePrice", label: "Share price" },
  // the goal and the price fix the share count, so a changed count shows as a changed goal or price
  { key: "fundingGoalCents", field: "fundingGoal", label: "The funding goal" },
  { key: "equityPercentage", field: "investmentTerms.equityPercentage", label: "Equity offered" },
  { key: "regulationType", field: "regulationType", label: "Regulation type" },
] as const;
