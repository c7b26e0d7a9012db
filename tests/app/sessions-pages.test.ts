/**
 * Settings → Sessions and the new-sign-in mail's link, as a browser without JavaScript uses them
 * (ADR 054): the list shows this device and the others, "End" ends one (its next request is
 * refused), "Sign Out Everywhere Else", "Create Token" shows the token once; a sign-in through the
 * page from a new network writes the alert, and its link's page asks on GET and ends exactly that
 * session on POST.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { SESSION_MESSAGES, TOKEN_NAME_MAX } from "../../domain/accounts/sessions";
import { networkOf } from "../../worker/services/shared/client";
import { call, expectAlert, page, queries, signup, TEST_PASSWORD, uniqueIp, visibleText } from "./helpers";

const FIREFOX_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0";

const me = async (token: string) => (await call("/api/auth/me", { token })).status;

/** Signs in through the /signin page; answers the session token from its cookie. */
async function pageSignIn(email: string, ip = uniqueIp()): Promise<string> {
  const res = await page("/signin", {
    form: { email, password: TEST_PASSWORD },
    ip,
    headers: { "User-Agent": FIREFOX_MAC },
  });
  expect(res.status).toBe(302);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("campusfund_session="))!;
  return cookie.split(";")[0]!.split("=")[1]!;
}

/** The session ids the page's "End" forms name. */
const endIds = (html: string) => [...html.matchAll(/name="id" value="([^"]+)"/g)].map((m) => m[1]!);

describe("/settings/sessions", () => {
  it("lists this device and another, and ends the other: its next request is refused", async () => {
    const a = await signup();
    const other = await pageSignIn(a.user.email);
    const res = await page("/settings/sessions", { token: a.token });
    expect(res.status).toBe(200);
    // The session lookup, the layout's profile, the list: one read each.
    expect(queries(res)).toBe(3);
    const html = await res.text();
    const text = visibleText(html);
    expect(text).toContain("This device");
    expect(text).toContain("Firefox on macOS");
    expect(text).toContain("Last used: Within the hour");
    const ids = endIds(html);
    expect(ids).toHaveLength(1);

    const ended = await page("/settings/sessions", { token: a.token, form: { intent: "end", id: ids[0]! } });
    expect(ended.status).toBe(302);
    expect(ended.headers.get("Location")).toBe("/settings/sessions?saved=ended");
    expect([await me(other), await me(a.token)]).toEqual([401, 200]);
    const after = await (await page("/settings/sessions?saved=ended", { token: a.token })).text();
    expect(visibleText(after)).toContain(SESSION_MESSAGES.ended);
  });

  it("refuses to end another account's session and ends nothing", async () => {
    const a = await signup();
    const b = await signup();
    const theirs = endIds(await (await page("/settings/sessions", { token: b.token })).text());
    const bOther = await pageSignIn(b.user.email);
    const ids = endIds(await (await page("/settings/sessions", { token: b.token })).text());
    expect(theirs).toEqual([]);
    await expectAlert(
      await page("/settings/sessions", { token: a.token, form: { intent: "end", id: ids[0]! } }),
      404,
      SESSION_MESSAGES.notFound,
    );
    expect(await me(bOther)).toBe(200);
  });

  it("Sign Out Everywhere Else ends every other session", async () => {
    const a = await signup();
    const others = [await pageSignIn(a.user.email), await pageSignIn(a.user.email)];
    const res = await page("/settings/sessions", { token: a.token, form: { intent: "revoke-others" } });
    expect(res.status).toBe(302);
    expect([await me(others[0]!), await me(others[1]!), await me(a.token)]).toEqual([401, 401, 200]);
  });

  it("Create Token shows the token once, and it works as a bearer", async () => {
    const a = await signup();
    const res = await page("/settings/sessions?form=token", { token: a.token, form: { name: "Nightly export" } });
    expect(res.status).toBe(200);
    const html = await res.text();
    const token =
      /id="new-token"[^>]*value="([^"]+)"/.exec(html)?.[1] ?? /value="([^"]+)"[^>]*id="new-token"/.exec(html)![1]!;
    expect(visibleText(html)).toContain("shown only once");
    expect(await me(token)).toBe(200);
    const later = await (await page("/settings/sessions", { token: a.token })).text();
    expect(visibleText(later)).toContain("Nightly export");
    expect(later).not.toContain(token);
  });

  it("refuses a token name over the limit with its message and makes no token", async () => {
    const a = await signup();
    await expectAlert(
      await page("/settings/sessions?form=token", { token: a.token, form: { name: "x".repeat(TOKEN_NAME_MAX + 1) } }),
      400,
      SESSION_MESSAGES.tokenNameTooLong,
    );
    const count = await env.DB.prepare("select count(*) as n from sessions where user_id = ?1 and kind = 'token'")
      .bind(a.user.id)
      .first<{ n: number }>();
    expect(count?.n).toBe(0);
  });

  it("Login & Security links to it", async () => {
    const a = await signup();
    const html = await (await page("/settings/login-security", { token: a.token })).text();
    expect(html).toContain('href="/settings/sessions"');
  });
});

describe("the new-sign-in alert's link", () => {
  it("a page sign-in from a new network mails the link; GET asks, POST ends exactly that session", async () => {
    const a = await signup();
    await env.DB.prepare("update users set email_verified_at = created_at where id = ?").bind(a.user.id).run();
    const known = uniqueIp();
    await env.DB.prepare("update sign_in_networks set network = ?2 where user_id = ?1")
      .bind(a.user.id, networkOf(known))
      .run();
    await pageSignIn(a.user.email, known);
    const stranger = await pageSignIn(a.user.email, "198.51.100.44");
    const mails = await env.DB.prepare("select text from mail_outbox where to_address = ?1 and kind = 'new-sign-in'")
      .bind(a.user.email)
      .all<{ text: string }>();
    expect(mails.results).toHaveLength(1);
    const path = /\/end-session\/[A-Za-z0-9_-]{43}/.exec(mails.results[0]!.text)![0];

    const asked = await page(path);
    expect(asked.status).toBe(200);
    expect(asked.headers.get("Cache-Control")).toContain("no-store");
    const askedText = visibleText(await asked.text());
    expect(askedText).toContain("End This Session?");
    expect(askedText).toContain("198.51.100.44");
    expect(await me(stranger)).toBe(200);

    const done = await page(path, { form: {} });
    expect(done.headers.get("Location")).toBe("/end-session");
    expect(visibleText(await (await page("/end-session")).text())).toContain(SESSION_MESSAGES.alertEnded);
    expect([await me(stranger), await me(a.token)]).toEqual([401, 200]);
    await expectAlert(await page(path, { form: {} }), 404, SESSION_MESSAGES.alertLinkInvalid);
  });
});
