/**
 * Forgot password → the mail → reset → sign in (ADR 044), with JavaScript on and off: the mail is
 * read from the local run's mail store (wrangler's local explorer API, README "Email"), the old
 * password is refused afterwards, an older session is signed out, and axe checks both new pages
 * (with JavaScript: axe runs in the page).
 */
import type { APIRequestContext } from "@playwright/test";

import { RESET_MESSAGES } from "../../domain/accounts/password-reset";
import { MESSAGES } from "../../domain/shared/messages";
import { expect, test } from "./fixtures";
import { newestMail } from "./mail";
import { expectNoSeriousViolations, signInViaForm, signUpViaApi } from "./helpers";

const NEW_PASSWORD = "Copper-Lantern-58";

/** The reset link of the newest reset mail to `email` that wrangler dev kept. */
async function mailedResetPath(request: APIRequestContext, email: string): Promise<string> {
  const mail = await newestMail(request, email, "Reset your CampusFund password");
  expect(mail.html).toContain("CampusFund");
  const path = /\/reset-password\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
  expect(path, "the link in the mail's text part").toBeTruthy();
  return path!;
}

test("forgot password → mail → reset → sign in with the new password; the old one and an older session are refused", async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  const account = await signUpViaApi(request);

  await page.goto("/forgot-password");
  // axe runs in the page: with JavaScript only.
  if (javaScriptEnabled) await expectNoSeriousViolations(page, "/forgot-password");
  await page.getByLabel("Email").fill(account.email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("status")).toHaveText(RESET_MESSAGES.requested);

  const path = await mailedResetPath(request, account.email);
  // The link answers with no-referrer and moves its token out of the address (a cookie for /reset-password/).
  const linkAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === path);
  await page.goto(path);
  expect((await linkAnswer).headers()["referrer-policy"]).toBe("no-referrer");
  await expect(page).toHaveURL(/\/reset-password\/new-password$/);
  await expect(page.getByRole("heading", { level: 1, name: "Choose a New Password" })).toBeVisible();
  if (javaScriptEnabled) await expectNoSeriousViolations(page, "/reset-password/:token");
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Confirm new password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Set New Password" }).click();

  await expect(page).toHaveURL(/\/signin\?notice=password-reset$/);
  await expect(page.getByRole("status")).toHaveText(RESET_MESSAGES.changed);

  await signInViaForm(page, account.email, account.password);
  await expect(page.getByRole("alert")).toHaveText(MESSAGES.invalidCredentialsScreen);
  await signInViaForm(page, account.email, NEW_PASSWORD);
  await expect(page).not.toHaveURL(/\/signin/);

  // The session from before the reset was ended.
  const me = await request.get("/api/auth/me", { headers: { Authorization: `Bearer ${account.token}` } });
  expect(me.status()).toBe(401);

  // The link works once.
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: "This Link Does Not Work" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Ask for a New Link" })).toHaveAttribute("href", "/forgot-password");
});
