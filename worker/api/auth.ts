import { Hono } from "hono";

import { SigninSchema, parseFirst, signupSchema, MESSAGES } from "../../app/lib/schemas";
import { createUser, invalidateSession, login, publicUser } from "../services/auth";
import type { HonoEnv } from "../types";
import { readBody, serviceErrorResponse } from "./util";

export const authApi = new Hono<HonoEnv>();

const clientIp = (req: Request) => req.headers.get("CF-Connecting-IP") ?? "local";

/** POST /api/auth/signup → 201 { token, user } | 4xx { message } */
authApi.post("/signup", async (c) => {
  const read = await readBody(c);
  if (!read.ok) return read.response;
  const parsed = parseFirst(signupSchema({ requireConfirm: false }), read.body);
  if (!parsed.ok) return c.json({ success: false, message: parsed.message }, 400);
  try {
    const { token, user } = await createUser(c.get("db"), parsed.value);
    return c.json({ success: true, token, user: publicUser(user) }, 201);
  } catch (e) {
    return serviceErrorResponse(c, e);
  }
});

/** POST /api/auth/login → 200 { token, user } | 4xx { message } */
authApi.post("/login", async (c) => {
  const read = await readBody(c);
  if (!read.ok) return read.response;
  const parsed = parseFirst(SigninSchema, read.body);
  if (!parsed.ok) return c.json({ success: false, message: parsed.message }, 400);
  try {
    const { token, user } = await login(c.get("db"), parsed.value, clientIp(c.req.raw));
    return c.json({ success: true, token, user: publicUser(user) });
  } catch (e) {
    return serviceErrorResponse(c, e);
  }
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
