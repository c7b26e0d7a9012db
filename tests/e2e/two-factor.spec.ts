/**
 * Two-step sign-in in the browser (ADR 054), with JavaScript on and off: the authenticator app
 * turned on in Settings (the secret read off the page, the code computed as an app would with
 * otpauth), then signing out and in with the password and a code, and a recovery code that works
 * once. Axe checks the page's states (JavaScript on only). A code works once per 30-second step per
 * account, so each test has its own account and uses the step after the one the confirmation used.
 */
import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";

import { timeStep, TOTP_PARAMS, TWO_FACTOR_MESSAGES } from "../../domain/accounts/two-factor";
import { TWO_FACTOR_SETTINGS_MESSAGES } from "../../domain/accounts/two-factor-settings";
import { expect, test } from "./fixtures";
import { expectNoSeriousViolations, signInViaForm, type Account } from "./helpers";

const QR_LABEL = "QR code that adds CampusFund to an authenticator app";

/** The page's own content (the frame around it has forms of its own: the email banner's Confirm). */
const section = (page: Page) => page.getByRole("region", { name: "Two-Step Sign-In" });

/** The code an authenticator app shows for `secret` at time step `step`. */
const codeOf = (secret: string, step: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), ...TOTP_PARAMS, timestamp: step * TOTP_PARAMS.period * 1000 });

/** From Login & Security to an app turned on: answers the secret, the step its code was of, and the recovery codes. */
async function turnOn(page: Page, axe = false) {
  await page.goto("/settings?section=login-security");
  await expect(page.getByRole("heading", { name: "Two-step sign-in: Off" })).toBeVisible();
  await page.getByRole("link", { name: "Set Up Two-Step Sign-In" }).click();
  await expect(page.getByRole("heading", { name: "Authenticator app: Off" })).toBeVisible();
  if (axe) await expectNoSeriousViolations(page, "two-step sign-in off");

  await section(page).getByRole("button", { name: "Turn On" }).click();
  await expect(page.getByRole("img", { name: QR_LABEL })).toBeVisible();
  const secret = (await page.locator("#totp-secret").innerText()).replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  if (axe) {
    await page.getByLabel("Code from the app").fill("12345");
    await section(page).getByRole("button", { name: "Confirm", exact: true }).click();
    await expect(page.getByText(TWO_FACTOR_MESSAGES.codeRequired)).toBeVisible();
    await expectNoSeriousViolations(page, "adding the app, with a refused code");
  }

  const step = timeStep(Date.now());
  await page.getByLabel("Code from the app").fill(codeOf(secret, step));
  await section(page).getByRole("button", { name: "Confirm", exact: true }).click();
  const list = page.getByRole("list", { name: "Recovery codes" });
  await expect(list).toBeVisible();
  await expect(page.getByText(TWO_FACTOR_SETTINGS_MESSAGES.turnedOn)).toBeVisible();
  const codes = (await list.getByRole("listitem").allInnerTexts()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  await expect(page.getByRole("heading", { name: "Authenticator app: On" })).toBeVisible();
  if (axe) await expectNoSeriousViolations(page, "the recovery codes shown once");
  return { secret, step, codes };
}

async function signOut(page: Page, who: Account) {
  await page.goto("/settings");
  await page.locator("summary").filter({ hasText: who.firstName }).click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible();
}

/** The password step: the page then asks for the code. */
async function passwordStep(page: Page, who: Account) {
  await page.goto("/signin");
  await signInViaForm(page, who.email, who.password);
  await expect(page).toHaveURL(/\/signin\/verify/);
  await expect(page.getByRole("heading", { name: "Two-Step Sign-In" })).toBeVisible();
}

async function answer(page: Page, code: string) {
  await page.getByLabel("Authentication code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
}

test.describe("two-step sign-in", () => {
  test("turned on in Settings, then signing in asks for the app's code after the password", async ({
    asInvestor: me,
    page,
  }) => {
    const { secret, step } = await turnOn(page);
    await signOut(page, me);

    await passwordStep(page, me);
    // The step after the confirmation's: a code (or an earlier one) works once per account.
    await answer(page, codeOf(secret, step + 1));
    await expect(page).not.toHaveURL(/\/signin/);
    await page.goto("/settings/two-factor");
    await expect(page.getByRole("heading", { name: "Authenticator app: On" })).toBeVisible();
    await expect(page.getByText("10 of 10 recovery codes left")).toBeVisible();
  });

  test("a recovery code signs in once; used again it is refused", async ({ asInvestor: me, page }) => {
    const { codes } = await turnOn(page);
    await signOut(page, me);

    await passwordStep(page, me);
    await answer(page, codes[0]!);
    await expect(page).not.toHaveURL(/\/signin/);
    await signOut(page, me);

    await passwordStep(page, me);
    await answer(page, codes[0]!);
    await expect(page.getByRole("alert").filter({ hasText: TWO_FACTOR_MESSAGES.wrongCode })).toBeVisible();
    await expect(page).toHaveURL(/\/signin\/verify/);
  });
});

test.describe("two-step sign-in's page, axe", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe injects a script: js project only");

  test("off, adding the app (with a refused code), the codes shown once, on", async ({ asInvestor: _me, page }) => {
    await turnOn(page, true);
    await page.goto("/settings/two-factor");
    await expect(page.getByText("10 of 10 recovery codes left")).toBeVisible();
    await expectNoSeriousViolations(page, "two-step sign-in on");
  });
});
