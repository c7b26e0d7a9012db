/**
 * Verify an address (ADR 045), with JavaScript on and off: sign up in the form → the banner → read
 * the confirmation mail from the local run's mail store (as password-reset.spec.ts does) → open
 * the link → confirm → the banner is gone. The code path, and axe on the new pages (js project).
 */
import type { APIRequestContext } from "@playwright/test";

import { expect, test } from "./fixtures";
import { newestMail } from "./mail";
import { expectNoSeriousViolations, fillSignupForm, signInCookie, signUpViaApi, validSignup } from "./helpers";

const BANNER = "Please confirm your email address: we sent a link to";

/** The link and code of the newest confirmation mail to `email` that wrangler dev kept. */
async function mailed(request: APIRequestContext, email: string): Promise<{ path: string; code: string }> {
  const { text } = await newestMail(request, email, "Confirm your CampusFund email address");
  const path = /\/verify-email\/[A-Za-z0-9_-]{43}/.exec(text)?.[0];
  const code = /\b\d{6}\b/.exec(text)?.[0];
  expect(path && code, "the link and the code in the mail's text part").toBeTruthy();
  return { path: path!, code: code! };
}

test("sign up → the banner → the mail's link → confirm → the banner is gone", async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  const fields = validSignup();
  await page.goto("/signup");
  await fillSignupForm(page, fields);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText(`${BANNER} ${fields.email}.`)).toBeVisible();
  if (javaScriptEnabled) await expectNoSeriousViolations(page, "a page with the banner");

  const { path } = await mailed(request, fields.email);
  const linkAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === path);
  await page.goto(path);
  expect((await linkAnswer).headers()["referrer-policy"]).toBe("no-referrer");
  await expect(page).toHaveURL(/\/verify-email\/confirm$/);
  await expect(page.getByRole("heading", { level: 1, name: "Confirm Your Email Address" })).toBeVisible();
  if (javaScriptEnabled) await expectNoSeriousViolations(page, "/verify-email/confirm");
  await page.getByRole("button", { name: "Confirm My Email Address" }).click();

  await expect(page).toHaveURL(/\/verify-email\?notice=email-verified$/);
  await expect(page.getByRole("status").filter({ hasText: "Your email address is confirmed." })).toBeVisible();
  await page.goto("/portfolio");
  await expect(page.getByText(BANNER)).toHaveCount(0);
});

test("the code in the banner proves the address", async ({ page, context, request, baseURL, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, "the code path runs once, without JavaScript");
  const account = await signUpViaApi(request);
  await signInCookie(context, baseURL!, account.token);
  const { code } = await mailed(request, account.email);
  await page.goto("/portfolio");
  await page.getByLabel("6-digit code").fill(code);
  await page.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(page).toHaveURL(/\/verify-email\?notice=email-verified&next=%2Fportfolio$/);
  // "Email confirmed" leads back where the person was.
  await page.getByRole("link", { name: "Continue where you were" }).click();
  await expect(page).toHaveURL(/\/portfolio$/);
  await expect(page.getByText(BANNER)).toHaveCount(0);
});

test("axe: /verify-email with the code form and a wrong link's page", async ({
  page,
  context,
  request,
  baseURL,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "axe injects a script: js project only");
  const account = await signUpViaApi(request);
  await signInCookie(context, baseURL!, account.token);
  await page.goto("/verify-email");
  await expect(page.getByRole("heading", { level: 1, name: "Confirm Your Email Address" })).toBeVisible();
  await expectNoSeriousViolations(page, "/verify-email");
  await page.goto(`/verify-email/${"a".repeat(43)}`);
  await expect(page.getByRole("heading", { level: 1, name: "This Link Does Not Work" })).toBeVisible();
  await expectNoSeriousViolations(page, "/verify-email/:token (refused)");
});
