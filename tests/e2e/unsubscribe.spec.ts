/**
 * The email digest end to end, with JavaScript on and off: choose Daily in Settings → Notifications,
 * run the mail job (wrangler dev --test-scheduled: GET /cdn-cgi/handler/scheduled), read the digest from the local
 * run's mail store (wrangler's local explorer API, as password-reset.spec.ts does), open its
 * unsubscribe link, press the button, see the message and Off in settings. axe checks the new page
 * (with JavaScript: axe runs in the page).
 *
 * Only proved addresses get a digest: the fresh founder proves theirs with the code from its
 * confirmation mail, and approving their project gives them an unread notification.
 */
import type { APIRequestContext } from "@playwright/test";

import { expect, test } from "./fixtures";
import { newestMail } from "./mail";
import { createProjectViaApi, expectNoSeriousViolations, signInViaForm, signUpViaApi } from "./helpers";

/** Proves the fresh account's address the way its owner would: the code from its confirmation mail (ADR 045). */
async function prove(request: APIRequestContext, email: string, token: string) {
  const { text } = await newestMail(request, email, "Confirm your CampusFund email address");
  const code = /\b\d{6}\b/.exec(text)?.[0] ?? "";
  const res = await request.post("/api/auth/verify-email", {
    headers: { Authorization: `Bearer ${token}` },
    data: { code },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The unsubscribe link of the digest sent to `email`. */
async function digestUnsubscribePath(request: APIRequestContext, email: string): Promise<string> {
  const { text } = await newestMail(request, email, "Your CampusFund digest for today", {
    // Each poll runs the job again: a person gets one digest a period whatever the runs.
    eachPoll: () => request.get("/cdn-cgi/handler/scheduled?cron=*/10+*+*+*+*"),
    timeout: 30_000,
  });
  const path = /\/unsubscribe\/[A-Za-z0-9._-]+/.exec(text)?.[0];
  expect(path, "the unsubscribe link in the digest's text").toBeTruthy();
  return path!;
}

test("choose a daily digest → the job mails it → its unsubscribe link turns it off", async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  const founder = await signUpViaApi(request, { role: "founder" });
  await prove(request, founder.email, founder.token);
  // Approval tells the founder: an unread notification for the digest.
  await createProjectViaApi(request, founder.token, { publish: true });

  await page.goto("/signin");
  await signInViaForm(page, founder.email, founder.password);
  await page.waitForURL((url) => url.pathname !== "/signin");
  await page.goto("/settings/notifications");
  const digest = page.getByRole("group", { name: "Email digest of unread notifications" });
  await expect(digest.getByLabel("Off")).toBeChecked();
  await digest.getByLabel("Daily").check();
  await page.getByRole("button", { name: "Save notification settings" }).click();
  await page.waitForURL(/saved=notifications/);

  const path = await digestUnsubscribePath(request, founder.email);
  await page.goto(path);
  await expect(page.getByRole("heading", { name: "Unsubscribe from the CampusFund digest?" })).toBeVisible();
  if (javaScriptEnabled) await expectNoSeriousViolations(page, "/unsubscribe/:token");
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByText("You will no longer receive the digest.")).toBeVisible();
  if (javaScriptEnabled) await expectNoSeriousViolations(page, "/unsubscribe/:token (done)");

  await page.goto("/settings/notifications");
  await expect(
    page.getByRole("group", { name: "Email digest of unread notifications" }).getByLabel("Off"),
  ).toBeChecked();
});
