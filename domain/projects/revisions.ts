/**
 * Material changes to a live raise (ADR 050, Reg CF 17 CFR 227.304(c)): once a project is
 * approved, what an investor relied on changes only through a reviewed revision, and investors
 * who committed before an approved material change reconfirm it within five business days or
 * their commitment is canceled and the money returned.
 *
 * Pure: which fields are material, their names as people read them, and the reconfirmation's due
 * instant.
 */
import { earliestEarlyDeadline } from "../raises/raise-dates";

// The admin's revision queue takes the names alone, without the raise-date rules.
export { MATERIAL_FIELDS, type MaterialField } from "./material-fields";
import { MATERIAL_FIELDS, type MaterialField } from "./material-fields";

export const MATERIAL_FIELD_NAMES = Object.keys(MATERIAL_FIELDS) as MaterialField[];

/**
 * What stays immediate on a live raise: tags and social links (how the project is found and
 * reached, not what was offered), and a later deadline, which has its own rule and notice (ADR 043).
 */
export const IMMEDIATE_FIELDS = ["tags", "socialLinks", "fundingDeadline"] as const;

/** The days investors have to reconfirm after an approved material change. */
export const RECONFIRM_BUSINESS_DAYS = 5;

/**
 * When a reconfirmation asked at `now` lapses: 00:00 UTC after the fifth business day (Monday to
 * Friday) after today, the same count the early close gives notice by.
 */
export function reconfirmDueAt(now: number = Date.now()): number {
  return Date.parse(`${earliestEarlyDeadline(now)}T00:00:00Z`);
}

/** The fields a revision changes, as people read them: "Title, Description and Documents". */
export function changedFieldsText(fields: readonly string[]): string {
  const names = fields.map((f) => MATERIAL_FIELDS[f as MaterialField] ?? f);
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

export const REVISION_MESSAGES = {
  submitted:
    "Your changes were sent for review. Investors see the approved version until an admin approves them; those who have invested will be asked to reconfirm.",
  pending: "Your changes are waiting for review: the project page shows the approved version until then.",
  withdrawn: "Your changes were withdrawn. The form shows the approved version again.",
  approved: "The changes are live, and every investor with an open commitment was asked to reconfirm.",
  changesRequested: "The changes were sent back to the founder with your note.",
  notPending: "These changes are not waiting for review",
  noneToWithdraw: "There are no changes waiting for review",
  termsLockedMeanwhile: "A share was sold since these changes were sent: the terms they change are now locked",
} as const;

export const RECONFIRM_MESSAGES = {
  notFound: "Investment not found",
  reconfirmed: "Thank you: your investment stands with the changes.",
  notPending: "This investment has no change waiting for your reconfirmation",
  lapsed: "The time to reconfirm has passed: the investment was canceled and the money returned",
} as const;
