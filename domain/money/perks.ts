/**
 * Perks (ADR 055): a founder's thanks at tiers of investment and early-bird terms. One valibot
 * schema for the founder's Perks form and `POST/PATCH /api/projects/{id}/perks`, the words, and the
 * arithmetic the purchase page shows and the purchase's batch repeats in SQL
 * (worker/services/money/perks.ts).
 *
 * The rules:
 *  - at most 10 perks a project; a title (≤ 80), a description (≤ 500), a tier (a purchase of at
 *    least $X, whole dollars) and/or the first N investors; at least one of the two;
 *  - kind `reward` (a thank-you, a name on the wall) or `bonus_shares`: bonus_percent % of the
 *    purchase's shares, rounded down, from 1 to 50 %, whole or one decimal;
 *  - a perk is earned once per investor: by their first purchase that qualifies (a first-N perk
 *    takes one of its slots then); a purchase past the slots still buys, without that perk;
 *  - a bonus-shares perk is earned only when it adds at least one share; bonus shares count against
 *    the shares offered, so the last ones may get a smaller bonus (never more than remain);
 *  - editable until the raise's first investment; after it, perks may still be added, and existing
 *    ones only have their description edited (nobody's earned terms change), never removed.
 *
 * Pure: no I/O.
 */
import * as v from "valibot";

import { charCount, cleanText, requiredText, text, toNumber } from "../shared/fields";
import { acrossFields } from "../shared/form-kit";

export const PERK_LIMITS = {
  perProject: 10,
  title: 80,
  description: 500,
  /** The largest tier, in whole dollars. */
  maxTierDollars: 1_000_000,
  maxFirstInvestors: 10_000,
  minBonusPercent: 1,
  maxBonusPercent: 50,
} as const;

import { PERK_KIND_LABELS, type PerkKind } from "./perk-text";

// The pages take these from ./perk-text without this module's form schema (valibot).
export { bonusSharesFor, PERK_KIND_LABELS, perkKindText, perksForPurchase, perkTierText } from "./perk-text";
export type { PerkKind } from "./perk-text";

export const PERK_MESSAGES = {
  notFound: "Perk not found",
  onlyFounder: "Only the project's founder can manage its perks",
  tooMany: `A project can have at most ${PERK_LIMITS.perProject} perks`,
  titleRequired: "Please give the perk a title",
  titleTooLong: `The title must be at most ${PERK_LIMITS.title} characters`,
  descriptionTooLong: `The description must be at most ${PERK_LIMITS.description} characters`,
  kindInvalid: "Choose a reward or bonus shares",
  tierInvalid: `The minimum amount must be a whole number of dollars from $1 to $${PERK_LIMITS.maxTierDollars.toLocaleString("en-US")}`,
  firstInvalid: `The number of first investors must be a whole number from 1 to ${PERK_LIMITS.maxFirstInvestors.toLocaleString("en-US")}`,
  bonusRequired: "Please give the bonus as a percentage of the shares bought",
  bonusInvalid: `The bonus must be from ${PERK_LIMITS.minBonusPercent}% to ${PERK_LIMITS.maxBonusPercent}%, whole or with one decimal (for example 10 or 12.5)`,
  whoRequired: "Set a minimum amount, a number of first investors, or both",
  locked:
    "This raise has investments: its perks' terms are fixed so nobody's earned perks change. You can edit a perk's description or add new perks.",
  lockedDelete: "This raise has investments: its perks cannot be removed, so nobody's earned perks change.",
  raiseEnded: "This raise has ended: its perks can no longer change",
  created: "The perk was added.",
  saved: "The perk was saved.",
  deleted: "The perk was removed.",
} as const;

/** A whole number field that may be left empty (null): `message` for anything else outside [min, max]. */
const optionalWhole = (min: number, max: number, message: string) =>
  v.optional(
    v.pipe(
      v.unknown(),
      v.transform(toNumber),
      v.check((x) => x === null || (Number.isInteger(x) && x >= min && x <= max), message),
      v.metadata({ min, step: 1 }),
      v.metadata({ type: ["integer", "null"], minimum: min, maximum: max }),
    ),
    null,
  );

/** At most one decimal place, read from the number as written. */
const oneDecimal = (n: number) => Math.abs(Math.round(n * 10) - n * 10) < 1e-9;

const perkFields = v.object({
  title: v.pipe(
    requiredText("Title", PERK_LIMITS.title, PERK_MESSAGES.titleRequired, { tooLong: PERK_MESSAGES.titleTooLong }),
    v.metadata({ type: "string" }),
  ),
  description: text("Description", PERK_LIMITS.description, {
    kind: "multiline",
    tooLong: PERK_MESSAGES.descriptionTooLong,
  }),
  kind: v.optional(
    v.pipe(
      v.unknown(),
      v.metadata({ type: "string", enum: Object.keys(PERK_KIND_LABELS) }),
      v.transform((x) => (x == null || x === "" ? "reward" : x)),
      v.check((x) => typeof x === "string" && x in PERK_KIND_LABELS, PERK_MESSAGES.kindInvalid),
      v.transform((x) => x as PerkKind),
    ),
    "reward",
  ),
  /** Whole dollars: a purchase of at least this much earns it. */
  minAmount: optionalWhole(1, PERK_LIMITS.maxTierDollars, PERK_MESSAGES.tierInvalid),
  firstInvestors: optionalWhole(1, PERK_LIMITS.maxFirstInvestors, PERK_MESSAGES.firstInvalid),
  bonusPercent: v.optional(
    v.pipe(
      v.unknown(),
      v.transform(toNumber),
      v.check(
        (x) =>
          x === null ||
          (Number.isFinite(x) && x >= PERK_LIMITS.minBonusPercent && x <= PERK_LIMITS.maxBonusPercent && oneDecimal(x)),
        PERK_MESSAGES.bonusInvalid,
      ),
      v.metadata({ min: PERK_LIMITS.minBonusPercent, step: 0.1 }),
      v.metadata({
        type: ["number", "null"],
        minimum: PERK_LIMITS.minBonusPercent,
        maximum: PERK_LIMITS.maxBonusPercent,
      }),
    ),
    null,
  ),
});
type PerkFields = v.InferOutput<typeof perkFields>;

export const perkFormSchema = v.pipe(
  perkFields,
  v.forward(
    acrossFields<PerkFields>(
      ["minAmount", "firstInvestors"],
      (x) => x.minAmount !== null || x.firstInvestors !== null,
      PERK_MESSAGES.whoRequired,
    ),
    ["minAmount"],
  ),
  v.forward(
    acrossFields<PerkFields>(
      ["kind", "bonusPercent"],
      (x) => x.kind !== "bonus_shares" || x.bonusPercent !== null,
      PERK_MESSAGES.bonusRequired,
    ),
    ["bonusPercent"],
  ),
  // A reward carries no bonus, whatever the form sent.
  v.transform((x) => ({ ...x, bonusPercent: x.kind === "bonus_shares" ? x.bonusPercent : null })),
  v.metadata({ required: ["title"] }),
);

export type PerkInput = v.InferOutput<typeof perkFormSchema>;

/**
 * What `PATCH /api/projects/{id}/perks/{perkId}` may send: any of the fields (the rest stay as
 * stored); the service merges them and checks the whole perk with `perkFormSchema`.
 */
export const perkPatchSchema = v.object({
  ...perkFields.entries,
  // Left out, the title stays; sent, it is a title like any other (never empty).
  title: v.optional(
    v.pipe(
      v.unknown(),
      v.metadata({ type: "string" }),
      v.transform((x) => (typeof x === "string" ? cleanText(x) : x)),
      v.check((x) => typeof x === "string" && x !== "", PERK_MESSAGES.titleRequired),
      v.transform((x) => x as string),
      v.metadata({ maxLength: PERK_LIMITS.title }),
      v.check((x) => charCount(x) <= PERK_LIMITS.title, PERK_MESSAGES.titleTooLong),
    ),
  ),
});

/** A perk as every door shows it. */
export interface PerkDTO {
  id: string;
  projectId: string;
  kind: PerkKind;
  title: string;
  description: string;
  /** The tier in dollars (a purchase of at least this much), or null. */
  minAmount: number | null;
  /** The first N investors, or null. */
  firstInvestors: number | null;
  /** Bonus shares' percentage of the shares bought, or null for a reward. */
  bonusPercent: number | null;
  /** Investors holding it now (a first-N perk's taken slots). */
  awardedCount: number;
  /** Slots still free of a first-N perk, or null. */
  slotsLeft: number | null;
}

/** A perk as D1 stores it (project_perks' columns the doors read). */
export interface PerkRow {
  id: string;
  project_id: string;
  kind: PerkKind;
  title: string;
  description: string;
  min_amount_cents: number | null;
  first_investors: number | null;
  bonus_percent: number | null;
  awarded_count: number;
}

/** The one conversion of a stored perk into what every door shows. */
export function toPerkDTO(r: PerkRow): PerkDTO {
  return {
    id: r.id,
    projectId: r.project_id,
    kind: r.kind,
    title: r.title,
    description: r.description,
    minAmount: r.min_amount_cents === null ? null : r.min_amount_cents / 100,
    firstInvestors: r.first_investors,
    bonusPercent: r.bonus_percent,
    awardedCount: r.awarded_count,
    slotsLeft: r.first_investors === null ? null : Math.max(0, r.first_investors - r.awarded_count),
  };
}

/** A perk an investor earned, with where it came from. */
export interface EarnedPerkDTO {
  id: string;
  perkId: string;
  projectId: string;
  projectTitle: string;
  projectSlug: string;
  investmentId: string;
  kind: PerkKind;
  title: string;
  description: string;
  bonusShares: number;
  earnedAt: string;
}
