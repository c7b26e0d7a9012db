/**
 * The sessions you can see (ADR 054) through the API: the list (this device and the others), ending
 * one (its next request is refused: the session middleware reads D1 on every request), ending all
 * others, named API tokens (step-up, shown once, usable as a bearer, revoked), and the alerts: a
 * sign-in from a new network writes one mail with the link that ends that session and one
 * notification; a known network writes none; the link ends exactly its session.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { SESSION_MESSAGES, TOKEN_NAME_MAX, type SessionView } from "../../domain/accounts/sessions";
import { SECURITY_CHANGE_COPY } from "../../domain/accounts/security-alerts";
import { STEP_UP_MESSAGES } from "../../worker/services/accounts/step-up";
import { endSessionByAlertLink } from "../../worker/services/accounts/session-list";
import { networkOf } from "../../worker/services/shared/client";
import { DEMO_ADMIN_TOTP_SECRET } from "../../domain/accounts/two-factor";
import { demoAdminCode } from "../shared/clients";
import { call, db, json, signup, TEST_PASSWORD, uniqueIp } from "./helpers";

const FIREFOX_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0";

type Answer = { message?: string; code?: string; token?: string; sessions?: SessionView[]; session?: SessionView };

const me = (token: string) => call("/api/auth/me", { token });
const list = async (token: string) => (await json<Answer>(await call("/api/auth/sessions", { token }))).sessions!;
const login = (email: string, ip = uniqueIp(), userAgent = "curl/8.7.1") =>
  call("/api/auth/login", {
    body: { email, password: TEST_PASSWORD },
    headers: { "CF-Connecting-IP": ip, "User-Agent": userAgent },
  });
const loginToken = async (email: string, ip?: string) => (await json<Answer>(await login(email, ip))).token!;
const createToken = (token: string, body: unknown) => call("/api/auth/tokens", { token, body });

/** An account whose address is proved (mail goes only to proved addresses), signed up from `ip`. */
async function provedAccount(ip = uniqueIp()) {
  const a = await signup("investor", {});
  await env.DB.prepare("update users set email_verified_at = created_at where id = ?").bind(a.user.id).run();
  // The sign-up's network is the one this account knows.
  await env.DB.prepare("update sign_in_networks set network = ?2 where user_id = ?1")
    .bind(a.user.id, networkOf(ip))
    .run();
  return { ...a, ip };
}

const mailsTo = async (email: string, kind: string) =>
  (
    await env.DB.prepare("select html, text from mail_outbox where to_address = ?1 and kind = ?2")
      .bind(email, kind)
      .all<{ html: string; text: string }>()
  ).results;

const securityNotices = async (userId: string) =>
  (
    await env.DB.prepare("select text, link from notifications where user_id = ?1 and kind = 'security'")
      .bind(userId)
      .all<{ text: string; link: string }>()
  ).results;

describe("GET /api/auth/sessions", () => {
  it("lists this device and another, with device, network, place and last use", async () => {
    const a = await signup();
    const ip = "203.0.113.77";
    await login(a.user.email, ip, FIREFOX_MAC);
    const sessions = await list(a.token);
    expect(sessions.map((s) => [s.kind, s.device, s.network, s.place, s.lastUsed, s.current])).toEqual([
      ["api", "Unknown browser", expect.any(String), "Unknown place", "Now", true],
      ["api", "Firefox on macOS", ip, "Unknown place", "Within the hour", false],
    ]);
  });

  it("needs a session", async () => {
    expect((await call("/api/auth/sessions")).status).toBe(401);
  });
});

describe("DELETE /api/auth/sessions/{id}", () => {
  it("ends one session: its next request is refused, the others go on", async () => {
    const a = await signup();
    const other = await loginToken(a.user.email);
    expect((await me(other)).status).toBe(200);
    const target = (await list(a.token)).find((s) => !s.current)!;
    const res = await call(`/api/auth/sessions/${target.id}`, { method: "DELETE", token: a.token });
    expect((await json<Answer>(res)).message).toBe(SESSION_MESSAGES.ended);
    expect((await me(other)).status).toBe(401);
    expect((await me(a.token)).status).toBe(200);
  });

  it("refuses another account's session with a 404 and leaves it signed in", async () => {
    const a = await signup();
    const b = await signup();
    const theirs = (await list(b.token))[0]!;
    const res = await call(`/api/auth/sessions/${theirs.id}`, { method: "DELETE", token: a.token });
    expect(res.status).toBe(404);
    expect((await me(b.token)).status).toBe(200);
  });

  it("ends every other session with revoke-others, this one stays", async () => {
    const a = await signup();
    const others = [await loginToken(a.user.email), await loginToken(a.user.email)];
    await call("/api/auth/sessions/revoke-others", { method: "POST", token: a.token });
    expect((await Promise.all(others.map(me))).map((r) => r.status)).toEqual([401, 401]);
    expect((await list(a.token)).map((s) => s.current)).toEqual([true]);
  });
});

describe("POST /api/auth/tokens", () => {
  it("creates a named token, shown once, that works as a bearer and is revoked like a session", async () => {
    const a = await signup();
    const res = await createToken(a.token, { name: "  Export   script " });
    expect(res.status).toBe(201);
    const out = await json<Answer>(res);
    expect(out.session).toMatchObject({ kind: "token", name: "Export script" });
    expect((await me(out.token!)).status).toBe(200);
    const listed = (await list(a.token)).find((s) => s.kind === "token")!;
    expect(listed).toMatchObject({ id: out.session!.id, name: "Export script" });

    await call(`/api/auth/sessions/${listed.id}`, { method: "DELETE", token: a.token });
    expect((await me(out.token!)).status).toBe(401);
  });

  it("refuses a session confirmed over 10 minutes ago (step-up) and makes no token", async () => {
    const a = await signup();
    await env.DB.prepare("update sessions set confirmed_at = ?2 where user_id = ?1")
      .bind(a.user.id, Date.now() - 11 * 60_000)
      .run();
    const res = await createToken(a.token, { name: "Late" });
    expect(res.status).toBe(403);
    expect((await json<Answer>(res)).message).toBe(STEP_UP_MESSAGES.required);
    expect((await list(a.token)).filter((s) => s.kind === "token")).toEqual([]);
  });

  it.each([
    [{}, SESSION_MESSAGES.tokenNameRequired],
    [{ name: "   " }, SESSION_MESSAGES.tokenNameRequired],
    [{ name: "x".repeat(TOKEN_NAME_MAX + 1) }, SESSION_MESSAGES.tokenNameTooLong],
  ])("refuses the name of %j with its message and makes no token", async (body, message) => {
    const a = await signup();
    const res = await createToken(a.token, body);
    expect(res.status).toBe(400);
    expect((await json<Answer>(res)).message).toBe(message);
    expect((await list(a.token)).filter((s) => s.kind === "token")).toEqual([]);
  });

  it("keeps a name of exactly the longest length whole", async () => {
    const a = await signup();
    const name = "n".repeat(TOKEN_NAME_MAX);
    expect((await json<Answer>(await createToken(a.token, { name }))).session?.name).toBe(name);
  });

  it("a token does not confirm: it cannot make another token", async () => {
    const a = await signup();
    const first = (await json<Answer>(await createToken(a.token, { name: "One" }))).token!;
    expect((await createToken(first, { name: "Two" })).status).toBe(403);
  });
});

describe("sign-in alerts", () => {
  it("a sign-in from a new network writes one mail with the end link and one notification", async () => {
    const a = await provedAccount();
    expect((await login(a.user.email, "198.51.100.23", FIREFOX_MAC)).status).toBe(200);
    const mails = await mailsTo(a.user.email, "new-sign-in");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Firefox on macOS, from the network 198.51.100.23 (Unknown place)");
    expect(mails[0]!.text).toMatch(/\/end-session\/[A-Za-z0-9_-]{43}/);
    expect(await securityNotices(a.user.id)).toEqual([
      {
        text: "New sign-in to your account: Firefox on macOS, from the network 198.51.100.23 (Unknown place). Not you? End that session in Settings → Sessions.",
        link: "/settings/sessions",
      },
    ]);
  });

  it("a two-step sign-in from a new network writes its alert when the second step finishes", async () => {
    const a = await provedAccount();
    await env.DB.prepare(
      "insert into totp_factors (user_id, secret, created_at, confirmed_at, last_step) values (?1, ?2, ?3, ?3, 0)",
    )
      .bind(a.user.id, DEMO_ADMIN_TOTP_SECRET, Date.now())
      .run();
    const first = await login(a.user.email, "198.51.100.57", FIREFOX_MAC);
    expect(first.status).toBe(202);
    expect(await mailsTo(a.user.email, "new-sign-in")).toEqual([]);
    const { pendingToken } = await json<{ pendingToken: string }>(first);
    const done = await call("/api/auth/login/second-factor", { body: { pendingToken, code: demoAdminCode() } });
    expect(done.status).toBe(200);
    expect(await mailsTo(a.user.email, "new-sign-in")).toHaveLength(1);
    expect((await securityNotices(a.user.id)).map((n) => n.link)).toEqual(["/settings/sessions"]);
  });

  it("a sign-in from a known network writes no alert", async () => {
    const a = await provedAccount();
    expect((await login(a.user.email, a.ip)).status).toBe(200);
    expect(await mailsTo(a.user.email, "new-sign-in")).toEqual([]);
    expect(await securityNotices(a.user.id)).toEqual([]);
  });

  it("the mail's link ends exactly the session it names, once", async () => {
    const a = await provedAccount();
    const first = await loginToken(a.user.email, "198.51.100.31");
    const second = await loginToken(a.user.email, "198.51.100.32");
    const [mail] = await mailsTo(a.user.email, "new-sign-in");
    const token = /\/end-session\/([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
    await endSessionByAlertLink(db(), token);
    expect([(await me(first)).status, (await me(second)).status, (await me(a.token)).status]).toEqual([401, 200, 200]);
    await expect(endSessionByAlertLink(db(), token)).rejects.toMatchObject({ status: 404 });
  });
});

describe("security change alerts", () => {
  it("a password change writes one mail and one notification", async () => {
    const a = await provedAccount();
    const res = await call("/api/auth/password", {
      token: a.token,
      body: { currentPassword: TEST_PASSWORD, newPassword: "violet-harbour-42" },
    });
    expect(res.status).toBe(200);
    expect(await mailsTo(a.user.email, "security-change")).toHaveLength(1);
    expect(await securityNotices(a.user.id)).toEqual([
      { text: SECURITY_CHANGE_COPY.password.text, link: "/settings/sessions" },
    ]);
  });

  it("a confirmed address change tells the address it replaced", async () => {
    const a = await provedAccount();
    const next = `new-${a.user.email}`;
    await call("/api/me/email", { token: a.token, body: { email: next, currentPassword: TEST_PASSWORD } });
    const link = (await mailsTo(next, "verify-email"))[0]!.text;
    const token = /\/verify-email\/([A-Za-z0-9_-]{43})/.exec(link)![1]!;
    expect((await call("/api/auth/verify-email", { body: { token } })).status).toBe(200);
    expect(await mailsTo(a.user.email, "security-change")).toHaveLength(1);
    expect(await securityNotices(a.user.id)).toEqual([
      { text: SECURITY_CHANGE_COPY.email.text, link: "/settings/login-security" },
    ]);
  });
});
