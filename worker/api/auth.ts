import { Hono, type Context } from "hono";

import { PASSWORD_MESSAGES } from "../../domain/password-form";
import { MESSAGES } from "../../domain/messages";
import { changePassword, signOutOtherSessions } from "../services/account-security";
import { login, registerUser } from "../services/auth";
import {
  DEVICE_COOKIE,
  deviceCookie,
  invalidateSession,
  publicUser,
  readCookie,
  type SignedIn,
} from "../services/sessions";
import { clientAddress } from "../services/client";
import type { HonoEnv } from "../types";
import { readBody } from "./util";

export const authApi = new Hono<HonoEnv>();

/** API clients get the token in the body; a browser calling the API also keeps its device cookie. */
function signedInBody(c: Context<HonoEnv>, out: SignedIn) {
  if (out.deviceToken) c.header("Set-Cookie", deviceCookie(out.deviceToken, c.get("secureCookies")), { append: true });
  return { success: true, token: out.token, user: publicUser(out.user) };
}

/** POST /api/auth/signup → 201 { token, user } | 4xx { message } */
authApi.post("/signup", async (c) => {
  const body = await readBody(c);
  const out = await registerUser(c.get("db"), body, {
    clientIp: clientAddress(c.req.raw),
    requireConfirm: false,
  });
  return c.json(signedInBody(c, out), 201);
});

/** POST /api/auth/login → 200 { token, user } | 4xx { message } */
authApi.post("/login", async (c) => {
  const body = await readBody(c);
  const out = await login(c.get("db"), body, {
    clientIp: clientAddress(c.req.raw),
    deviceToken: readCookie(c.req.raw, DEVICE_COOKIE),
  });
  return c.json(signedInBody(c, out));
});

/** POST /api/auth/logout: ends the presented session on the server. */
authApi.post("/logout", async (c) => {
  const token = c.get("sessionToken");
  if (token) await invalidateSession(c.get("db"), token);
  return c.json({ success: true, message: "Signed out" });
});

/** GET /api/auth/me: the caller's own user, or 401. */
authApi.get("/me", (c) => {
  const user = c.get("user");
  if (!user) return c.json({ success: false, message: MESSAGES.authRequired }, 401);
  return c.json({ success: true, user: publicUser(user) });
});

/**
 * POST /api/auth/password { currentPassword, newPassword, confirmPassword? } → 200 | 400 { message,
 * errors } | 401 | 429. Every other session of the user ends; the calling one stays.
 */
authApi.post("/password", async (c) => {
  const body = await readBody(c);
  const out = await changePassword(c.get("db"), c.get("user"), c.get("sessionToken"), body);
  return c.json({ success: true, message: PASSWORD_MESSAGES.changed, endedSessions: out.endedSessions });
});

/** POST /api/auth/sessions/revoke-others → 200 { endedSessions } | 401: ends every other session. */
authApi.post("/sessions/revoke-others", async (c) => {
  const out = await signOutOtherSessions(c.get("db"), c.get("user"), c.get("sessionToken"));
  return c.json({ success: true, message: PASSWORD_MESSAGES.othersSignedOut, endedSessions: out.endedSessions });
});
