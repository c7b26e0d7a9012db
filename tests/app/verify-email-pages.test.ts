/**
 * Verified addresses in the app (ADR 045), as a browser without JavaScript uses them: the banner on
 * signed-in pages while the address is unproved (and not once proved), /verify-email/:token's
 * no-referrer answer that moves the token into a cookie, the confirm page whose POST proves the
 * address without a session, a wrong link's 404 with a way to ask again, and the code form.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { VERIFY_MESSAGES } from "../../domain/accounts/email-verification";
import { expectAlert, page, signup, unique } from "./helpers";

async function mailFor(email: string): Promise<{ path: string; token: string; code: string }> {
  const row = await env.DB.prepare(
    "select text from mail_outbox where to_address = ? and kind = 'verify-email' order by created_at desc, rowid desc limit 1",
  )
    .bind(email)
    .first<{ text: string }>();
  const path = /\/verify-email\/[A-Za-z0-9_-]{43}/.exec(row?.text ?? "")?.[0];
  const code = /\b\d{6}\b/.exec(row?.text ?? "")?.[0];
  if (!path || !code) throw new Error(`no confirmation mail for ${email}`);
  return { path, token: path.split("/").pop()!, code };
}

const BANNER = "Please confirm your email address: we sent a link to";

describe("the banner", () => {
  it("shows on a signed-in page while the address is not proved, with the code form and Send a new link", async () => {
    const { token, user } = await signup();
    const html = await (await page("/portfolio", { token })).text();
    expect(html).toContain(`${BANNER} ${user.email}.`);
    expect(html).toContain('name="code"');
    expect(html).toContain("Send a new link");
  });

  it("does not show once the address is proved", async () => {
    const { token, user } = await signup();
    await env.DB.prepare("update users set email_verified_at = ?2 where id = ?1").bind(user.id, Date.now()).run();
    expect(await (await page("/portfolio", { token })).text()).not.toContain(BANNER);
  });
});

describe("/verify-email/:token", () => {
  it("moves the token into a cookie with no referrer; the confirm page's POST proves it without a session", async () => {
    const { token: session, user } = await signup();
    const { path, token } = await mailFor(user.email);
    const link = await page(path);
    expect(link.status).toBe(302);
    expect(link.headers.get("Location")).toBe("/verify-email/confirm");
    expect(link.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(link.headers.get("Cache-Control")).toContain("no-store");
    const cookie = `campusfund_verify=${token}`;
    expect(link.headers.get("Set-Cookie")).toContain(`${cookie}; Path=/verify-email/; HttpOnly`);

    const confirm = await page("/verify-email/confirm", { cookie });
    const confirmHtml = await confirm.text();
    expect(confirm.status).toBe(200);
    expect(confirmHtml).toContain(user.email);
    expect(confirmHtml).not.toContain(token);

    const done = await page("/verify-email/confirm", { cookie, form: {} });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/verify-email?notice=email-verified");
    expect(await (await page("/portfolio", { token: session })).text()).not.toContain(BANNER);
  });

  it("answers a wrong or spent link with a 404 page that offers a new one", async () => {
    const res = await page(`/verify-email/${"a".repeat(43)}`);
    expect(res.headers.get("Referrer-Policy")).toBe("no-referrer");
    const html = await expectAlert(res, 404, VERIFY_MESSAGES.invalidLink);
    expect(html).toContain('href="/verify-email"');
  });
});

describe("/verify-email", () => {
  it("proves the address with the code, without JavaScript", async () => {
    const { token, user } = await signup();
    const { code } = await mailFor(user.email);
    const res = await page("/verify-email", { token, form: { intent: "code", code } });
    expect(res.headers.get("Location")).toBe("/verify-email?notice=email-verified");
  });

  it("refuses a wrong code with how many tries are left", async () => {
    const { token, user } = await signup();
    const { code } = await mailFor(user.email);
    const wrong = code === "000000" ? "111111" : "000000";
    await expectAlert(
      await page("/verify-email", { token, form: { intent: "code", code: wrong } }),
      400,
      VERIFY_MESSAGES.wrongCode(4),
    );
  });

  it("Send a new link answers where it was sent", async () => {
    const { token, user } = await signup();
    const html = await (await page("/verify-email", { token, form: { intent: "resend" } })).text();
    expect(html).toContain(VERIFY_MESSAGES.resent(user.email));
  });

  it("signed out, says to open the link or sign in", async () => {
    expect(await (await page(`/verify-email?x=${unique()}`)).text()).toContain(VERIFY_MESSAGES.codeNeedsSignIn);
  });
});

describe("Settings → Login & Security, Email address", () => {
  it("asks for the change without JavaScript and says where the link went; the account keeps its address", async () => {
    const { token, user, password } = await signup();
    const next = `${unique("next")}@example.edu`;
    const res = await page("/settings/login-security", {
      token,
      form: { intent: "email", email: next, currentPassword: password },
    });
    expect(res.headers.get("Location")).toBe("/settings?section=login-security&saved=email");
    const html = await (await page("/settings?section=login-security&saved=email", { token })).text();
    expect(html).toContain(VERIFY_MESSAGES.changeRequested(next));
    expect(html).toContain(`Your account uses <strong class="verify-address">${user.email}</strong>`);
  });
});
