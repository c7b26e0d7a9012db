/**
 * Verified addresses (ADR 045): the sign-up's request and mail (only hashes stored), proving by
 * link and by code, the wrong-code bound under concurrent requests, expiry, a new mail replacing the
 * old, the resend limit under concurrent requests, an address change, a taken address, a failed
 * send that leaves the sign-up intact, and `emailVerified` on GET /api/auth/me.
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";

import { MAX_CODE_ATTEMPTS, VERIFY_LIFETIME_MS, VERIFY_MESSAGES } from "../../domain/accounts/email-verification";
import { MESSAGES } from "../../domain/shared/messages";
import { PASSWORD_MESSAGES } from "../../domain/accounts/password-form";
import { codeHashOf, mailableUser, VERIFY_LIMITS } from "../../worker/services/accounts/email-verification";
import { sha256Hex } from "../../worker/services/accounts/internal/secrets";
import { call, db, json, signup, TEST_PASSWORD, unique } from "./helpers";

interface VerificationRow {
  user_id: string;
  email: string;
  token_hash: string;
  code_hash: string;
  attempts: number;
  expires_at: number;
}

const rowOf = (userId: string) =>
  env.DB.prepare("select * from email_verifications where user_id = ?").bind(userId).first<VerificationRow>();

const mailsTo = async (email: string, kind: string) =>
  (
    await env.DB.prepare("select * from mail_outbox where to_address = ? and kind = ? order by created_at, rowid")
      .bind(email, kind)
      .all<{ id: string; subject: string; text: string; html: string }>()
  ).results;

/** The link's token and the code of the newest confirmation mail to `email`, read from the outbox. */
async function mailFor(email: string): Promise<{ token: string; code: string }> {
  const mails = await mailsTo(email, "verify-email");
  const text = mails.at(-1)?.text ?? "";
  const token = text.match(/\/verify-email\/([A-Za-z0-9_-]{43})/)?.[1];
  const code = text.match(/\b(\d{6})\b/)?.[1];
  if (!token || !code) throw new Error(`no confirmation mail for ${email}`);
  return { token, code };
}

const verify = (body: Record<string, unknown>, token?: string) => call("/api/auth/verify-email", { body, token });
const me = async (token: string) =>
  (
    await json<{ user: { email: string; emailVerified: boolean; pendingEmail: string | null } }>(
      await call("/api/auth/me", { token }),
    )
  ).user;
const wrongCodeFor = (code: string) => (code === "000000" ? "111111" : "000000");

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the sign-up's confirmation mail", () => {
  it("writes one request with only hashes (token and userId:code) and one mail with the link and the code", async () => {
    const { user } = await signup();
    const row = await rowOf(user.id);
    const mails = await mailsTo(user.email, "verify-email");
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Confirm your CampusFund email address");
    const { token, code } = await mailFor(user.email);
    expect(mails[0]?.html).toContain(`${env.APP_ORIGIN}/verify-email/${token}`);
    expect(row).toMatchObject({
      email: user.email,
      token_hash: await sha256Hex(token),
      code_hash: await codeHashOf(user.id, code),
      attempts: 0,
    });
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.expires_at - Date.now()).toBeGreaterThan(VERIFY_LIFETIME_MS - 60_000);
  });

  it("a failing send does not break the sign-up: the account is made and signed in, the mail stays pending", async () => {
    vi.spyOn(env.EMAIL, "send").mockRejectedValue(new Error("sending domain not verified"));
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { token, user } = await signup();
    expect(await me(token)).toMatchObject({ email: user.email, emailVerified: false });
  });
});

describe("proving the address", () => {
  it("the link proves it without a session, and is spent", async () => {
    const { token, user } = await signup();
    const link = await mailFor(user.email);
    const res = await verify({ token: link.token });
    expect(await json(res)).toEqual({ success: true, message: VERIFY_MESSAGES.verified });
    expect(await me(token)).toMatchObject({ emailVerified: true });
    expect((await verify({ token: link.token })).status).toBe(404);
  });

  it("GET /api/auth/me's emailVerified flips from false to true", async () => {
    const { token, user } = await signup();
    const before = (await me(token)).emailVerified;
    await verify({ token: (await mailFor(user.email)).token });
    expect([before, (await me(token)).emailVerified]).toEqual([false, true]);
  });

  it("the code proves it for the signed-in account", async () => {
    const { token, user } = await signup();
    const res = await verify({ code: (await mailFor(user.email)).code }, token);
    expect(res.status).toBe(200);
    expect(await me(token)).toMatchObject({ emailVerified: true });
  });

  it("a code without a session is refused with 401", async () => {
    const { user } = await signup();
    expect((await verify({ code: (await mailFor(user.email)).code })).status).toBe(401);
  });

  it("after 5 wrong codes even the right one is refused, with the ask-for-a-new-mail message", async () => {
    const { token, user } = await signup();
    const { code } = await mailFor(user.email);
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) await verify({ code: wrongCodeFor(code) }, token);
    const res = await verify({ code }, token);
    expect({ status: res.status, message: (await json(res)).message }).toEqual({
      status: 400,
      message: VERIFY_MESSAGES.tooManyCodes,
    });
  });

  it("6 concurrent wrong codes count exactly 5", async () => {
    const { token, user } = await signup();
    const { code } = await mailFor(user.email);
    await Promise.all(Array.from({ length: 6 }, () => verify({ code: wrongCodeFor(code) }, token)));
    expect((await rowOf(user.id))?.attempts).toBe(MAX_CODE_ATTEMPTS);
  });

  it("an expired link is refused with 404 and proves nothing", async () => {
    const { token, user } = await signup();
    const link = await mailFor(user.email);
    await env.DB.prepare("update email_verifications set expires_at = ?2 where user_id = ?1")
      .bind(user.id, Date.now() - 1)
      .run();
    expect((await verify({ token: link.token })).status).toBe(404);
    expect(await me(token)).toMatchObject({ emailVerified: false });
  });
});

describe("a new link", () => {
  it("replaces the old one: the old link is refused", async () => {
    const { token, user } = await signup();
    const old = await mailFor(user.email);
    expect((await call("/api/auth/verify-email/resend", { method: "POST", token })).status).toBe(200);
    expect((await verify({ token: old.token })).status).toBe(404);
  });

  it("is limited to 5 an hour per account, also under concurrent requests", async () => {
    const { token } = await signup();
    const answers = await Promise.all(
      Array.from({ length: VERIFY_LIMITS.account.max + 3 }, () =>
        call("/api/auth/verify-email/resend", { method: "POST", token }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([
      ...Array<number>(VERIFY_LIMITS.account.max).fill(200),
      ...Array<number>(3).fill(429),
    ]);
  });
});

describe("changing the address", () => {
  const change = (token: string, email: string, currentPassword = TEST_PASSWORD) =>
    call("/api/me/email", { body: { email, currentPassword }, token });

  it("keeps the old address until the new one is proved, then switches", async () => {
    const { token, user } = await signup();
    const next = `${unique("new")}@example.edu`;
    const res = await change(token, next);
    expect((await json(res)).message).toBe(VERIFY_MESSAGES.changeRequested(next));
    expect(await me(token)).toMatchObject({ email: user.email, pendingEmail: next });
    expect(await mailsTo(user.email, "email-changing")).toHaveLength(1);
    await verify({ token: (await mailFor(next)).token });
    expect(await me(token)).toMatchObject({ email: next, emailVerified: true, pendingEmail: null });
  });

  it("refuses an address another account uses, with the sign-up's message", async () => {
    const { token } = await signup();
    const other = await signup();
    const res = await change(token, other.user.email);
    expect({ status: res.status, message: (await json(res)).message }).toEqual({
      status: 409,
      message: MESSAGES.emailTaken,
    });
  });

  it("refuses the proof when the address was taken meanwhile, and the account keeps its address", async () => {
    const { token, user } = await signup();
    const next = `${unique("race")}@example.edu`;
    await change(token, next);
    const link = await mailFor(next);
    await signup("investor", { email: next });
    expect((await verify({ token: link.token })).status).toBe(409);
    expect(await me(token)).toMatchObject({ email: user.email });
  });

  it("refuses a wrong current password with the password change's message", async () => {
    const { token } = await signup();
    const res = await change(token, `${unique("x")}@example.edu`, "not-my-password-1");
    expect((await json(res)).message).toBe(PASSWORD_MESSAGES.wrongCurrent);
  });
});

describe("only mail depends on it", () => {
  it("mailableUser answers the address only once it is proved", async () => {
    const { user } = await signup();
    const before = await mailableUser(db(), user.id);
    await verify({ token: (await mailFor(user.email)).token });
    expect([before, await mailableUser(db(), user.id)]).toEqual([null, { email: user.email }]);
  });
});
