/**
 * Two-step sign-in through the API (ADR 054): turning the authenticator app on, signing in with a
 * code or a recovery code, a code never working twice (also sent twice at once), the guess limit
 * under answers sent at once, the pending sign-in's end, new recovery codes, turning it off, and
 * every change refused without a fresh confirmation.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { SECURITY_CHANGE_COPY } from "../../domain/accounts/security-alerts";
import { TWO_FACTOR_SETTINGS_MESSAGES } from "../../domain/accounts/two-factor-settings";
import { timeStep, TWO_FACTOR_MESSAGES } from "../../domain/accounts/two-factor";
import { TOTP_QR_LABEL } from "../../worker/services/accounts/internal/qr";
import { totpCode } from "../../worker/services/accounts/internal/totp";
import { STEP_UP_MESSAGES } from "../../worker/services/accounts/step-up";
import { call, json, signup, TEST_PASSWORD, uniqueIp } from "./helpers";

type Answer = {
  message?: string;
  secret?: string;
  uri?: string;
  qrSvg?: string;
  recoveryCodes?: string[];
  token?: string;
  pendingToken?: string;
  methods?: string[];
  twoFactor?: { on: boolean; confirmedAt: string | null; enrolling: boolean; recoveryCodesLeft: number };
};

/** The code of `secret` `offset` steps from now (the window accepts -1, 0 and +1). */
const codeAt = (secret: string, offset = 0) => totpCode(secret, timeStep(Date.now()) + offset);
/** A well-formed code that is none of the window's (steps far from now). */
const wrongCode = (secret: string, i = 0) => {
  const right = new Set([-1, 0, 1].map((o) => codeAt(secret, o)));
  for (let offset = 100 + i * 50; ; offset++) {
    const code = codeAt(secret, offset);
    if (!right.has(code)) return code;
  }
};

const status = async (token: string) => (await json<Answer>(await call("/api/auth/two-factor", { token }))).twoFactor!;
const start = (token: string) => call("/api/auth/two-factor/totp", { method: "POST", token });
const confirm = (token: string, code: string) => call("/api/auth/two-factor/totp/confirm", { token, body: { code } });
const disable = (token: string) => call("/api/auth/two-factor/totp", { method: "DELETE", token });
const regenerate = (token: string) => call("/api/auth/two-factor/recovery-codes", { method: "POST", token });
const login = (email: string) => call("/api/auth/login", { body: { email, password: TEST_PASSWORD } });
const secondStep = (pendingToken: string, code: string) =>
  call("/api/auth/login/second-factor", { body: { pendingToken, code } });

/** A new account with the app turned on through the API: its token, email, secret and recovery codes. */
async function withApp() {
  const a = await signup();
  const { secret } = await json<Answer>(await start(a.token));
  const res = await confirm(a.token, codeAt(secret!));
  expect(res.status).toBe(200);
  const { recoveryCodes } = await json<Answer>(res);
  return { token: a.token, email: a.user.email, userId: a.user.id, secret: secret!, codes: recoveryCodes! };
}

/** The password step of a sign-in with two-step on: its pending token. */
async function passwordStep(email: string): Promise<string> {
  const res = await login(email);
  expect(res.status).toBe(202);
  return (await json<Answer>(res)).pendingToken!;
}

const sessionOf = (token: string) =>
  env.DB.prepare("select second_factor from sessions where id = ?1")
    .bind(token.split(".")[0])
    .first<{ second_factor: string | null }>();

describe("turning the authenticator app on", () => {
  it("starts with a secret, its URI and a QR code, refuses a wrong code, and turns on with the right one", async () => {
    const a = await signup();
    expect(await status(a.token)).toEqual({ on: false, confirmedAt: null, enrolling: false, recoveryCodesLeft: 0 });

    const started = await start(a.token);
    expect(started.status).toBe(201);
    const { secret, uri, qrSvg } = await json<Answer>(started);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toMatch(/^otpauth:\/\/totp\/CampusFund:/);
    expect(qrSvg).toMatch(new RegExp(`^<svg role="img" aria-label="${TOTP_QR_LABEL}"`));
    expect((await status(a.token)).enrolling).toBe(true);

    const wrong = await confirm(a.token, wrongCode(secret!));
    expect(wrong.status).toBe(400);
    expect((await json<Answer>(wrong)).message).toBe(TWO_FACTOR_MESSAGES.wrongCode);
    expect((await status(a.token)).on).toBe(false);

    const right = await confirm(a.token, codeAt(secret!));
    expect(right.status).toBe(200);
    const out = await json<Answer>(right);
    expect(out.message).toBe(TWO_FACTOR_SETTINGS_MESSAGES.turnedOn);
    expect(out.recoveryCodes).toHaveLength(10);
    expect(new Set(out.recoveryCodes).size).toBe(10);
    const now = await status(a.token);
    expect({ on: now.on, enrolling: now.enrolling, left: now.recoveryCodesLeft }).toEqual({
      on: true,
      enrolling: false,
      left: 10,
    });
    // Only hashes are kept.
    const stored = await env.DB.prepare("select code_hash from recovery_codes where user_id = ?1")
      .bind(a.user.id)
      .all<{ code_hash: string }>();
    expect(stored.results.map((r) => r.code_hash)).not.toContain(out.recoveryCodes![0]!.replace("-", ""));
    expect(stored.results).toHaveLength(10);
  });

  it("starting again replaces an unconfirmed secret: the first one's code no longer confirms", async () => {
    const a = await signup();
    const first = (await json<Answer>(await start(a.token))).secret!;
    const second = (await json<Answer>(await start(a.token))).secret!;
    expect(second).not.toBe(first);
    expect((await confirm(a.token, codeAt(first))).status).toBe(400);
    expect((await confirm(a.token, codeAt(second))).status).toBe(200);
  });

  it("refuses to start or confirm when the app is already on (409), and to confirm with nothing started", async () => {
    const fresh = await signup();
    const none = await confirm(fresh.token, "123456");
    expect(none.status).toBe(409);
    expect((await json<Answer>(none)).message).toBe(TWO_FACTOR_MESSAGES.noEnrolment);

    const a = await withApp();
    const again = await start(a.token);
    expect(again.status).toBe(409);
    expect((await json<Answer>(again)).message).toBe(TWO_FACTOR_MESSAGES.alreadyOn);
    expect((await confirm(a.token, codeAt(a.secret, 1))).status).toBe(409);
  });
});

describe("signing in with two-step sign-in on", () => {
  it("answers 202 after the password, then a session for the app's code, recorded as 'totp'", async () => {
    const a = await withApp();
    const res = await login(a.email);
    expect(res.status).toBe(202);
    const pending = await json<Answer>(res);
    expect(pending.token).toBeUndefined();
    expect(pending.methods).toEqual(["totp", "recovery"]);

    const done = await secondStep(pending.pendingToken!, codeAt(a.secret, 1));
    expect(done.status).toBe(200);
    const { token } = await json<Answer>(done);
    expect((await call("/api/auth/me", { token })).status).toBe(200);
    expect(await sessionOf(token!)).toEqual({ second_factor: "totp" });
  });

  it("never accepts a code twice: replayed later, or sent twice at once (exactly one 200)", async () => {
    const a = await withApp();
    const code = codeAt(a.secret, 1);
    const [p1, p2] = await Promise.all([passwordStep(a.email), passwordStep(a.email)]);
    const both = await Promise.all([secondStep(p1, code), secondStep(p2, code)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);

    const later = await secondStep(await passwordStep(a.email), code);
    expect(later.status).toBe(400);
    expect((await json<Answer>(later)).message).toBe(TWO_FACTOR_MESSAGES.wrongCode);
    // The code the enrolment used is spent too (an earlier step than the last accepted).
    expect((await secondStep(await passwordStep(a.email), codeAt(a.secret))).status).toBe(400);
  });

  it("accepts a recovery code once, recorded as 'recovery'", async () => {
    const a = await withApp();
    const first = await secondStep(await passwordStep(a.email), a.codes[0]!.toUpperCase());
    expect(first.status).toBe(200);
    expect(await sessionOf((await json<Answer>(first)).token!)).toEqual({ second_factor: "recovery" });
    expect((await status(a.token)).recoveryCodesLeft).toBe(9);

    const again = await secondStep(await passwordStep(a.email), a.codes[0]!);
    expect(again.status).toBe(400);
    expect((await json<Answer>(again)).message).toBe(TWO_FACTOR_MESSAGES.wrongCode);
  });

  it("checks at most 10 wrong codes an hour, even sent at once: the next answer, right or not, is a 429 with Retry-After", async () => {
    const a = await withApp();
    const pending = await passwordStep(a.email);
    const wrong = await Promise.all(Array.from({ length: 10 }, (_, i) => secondStep(pending, wrongCode(a.secret, i))));
    expect(wrong.map((r) => r.status)).toEqual(Array(10).fill(400));

    const next = await secondStep(pending, codeAt(a.secret, 1));
    expect(next.status).toBe(429);
    expect(next.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(Number(next.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await json<Answer>(next)).message).toBe(TWO_FACTOR_MESSAGES.tooManyCodesHour);
    expect((await secondStep(pending, a.codes[0]!)).status).toBe(429);
  });

  it("checks at most 30 wrong codes an hour from one network across accounts, even sent at once", async () => {
    const network = uniqueIp();
    const accounts = await Promise.all(Array.from({ length: 4 }, () => withApp()));
    const pendings: string[] = [];
    for (const a of accounts) {
      const res = await call("/api/auth/login", {
        body: { email: a.email, password: TEST_PASSWORD },
        headers: { "CF-Connecting-IP": network },
      });
      pendings.push((await json<Answer>(res)).pendingToken!);
    }
    // 8 wrong codes for each of the 4 accounts (under each account's 10), 32 in all, at once.
    const answers = await Promise.all(
      accounts.flatMap((a, k) => Array.from({ length: 8 }, (_, i) => secondStep(pendings[k]!, wrongCode(a.secret, i)))),
    );
    const refused = answers.filter((r) => r.status === 429);
    expect({ checked: answers.filter((r) => r.status === 400).length, refused: refused.length }).toEqual({
      checked: 30,
      refused: 2,
    });
    expect((await json<Answer>(refused[0]!)).message).toBe(TWO_FACTOR_MESSAGES.tooManyCodesNetwork);
  });

  it("ends a pending sign-in after its 10 minutes: the right code then answers 401", async () => {
    const a = await withApp();
    const pending = await passwordStep(a.email);
    await env.DB.prepare("update pending_sign_ins set expires_at = ?2 where id = ?1")
      .bind(pending.split(".")[0], Date.now() - 1)
      .run();
    const res = await secondStep(pending, codeAt(a.secret, 1));
    expect(res.status).toBe(401);
    expect((await json<Answer>(res)).message).toBe(TWO_FACTOR_MESSAGES.pendingExpired);
  });
});

describe("recovery codes and turning off", () => {
  it("makes ten new recovery codes: the old ones stop working, the new ones work", async () => {
    const a = await withApp();
    const res = await regenerate(a.token);
    expect(res.status).toBe(200);
    const { recoveryCodes, message } = await json<Answer>(res);
    expect(message).toBe(TWO_FACTOR_SETTINGS_MESSAGES.regenerated);
    expect(recoveryCodes).toHaveLength(10);
    expect(recoveryCodes).not.toContain(a.codes[1]);

    expect((await secondStep(await passwordStep(a.email), a.codes[1]!)).status).toBe(400);
    expect((await secondStep(await passwordStep(a.email), recoveryCodes![0]!)).status).toBe(200);
    expect((await status(a.token)).recoveryCodesLeft).toBe(9);
  });

  it("turns off: the password alone signs in again and no recovery code is kept", async () => {
    const a = await withApp();
    const res = await disable(a.token);
    expect(res.status).toBe(200);
    expect((await json<Answer>(res)).message).toBe(TWO_FACTOR_SETTINGS_MESSAGES.turnedOff);
    expect(await status(a.token)).toEqual({ on: false, confirmedAt: null, enrolling: false, recoveryCodesLeft: 0 });
    const signIn = await login(a.email);
    expect(signIn.status).toBe(200);
    expect((await json<Answer>(signIn)).token).toBeTruthy();
    const left = await env.DB.prepare("select count(*) as n from recovery_codes where user_id = ?1")
      .bind(a.userId)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });

  it("tells the owner in the bell when the app is turned on, its codes renewed and turned off, in that order", async () => {
    const a = await withApp();
    expect((await regenerate(a.token)).status).toBe(200);
    expect((await disable(a.token)).status).toBe(200);
    const rows = await env.DB.prepare(
      "select text from notifications where user_id = ?1 and kind = 'security' order by created_at, rowid",
    )
      .bind(a.userId)
      .all<{ text: string }>();
    expect(rows.results.map((r) => r.text)).toEqual([
      SECURITY_CHANGE_COPY["two-factor-on"].text,
      SECURITY_CHANGE_COPY["recovery-codes"].text,
      SECURITY_CHANGE_COPY["two-factor-off"].text,
    ]);
  });

  it("refuses to turn off or make codes when it is off (409)", async () => {
    const a = await signup();
    const off = await disable(a.token);
    expect(off.status).toBe(409);
    expect((await json<Answer>(off)).message).toBe(TWO_FACTOR_MESSAGES.notOn);
    expect((await regenerate(a.token)).status).toBe(409);
  });
});

describe("step-up: every change needs a confirmation in the last 10 minutes", () => {
  it.each([
    ["start", (t: string) => start(t)],
    ["confirm", (t: string, secret: string) => confirm(t, codeAt(secret, 1))],
    ["turn off", (t: string) => disable(t)],
    ["new recovery codes", (t: string) => regenerate(t)],
  ] as const)("%s: 403 confirmation_required, nothing changed", async (name, act) => {
    const a = await withApp();
    // An enrolment waiting (so a confirm would otherwise go through): the app off, a new secret.
    await disable(a.token);
    const { secret } = await json<Answer>(await start(a.token));
    if (name !== "confirm") {
      expect((await confirm(a.token, codeAt(secret!, 1))).status).toBe(200);
    }
    const before = await status(a.token);
    await env.DB.prepare("update sessions set confirmed_at = 0 where id = ?1").bind(a.token.split(".")[0]).run();
    const res = await act(a.token, secret!);
    expect(res.status).toBe(403);
    expect((await json<Answer>(res)).message).toBe(STEP_UP_MESSAGES.required);
    expect(await status(a.token)).toEqual(before);
  });
});
