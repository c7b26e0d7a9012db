/**
 * Confirm it's you (step-up, ADR 054), with JavaScript on and off: /confirm-access takes the
 * password and lands on `next`, a page or a download; an outside `next` is not followed; a wrong
 * password is said on the page. Axe checks the page and its refusal (js project only).
 */
import { PASSWORD_MESSAGES } from "../../domain/accounts/password-form";
import { expect, test } from "./fixtures";
import { expectNoSeriousViolations, pathOf } from "./helpers";

const confirmHref = (next: string) => `/confirm-access?next=${encodeURIComponent(next)}`;

test("confirming with the password lands on next", async ({ asInvestor: { page, password } }) => {
  await page.goto(confirmHref("/settings/your-data"));
  await expect(page.getByRole("heading", { name: "Confirm It's You" })).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Confirm Password" }).click();
  await expect(page.getByRole("heading", { name: "Download my data" })).toBeVisible();
  expect(pathOf(page)).toBe("/settings/your-data");
  await expect(page.getByRole("link", { name: "Download JSON" })).toBeVisible();
});

test("a download as next is downloaded once confirmed", async ({ asInvestor: { page, password } }) => {
  await page.goto(confirmHref("/settings/my-data.json"));
  await page.getByLabel("Password", { exact: true }).fill(password);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Confirm Password" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^campusfund-data-\d{4}-\d{2}-\d{2}\.json$/);
});

test("an outside next is not followed: Settings instead", async ({ asInvestor: { page, password }, baseURL }) => {
  await page.goto(confirmHref("https://example.com/phish"));
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Confirm Password" }).click();
  await page.waitForURL((url) => url.pathname === "/settings/login-security");
  expect(new URL(page.url()).host).toBe(new URL(baseURL!).host);
});

test("a wrong password is said on the page, which stays", async ({ asInvestor: { page } }) => {
  await page.goto(confirmHref("/settings/your-data"));
  await page.getByLabel("Password", { exact: true }).fill("Not-The-Password-1");
  await page.getByRole("button", { name: "Confirm Password" }).click();
  await expect(page.getByRole("alert")).toContainText(PASSWORD_MESSAGES.wrongCurrent);
  expect(pathOf(page)).toBe(confirmHref("/settings/your-data"));
});

test("the page and its refusal pass axe", async ({ asInvestor: { page }, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "axe injects a script: js project only");
  await page.goto(confirmHref("/settings/your-data"));
  await expectNoSeriousViolations(page, "/confirm-access");
  await page.getByLabel("Password", { exact: true }).fill("Not-The-Password-1");
  await page.getByRole("button", { name: "Confirm Password" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expectNoSeriousViolations(page, "/confirm-access, wrong password");
});
