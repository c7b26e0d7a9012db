/**
 * The project form's money terms (ADR 018): what the form shows beside them (`derivedTerms`, in
 * integer cents: total shares = goal ÷ price, valuation = goal ÷ equity × 100) and the terms that
 * lock once anyone has invested (`LOCKED_TERMS`, `lockedTerm`).
 */
import { toNumber } from "../shared/fields";
import { formatMoney, formatPrice } from "../shared/format";
import { toCents, toDollars } from "../shared/money";

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

/**
 * Why the share count cannot be worked out from what was typed (null when it can): the goal or
 * the price is missing or not a number, or the price does not divide the goal, with the nearest
 * prices below and above that do (in whole cents).
 */
export function sharesUnavailableReason(values: { fundingGoal?: unknown; sharePrice?: unknown }): string | null {
  const goal = toNumber(values.fundingGoal);
  const price = toNumber(values.sharePrice);
  if (goal === null) return "Enter the funding goal to see the number of shares";
  if (!Number.isFinite(goal) || goal <= 0) return "The funding goal must be a number of dollars";
  if (price === null) return "Enter a share price to see the number of shares";
  if (!Number.isFinite(price) || price < 0.01) return "The share price must be a number of at least $0.01";
  const goalCents = toCents(goal);
  const priceCents = toCents(price);
  if (!Number.isInteger(goalCents) || !Number.isInteger(priceCents)) return "Use whole cents";
  if (goalCents % priceCents === 0) return null;
  const divides = (c: number) => c >= 1 && goalCents % c === 0;
  let below: number | null = null;
  let above: number | null = null;
  for (let step = 1; step <= 100_000 && (below === null || above === null); step++) {
    if (below === null && divides(priceCents - step)) below = priceCents - step;
    if (above === null && priceCents + step <= goalCents && divides(priceCents + step)) above = priceCents + step;
  }
  const options = [below, above].filter((c): c is number => c !== null).map((c) => formatPrice(toDollars(c)));
  const exact = (goalCents / priceCents).toLocaleString("en-US", { maximumFractionDigits: 2 });
  return (
    `${formatMoney(goal)} ÷ ${formatPrice(price)} is ${exact} shares, not a whole number` +
    (options.length ? `: ${options.join(" or ")} would work` : "")
  );
}
