/**
 * `/api/users`: public profile settings (spec section 7). `/users/me…` belongs to another router
 * (mounted before this one); nothing here answers under it.
 */
import { Hono } from "hono";

import { PROFILE_MESSAGES } from "../../app/lib/public-profile-form";
import { getPublicProfile, savePublicProfile } from "../services/public-profile";
import type { HonoEnv } from "../types";
import { readBody, serviceErrorResponse } from "./util";

export const usersApi = new Hono<HonoEnv>();

/** GET /api/users/profile/{userId} → 200 { ...profile } | 404 (no profile yet: set one up) | 401 | 403 */
usersApi.get("/profile/:userId", async (c) => {
  try {
    const profile = await getPublicProfile(c.get("db"), c.get("user"), c.req.param("userId"));
    if (!profile) return c.json({ success: false, message: PROFILE_MESSAGES.notFound }, 404);
    return c.json({ success: true, ...profile });
  } catch (e) {
    return serviceErrorResponse(c, e);
  }
});

/** PUT /api/users/profile/{userId} (JSON, every field) → 200 { message, ...profile } | 4xx { message, errors? } */
usersApi.put("/profile/:userId", async (c) => {
  const read = await readBody(c);
  if (!read.ok) return read.response;
  try {
    const profile = await savePublicProfile(c.get("db"), c.get("user"), c.req.param("userId"), read.body);
    return c.json({ success: true, message: PROFILE_MESSAGES.saved, ...profile });
  } catch (e) {
    return serviceErrorResponse(c, e);
  }
});
