/**
 * `/api/users`: public profile settings (spec section 7). `/users/me…` belongs to another router
 * (mounted before this one); nothing here answers under it.
 */
import { Hono } from "hono";

import { PROFILE_MESSAGES } from "../../domain/public-profile-form";
import { getPublicProfile, savePublicProfile } from "../services/public-profile";
import type { HonoEnv } from "../types";
import { readBody } from "./util";

export const usersApi = new Hono<HonoEnv>();

/** GET /api/users/profile/{userId} → 200 { ...profile } | 404 (no profile yet: set one up) | 401 | 403 */
usersApi.get("/profile/:userId", async (c) => {
  const profile = await getPublicProfile(c.get("db"), c.get("user"), c.req.param("userId"));
  if (!profile) return c.json({ success: false, message: PROFILE_MESSAGES.notFound }, 404);
  return c.json({ success: true, ...profile });
});

/** PUT /api/users/profile/{userId} (JSON, every field) → 200 { message, ...profile } | 4xx { message, errors? } */
usersApi.put("/profile/:userId", async (c) => {
  const body = await readBody(c);
  const profile = await savePublicProfile(c.get("db"), c.get("user"), c.req.param("userId"), body);
  return c.json({ success: true, message: PROFILE_MESSAGES.saved, ...profile });
});
