/**
 * The signed-in user's own account (spec sections 5 and 8): `GET /api/users/me/profile` reads
 * the profile, `PUT /api/users/me` saves the profile edit form (worker/services/profile.ts);
 * `GET`/`PUT /api/users/me/financials` and `GET /api/users/me/limits` are the investment limits'
 * figures (worker/services/investor-limits.ts).
 * Mounted before any other `/users` router, so `/users/me` is never read as a user id.
 */
import { Hono } from "hono";

import { FINANCIALS_MESSAGES } from "../../domain/investor-financials-form";
import { PROFILE_MESSAGES } from "../../domain/profile-form";
import { assertCanHaveLimits, getFinancials, getLimits, saveFinancials } from "../services/investor-limits";
import { getProfile, updateProfile } from "../services/profile";
import type { HonoEnv } from "../types";
import { readBody } from "./util";

export const meApi = new Hono<HonoEnv>();

/** GET /api/users/me/profile → the profile; 401 without a session. */
meApi.get("/profile", async (c) => {
  return c.json({ success: true, profile: await getProfile(c.get("db"), c.get("user")) });
});

/** PUT /api/users/me → `{ success, message, profile }`; 400 `{ message, errors }`; 401. */
meApi.put("/", async (c) => {
  const body = await readBody(c);
  const profile = await updateProfile(c.get("db"), c.get("user"), body);
  return c.json({ success: true, message: PROFILE_MESSAGES.saved, profile });
});

/** GET /api/users/me/financials → `{ annualIncome, netWorth, accredited, applyLimits }`; 401; 403 for a founder. */
meApi.get("/financials", async (c) => {
  const { financials } = await getFinancials(c.get("db"), c.get("user"));
  return c.json(financials);
});

/**
 * PUT /api/users/me/financials `{ annualIncome, netWorth, accredited, applyLimits }` (the whole
 * record) → `{ success, message, financials, limits }`; 400 `{ message, errors }`; 401; 403 for a founder.
 */
meApi.put("/financials", async (c) => {
  const body = await readBody(c);
  const { financials, limits } = await saveFinancials(c.get("db"), c.get("user"), body);
  return c.json({ success: true, message: FINANCIALS_MESSAGES.saved, financials, limits });
});

/** GET /api/users/me/limits → `{ limit, used, remaining, applied }` in dollars (Reg CF; `limit` null when accredited). */
meApi.get("/limits", async (c) => {
  const user = c.get("user");
  assertCanHaveLimits(user);
  return c.json(await getLimits(c.get("db"), user.id));
});
