/**
 * The signed-in user's own account (spec sections 5 and 8): `GET /api/users/me/profile` reads
 * the profile, `PUT /api/users/me` saves the profile edit form (worker/services/profile.ts).
 * Mounted before any other `/users` router, so `/users/me` is never read as a user id.
 */
import { Hono } from "hono";

import { PROFILE_MESSAGES } from "../../app/lib/profile-form";
import { getProfile, updateProfile } from "../services/profile";
import type { HonoEnv } from "../types";
import { readBody, serviceErrorResponse } from "./util";

export const meApi = new Hono<HonoEnv>();

/** GET /api/users/me/profile → the profile; 401 without a session. */
meApi.get("/profile", async (c) => {
  try {
    return c.json({ success: true, profile: await getProfile(c.get("db"), c.get("user")) });
  } catch (e) {
    return serviceErrorResponse(c, e);
  }
});

/** PUT /api/users/me → `{ success, message, profile }`; 400 `{ message, errors }`; 401. */
meApi.put("/", async (c) => {
  const read = await readBody(c);
  if (!read.ok) return read.response;
  try {
    const profile = await updateProfile(c.get("db"), c.get("user"), read.body);
    return c.json({ success: true, message: PROFILE_MESSAGES.saved, profile });
  } catch (e) {
    return serviceErrorResponse(c, e);
  }
});
