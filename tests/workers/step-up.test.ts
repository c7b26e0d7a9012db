/**
 * Step-up (ADR 054): downloading the data needs a session that proved who it is in the last 10
 * minutes, through the API: refused 403 `confirmation_required` when the session's confirmation is
 * old, allowed after POST /api/auth/confirm with the password, or with a code (or a recovery code)
 * when the account has the authenticator app on. The changes that ask the current password
 * themselves (the email, the password, Delete my account) take it as the confirmation: they work
 * with an old confirmation and a right password, and confirm the session for what follows. Wrong
 * answers are refused and limited; a confirmation lasts 10 minutes.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { newRecoveryCodes, SECOND_FACTOR_LIMITS, timeStep } from "../../domain/accounts/two-factor";
import { CONFIRM_MESSAGES } from "../../domain/accounts/confirm";
import { PASSWORD_MESSAGES } from "../../domain/accounts/password-form";
import { sha256Hex } from "../../worker/services/accounts/internal/secrets";
import { newTotpSecret, totpCode } from "../../worker/services/accounts/internal/totp";
import { PASSWORD_CHANGE_LIMIT } from "../../worker/services/accounts/account-security";
import {
  CONFIRMATION_WINDOW_MS,
  requireRecentConfirmation,
  STEP_UP_MESSAGES,
} from "../../worker/services/accounts/step-up";
import { call, json, signup, viewerFor } from "./helpers";

const sessionId = (token: string) => token.split(".")[0]!;

/** Sets when the token's session last proved who it is. */
async function confirmedAt(token: string, at: number) {
  await env.DB.prepare("update sessions set confirmed_at = ?2 where id = ?1").bind(sessionId(token), at).run();
}

/** A new account whose session's confirmation is older than the window. */
async function staleAccount() {
  const account = await signup();
  await confirmedAt(account.token, Date.now() - CONFIRMATION_WINDOW_MS - 1000);
  return account;
}

/** Turns the authenticator app on for `userId` with a known secret; answers the secret. */
async function withAuthenticator(userId: string): Promise<string> {
  const secret = newTotpSecret();
  const now = Date.now();
  await env.DB.prepare(
    "insert into totp_factors (user_id, secret, created_at, confirmed_at, last_step) values (?1, ?2, ?3, ?3, 0)",
  )
    .bind(userId, secret, now)
    .run();
  return secret;
}

const confirm = (token: string, body: Record<string, unknown>) => call("/api/auth/confirm", { token, body });

async function expectConfirmationRequired(res: Response) {
  expect({ status: res.status, body: await json(res) }).toEqual({
    status: 403,
    body: { success: false, message: STEP_UP_MESSAGES.required, code: "confirmation_required" },
  });
}

describe("the data download needs a fresh confirmation", () => {
  it.each(["/api/me/export", "/api/me/export.zip"])("%s is refused 403 when the confirmation is old", async (path) => {
    const { token } = await staleAccount();
    await expectConfirmationRequired(await call(path, { token }));
  });

  it("a session made before confirmations were recorded (confirmed_at 0) must confirm", async () => {
    const { token } = await signup();
    await confirmedAt(token, 0);
    await expectConfirmationRequired(await call("/api/me/export", { token }));
  });

  it("works after confirming with the password", async () => {
    const { token, password } = await staleAccount();
    const before = Date.now();
    const res = await confirm(token, { password });
    expect(res.status).toBe(200);
    const out = await json<{ method: string; confirmedUntil: string; message: string }>(res);
    expect(out.method).toBe("password");
    expect(Date.parse(out.confirmedUntil) - before).toBeGreaterThanOrEqual(CONFIRMATION_WINDOW_MS);
    expect((await call("/api/me/export", { token })).status).toBe(200);
    expect((await call("/api/me/export.zip", { token })).status).toBe(200);
  });

  it("works after confirming with a code from the authenticator app", async () => {
    const { token, user } = await staleAccount();
    const secret = await withAuthenticator(user.id);
    const res = await confirm(token, { code: totpCode(secret, timeStep(Date.now())) });
    expect({ status: res.status, method: (await json(res)).method }).toEqual({ status: 200, method: "totp" });
    expect((await call("/api/me/export", { token })).status).toBe(200);
  });

  it("works after confirming with a recovery code, which is then used up", async () => {
    const { token, user } = await staleAccount();
    await withAuthenticator(user.id);
    const [code] = newRecoveryCodes();
    await env.DB.prepare("insert into recovery_codes (user_id, code_hash, created_at) values (?1, ?2, ?3)")
      .bind(user.id, await sha256Hex(code!.replace("-", "")), Date.now())
      .run();
    expect((await confirm(token, { code })).status).toBe(200);
    expect((await call("/api/me/export", { token })).status).toBe(200);
    expect((await confirm(token, { code })).status).toBe(400);
  });
});

describe("confirming: wrong answers", () => {
  it("a wrong password is refused with the password change's message and confirms nothing", async () => {
    const { token } = await staleAccount();
    const res = await confirm(token, { password: "Not-The-Password-1" });
    expect({ status: res.status, body: await json(res) }).toEqual({
      status: 400,
      body: {
        success: false,
        message: PASSWORD_MESSAGES.wrongCurrent,
        errors: { password: PASSWORD_MESSAGES.wrongCurrent },
      },
    });
    await expectConfirmationRequired(await call("/api/me/export", { token }));
  });

  it(`wrong passwords are limited: ${PASSWORD_CHANGE_LIMIT.max} in 15 minutes, then 429 even for the right one`, async () => {
    const { token, password } = await staleAccount();
    const wrong = await Promise.all(
      Array.from({ length: PASSWORD_CHANGE_LIMIT.max }, () => confirm(token, { password: "Not-The-Password-1" })),
    );
    expect(wrong.map((r) => r.status)).toEqual(Array(PASSWORD_CHANGE_LIMIT.max).fill(400));
    const res = await confirm(token, { password });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("a wrong code is refused, and a code works once", async () => {
    const { token, user } = await staleAccount();
    const secret = await withAuthenticator(user.id);
    const code = totpCode(secret, timeStep(Date.now()));
    const wrong = code === "000000" ? "111111" : "000000";
    expect((await confirm(token, { code: wrong })).status).toBe(400);
    expect((await confirm(token, { code })).status).toBe(200);
    expect((await confirm(token, { code })).status).toBe(400);
  });

  it(`wrong codes are limited: ${SECOND_FACTOR_LIMITS.hour.max} an hour, then 429 even for the right one`, async () => {
    const { token, user } = await staleAccount();
    const secret = await withAuthenticator(user.id);
    const code = totpCode(secret, timeStep(Date.now()));
    const wrong = code === "000000" ? "111111" : "000000";
    const answers = await Promise.all(
      Array.from({ length: SECOND_FACTOR_LIMITS.hour.max }, () => confirm(token, { code: wrong })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(SECOND_FACTOR_LIMITS.hour.max).fill(400));
    expect((await confirm(token, { code })).status).toBe(429);
  });

  it("a code is refused for an account without the authenticator app", async () => {
    const { token } = await staleAccount();
    const res = await confirm(token, { code: "123456" });
    expect({ status: res.status, message: (await json(res)).message }).toEqual({
      status: 400,
      message: CONFIRM_MESSAGES.noAuthenticator,
    });
  });

  it("nothing to check is a 400 naming the password", async () => {
    const { token } = await staleAccount();
    const res = await confirm(token, {});
    expect({ status: res.status, errors: (await json(res)).errors }).toEqual({
      status: 400,
      errors: { password: CONFIRM_MESSAGES.passwordRequired },
    });
  });

  it("signed out is a 401", async () => {
    expect((await call("/api/auth/confirm", { body: { password: "whatever-it-is-1" } })).status).toBe(401);
  });
});

describe("a confirmation lasts 10 minutes", () => {
  it("allows just inside the window and refuses at its end", async () => {
    const { token } = await signup();
    const viewer = await viewerFor(token);
    const at = viewer.session!.confirmedAt;
    expect(() => requireRecentConfirmation(viewer, at + CONFIRMATION_WINDOW_MS - 1)).not.toThrow();
    expect(() => requireRecentConfirmation(viewer, at + CONFIRMATION_WINDOW_MS)).toThrow(STEP_UP_MESSAGES.required);
  });

  it("through the API: 9 minutes ago is still good, 10 minutes ago is not", async () => {
    const { token } = await signup();
    await confirmedAt(token, Date.now() - CONFIRMATION_WINDOW_MS + 60_000);
    expect((await call("/api/me/export", { token })).status).toBe(200);
    await confirmedAt(token, Date.now() - CONFIRMATION_WINDOW_MS);
    await expectConfirmationRequired(await call("/api/me/export", { token }));
  });
});

describe("the changes that ask the current password take it as the confirmation", () => {
  it("changing the password: no second ask, and the session is confirmed after", async () => {
    const { token, password } = await staleAccount();
    const res = await call("/api/auth/password", {
      token,
      body: {
        currentPassword: password,
        newPassword: "Difference-Engine-1822",
        confirmPassword: "Difference-Engine-1822",
      },
    });
    expect(res.status).toBe(200);
    expect((await call("/api/me/export", { token })).status).toBe(200);
  });

  it("changing the email: no second ask, and the session is confirmed after", async () => {
    const { token, password } = await staleAccount();
    const res = await call("/api/me/email", {
      token,
      body: { email: `new-${sessionId(token).slice(0, 8)}@example.edu`, currentPassword: password },
    });
    expect(res.status).toBe(200);
    expect((await call("/api/me/export", { token })).status).toBe(200);
  });

  it("Delete my account: no second ask, and the session is confirmed after", async () => {
    const { token, password } = await staleAccount();
    expect((await call("/api/me/delete", { token, body: { password } })).status).toBe(202);
    expect((await call("/api/me/export", { token })).status).toBe(200);
  });

  it("a wrong current password confirms nothing", async () => {
    const { token } = await staleAccount();
    const res = await call("/api/me/delete", { token, body: { password: "Not-The-Password-1" } });
    expect(res.status).toBe(400);
    await expectConfirmationRequired(await call("/api/me/export", { token }));
  });
});
