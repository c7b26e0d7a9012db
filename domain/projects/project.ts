/**
 * Project math shared by the server (which enforces it) and the pages (which display it).
 * Pure functions: no I/O, no framework imports.
 */
import * as v from "valibot";

import { can } from "../shared/access";
import { projectStatus, type ProjectStatusFields } from "./project-status";
import { toCents, toDollars } from "../shared/money";
import { DAY_MS, isoDay } from "../shared/dates";
import { formatMoney, formatNumber } from "../shared/format";
import type { ProjectDTO, Role } from "../shared/types";

export const PAGE_SIZE = 5;

/**
 * What the share count fields (the project page's calculator, the purchase page) and the purchase
 * service say about a count they cannot take: one wording on the page and from the API.
 */
export const SHARE_MESSAGES = {
  wholeShares: "Please enter a whole number of shares (at least 1)",
  /** Spec section 5: a value above the shares remaining is replaced by the remaining count. */
  onlyRemaining: (n: number) => `Only ${formatNumber(n)} shares are available for purchase`,
  belowMinimum: (min: number) => `The minimum investment is ${formatMoney(min)}`,
} as const;

/**
 * Whole days from today until the funding deadline (the date funding ends, at 00:00 UTC), never
 * below 0. 0 means funding is closed: the spec's "days left 0 gives Funding Closed".
 */
export function daysLeft(fundingDeadline: string, now: number = Date.now()): number {
  const end = Date.parse(`${fundingDeadline}T00:00:00Z`);
  if (Number.isNaN(end)) return 30; // spec: list default when absent
  const today = Date.parse(`${isoDay(now)}T00:00:00Z`);
  return Math.max(0, Math.round((end - today) / DAY_MS));
}

/** Funding progress in percent, capped at 100. */
export function progressPercent(current: number, goal: number): number {
  if (!(goal > 0)) return 0;
  return Math.min(100, (current / goal) * 100);
}

/** Percent of the company that `shares` represent. */
export function equityForShares(shares: number, totalShares: number, equityPercentage: number): number {
  if (!(totalShares > 0)) return 0;
  return (shares / totalShares) * equityPercentage;
}

/** Valuation shown: investmentTerms.valuation if positive, else goal / equity% × 100. */
export function displayValuation(valuation: number, fundingGoal: number, equityPercentage: number): number {
  if (valuation > 0) return valuation;
  const equity = equityPercentage > 0 ? equityPercentage : 10;
  return (fundingGoal / equity) * 100;
}

/** Whole dollars × shares without float drift: work in cents. */
export function totalFor(shares: number, sharePrice: number): number {
  return toDollars(toCents(sharePrice) * shares);
}

/** Smallest whole share count whose total reaches the minimum investment. */
export function minimumShares(minInvestment: number, sharePrice: number): number {
  if (!(sharePrice > 0)) return 1;
  const priceCents = toCents(sharePrice);
  return Math.max(1, Math.ceil(toCents(minInvestment) / priceCents));
}

/**
 * Whether `shares` fall short of the minimum investment. Buying every remaining share is always
 * allowed, even below the minimum: otherwise a raise's last few shares could never sell.
 */
export function belowMinimum(
  shares: number,
  p: Pick<ProjectDTO, "sharePrice" | "sharesRemaining"> & {
    investmentTerms: Pick<ProjectDTO["investmentTerms"], "minInvestment">;
  },
): boolean {
  if (shares === p.sharesRemaining) return false;
  return toCents(p.sharePrice) * shares < toCents(p.investmentTerms.minInvestment);
}

/**
 * Purchase presets (spec section 5): minimum shares = ceil(minInvestment / sharePrice), then 2×,
 * 5× and 10× of that, each capped at shares remaining, deduplicated, sorted ascending.
 */
export function purchasePresets(minInvestment: number, sharePrice: number, sharesRemaining: number): number[] {
  const min = minimumShares(minInvestment, sharePrice);
  const counts = [min, min * 2, min * 5, min * 10].map((n) => Math.min(n, sharesRemaining)).filter((n) => n >= 1);
  return [...new Set(counts)].sort((a, b) => a - b);
}

/** The smallest purchase that meets the minimum investment, capped at the shares left. */
export function defaultShares(p: {
  investmentTerms: { minInvestment: number };
  sharePrice: number;
  sharesRemaining: number;
}): number {
  const min = minimumShares(p.investmentTerms.minInvestment, p.sharePrice);
  return p.sharesRemaining > 0 ? Math.min(min, p.sharesRemaining) : min;
}

/**
 * The count the project page's calculator and the purchase page start with: the one asked for
 * (`?shares=`, parsed), clamped to the shares left with its message, else `defaultShares`.
 */
export function startingShares(
  p: Parameters<typeof defaultShares>[0],
  requested: number | null,
): { shares: number; message: string | null } {
  if (requested === null) return { shares: defaultShares(p), message: null };
  return p.sharesRemaining > 0 ? clampShares(requested, p.sharesRemaining) : { shares: requested, message: null };
}

/**
 * Parses a share count typed by a user. Non-numeric or non-positive input is ignored (null);
 * fractions are not whole shares and are ignored too.
 */
export function parseShares(raw: unknown): number | null {
  const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : "";
  if (!/^\d+$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
}

/** The most shares one purchase may ask for (the service's MAX_PURCHASE_SHARES). */
export const PURCHASE_MAX_SHARES = 999_999_999;
/** The longest idempotency key, in characters (the service's IDEMPOTENCY_KEY pattern). */
export const IDEMPOTENCY_KEY_MAX = 100;

/**
 * A purchase's body as the API describes it (`POST /api/projects/{id}/invest`, ADR 024): the
 * service reads it by hand (worker/services/money/purchases.ts: `parseShares`, `statedPrice`, the
 * idempotency key), and this says the same. Validation never runs through it.
 */
export const PurchaseBody = v.object({
  shares: v.pipe(
    v.number(),
    v.integer(),
    v.minValue(1),
    v.maxValue(PURCHASE_MAX_SHARES),
    v.description("Whole shares to buy (a string of digits is read too)."),
  ),
  amount: v.optional(
    v.pipe(
      v.number(),
      v.description("Shares × the share price you were shown, in dollars (any other amount is a 422)."),
    ),
  ),
  sharePrice: v.optional(
    v.pipe(
      v.number(),
      v.minValue(0.01),
      v.description(
        "The price per share you were shown, in dollars (at most 2 decimals). Send it or `amount`, or both.",
      ),
    ),
  ),
  idempotencyKey: v.optional(
    v.pipe(
      v.string(),
      v.minLength(1),
      v.maxLength(IDEMPOTENCY_KEY_MAX),
      v.description("The `Idempotency-Key` header's value, for a client that cannot send the header."),
    ),
  ),
});

/**
 * Whether shares can be bought now, derived from the one status rule (`projectStatus`): open only
 * when that rule says so. Otherwise sold out is checked first, whatever the status: a sold-out
 * project is usually also marked funded, and "Sold Out" says why. Anything else is closed.
 */
export function fundingState(p: ProjectStatusFields): "sold-out" | "closed" | "open" {
  if (projectStatus(p).open) return "open";
  return p.sharesRemaining > 0 ? "closed" : "sold-out";
}

/**
 * The closed button's words: a draft (its founder's preview) or an upcoming project has not
 * opened yet; anything else that is not open has closed.
 */
export function closedLabel(p: ProjectStatusFields): "Funding Closed" | "Not Open Yet" {
  const key = projectStatus(p).key;
  return key === "draft" || key === "in_review" || key === "coming-soon" || key === "upcoming"
    ? "Not Open Yet"
    : "Funding Closed";
}

export type InvestButtonState =
  | { kind: "closed"; label: "Funding Closed" | "Not Open Yet" }
  | { kind: "sold-out"; label: "Sold Out" }
  | { kind: "founder"; label: "Founders Cannot Invest" }
  | { kind: "login"; label: "Login to Invest" }
  | { kind: "min"; label: string }
  | { kind: "invest"; label: string };

/** The detail sidebar's button (spec section 2, Project detail → Button states). */
export function investButtonState(
  p: Pick<ProjectDTO, "status" | "daysLeft" | "sharesRemaining" | "sharePrice" | "investmentTerms">,
  shares: number,
  role: Role | null,
  formatMoney: (n: number) => string,
): InvestButtonState {
  const state = fundingState(p);
  if (state === "sold-out") return { kind: "sold-out", label: "Sold Out" };
  if (state === "closed") return { kind: "closed", label: closedLabel(p) };
  if (!role) return { kind: "login", label: "Login to Invest" };
  if (!can({ role }, "invest")) return { kind: "founder", label: "Founders Cannot Invest" };
  const total = totalFor(shares, p.sharePrice);
  if (belowMinimum(shares, p)) {
    return { kind: "min", label: `Min ${formatMoney(p.investmentTerms.minInvestment)}` };
  }
  return { kind: "invest", label: `Invest ${formatMoney(total)}` };
}

/** Clamp a requested share count to what is available, with the spec's message. */
export function clampShares(requested: number, sharesRemaining: number): { shares: number; message: string | null } {
  if (requested > sharesRemaining) {
    return {
      shares: sharesRemaining,
      message: SHARE_MESSAGES.onlyRemaining(sharesRemaining),
    };
  }
  return { shares: requested, message: null };
}

/** Portfolio totals from the user's holdings. */
export function portfolioTotals(items: { amountInvested: number; currentValue: number; shares: number }[]) {
  let invested = 0;
  let value = 0;
  let shares = 0;
  for (const i of items) {
    invested += toCents(i.amountInvested);
    value += toCents(i.currentValue);
    shares += i.shares;
  }
  return {
    totalInvested: toDollars(invested),
    currentValue: toDollars(value),
    gain: toDollars(value - invested),
    gainPercent: invested > 0 ? ((value - invested) / invested) * 100 : 0,
    totalShares: shares,
  };
}
