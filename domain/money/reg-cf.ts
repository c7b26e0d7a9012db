/**
 * The investment limits of the real rules, applied to CampusFund's simulated money.
 * Pure: the purchase service enforces them (its SQL guard is built from the same constants, see
 * worker/services/money/investor-limits.ts), the settings page, the purchase page and the share
 * calculator show them.
 *
 * - Reg CF (17 CFR 227.100(a)(2), current figures): across all Reg CF offerings in any 12 months, a
 *   non-accredited investor whose annual income OR net worth is below $124,000 may invest the
 *   greater of $2,500 or 5% of the greater of the two; if both are at least $124,000, 10% of the
 *   greater, at most $124,000. Accredited investors have no limit. On CampusFund, RegCF and SAFE
 *   offerings count toward it.
 * - RegA+ (Tier 2, 17 CFR 230.251(d)(2)(i)(C)): a non-accredited investor may put at most 10% of the
 *   greater of annual income and net worth into one offering. The rule has no floor, and neither
 *   has ours: an investor who declared no figures (both count as 0) can invest nothing in a RegA+
 *   offering and is told to fill them in, while Reg CF's $2,500 floor still applies to them.
 *
 * Figures are whole dollars (self-declared, simulated); a missing figure counts as 0. Everything
 * is computed in integer cents: 5% and 10% of whole dollars are whole cents, so a limit is exact
 * (never rounded) and the dollar answers carry at most two decimals ($6,172.85).
 */
import { formatPrice } from "../shared/format";
import { DAY_MS } from "../shared/dates";
import { toDollars } from "../shared/money";

/** Below this (income or net worth), the 5% branch with the floor applies. Dollars. */
export const REG_CF_THRESHOLD = 124_000;
/** The smallest Reg CF limit of a non-accredited investor. Dollars. */
export const REG_CF_FLOOR = 2_500;
/** The largest Reg CF limit of a non-accredited investor. Dollars. */
export const REG_CF_CAP = 124_000;
/** Percent of the greater figure when either is below the threshold. */
export const REG_CF_LOW_PERCENT = 5;
/** Percent of the greater figure when both reach the threshold. */
export const REG_CF_HIGH_PERCENT = 10;
/** RegA+: percent of the greater figure per offering. */
export const REG_A_PERCENT = 10;
/**
 * The 12 months, as a rolling window: an investment counts while it was made less than 365 days
 * (of 24 hours) ago, measured from the moment of the purchase or the reading.
 */
export const LIMIT_WINDOW_DAYS = 365;
export const LIMIT_WINDOW_MS = LIMIT_WINDOW_DAYS * DAY_MS;
/** Largest income or net worth the form accepts: ten billion dollars. */
export const MAX_DECLARED_DOLLARS = 10_000_000_000;

/** The regulation types whose purchases count toward the Reg CF 12-month limit. */
export const REG_CF_COUNTED = ["RegCF", "SAFE"] as const;

export interface InvestorFigures {
  /** Whole dollars; null or undefined when not declared (counts as 0). */
  annualIncome?: number | null;
  netWorth?: number | null;
  accredited?: boolean | null;
}

/** Which limit a purchase in an offering of this regulation type meets. */
export type LimitKind = "reg-cf" | "reg-a";

export function limitKindFor(regulationType: string | null | undefined): LimitKind {
  return regulationType === "RegA+" ? "reg-a" : "reg-cf";
}

const wholeDollars = (x: number | null | undefined) =>
  typeof x === "number" && Number.isFinite(x) && x > 0 ? Math.floor(x) : 0;

/** True when the investor declared neither figure (both count as 0). */
export function figuresMissing(f: InvestorFigures): boolean {
  return f.annualIncome == null && f.netWorth == null;
}

/** The Reg CF 12-month limit in cents; null for an accredited investor (no limit). */
export function regCfLimitCents(f: InvestorFigures): number | null {
  if (f.accredited) return null;
  const income = wholeDollars(f.annualIncome);
  const worth = wholeDollars(f.netWorth);
  const greater = Math.max(income, worth);
  if (income < REG_CF_THRESHOLD || worth < REG_CF_THRESHOLD) {
    return Math.max(REG_CF_FLOOR * 100, greater * REG_CF_LOW_PERCENT);
  }
  return Math.min(REG_CF_CAP * 100, greater * REG_CF_HIGH_PERCENT);
}

/** The Reg CF 12-month limit in dollars (exact to the cent); null for an accredited investor. */
export function regCfLimit(f: InvestorFigures): number | null {
  const c = regCfLimitCents(f);
  return c === null ? null : toDollars(c);
}

/** The RegA+ per-offering limit in cents; null for an accredited investor (no limit). */
export function regAPlusLimitCents(f: InvestorFigures): number | null {
  if (f.accredited) return null;
  return Math.max(wholeDollars(f.annualIncome), wholeDollars(f.netWorth)) * REG_A_PERCENT;
}

/** The RegA+ per-offering limit in dollars (exact to the cent); null for an accredited investor. */
export function regAPlusLimit(f: InvestorFigures): number | null {
  const c = regAPlusLimitCents(f);
  return c === null ? null : toDollars(c);
}

/** The limit (cents) that applies to a purchase in an offering of `kind`. */
export function limitCentsFor(kind: LimitKind, f: InvestorFigures): number | null {
  return kind === "reg-a" ? regAPlusLimitCents(f) : regCfLimitCents(f);
}

/** What is left of a limit once `usedCents` are counted (never below 0); null without a limit. */
export function remainingCents(limitCents: number | null, usedCents: number): number | null {
  return limitCents === null ? null : Math.max(0, limitCents - usedCents);
}

/** `GET /api/users/me/limits`: the Reg CF figures in dollars. */
export interface RegCfLimits {
  /** Null when accredited (no limit). */
  limit: number | null;
  /** Active RegCF and SAFE investments of the last 365 days. */
  used: number;
  /** Null when accredited. */
  remaining: number | null;
  /** Whether the limit is enforced on this investor's purchases (their settings switch). */
  applied: boolean;
}

export function regCfLimits(f: InvestorFigures, usedCents: number, applied: boolean): RegCfLimits {
  const limit = regCfLimitCents(f);
  const remaining = remainingCents(limit, usedCents);
  return {
    limit: limit === null ? null : toDollars(limit),
    used: toDollars(usedCents),
    remaining: remaining === null ? null : toDollars(remaining),
    applied,
  };
}

/**
 * What the purchase page and the share calculator show for one offering: the limit that applies
 * to it (Reg CF's 12 months, or RegA+'s per offering), what is used and left, whether it is
 * enforced (`applied`), and how to raise it. Dollars.
 */
export interface Allowance {
  kind: LimitKind;
  applied: boolean;
  accredited: boolean;
  figuresMissing: boolean;
  /** Null when accredited (no limit). */
  limit: number | null;
  used: number;
  /** Null when accredited. */
  remaining: number | null;
  hint: string;
}

export function allowanceFor(
  kind: LimitKind,
  f: InvestorFigures & { applyLimits?: boolean | null },
  usedCents: number,
): Allowance {
  const limit = limitCentsFor(kind, f);
  const remaining = remainingCents(limit, usedCents);
  return {
    kind,
    applied: !!f.applyLimits,
    accredited: !!f.accredited,
    figuresMissing: figuresMissing(f),
    limit: limit === null ? null : toDollars(limit),
    used: toDollars(usedCents),
    remaining: remaining === null ? null : toDollars(remaining),
    hint: raiseHint(kind, f),
  };
}

export const LIMIT_MESSAGES = {
  figuresMissing:
    "You have not declared your annual income and net worth, so the $2,500 minimum limit applies. Add them in Settings, Investor Information, to raise your limit.",
  atCap: "That is the most the rules allow a non-accredited investor in 12 months; accredited investors have no limit.",
  grows:
    "Your limit grows with the annual income and net worth you declare in Settings, Investor Information; accredited investors have no limit.",
  regAMissing:
    "RegA+ offerings take at most 10% of the greater of your annual income and net worth: add them in Settings, Investor Information, to invest.",
  regAGrows:
    "RegA+ offerings take at most 10% of the greater of your annual income and net worth per offering (Settings, Investor Information).",
} as const;

/** How the investor could raise their limit, in one sentence. */
export function raiseHint(kind: LimitKind, f: InvestorFigures): string {
  if (kind === "reg-a") return figuresMissing(f) ? LIMIT_MESSAGES.regAMissing : LIMIT_MESSAGES.regAGrows;
  if (figuresMissing(f)) return LIMIT_MESSAGES.figuresMissing;
  return regCfLimitCents(f) === REG_CF_CAP * 100 ? LIMIT_MESSAGES.atCap : LIMIT_MESSAGES.grows;
}

/** The sentence: 'You can invest up to $X more in Reg CF offerings in the next 12 months'. */
export function regCfRemainingSentence(remainingDollars: number): string {
  return `You can invest up to ${formatPrice(remainingDollars)} more in Reg CF offerings in the next 12 months`;
}

/**
 * RegA+ without declared figures: the limit is 10% of figures the investor has not given, so there
 * is no amount to state (never "up to $0"): say what to do instead.
 */
export const REG_A_DECLARE = "Declare your income or net worth to see your Reg A+ limit";

/** Whether the RegA+ limit cannot be stated yet: RegA+, not accredited, no figures declared. */
export function regALimitUnknown(kind: LimitKind, f: InvestorFigures): boolean {
  return kind === "reg-a" && !f.accredited && figuresMissing(f);
}

/** The RegA+ counterpart, naming the offering. */
export function regARemainingSentence(remainingDollars: number, title: string): string {
  return `You can invest up to ${formatPrice(remainingDollars)} more in ${title} (a RegA+ offering)`;
}

/**
 * The refusal of a purchase above the limit: the sentence, then how to raise the limit. The same
 * text from the API and the purchase form.
 */
export function limitRefusal(kind: LimitKind, remainingDollars: number, f: InvestorFigures, title: string): string {
  if (regALimitUnknown(kind, f)) return `${REG_A_DECLARE}. ${raiseHint(kind, f)}`;
  const sentence =
    kind === "reg-a" ? regARemainingSentence(remainingDollars, title) : regCfRemainingSentence(remainingDollars);
  return `${sentence}. ${raiseHint(kind, f)}`;
}

/**
 * The purchase form's risk acknowledgement: a required checkbox, checked by
 * the server on the form door. The API keeps the spec's payload and does not ask for it.
 */
export const RISK_ACKNOWLEDGEMENT = "I understand I may lose all of the money I invest";
export const RISK_MESSAGE = "Please confirm that you understand you may lose all of the money you invest";

/** Whether a posted checkbox value means ticked. */
export function isTicked(value: unknown): boolean {
  return value === "on" || value === "true" || value === true;
}
