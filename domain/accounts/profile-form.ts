/**
 * The profile edit form (spec section 5, "Profile edit form"): one valibot schema for the
 * /profile page's action and `PUT /api/users/me`. Field names are the API's JSON paths
 * (`firstName`, `investmentPreferences.riskTolerance`), so one error key serves both doors
 * (ADR 016, as the project form does: ADR 018).
 *
 * - First and last name are required (the spec gives no message: 'First name is required').
 * - The email is shown but never read from the body (an object schema drops unknown keys).
 * - Phone and bio are optional; "" clears them. A key left out of an API body keeps what is
 *   stored (`undefined` in the output), so a client may send only what it changes, except the
 *   names, which are always required.
 * - Preferences come from fixed lists; sectors and goals are a list or comma-separated text.
 *
 * Pure: no I/O, shared by the server (which enforces it) and the form (constraints).
 */
import * as v from "valibot";

import { validateAll, type FieldErrors } from "../shared/form-kit";
import { keptText, requiredText } from "../shared/fields";
import { MESSAGES } from "../shared/messages";
import { normalizeText } from "../shared/text";

export const PROFILE_MESSAGES = {
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  phoneInvalid: "Please enter a valid phone number: 7 to 15 digits, optionally with +, spaces, dashes or brackets",
  riskTolerance: "Risk tolerance must be low, medium or high",
  timeHorizon: "Time horizon must be short, medium or long",
  sectors: "Choose preferred sectors from the listed ones",
  goals: "Choose investment goals from the listed ones",
  // spec section 8
  signedOut: MESSAGES.profileSignedOut,
  saved: MESSAGES.profileSaved,
  saveFailed: MESSAGES.profileSaveFailed,
  loadFailed: MESSAGES.profileLoadFailed,
  /** A save that failed for a reason that is not the form's (logged). */
  unexpected: "Something went wrong. Please try again.",
} as const;

export const PROFILE_LIMITS = { name: 80, phone: 30, bio: 1_000 } as const;

export const RISK_TOLERANCES = ["low", "medium", "high"] as const;
export const TIME_HORIZONS = ["short", "medium", "long"] as const;
/** The sectors an investor may prefer (the spec's defaults, Technology and Real Estate, first). */
export const PREFERRED_SECTORS = [
  "Technology",
  "Real Estate",
  "Fintech",
  "Healthcare",
  "Education",
  "Sustainability",
  "Energy",
  "E-commerce",
  "Social Media",
  "Entertainment",
  "Food & Beverage",
  "Transportation",
] as const;
/** The goals an investor may have (the spec's defaults, Growth and Income, first). */
export const INVESTMENT_GOALS = [
  "Growth",
  "Income",
  "Capital Preservation",
  "Diversification",
  "Social Impact",
] as const;

export const TIME_HORIZON_LABELS: Record<(typeof TIME_HORIZONS)[number], string> = {
  short: "Short term (under 2 years)",
  medium: "Medium term (2 to 5 years)",
  long: "Long term (over 5 years)",
};

/** 7 to 15 digits (E.164's length), with an optional leading + and spaces, dots, dashes or brackets. */
export function isPhoneNumber(value: string): boolean {
  if (!/^\+?[\d\s().-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, "").length;
  return digits >= 7 && digits <= 15;
}

const phone = v.optional(
  v.pipe(
    keptText("Phone number", PROFILE_LIMITS.phone),
    v.check((x) => x === undefined || x === "" || isPhoneNumber(x), PROFILE_MESSAGES.phoneInvalid),
  ),
);

/** One of `options` (case and spaces forgiven); undefined when left out. */
function choice<const T extends readonly string[]>(options: T, message: string) {
  return v.optional(
    v.pipe(
      v.unknown(),
      v.transform((x) => (typeof x === "string" ? x.trim().toLowerCase() : x)),
      v.picklist(options, message),
    ),
  );
}

/** A list from `options` (a JSON list or comma-separated text), canonical spelling, no repeats. */
function choices<const T extends readonly string[]>(options: T, message: string) {
  const byKey = new Map(options.map((o) => [o.toLowerCase(), o]));
  return v.optional(
    v.pipe(
      v.unknown(),
      // What the API's document says of it (comma-separated text is read too).
      v.metadata({ type: "array", items: { type: "string", enum: [...options] } }),
      v.transform((x) => (typeof x === "string" ? x.split(",") : x)),
      v.check((x) => Array.isArray(x) && x.every((i) => typeof i === "string"), message),
      v.transform((x) =>
        (x as string[]).map((i) => normalizeText(i).trim().replace(/\s+/g, " ").toLowerCase()).filter((i) => i !== ""),
      ),
      v.check((x) => x.every((i) => byKey.has(i)), message),
      v.transform((x) => options.filter((o) => x.includes(o.toLowerCase())) as T[number][]),
    ),
  );
}

export const profileFormSchema = v.pipe(
  v.object({
    firstName: requiredText("First name", PROFILE_LIMITS.name, PROFILE_MESSAGES.firstNameRequired),
    lastName: requiredText("Last name", PROFILE_LIMITS.name, PROFILE_MESSAGES.lastNameRequired),
    phoneNumber: phone,
    bio: keptText("Bio", PROFILE_LIMITS.bio, { kind: "multiline" }),
    investmentPreferences: v.optional(
      v.pipe(
        v.unknown(),
        v.transform((x) => (x == null ? {} : x)),
        v.object({
          riskTolerance: choice(RISK_TOLERANCES, PROFILE_MESSAGES.riskTolerance),
          timeHorizon: choice(TIME_HORIZONS, PROFILE_MESSAGES.timeHorizon),
          preferredSectors: choices(PREFERRED_SECTORS, PROFILE_MESSAGES.sectors),
          investmentGoals: choices(INVESTMENT_GOALS, PROFILE_MESSAGES.goals),
        }),
      ),
      {},
    ),
  }),
  // What the API's document says is required (the fields' own checks hold the rule and its message).
  v.metadata({ required: ["firstName", "lastName"] }),
);

export type ProfileInput = v.InferOutput<typeof profileFormSchema>;

export type ProfileValidation = { ok: true; value: ProfileInput } | { ok: false; errors: FieldErrors; count: number };

/** The one check of a profile edit, from the page's form or the API's JSON. */
export function validateProfile(body: unknown): ProfileValidation {
  return validateAll(profileFormSchema, body);
}

/** What the profile shows and the form edits (spec section 3, User). */
export interface ProfileDTO {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: "investor" | "founder" | "admin";
  phoneNumber: string | null;
  bio: string | null;
  profileImage: string | null;
  investmentPreferences: {
    riskTolerance: (typeof RISK_TOLERANCES)[number];
    timeHorizon: (typeof TIME_HORIZONS)[number];
    preferredSectors: string[];
    investmentGoals: string[];
  };
  memberSince: string;
}
