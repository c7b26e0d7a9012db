/**
 * Delete my account (ADR 046), with JavaScript on and off: Settings → Your Data asks for the
 * password, then names the date ("Your account will be deleted on …") and offers "Keep my
 * account", which cancels it; or, after asking, signing out and in again cancels it and the next
 * page says so. axe checks the section (with JavaScript: axe runs in the page).
 */
import { DELETION_MESSAGES, deletionDate } from "../../domain/accounts/account-deletion";
import { PASSWORD_MESSAGES } from "../../domain/accounts/password-form";
import { expect, test } from "./fixtures";
import { DEMO, expectNoSeriousViolations, signInAs, signInCookie, signInViaForm, signUpViaApi } from "./helpers";

/** The date as the page says it, for a request made between `from` and now (the same day either way, but for midnight). */
const scheduledTexts = (from: number) => [
  DELETION_MESSAGES.scheduled(deletionDate(from)),
  DELETION_MESSAGES.scheduled(deletionDate(Date.now())),
];

test("request deletion with the password, see the date, keep the account", async ({
  page,
  request,
  context,
  baseURL,
  javaScriptEnabled,
}) => {
  const account = await signUpViaApi(request);
  await signInCookie(context, baseURL!, account.token);
  await page.goto("/settings?section=your-data");
  await expect(page.getByRole("heading", { level: 2, name: "Your Data" })).toBeVisible();
  if (javaScriptEnabled) await expectNoSeriousViolations(page, "/settings?section=your-data");

  await page.getByLabel("Your password").fill("Not-The-Password-1");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByRole("alert")).toHaveText(PASSWORD_MESSAGES.wrongCurrent);

  const from = Date.now();
  await page.getByLabel("Your password").fill(account.password);
  await page.getByRole("button", { name: "Delete my account" }).click();
  const scheduled = page.locator("#deletion-scheduled strong");
  await expect(scheduled).toHaveText(
    new RegExp(
      scheduledTexts(from)
        .map((t) => t.replace(/[.,]/g, "\\$&"))
        .join("|"),
    ),
  );
  if (javaScriptEnabled) await expectNoSeriousViolations(page, "/settings?section=your-data (scheduled)");

  await page.getByRole("button", { name: "Keep my account" }).click();
  await expect(page.getByRole("status").filter({ hasText: DELETION_MESSAGES.canceled })).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete my account" })).toBeVisible();
});

test("request deletion, sign out, sign in again: the deletion is canceled and the next page says so", async ({
  page,
  request,
  context,
  baseURL,
}) => {
  const account = await signUpViaApi(request);
  await signInCookie(context, baseURL!, account.token);
  await page.goto("/settings?section=your-data");
  await page.getByLabel("Your password").fill(account.password);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.locator("#deletion-scheduled")).toBeVisible();

  await page.locator("summary").filter({ hasText: account.firstName }).click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/signin");
  await signInViaForm(page, account.email, account.password);
  await expect(page.getByRole("status").filter({ hasText: DELETION_MESSAGES.canceled })).toBeVisible();
});

test(
  "the demo founder, whose raise is open, is told what deletion does to it before confirming",
  { tag: "@read-only" },
  async ({ page, request, context, baseURL }) => {
    await signInAs(context, request, baseURL!, DEMO.founder);
    await page.goto("/settings?section=your-data");
    await expect(page.getByRole("region", { name: "What deletion will do" })).toContainText(
      /Your raise “.+” stays open until its deadline and settles as usual; after deletion you can no longer edit it, reply in its Discussion or close it early\./,
    );
  },
);

test(
  "the demo investor, whose investments can still be canceled, is told what deletion does to them",
  { tag: "@read-only" },
  async ({ page, request, context, baseURL }) => {
    await signInAs(context, request, baseURL!, DEMO.investor);
    await page.goto("/settings?section=your-data");
    await expect(page.getByRole("region", { name: "What deletion will do" })).toContainText(
      /You can cancel \d+ investments? \(in .+\) until .+ UTC.*; once your account is deleted .+ can no longer be canceled/,
    );
  },
);
