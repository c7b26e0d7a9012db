/**
 * Passkeys in the browser (ADR 054) with Chromium's virtual authenticator (WebAuthn through the
 * DevTools protocol): add one in Settings, sign out, sign in with it. Passkeys need JavaScript, so
 * the journey runs in the "js" project; the "no-js" project checks that Settings says so and offers
 * the authenticator app's codes instead.
 * WebAuthn refuses an IP address as the site's id: these pages are opened at `localhost` (the
 * server's relying party outside production is the address the browser used).
 */
import type { Page } from "@playwright/test";

import { PASSKEY_MESSAGES } from "../../domain/accounts/passkeys";
import { expect, test } from "./fixtures";
import { expectNoSeriousViolations } from "./helpers";

test.use({ baseURL: `http://localhost:${process.env.E2E_PORT ?? 8790}` });

/** A platform authenticator that holds discoverable credentials and verifies its user: a phone or a laptop's. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

test("a passkey added in Settings signs its owner in without a password", async ({
  asInvestor: me,
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "js", "passkeys need JavaScript (no-JS: the next test)");
  const { cdp, authenticatorId } = await virtualAuthenticator(page);

  await page.goto("/settings?section=login-security");
  await page.getByRole("link", { name: "Manage Passkeys" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Passkeys" })).toBeVisible();
  await expect(page.locator("#passkeys-empty")).toBeVisible();
  await page.getByLabel("Passkey name").fill("Test laptop");
  await page.getByRole("button", { name: "Add a Passkey" }).click();
  await expect(page.getByRole("status").filter({ hasText: PASSKEY_MESSAGES.added })).toBeVisible();
  await expect(page.getByRole("heading", { level: 4, name: "Test laptop" })).toBeVisible();
  await expect(page.getByText("Not used yet")).toBeVisible();
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  await expectNoSeriousViolations(page, "/settings/passkeys");

  await page.locator("summary").filter({ hasText: me.firstName }).click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/signin?redirectTo=%2Fsettings%2Fpasskeys");
  await page.getByRole("button", { name: "Sign In with a Passkey" }).click();
  await expect(page).toHaveURL(/\/settings\/passkeys$/);
  await expect(page.getByRole("heading", { level: 4, name: "Test laptop" })).toBeVisible();
  await expect(page.getByText(/Last used/)).toBeVisible();
});

test("without JavaScript, Settings says passkeys need it and offers the authenticator app", async ({
  asInvestor: _me,
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "no-js", "with JavaScript the page offers the passkey (the test above)");
  await page.goto("/settings/passkeys");
  await expect(page.locator("#passkey-needs-js")).toHaveText(
    `${PASSKEY_MESSAGES.needsJavaScript} Set up an authenticator app`,
  );
  await expect(page.getByRole("link", { name: "Set up an authenticator app" })).toHaveAttribute(
    "href",
    "/settings/two-factor",
  );
  await expect(page.getByRole("button", { name: "Add a Passkey" })).toHaveCount(0);
});
