/**
 * In production, the admin console is open only to a session that signed in with a second factor
 * (ADR 054): an admin signed in with a password alone is refused on both doors; the same admin after
 * the second step is let in. Local runs and tests keep the password alone.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { timeStep, TWO_FACTOR_MESSAGES } from "../../domain/accounts/two-factor";
import { createApp } from "../../worker/app";
import { totpCode } from "../../worker/services/accounts/internal/totp";
import { json, makeAdmin, signup, uniqueIp } from "./helpers";

const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

/** A request through the app with the deployment's APP_ENV set as given. */
async function send(appEnv: string, path: string, init: { body?: unknown; token?: string } = {}) {
  const headers: Record<string, string> = { "CF-Connecting-IP": uniqueIp() };
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  const request = new Request(`http://localhost${path}`, {
    method: init.body === undefined ? "GET" : "POST",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const ctx = createExecutionContext();
  const res = await createApp().fetch(request, { ...env, APP_ENV: appEnv } as Env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

async function adminWithAuthenticator() {
  const admin = await signup();
  await makeAdmin(admin.user.id);
  await env.DB.prepare(
    "insert into totp_factors (user_id, secret, created_at, confirmed_at, last_step) values (?1, ?2, ?3, ?3, 0)",
  )
    .bind(admin.user.id, SECRET, Date.now())
    .run();
  return admin;
}

describe("the admin console in production", () => {
  it("refuses an admin whose session signed in with a password alone (403 with what to do)", async () => {
    const admin = await signup();
    await makeAdmin(admin.user.id);
    const res = await send("production", "/api/admin/reviews", { token: admin.token });
    expect({ status: res.status, message: (await json(res)).message }).toEqual({
      status: 403,
      message: TWO_FACTOR_MESSAGES.adminNeedsSecondFactor,
    });
  });

  it("lets the same admin in after the second step of a sign-in", async () => {
    const admin = await adminWithAuthenticator();
    const step = await send("production", "/api/auth/login", {
      body: { email: admin.user.email, password: admin.password },
    });
    const { pendingToken } = await json<{ pendingToken: string }>(step);
    const done = await send("production", "/api/auth/login/second-factor", {
      body: { pendingToken, code: totpCode(SECRET, timeStep(Date.now())) },
    });
    const { token } = await json<{ token: string }>(done);
    expect((await send("production", "/api/admin/reviews", { token })).status).toBe(200);
  });

  it("keeps the password alone outside production", async () => {
    const admin = await signup();
    await makeAdmin(admin.user.id);
    expect((await send("test", "/api/admin/reviews", { token: admin.token })).status).toBe(200);
  });
});
