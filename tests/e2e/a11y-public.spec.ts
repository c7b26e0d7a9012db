/**
 * Accessibility of the contact and supporters pages (axe-core; fails on "serious" or "critical"
 * violations), including their success and error states. Runs in the "js" project only: axe
 * injects a script. The success banner of /support hides after 5 s with JavaScript, so that state
 * is checked on the server-rendered page (the page's own scripts blocked, as without JavaScript).
 */
import { expect, test } from "./fixtures";

import { expectNoSeriousViolations, uniqueEmail } from "./helpers";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe injects a script: js project only");

test("/contact", async ({ page }) => {
  await page.goto("/contact");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page, "/contact");
});

test("/contact with the success message and with an error", async ({ page }) => {
  await page.goto("/contact");
  const form = page.locator("form").filter({ has: page.getByLabel("Subject") });
  await form.getByLabel("Name", { exact: true }).fill("Axe Tester");
  await form.getByLabel("Email", { exact: true }).fill(uniqueEmail("axe"));
  await form.getByLabel("Message", { exact: true }).fill("Checking accessibility");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you for your message!" })).toBeVisible();
  await expectNoSeriousViolations(page, "/contact (success)");

  await form.getByLabel("Name", { exact: true }).fill("Axe Tester");
  await form.getByLabel("Email", { exact: true }).fill("axe@localhost");
  await form.getByLabel("Message", { exact: true }).fill("Checking accessibility");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expectNoSeriousViolations(page, "/contact (error)");
});

test("/support", async ({ page }) => {
  await page.goto("/support");
  await expect(page.getByRole("heading", { level: 1, name: "Show Your Support" })).toBeVisible();
  await expectNoSeriousViolations(page, "/support");
});

test("/support with the success banner and the list", async ({ page }) => {
  await page.route(/\/assets\/.*\.js(\?|$)/, (route) => route.abort());
  await page.goto("/support");
  await page.getByLabel("Name", { exact: true }).fill("Axe Supporter");
  await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("axe-support"));
  await page.getByLabel(/Why are you supporting us\?/).fill("Accessible by default");
  await page.getByRole("button", { name: "Show My Support" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank You for Your Support!" })).toBeVisible();
  await expect(page.getByRole("table")).toBeVisible();
  await expectNoSeriousViolations(page, "/support (success banner)");
});
