/**
 * Password reset and the mailer (ADR 044): the token (only its hash stored, one
 * use, an hour, replaced by a new request), the same answer for any address, the limits under
 * concurrent requests, what a reset ends and clears, a failed send that changes nothing, and the
 * daily job's bounded retries.
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";

import { RESET_MESSAGES, RESET_TOKEN_LIFETIME_MS } from "../../domain/accounts/password-reset";
import {
  BODY_KEPT_MS,
  MAX_SEND_ATTEMPTS,
  OUTBOX_KEPT_MS,
  RETRY_BATCH,
  retryPendingMail,
  sendQueued,
  type Mailer,
} from "../../worker/mail/mailer";
import { passwordResetMail } from "../../worker/mail/templates";
import { login } from "../../worker/services/accounts/auth";
import { isServiceError } from "../../worker/services/shared/errors";
import { requestPasswordReset, resetPassword } from "../../worker/services/accounts/password-reset";
import { sha256Hex } from "../../worker/services/accounts/internal/secrets";
import { queries } from "../shared/responses";
import { call, db, signup, unique, uniqueIp } from "./helpers";

const ORIGIN = "http://localhost";
const NEW_PASSWORD = "Copper-Lantern-58";

/** A mailer that keeps the ids a request asked to send, so a test sends them when it wants. */
function testMailer(): Mailer & { ids: string[] } {
  const ids: string[] = [];
  return { ids, origin: ORIGIN, sendLater: (more) => ids.push(...more) };
}

async function ask(email: string, options: { ip?: string; now?: number } = {}) {
  const mailer = testMailer();
  const out = await requestPasswordReset(
    db(),
    { email },
    { clientIp: options.ip ?? uniqueIp(), mailer, now: options.now },
  );
  return { out, mailer };
}

interface OutboxRow {
  id: string;
  kind: string;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  status: string;
  attempts: number;
  last_error: string | null;
}

async function outbox(id: string) {
  return env.DB.prepare("select * from mail_outbox where id = ?").bind(id).first<OutboxRow>();
}

/** The token of the newest reset mail to `email`, read from the outbox (as a developer would). */
async function tokenFor(email: string): Promise<string> {
  const row = await env.DB.prepare(
    "select text from mail_outbox where to_address = ? and kind = 'password-reset' order by created_at desc, rowid desc limit 1",
  )
    .bind(email)
    .first<{ text: string }>();
  const token = row?.text.match(/\/reset-password\/([A-Za-z0-9_-]{43})/)?.[1];
  if (!token) throw new Error(`no reset mail for ${email}`);
  return token;
}

async function refusal(p: Promise<unknown>) {
  try {
    await p;
  } catch (e) {
    if (isServiceError(e)) return { status: e.status, code: e.code, message: e.message };
    throw e;
  }
  throw new Error("expected a refusal");
}

const reset = (token: string, password = NEW_PASSWORD, now?: number, mailer: Mailer = testMailer()) =>
  resetPassword(db(), { token, password, confirmPassword: password }, { mailer, now });

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * The mail environment with the binding behind a recording `send`: by default it forwards to the
 * real (simulated) binding; a test makes it fail with `mockRejectedValue`. Passed to the mailer
 * directly, so sends by other requests of the file (sign-ups' confirmation mails) never reach it.
 */
function recordingEnv() {
  const send = vi.fn((message: EmailMessageBuilder) => env.EMAIL.send(message));
  return { mailEnv: { ...env, EMAIL: { send } as unknown as SendEmail }, send };
}

describe("asking for a reset link", () => {
  it("stores only the SHA-256 of a 256-bit token and mails the link with an HTML and a text part", async () => {
    const { user } = await signup();
    const { out, mailer } = await ask(user.email);
    expect(out.message).toBe(RESET_MESSAGES.requested);
    const token = await tokenFor(user.email);
    expect(token).toHaveLength(43);
    const row = await env.DB.prepare("select * from password_resets where user_id = ?")
      .bind(user.id)
      .first<Record<string, unknown>>();
    expect(row?.token_hash).toBe(await sha256Hex(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const mail = await outbox(mailer.ids[0]!);
    expect(mail).toMatchObject({ kind: "password-reset", to_address: user.email, status: "pending" });
    expect(mail?.subject).toBe("Reset your CampusFund password");
    expect(mail?.html).toContain(`href="${ORIGIN}/reset-password/${token}"`);
    expect(mail?.html).toContain("CampusFund");
    expect(mail?.text).toContain(`${ORIGIN}/reset-password/${token}`);
    expect(mail?.text).not.toContain("<");
  });

  it("answers an unknown address exactly as a registered one, and writes no token and no mail for it", async () => {
    const { user } = await signup();
    const known = await ask(user.email);
    const unknownEmail = `${unique("nobody")}@example.edu`;
    const unknown = await ask(unknownEmail);
    expect(unknown.out).toEqual(known.out);
    expect(unknown.mailer.ids).toHaveLength(1);
    expect(await outbox(unknown.mailer.ids[0]!)).toBeNull();
    // The send after the response finds nothing to send for the unknown address.
    const send = vi.spyOn(env.EMAIL, "send");
    expect(await sendQueued(env, db(), unknown.mailer.ids)).toEqual({ sent: 0, failed: 0 });
    expect(send).not.toHaveBeenCalled();
    // Upper case and spaces reach the same account.
    const again = await ask(`  ${user.email.toUpperCase()} `);
    expect(again.out).toEqual(known.out);
    expect(await outbox(again.mailer.ids[0]!)).not.toBeNull();
  });

  it("refuses a malformed address with a 400 and writes nothing", async () => {
    expect(await refusal(ask("not-an-email"))).toMatchObject({
      status: 400,
      message: "Please enter a valid email address",
    });
    expect(await refusal(ask(""))).toMatchObject({ status: 400, message: RESET_MESSAGES.emailRequired });
  });

  it("holds 5 an hour per address and 20 an hour per client under concurrent requests", async () => {
    const { user } = await signup();
    const perAddress = await Promise.allSettled(Array.from({ length: 9 }, () => ask(user.email)));
    expect(perAddress.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    const refused = perAddress.filter((r) => r.status === "rejected").map((r) => r.reason);
    expect(
      refused.every((e) => isServiceError(e) && e.status === 429 && e.message === RESET_MESSAGES.tooManyForAddress),
    ).toBe(true);
    const tokens = await env.DB.prepare(
      "select count(*) as n from mail_outbox where to_address = ? and kind = 'password-reset'",
    )
      .bind(user.email)
      .first<{ n: number }>();
    expect(tokens?.n).toBe(5);

    const ip = uniqueIp();
    const perClient = await Promise.allSettled(
      Array.from({ length: 24 }, () => ask(`${unique("many")}@example.edu`, { ip })),
    );
    expect(perClient.filter((r) => r.status === "fulfilled")).toHaveLength(20);
    expect(
      perClient.every(
        (r) =>
          r.status === "fulfilled" ||
          (isServiceError(r.reason) &&
            r.reason.status === 429 &&
            r.reason.message === RESET_MESSAGES.tooManyFromClient),
      ),
    ).toBe(true);
  });
});

describe("the reset link", () => {
  it("works once: a second use is refused and changes nothing", async () => {
    const { user } = await signup();
    await ask(user.email);
    const token = await tokenFor(user.email);
    const out = await reset(token);
    expect(out.email).toBe(user.email);
    expect(await refusal(reset(token, "Other-Meadow-41"))).toMatchObject({
      status: 404,
      code: "invalid_reset_link",
      message: RESET_MESSAGES.invalidLink,
    });
    await expect(
      login(db(), { email: user.email, password: NEW_PASSWORD }, { clientIp: uniqueIp() }),
    ).resolves.toBeTruthy();
  });

  it("expires after an hour", async () => {
    const { user } = await signup();
    const asked = Date.now();
    await ask(user.email, { now: asked });
    const token = await tokenFor(user.email);
    expect(await refusal(reset(token, NEW_PASSWORD, asked + RESET_TOKEN_LIFETIME_MS))).toMatchObject({ status: 404 });
    await expect(reset(token, NEW_PASSWORD, asked + RESET_TOKEN_LIFETIME_MS - 1000)).resolves.toMatchObject({
      email: user.email,
    });
  });

  it("is replaced by a newer request", async () => {
    const { user } = await signup();
    const now = Date.now();
    await ask(user.email, { now });
    const first = await tokenFor(user.email);
    await ask(user.email, { now: now + 1 });
    const second = await tokenFor(user.email);
    expect(second).not.toBe(first);
    expect(await refusal(reset(first))).toMatchObject({ status: 404 });
    await expect(reset(second)).resolves.toMatchObject({ email: user.email });
    const rows = await env.DB.prepare("select count(*) as n from password_resets where user_id = ?")
      .bind(user.id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(1);
  });

  it("refuses tokens that are malformed or unknown with the same 404", async () => {
    for (const token of ["", "short", "x".repeat(43), "../../etc/passwd".padEnd(43, "a")]) {
      expect(await refusal(reset(token))).toMatchObject({ status: 404, message: RESET_MESSAGES.invalidLink });
    }
  });

  it("keeps the sign-up page's password rules, and a refused password leaves the token usable", async () => {
    const { user } = await signup();
    await ask(user.email);
    const token = await tokenFor(user.email);
    const mailer = testMailer();
    const refusedWith = (password: string, confirmPassword = password) =>
      refusal(resetPassword(db(), { token, password, confirmPassword }, { mailer }));
    expect(await refusedWith("abc")).toMatchObject({ status: 400, message: "Password must be at least 6 characters" });
    expect(await refusedWith("      ")).toMatchObject({ status: 400, message: "Password cannot be only spaces" });
    expect(await refusedWith("password123")).toMatchObject({ status: 400, code: "weak_password" });
    expect(await refusedWith(NEW_PASSWORD, "Different-1")).toMatchObject({
      status: 400,
      message: "Passwords do not match",
    });
    expect(mailer.ids).toEqual([]);
    await expect(reset(token)).resolves.toMatchObject({ email: user.email });
  });

  it("ends every session and remembered device, clears the lockout, signs nobody in and mails a notice", async () => {
    const { user, token: session, password } = await signup();
    await login(db(), { email: user.email, password }, { clientIp: uniqueIp() });
    // Someone else's guesses lock the account out from their address.
    const guesser = uniqueIp();
    for (let i = 0; i < 5; i++) {
      await refusal(login(db(), { email: user.email, password: "Wrong-Guess-11" }, { clientIp: guesser }));
    }
    expect(await refusal(login(db(), { email: user.email, password }, { clientIp: guesser }))).toMatchObject({
      status: 429,
    });
    const count = async (table: string) =>
      (
        await env.DB.prepare(`select count(*) as n from ${table} where user_id = ?`)
          .bind(user.id)
          .first<{ n: number }>()
      )?.n;
    expect(await count("sessions")).toBe(2);
    expect(await count("trusted_devices")).toBe(2);

    await ask(user.email);
    const mailer = testMailer();
    const out = await reset(await tokenFor(user.email), NEW_PASSWORD, undefined, mailer);
    expect(out).toEqual({ email: user.email, endedSessions: 2 });
    expect(await count("sessions")).toBe(0);
    expect(await count("trusted_devices")).toBe(0);
    expect((await call("/api/auth/me", { token: session })).status).toBe(401);
    // The lockout is gone: the owner signs in from the guesser's address with the new password.
    await expect(
      login(db(), { email: user.email, password: NEW_PASSWORD }, { clientIp: guesser }),
    ).resolves.toBeTruthy();
    expect(await refusal(login(db(), { email: user.email, password }, { clientIp: uniqueIp() }))).toMatchObject({
      status: 401,
    });
    const notice = await outbox(mailer.ids[0]!);
    expect(notice).toMatchObject({
      kind: "password-changed",
      to_address: user.email,
      subject: "Your CampusFund password was changed",
    });
  });
});

describe("the mailer", () => {
  it("sends through the send_email binding after the response, from the configured sender", async () => {
    const { mailEnv, send } = recordingEnv();
    const { user } = await signup();
    const { mailer } = await ask(user.email);
    expect(await sendQueued(mailEnv, db(), mailer.ids)).toEqual({ sent: 1, failed: 0 });
    expect(send).toHaveBeenCalledOnce();
    const message = send.mock.calls[0]![0] as unknown as Record<string, unknown>;
    expect(message).toMatchObject({ from: { email: env.MAIL_FROM, name: env.MAIL_FROM_NAME }, to: user.email });
    expect(await outbox(mailer.ids[0]!)).toMatchObject({ status: "sent", attempts: 1, last_error: null });
    // A sent mail is not sent again.
    expect(await sendQueued(mailEnv, db(), mailer.ids)).toEqual({ sent: 0, failed: 0 });
  });

  it("a failed send changes nothing the request did: the answer, the token and the pending mail stay", async () => {
    const { mailEnv, send } = recordingEnv();
    send.mockRejectedValue(new Error("sending domain not verified"));
    const { user } = await signup();
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const { out, mailer } = await ask(user.email);
    expect(out.message).toBe(RESET_MESSAGES.requested);
    expect(await sendQueued(mailEnv, db(), mailer.ids)).toEqual({ sent: 0, failed: 1 });
    expect(log).toHaveBeenCalledWith(expect.stringContaining("sending domain not verified"));
    expect(log.mock.calls.join(" ")).not.toContain(user.email);
    expect(await outbox(mailer.ids[0]!)).toMatchObject({
      status: "pending",
      attempts: 1,
      last_error: "Error: sending domain not verified",
    });
    await expect(reset(await tokenFor(user.email))).resolves.toMatchObject({ email: user.email });
  });

  it("the daily job retries a pending mail until it is sent, at most MAX_SEND_ATTEMPTS times in all", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { mailEnv, send } = recordingEnv();
    send.mockRejectedValue(new Error("temporarily unavailable"));
    const { user } = await signup();
    const { mailer } = await ask(user.email);
    const id = mailer.ids[0]!;
    await sendQueued(mailEnv, db(), [id]);
    const now = Date.now();
    for (let run = 1; run <= MAX_SEND_ATTEMPTS + 2; run++) await retryPendingMail(mailEnv, db(), now + run);
    const forThis = () =>
      send.mock.calls.filter(([m]) => {
        const sent = m as { to?: unknown; subject?: unknown };
        return sent.to === user.email && sent.subject === "Reset your CampusFund password";
      }).length;
    expect(forThis()).toBe(MAX_SEND_ATTEMPTS);
    expect(await outbox(id)).toMatchObject({ status: "failed", attempts: MAX_SEND_ATTEMPTS });

    // Another mail fails once, then the next run sends it.
    const other = await signup();
    const second = await ask(other.user.email);
    await sendQueued(mailEnv, db(), second.mailer.ids);
    send.mockResolvedValue({ messageId: "m-1" });
    await retryPendingMail(mailEnv, db());
    expect(await outbox(second.mailer.ids[0]!)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("the daily job gives up mails past their expiry, sends at most RETRY_BATCH a run and erases old bodies", async () => {
    const { user } = await signup();
    const asked = Date.now() - 2 * RESET_TOKEN_LIFETIME_MS;
    const old = await ask(user.email, { now: asked });
    const send = vi.spyOn(env.EMAIL, "send").mockResolvedValue({ messageId: "m" });
    // Many pending mails at once (written straight to the outbox).
    const mail = await passwordResetMail(`${ORIGIN}/reset-password/x`);
    const stmt = env.DB.prepare(
      "insert into mail_outbox (id, kind, to_address, subject, html, text, created_at) values (?, ?, ?, ?, ?, ?, ?)",
    );
    await env.DB.batch(
      Array.from({ length: RETRY_BATCH + 10 }, (_, i) =>
        stmt.bind(unique("m"), mail.kind, `bulk${i}@example.edu`, mail.subject, mail.html, mail.text, Date.now()),
      ),
    );
    const first = await retryPendingMail(env, db());
    expect(first.sent).toBeLessThanOrEqual(RETRY_BATCH);
    expect(first.expired).toBeGreaterThanOrEqual(1);
    expect(send.mock.calls.some(([m]) => (m as { to?: unknown }).to === user.email)).toBe(false);
    expect(await outbox(old.mailer.ids[0]!)).toMatchObject({ status: "expired", html: "", text: "" });
    await retryPendingMail(env, db());
    const pending = await env.DB.prepare("select count(*) as n from mail_outbox where status = 'pending'").first<{
      n: number;
    }>();
    expect(pending?.n).toBe(0);
  });

  it("keeps a finished mail 30 days: its body is erased after the hour, the row deleted after OUTBOX_KEPT_MS", async () => {
    const now = Date.now();
    const row = (id: string, ageMs: number) =>
      env.DB.prepare(
        `insert into mail_outbox (id, kind, to_address, subject, html, text, status, created_at)
         values (?1, 'password-changed', ?2, 'Your CampusFund password was changed', '<p>body</p>', 'body', 'sent', ?3)`,
      ).bind(id, `${id}@example.edu`, now - ageMs);
    const [recent, hourOld, monthOld] = [unique("keep"), unique("erase"), unique("gone")];
    await env.DB.batch([
      row(recent, 60_000),
      row(hourOld, BODY_KEPT_MS + 60_000),
      row(monthOld, OUTBOX_KEPT_MS + 60_000),
    ]);
    const outcome = await retryPendingMail(recordingEnv().mailEnv, db(), now);
    expect(outcome.deleted).toBeGreaterThanOrEqual(1);
    expect(await outbox(recent)).toMatchObject({ html: "<p>body</p>", text: "body" });
    expect(await outbox(hourOld)).toMatchObject({ html: "", text: "" });
    expect(await outbox(monthOld)).toBeNull();
  });
});

describe("the API doors", () => {
  it("POST /api/auth/forgot-password answers the same for any address; POST /api/auth/reset-password resets", async () => {
    const { user, token: session, password } = await signup();
    const known = await call("/api/auth/forgot-password", { body: { email: user.email } });
    const unknown = await call("/api/auth/forgot-password", { body: { email: `${unique("nobody")}@example.edu` } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    // The same work: as many D1 queries either way (the answer's Server-Timing).
    expect(queries(known)).toBeGreaterThan(0);
    expect(queries(unknown)).toBe(queries(known));
    expect((await call("/api/auth/forgot-password", { body: { email: "nope" } })).status).toBe(400);

    const token = await tokenFor(user.email);
    const weak = await call("/api/auth/reset-password", { body: { token, password: "abc" } });
    expect(weak.status).toBe(400);
    const done = await call("/api/auth/reset-password", { body: { token, password: NEW_PASSWORD } });
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ success: true, message: RESET_MESSAGES.changed });
    expect(done.headers.get("Set-Cookie") ?? "").not.toContain("campusfund_session=");
    expect((await call("/api/auth/me", { token: session })).status).toBe(401);
    const again = await call("/api/auth/reset-password", { body: { token, password: "Other-Meadow-41" } });
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ success: false, message: RESET_MESSAGES.invalidLink });
    expect((await call("/api/auth/login", { body: { email: user.email, password } })).status).toBe(401);
    expect((await call("/api/auth/login", { body: { email: user.email, password: NEW_PASSWORD } })).status).toBe(200);
  });
});
