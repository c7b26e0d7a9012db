/**
 * Step-up's pages (ADR 054) as a browser without JavaScript uses them: Your Data offers the
 * downloads only to a session confirmed in the last 10 minutes, else "Confirm It's You"; the
 * download's link itself goes through /confirm-access and back; /confirm-access confirms with the
 * password (or a code when the authenticator app is on) and goes to `next`, only one of our paths.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { CONFIRM_MESSAGES, confirmAccessHref } from "../../domain/accounts/confirm";
import { PASSWORD_MESSAGES } from "../../domain/accounts/password-form";
import { timeStep } from "../../domain/accounts/two-factor";
import { newTotpSecret, totpCode } from "../../worker/services/accounts/internal/totp";
import { CONFIRMATION_WINDOW_MS } from "../../worker/services/accounts/step-up";
import { alerts, page, signup, visibleText } from "./helpers";

/** A new account whose session's confirmation is older than the window. */
async function staleAccount() {
  const account = await signup();
  await env.DB.prepare("update sessions set confirmed_at = ?2 where id = ?1")
    .bind(account.token.split(".")[0], Date.now() - CONFIRMATION_WINDOW_MS - 1000)
    .run();
  return account;
}

const confirmForm = (next: string, password: string) => ({ method: "password", password, next });

describe("Your Data without a recent confirmation", () => {
  it("shows Confirm It's You, linking to /confirm-access and back, instead of the downloads", async () => {
    const { token } = await staleAccount();
    const html = await (await page("/settings?section=your-data", { token })).text();
    expect({
      confirm: html.includes(`href="${confirmAccessHref("/settings/your-data")}"`),
      download: html.includes('href="/settings/my-data.json"'),
    }).toEqual({ confirm: true, download: false });
  });

  it("the download's own link goes to /confirm-access with the download as next", async () => {
    const { token } = await staleAccount();
    const res = await page("/settings/my-data.zip", { token });
    expect({ status: res.status, location: res.headers.get("Location") }).toEqual({
      status: 302,
      location: confirmAccessHref("/settings/my-data.zip"),
    });
  });
});

describe("/confirm-access", () => {
  it("asks for the password of an account without the authenticator app", async () => {
    const { token } = await staleAccount();
    const res = await page(confirmAccessHref("/settings/your-data"), { token });
    const html = await res.text();
    expect({
      status: res.status,
      password: html.includes('name="password"'),
      code: html.includes('id="confirm-code"'),
      next: html.includes('name="next" value="/settings/your-data"'),
    }).toEqual({ status: 200, password: true, code: false, next: true });
  });

  it("confirms with the password and goes to next: the download then works", async () => {
    const { token, password } = await staleAccount();
    const res = await page("/confirm-access", { token, form: confirmForm("/settings/my-data.json", password) });
    expect({ status: res.status, location: res.headers.get("Location") }).toEqual({
      status: 302,
      location: "/settings/my-data.json",
    });
    const download = await page("/settings/my-data.json", { token });
    expect(download.headers.get("Content-Disposition")).toMatch(/^attachment; filename="campusfund-data-/);
  });

  it("then Your Data offers the downloads", async () => {
    const { token, password } = await staleAccount();
    await page("/confirm-access", { token, form: confirmForm("/settings/your-data", password) });
    const html = await (await page("/settings?section=your-data", { token })).text();
    expect(html.includes('href="/settings/my-data.json"')).toBe(true);
  });

  it.each(["https://evil.example/settings", "//evil.example/x", "/..//evil.example", "/\\evil.example"])(
    "never follows an outside next (%s): Settings instead",
    async (next) => {
      const { token, password } = await staleAccount();
      const res = await page("/confirm-access", { token, form: confirmForm(next, password) });
      expect({ status: res.status, location: res.headers.get("Location") }).toEqual({
        status: 302,
        location: "/settings/login-security",
      });
    },
  );

  it("a wrong password re-renders the form with the password change's message, nothing sent back", async () => {
    const { token } = await staleAccount();
    const res = await page("/confirm-access", {
      token,
      form: confirmForm("/settings/your-data", "Not-The-Password-1"),
    });
    const html = await res.text();
    expect({
      status: res.status,
      alerts: alerts(html),
      echoed: html.includes("Not-The-Password-1"),
    }).toEqual({ status: 400, alerts: [PASSWORD_MESSAGES.wrongCurrent], echoed: false });
  });

  it("asks for a code when the authenticator app is on, and a code confirms", async () => {
    const { token, user } = await staleAccount();
    const secret = newTotpSecret();
    await env.DB.prepare(
      "insert into totp_factors (user_id, secret, created_at, confirmed_at, last_step) values (?1, ?2, ?3, ?3, 0)",
    )
      .bind(user.id, secret, Date.now())
      .run();
    const html = await (await page(confirmAccessHref("/settings/your-data"), { token })).text();
    expect(html.includes('id="confirm-code"')).toBe(true);
    const res = await page("/confirm-access", {
      token,
      form: { method: "code", code: totpCode(secret, timeStep(Date.now())), next: "/settings/your-data" },
    });
    expect(res.headers.get("Location")).toBe("/settings/your-data");
  });

  it("signed out, goes through sign-in and back", async () => {
    const res = await page(confirmAccessHref("/settings/your-data"));
    expect(res.headers.get("Location")).toBe(
      `/signin?redirectTo=${encodeURIComponent(confirmAccessHref("/settings/your-data"))}`,
    );
  });

  it("says what it is for", async () => {
    const { token } = await staleAccount();
    expect(visibleText(await (await page("/confirm-access", { token })).text())).toContain(CONFIRM_MESSAGES.lead);
  });
});
