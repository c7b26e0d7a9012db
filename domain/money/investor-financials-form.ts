/**
 * Settings, Investor Information: the self-declared, simulated figures behind the
 * investment limits (domain/money/reg-cf.ts). One schema for the settings page's action and
 * `PUT /api/users/me/financials`; field names are the API's JSON keys (ADR 016).
 *
 * - `annualIncome`, `netWorth`: whole dollars, 0 to ten billion, or left empty (not declared:
 *   counts as 0 for the limit). "$85,000" is read as 85000; a fraction, a negative number or text
 *   is refused with the field's message (domain/shared/fields.ts `optionalWholeDollars`).
 * - `accredited`, `applyLimits`: JSON booleans, or checkboxes ("on" when ticked, absent when not).
 * PUT replaces the whole record: a key left out is an empty figure or an unticked box, exactly as
 * the form sends it.
 *
 * Pure: no I/O, shared by the server (which enforces it) and the form (constraints).
 */
import * as v from "valibot";

import { checkbox, optionalWholeDollars } from "../shared/fields";
import { MAX_DECLARED_DOLLARS } from "./reg-cf";

export const FINANCIALS_MESSAGES = {
  wholeDollars: (label: string) => `${label} must be a whole number of dollars, like 85000`,
  negative: (label: string) => `${label} cannot be negative`,
  tooLarge: (label: string) => `${label} must be at most $10,000,000,000`,
  flag: (key: string) => `${key} must be true or false`,
  saved: "Your investor information has been saved",
  founders:
    "As a founder, you cannot invest in projects, so investment limits do not apply to you. Please sign in with an investor account to make investments.",
} as const;

/** Declared income or net worth: whole dollars, or empty (not declared), on the field vocabulary. */
const dollars = (label: string) =>
  optionalWholeDollars(MAX_DECLARED_DOLLARS, {
    notWhole: FINANCIALS_MESSAGES.wholeDollars(label),
    negative: FINANCIALS_MESSAGES.negative(label),
    tooLarge: FINANCIALS_MESSAGES.tooLarge(label),
  });

const flag = (key: string) => checkbox(FINANCIALS_MESSAGES.flag(key));

export const investorFinancialsSchema = v.object({
  annualIncome: dollars("Annual income"),
  netWorth: dollars("Net worth"),
  accredited: flag("accredited"),
  applyLimits: flag("applyLimits"),
});

export interface InvestorFinancials {
  /** Whole dollars, or null when not declared. */
  annualIncome: number | null;
  netWorth: number | null;
  accredited: boolean;
  applyLimits: boolean;
}

/** What someone who never saved the form has: nothing declared, limits off (the spec's unlimited demo funds). */
export const EMPTY_FINANCIALS: InvestorFinancials = {
  annualIncome: null,
  netWorth: null,
  accredited: false,
  applyLimits: false,
};
