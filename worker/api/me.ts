/**
 * The signed-in user's own account (spec sections 5 and 8): `GET /api/users/me/profile` reads
 * the profile, `PUT /api/users/me` saves the profile edit form (worker/services/accounts/profile.ts);
 * `GET`/`PUT /api/users/me/financials` and `GET /api/users/me/limits` are the investment limits'
 * figures (worker/services/money/investor-limits.ts).
 * Mounted before any other `/users` router, so `/users/me` is never read as a user id.
 */
import { Hono } from "hono";

import { FINANCIALS_MESSAGES, investorFinancialsSchema } from "../../domain/money/investor-financials-form";
import { PROFILE_MESSAGES, profileFormSchema } from "../../domain/accounts/profile-form";
import { MAX_DECLARED_DOLLARS } from "../../domain/money/reg-cf";
import { assertCanHaveLimits, getFinancials, getLimits, saveFinancials } from "../services/money/investor-limits";
import { getProfile, updateProfile } from "../services/accounts/profile";
import type { HonoEnv } from "../types";
import {
  EXAMPLES,
  FinancialsAnswer,
  FinancialsSavedAnswer,
  LimitsAnswer,
  ProfileReadAnswer,
  ProfileSavedAnswer,
} from "./answers/account";
import { operation } from "./openapi";
import { readBody } from "./util";

export const meApi = new Hono<HonoEnv>();

/** GET /api/users/me/profile → the profile; 401 without a session. */
meApi.get(
  "/profile",
  operation({
    operationId: "getMyProfile",
    tag: "Account",
    summary: "The signed-in user's profile",
    description: "The profile the profile page shows and edits: names, contact, bio and investment preferences.",
    access: "signed-in",
    ok: { 200: { description: "The caller's own profile", schema: ProfileReadAnswer, example: EXAMPLES.profile } },
    refusals: [401],
  }),
  async (c) => {
    return c.json({ success: true, profile: await getProfile(c.get("db"), c.get("user")) });
  },
);

/** PUT /api/users/me → `{ success, message, profile }`; 400 `{ message, errors }`; 401. */
meApi.put(
  "/",
  operation({
    operationId: "updateMyProfile",
    tag: "Account",
    summary: "Save the signed-in user's profile",
    description:
      'First and last name are required; a key left out keeps what is stored, and `""` clears a phone ' +
      "number or bio. Sectors and goals are lists (or comma-separated text) from the listed values. The " +
      "email and the role are never read from the body. A refusal names every field's problem in `errors`.",
    access: "signed-in",
    body: { schema: profileFormSchema, example: EXAMPLES.profileBody },
    ok: { 200: { description: "Saved", schema: ProfileSavedAnswer, example: EXAMPLES.profileSaved } },
    refusals: [400, 401, 415],
  }),
  async (c) => {
    const body = await readBody(c);
    const profile = await updateProfile(c.get("db"), c.get("user"), body);
    return c.json({ success: true, message: PROFILE_MESSAGES.saved, profile });
  },
);

/** GET /api/users/me/financials → `{ annualIncome, netWorth, accredited, applyLimits }`; 401; 403 for a founder. */
meApi.get(
  "/financials",
  operation({
    operationId: "getMyFinancials",
    tag: "Account",
    summary: "The investor's declared financial figures",
    description:
      "The self-declared (simulated) income and net worth behind the investment limits, and whether the " +
      "limits apply. Nothing declared yet: both figures null, both switches off. A founder is refused (403).",
    access: "signed-in",
    ok: { 200: { description: "The declared figures", schema: FinancialsAnswer, example: EXAMPLES.financials } },
    refusals: [401, 403],
  }),
  async (c) => {
    const { financials } = await getFinancials(c.get("db"), c.get("user"));
    return c.json(financials);
  },
);

/**
 * PUT /api/users/me/financials `{ annualIncome, netWorth, accredited, applyLimits }` (the whole
 * record) → `{ success, message, financials, limits }`; 400 `{ message, errors }`; 401; 403 for a founder.
 */
meApi.put(
  "/financials",
  operation({
    operationId: "updateMyFinancials",
    tag: "Account",
    summary: "Save the investor's declared financial figures",
    description:
      "Replaces the whole record: a figure left out is not declared, a switch left out is off. Figures are " +
      `whole dollars from 0 to ${MAX_DECLARED_DOLLARS.toLocaleString("en-US")}. Answers the saved figures ` +
      "and the Reg CF limits they give. A founder is refused (403).",
    access: "signed-in",
    body: { schema: investorFinancialsSchema, example: EXAMPLES.financials },
    ok: { 200: { description: "Saved", schema: FinancialsSavedAnswer, example: EXAMPLES.financialsSaved } },
    refusals: [400, 401, 403, 415],
  }),
  async (c) => {
    const body = await readBody(c);
    const { financials, limits } = await saveFinancials(c.get("db"), c.get("user"), body);
    return c.json({ success: true, message: FINANCIALS_MESSAGES.saved, financials, limits });
  },
);

/** GET /api/users/me/limits → `{ limit, used, remaining, applied }` in dollars (Reg CF; `limit` null when accredited). */
meApi.get(
  "/limits",
  operation({
    operationId: "getMyLimits",
    tag: "Account",
    summary: "The investor's Reg CF limits",
    description:
      "The 12-month Reg CF limit, what active RegCF and SAFE investments of the last 365 days used of it, " +
      "and what remains, in dollars. `limit` and `remaining` are null for an accredited investor. A founder " +
      "is refused (403).",
    access: "signed-in",
    ok: { 200: { description: "The limits", schema: LimitsAnswer, example: EXAMPLES.limits } },
    refusals: [401, 403],
  }),
  async (c) => {
    const user = c.get("user");
    assertCanHaveLimits(user);
    return c.json(await getLimits(c.get("db"), user.id));
  },
);
