/**
 * The password-reset pages (ADR 044) as a browser without JavaScript uses them: /forgot-password's
 * one answer for any address, the mail read from the outbox, /reset-password/:token with its
 * no-referrer policy, the sign-up page's password rules, the redirect to /signin with its notice
 * (nobody signed in), a used or wrong link's 404 with the way to ask again, and the new password
 * working where the old one no longer does.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { MESSAGES } from "../../domain/shared/messages";
import { RESET_MESSAGES } from "../../domain/accounts/password-reset";
import { expectAlert, page, queries, signup, unique, visibleText } from "./helpers";

const NEW_PASSWORD = "Copper-Lantern-58";

/** The link of the newest reset mail to `email`, from the outbox. */
async function resetPath(email: string): Promise<string> {
  const row = await env.DB.prepare(
    "select text from mail_outbox where to_address = ? and kind = 'password-reset' order by created_at desc, rowid desc limit 1",
  )
    .bind(email)
    .first<{ text: string }>();
  const path = /\/reset-password\/[A-Za-z0-9_-]{43}/.exec(row?.text ?? "")?.[0];
  if (!path) throw new Error(`no reset mail for ${email}`);
  return path;
}

/** The page's text inside <main>, without the per-response nonce and hydration data. */
const statusText = (html: string) => visibleText(/<div[^>]*role="status"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? "");

describe("/forgot-password", () => {
  it("is a form that works without JavaScript and answers any address the same way", async () => {
    const form = await page("/forgot-password");
    expect(form.status).toBe(200);
    const html = await form.text();
    expect(html).toMatch(/<form[^>]*method="post"/);
    expect(html).toContain('name="email"');

    const { user } = await signup();
    const known = await page("/forgot-password", { form: { email: user.email } });
    const unknown = await page("/forgot-password", { form: { email: `${unique("nobody")}@example.edu` } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const [a, b] = [await known.text(), await unknown.text()];
    expect(statusText(a)).toBe(RESET_MESSAGES.requested);
    expect(statusText(b)).toBe(RESET_MESSAGES.requested);
    // The same work either way: as many D1 queries (the answer's Server-Timing).
    expect(queries(known)).toBeGreaterThan(0);
    expect(queries(unknown)).toBe(queries(known));
    // The same cookies either way (the D1 bookmark of a write), and no session.
    const cookieNames = (res: Response) => res.headers.getSetCookie().map((c) => c.split("=")[0]);
    expect(cookieNames(known)).toEqual(cookieNames(unknown));
    expect(cookieNames(known)).not.toContain("campusfund_session");
  });

  it("refuses a malformed address with the form again", async () => {
    await expectAlert(await page("/forgot-password", { form: { email: "nope" } }), 400, MESSAGES.invalidEmail);
  });
});

describe("/reset-password/:token", () => {
  it("resets without JavaScript: the link moves its token to a cookie, the password rules, then /signin with a notice", async () => {
    const { user, password } = await signup();
    await page("/forgot-password", { form: { email: user.email } });
    const path = await resetPath(user.email);
    const token = path.split("/").pop()!;

    // The link: no referrer, no cache, the token moved out of the address.
    const link = await page(path);
    expect(link.status).toBe(302);
    expect(link.headers.get("Location")).toBe("/reset-password/new-password");
    expect(link.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(link.headers.get("Cache-Control")).toContain("no-store");
    const setCookie = link.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toContain(
      `campusfund_reset=${token}; Path=/reset-password/; HttpOnly; SameSite=Lax; Max-Age=3600`,
    );
    const cookie = `campusfund_reset=${token}`;

    const form = await page("/reset-password/new-password", { cookie });
    expect(form.status).toBe(200);
    expect(form.headers.get("Cache-Control")).toContain("no-store");
    const html = await form.text();
    expect(html).not.toContain(token);
    expect(html).toContain('name="password"');
    expect(html).toContain('name="confirmPassword"');

    await expectAlert(
      await page("/reset-password/new-password", {
        cookie,
        form: { password: NEW_PASSWORD, confirmPassword: "Other-Meadow-41" },
      }),
      400,
      MESSAGES.passwordsMismatch,
    );
    await expectAlert(
      await page("/reset-password/new-password", { cookie, form: { password: "abc", confirmPassword: "abc" } }),
      400,
      MESSAGES.passwordTooShort,
    );

    const done = await page("/reset-password/new-password", {
      cookie,
      form: { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/signin?notice=password-reset");
    const cleared = done.headers.getSetCookie();
    expect(cleared.some((c) => c.startsWith("campusfund_reset=;") && c.includes("Max-Age=0"))).toBe(true);
    expect(cleared.some((c) => c.startsWith("campusfund_session="))).toBe(false);
    const signin = await page("/signin?notice=password-reset");
    expect(statusText(await signin.text())).toBe(RESET_MESSAGES.changed);

    // The link is used up, whichever way it comes back.
    const again = await page(path);
    expect(again.headers.get("Referrer-Policy")).toBe("no-referrer");
    const refusedHtml = await expectAlert(again, 404, RESET_MESSAGES.invalidLink);
    expect(refusedHtml).toContain('href="/forgot-password"');
    await expectAlert(await page("/reset-password/new-password", { cookie }), 404, RESET_MESSAGES.invalidLink);
    await expectAlert(
      await page("/reset-password/new-password", {
        cookie,
        form: { password: "Fresh-Harbor-77", confirmPassword: "Fresh-Harbor-77" },
      }),
      404,
      RESET_MESSAGES.invalidLink,
    );

    // The old password is refused, the new one signs in.
    await expectAlert(
      await page("/signin", { form: { email: user.email, password } }),
      401,
      MESSAGES.invalidCredentialsScreen,
    );
    const signedIn = await page("/signin", { form: { email: user.email, password: NEW_PASSWORD } });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Set-Cookie")).toContain("campusfund_session=");
  });

  it("answers a wrong link, or the form without one, with a 404 page that offers a new one, never a 500", async () => {
    for (const path of ["/reset-password/nope", `/reset-password/${"a".repeat(43)}`, "/reset-password/%E0%A4%A"]) {
      const res = await page(path);
      expect(res.headers.get("Referrer-Policy")).toBe("no-referrer");
      const html = await expectAlert(res, 404, RESET_MESSAGES.invalidLink);
      expect(html).toContain('href="/forgot-password"');
    }
    await expectAlert(await page("/reset-password/new-password"), 404, RESET_MESSAGES.invalidLink);
    await expectAlert(
      await page("/reset-password/new-password", { form: { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } }),
      404,
      RESET_MESSAGES.invalidLink,
    );
  });
});
