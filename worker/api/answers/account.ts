/**
 * The answers of the signed-in user's own account (worker/api/me.ts) and of the public profile
 * settings (worker/api/users.ts), with their examples (ADR 042).
 */
import * as v from "valibot";

import { FINANCIALS_MESSAGES } from "../../../domain/money/investor-financials-form";
import { PROFILE_MESSAGES, RISK_TOLERANCES, TIME_HORIZONS } from "../../../domain/accounts/profile-form";
import { PROFILE_MESSAGES as PUBLIC_PROFILE_MESSAGES } from "../../../domain/accounts/public-profile-form";
import { EXAMPLE_USER, ok } from "./common";

const isoTimestamp = v.pipe(v.string(), v.isoTimestamp());
const dollars = v.pipe(v.number(), v.minValue(0));
const wholeDollars = v.pipe(v.number(), v.integer(), v.minValue(0));

/** The profile the /profile page shows and edits (domain/accounts/profile-form.ts `ProfileDTO`). */
export const ProfileAnswer = v.object({
  id: v.string(),
  email: v.pipe(v.string(), v.email()),
  firstName: v.string(),
  lastName: v.string(),
  role: v.picklist(["investor", "founder", "admin"]),
  phoneNumber: v.nullable(v.string()),
  bio: v.nullable(v.string()),
  profileImage: v.nullable(v.string()),
  investmentPreferences: v.object({
    riskTolerance: v.picklist(RISK_TOLERANCES),
    timeHorizon: v.picklist(TIME_HORIZONS),
    preferredSectors: v.array(v.string()),
    investmentGoals: v.array(v.string()),
  }),
  memberSince: isoTimestamp,
});

export const ProfileReadAnswer = v.object({ success: ok, profile: ProfileAnswer });
export const ProfileSavedAnswer = v.object({ success: ok, message: v.string(), profile: ProfileAnswer });

/** The declared figures (domain/money/investor-financials-form.ts `InvestorFinancials`): no `success` flag. */
export const FinancialsAnswer = v.object({
  annualIncome: v.pipe(v.nullable(wholeDollars), v.description("Whole dollars; null when not declared")),
  netWorth: v.pipe(v.nullable(wholeDollars), v.description("Whole dollars; null when not declared")),
  accredited: v.boolean(),
  applyLimits: v.pipe(v.boolean(), v.description("Whether the limits are enforced on this investor's purchases")),
});

/** Reg CF's 12-month figures in dollars (domain/money/reg-cf.ts `RegCfLimits`): no `success` flag. */
export const LimitsAnswer = v.object({
  limit: v.pipe(v.nullable(dollars), v.description("Null for an accredited investor (no limit)")),
  used: v.pipe(dollars, v.description("Active RegCF and SAFE investments of the last 365 days")),
  remaining: v.pipe(v.nullable(dollars), v.description("Null for an accredited investor")),
  applied: v.pipe(v.boolean(), v.description("Whether the limit is enforced on this investor's purchases")),
});

export const FinancialsSavedAnswer = v.object({
  success: ok,
  message: v.string(),
  financials: FinancialsAnswer,
  limits: LimitsAnswer,
});

/** The public profile settings' fields (domain/accounts/public-profile-form.ts `PublicProfile`), "" when empty. */
const publicProfileEntries = {
  username: v.string(),
  wefunderUrl: v.string(),
  bio: v.string(),
  site: v.string(),
  investingThesis: v.string(),
  about: v.string(),
  offPlatformInvestments: v.string(),
  investmentSize: v.string(),
  interests: v.array(v.string()),
  confidentiality: v.object({
    hideBadges: v.boolean(),
    hideInvestments: v.boolean(),
    hideInSearchEngines: v.boolean(),
    hideLocation: v.boolean(),
  }),
};

export const PublicProfileAnswer = v.object({ success: ok, ...publicProfileEntries });
export const PublicProfileSavedAnswer = v.object({ success: ok, message: v.string(), ...publicProfileEntries });

const EXAMPLE_PROFILE = {
  id: EXAMPLE_USER.id,
  email: EXAMPLE_USER.email,
  firstName: EXAMPLE_USER.firstName,
  lastName: EXAMPLE_USER.lastName,
  role: EXAMPLE_USER.role,
  phoneNumber: "+1 (617) 555-0143",
  bio: "Second-year maths student backing campus hardware.",
  profileImage: null,
  investmentPreferences: {
    riskTolerance: "medium",
    timeHorizon: "long",
    preferredSectors: ["Technology", "Education"],
    investmentGoals: ["Growth", "Social Impact"],
  },
  memberSince: "2026-09-01T14:03:27.000Z",
} as const;

const EXAMPLE_FINANCIALS = { annualIncome: 42000, netWorth: 15000, accredited: false, applyLimits: true } as const;
const EXAMPLE_LIMITS = { limit: 2500, used: 750, remaining: 1750, applied: true } as const;

const EXAMPLE_PUBLIC_PROFILE = {
  username: "ada-l",
  wefunderUrl: "https://wefunder.com/adal",
  bio: "Second-year maths student backing campus hardware.",
  site: "https://ada.example.edu",
  investingThesis: "Small cheques in student teams that ship to their own campus first.",
  about: "Maths at Northeastern; I run the campus hardware club's demo night.",
  offPlatformInvestments: "Two angel cheques through our alumni network.",
  investmentSize: "$100 to $500",
  interests: ["edtech", "climate"],
  confidentiality: { hideBadges: false, hideInvestments: true, hideInSearchEngines: false, hideLocation: true },
} as const;

export const EXAMPLES = {
  profile: { success: true, profile: EXAMPLE_PROFILE },
  profileBody: {
    firstName: "Ada",
    lastName: "Lovelace",
    phoneNumber: "+1 (617) 555-0143",
    bio: "Second-year maths student backing campus hardware.",
    investmentPreferences: {
      riskTolerance: "medium",
      timeHorizon: "long",
      preferredSectors: ["Technology", "Education"],
      investmentGoals: ["Growth", "Social Impact"],
    },
  },
  profileSaved: { success: true, message: PROFILE_MESSAGES.saved, profile: EXAMPLE_PROFILE },
  financials: EXAMPLE_FINANCIALS,
  financialsSaved: {
    success: true,
    message: FINANCIALS_MESSAGES.saved,
    financials: EXAMPLE_FINANCIALS,
    limits: EXAMPLE_LIMITS,
  },
  limits: EXAMPLE_LIMITS,
  publicProfile: { success: true, ...EXAMPLE_PUBLIC_PROFILE },
  publicProfileBody: EXAMPLE_PUBLIC_PROFILE,
  publicProfileSaved: { success: true, message: PUBLIC_PROFILE_MESSAGES.saved, ...EXAMPLE_PUBLIC_PROFILE },
} as const;
