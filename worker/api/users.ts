/**
 * `/api/users`: public profile settings (spec section 7). `/users/me…` belongs to another router
 * (mounted before this one); nothing here answers under it.
 */
import { Hono } from "hono";

import { PROFILE_MESSAGES, publicProfileSchema, USERNAME_LIMITS } from "../../domain/accounts/public-profile-form";
import { getPublicProfile, savePublicProfile } from "../services/accounts/public-profile";
import type { HonoEnv } from "../types";
import { EXAMPLES, PublicProfileAnswer, PublicProfileSavedAnswer } from "./answers/account";
import { operation } from "./openapi";
import { readBody } from "./util";

export const usersApi = new Hono<HonoEnv>();

const USER_ID = "The account's id: the caller's own, or any account's for an admin.";

/** GET /api/users/profile/{userId} → 200 { ...profile } | 404 (no profile yet: set one up) | 401 | 403 */
usersApi.get(
  "/profile/:userId",
  operation({
    operationId: "getPublicProfileSettings",
    tag: "Profiles",
    summary: "A public investor profile's settings",
    description:
      "What the account's public investor page may show, and the confidentiality switches. Only the account " +
      "itself or an admin may read it (403 otherwise); 404 means no profile was saved yet (set one up).",
    access: "signed-in",
    params: { userId: USER_ID },
    ok: {
      200: { description: "The profile's settings", schema: PublicProfileAnswer, example: EXAMPLES.publicProfile },
    },
    refusals: [401, 403, 404],
  }),
  async (c) => {
    const profile = await getPublicProfile(c.get("db"), c.get("user"), c.req.param("userId"));
    if (!profile) return c.json({ success: false, message: PROFILE_MESSAGES.notFound }, 404);
    return c.json({ success: true, ...profile });
  },
);

/** PUT /api/users/profile/{userId} (JSON, every field) → 200 { message, ...profile } | 4xx { message, errors? } */
usersApi.put(
  "/profile/:userId",
  operation({
    operationId: "savePublicProfileSettings",
    tag: "Profiles",
    summary: "Save a public investor profile's settings",
    description:
      "Replaces the whole profile: a field left out is emptied. The confidentiality switches may also be " +
      'sent at the top level (`{ "hideBadges": true }`). A username is unique without regard to case; a ' +
      `taken name, or one given up by another account in the last ${USERNAME_LIMITS.holdDays} days, is a 409; ` +
      `changing it more than ${USERNAME_LIMITS.changesPerDay} times a day is a 429. Only the account itself ` +
      "or an admin may save it (403 otherwise); an admin naming an unknown account gets a 404.",
    access: "signed-in",
    params: { userId: USER_ID },
    body: { schema: publicProfileSchema, example: EXAMPLES.publicProfileBody },
    ok: {
      200: { description: "Saved", schema: PublicProfileSavedAnswer, example: EXAMPLES.publicProfileSaved },
    },
    refusals: [400, 401, 403, 404, 409, 415, 429],
  }),
  async (c) => {
    const body = await readBody(c);
    const profile = await savePublicProfile(c.get("db"), c.get("user"), c.req.param("userId"), body);
    return c.json({ success: true, message: PROFILE_MESSAGES.saved, ...profile });
  },
);
