/**
 * The public profile form of account settings (spec sections 3, 5 and 7): one schema for the
 * settings page's action and `PUT /api/users/profile/{userId}` (ADR 016, 018). Errors are keyed by
 * the form name, which is the JSON path (`confidentiality.hideBadges`).
 *
 * Every field may be left empty: saving half a profile is allowed. Bio, site and investing thesis
 * are the ones that complete it (spec section 4: the incomplete-account banner), shown as
 * 'Required to complete your profile' beside them, not refused when empty.
 */
import * as v from "valibot";

import { validateAll, type FieldErrors } from "../shared/form-kit";
import { checkbox, FIELD_MESSAGES, text, url } from "../shared/fields";
import { MESSAGES } from "../shared/messages";
import { isCleanLine, normalizeText } from "../shared/text";

const { badCharacters, mustBeText, tooLong } = FIELD_MESSAGES;
import { isReservedUsername } from "./usernames";

export const PROFILE_MESSAGES = {
  saved: MESSAGES.profileSaved,
  failed: MESSAGES.profileSaveFailed,
  signedOut: MESSAGES.profileSignedOut,
  loadFailed: MESSAGES.profileLoadFailed,
  userNotFound: MESSAGES.userNotFound,
  notFound: "No public profile yet",
  usernameTaken: "That username is taken",
  usernameReserved: "This username is reserved",
  usernameHeld: "That username was given up recently and is held for 30 days",
  usernameTooOften: "You can change your username at most 3 times a day. Please try again tomorrow.",
  username: "Username must be 3 to 30 characters: letters a–z, digits 0–9, - or _",
  tooManyInterests: "Please list at most 10 interests",
  interestsType: "Interests must be text or a list of text",
  flag: (label: string) => `${label} must be true or false`,
  requiredHint: "Required to complete your profile",
} as const;

export const PROFILE_LIMITS = {
  bio: 1000,
  investingThesis: 2000,
  about: 5000,
  offPlatformInvestments: 2000,
  investmentSize: 100,
  interest: 40,
  interests: 10,
  url: 2048,
} as const;

export const USERNAME = /^[a-z0-9_-]{3,30}$/;

/** Username changes (a new name, or clearing it) per account a day; a released name is held 30 days (ADR 025). */
export const USERNAME_LIMITS = { changesPerDay: 3, holdDays: 30 } as const;

/** The confidentiality flags, their form names and labels. */
export const CONFIDENTIALITY_FLAGS = [
  { key: "hideBadges", label: "Hide my badges" },
  { key: "hideInvestments", label: "Hide my investments" },
  { key: "hideInSearchEngines", label: "Hide my profile from search engines" },
  { key: "hideLocation", label: "Hide my location" },
] as const;
export type FlagKey = (typeof CONFIDENTIALITY_FLAGS)[number]["key"];

const flag = (label: string) => checkbox(PROFILE_MESSAGES.flag(label));

/** Interests: "fintech, climate" or ["fintech", "climate"]; empty ones dropped, repeats once. */
const interests = v.optional(
  v.pipe(
    v.unknown(),
    // What the API's document says of it (comma-separated text is read too).
    v.metadata({
      type: "array",
      items: { type: "string", maxLength: PROFILE_LIMITS.interest },
      maxItems: PROFILE_LIMITS.interests,
    }),
    v.check(
      (x) => x == null || typeof x === "string" || (Array.isArray(x) && x.every((i) => typeof i === "string")),
      PROFILE_MESSAGES.interestsType,
    ),
    v.transform((x) => {
      const parts = x == null ? [] : typeof x === "string" ? x.split(",") : (x as string[]);
      const seen = new Set<string>();
      const out: string[] = [];
      for (const raw of parts) {
        const item = normalizeText(raw).trim().replace(/\s+/g, " ");
        if (!item || seen.has(item.toLowerCase())) continue;
        seen.add(item.toLowerCase());
        out.push(item);
      }
      return out;
    }),
    v.check((x) => x.every(isCleanLine), badCharacters("Interests")),
    v.check(
      (x) => x.every((i) => i.length <= PROFILE_LIMITS.interest),
      tooLong("Each interest", PROFILE_LIMITS.interest),
    ),
    // a check, not maxLength: the form's one text input must not get the list's count as its maxlength
    v.check((x) => x.length <= PROFILE_LIMITS.interests, PROFILE_MESSAGES.tooManyInterests),
  ),
  [],
);

const username = v.optional(
  v.pipe(
    v.unknown(),
    // What the API's document says of it (no maxLength here: the form's input would get it).
    v.metadata({ type: "string", description: `${PROFILE_MESSAGES.username}; "" for none (stored lower-cased)` }),
    v.check((x) => x == null || typeof x === "string", mustBeText("Username")),
    v.transform((x) => (typeof x === "string" ? x.trim().toLowerCase() : "")),
    v.check((x) => x === "" || USERNAME.test(x), PROFILE_MESSAGES.username),
    // the platform's, its staff's and its paths' names (domain/accounts/usernames.ts)
    v.check((x) => x === "" || !isReservedUsername(x), PROFILE_MESSAGES.usernameReserved),
  ),
  "",
);

export const publicProfileSchema = v.object({
  username,
  wefunderUrl: url("Other investing profile"),
  bio: text("Bio", PROFILE_LIMITS.bio, { kind: "multiline" }),
  site: url("Site"),
  investingThesis: text("Investing thesis", PROFILE_LIMITS.investingThesis, { kind: "multiline" }),
  about: text("About", PROFILE_LIMITS.about, { kind: "multiline" }),
  offPlatformInvestments: text("Off-platform investments", PROFILE_LIMITS.offPlatformInvestments, {
    kind: "multiline",
  }),
  investmentSize: text("Typical investment size", PROFILE_LIMITS.investmentSize),
  interests,
  confidentiality: v.optional(
    v.pipe(
      v.unknown(),
      v.transform((x) => (x == null ? {} : x)),
      v.check(
        (x) => typeof x === "object" && !Array.isArray(x),
        "Confidentiality must be an object of true or false flags",
      ),
      v.object({
        hideBadges: flag("hideBadges"),
        hideInvestments: flag("hideInvestments"),
        hideInSearchEngines: flag("hideInSearchEngines"),
        hideLocation: flag("hideLocation"),
      }),
    ),
    {},
  ),
});

export type PublicProfileInput = v.InferOutput<typeof publicProfileSchema>;

/** What GET answers and the form shows. */
export interface PublicProfile {
  username: string;
  wefunderUrl: string;
  bio: string;
  site: string;
  investingThesis: string;
  about: string;
  offPlatformInvestments: string;
  investmentSize: string;
  interests: string[];
  confidentiality: Record<FlagKey, boolean>;
}

export const EMPTY_PROFILE: PublicProfile = {
  username: "",
  wefunderUrl: "",
  bio: "",
  site: "",
  investingThesis: "",
  about: "",
  offPlatformInvestments: "",
  investmentSize: "",
  interests: [],
  confidentiality: { hideBadges: false, hideInvestments: false, hideInSearchEngines: false, hideLocation: false },
};

/** Flags sent at the top level (`{ hideBadges: true }`) are read as the confidentiality object's. */
function normalizeBody(body: Record<string, unknown>): Record<string, unknown> {
  if (body.confidentiality !== undefined) return body;
  const flags = Object.fromEntries(
    CONFIDENTIALITY_FLAGS.filter((f) => body[f.key] !== undefined).map((f) => [f.key, body[f.key]]),
  );
  return Object.keys(flags).length ? { ...body, confidentiality: flags } : body;
}

export type ProfileValidation =
  { ok: true; value: PublicProfileInput } | { ok: false; errors: FieldErrors; count: number };

export function validatePublicProfile(body: Record<string, unknown>): ProfileValidation {
  return validateAll(publicProfileSchema, normalizeBody(body));
}

/** Spec section 4: the account is complete only when bio, site and investing thesis are all filled. */
export function isProfileComplete(p: Pick<PublicProfile, "bio" | "site" | "investingThesis"> | null): boolean {
  return !!p && [p.bio, p.site, p.investingThesis].every((x) => x.trim() !== "");
}
