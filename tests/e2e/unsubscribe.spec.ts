/**
 * The email digest end to end, with JavaScript on and off: choose Daily in Settings → Notifications,
 * run the mail job (wrangler dev --test-scheduled: GET /cdn-cgi/handler/scheduled), read the digest from the local
 * run's mail store (wrangler's local explorer API, as password-reset.spec.ts does), open its
 * unsubscribe link, press the button, see the message and Off in settings. axe checks the new page
 * (with JavaScript: axe runs in the page).
 *
 * Only proved addresses get a digest: the fresh founder's address is marked proved in the run's
 * local D1 (scripts/e2e-server.mjs's state), and approving their project gives them an unread
 * notification.
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";

import type { APIRequestContext } from "@playwright/test";

import { expect, test } from "./fixtures";
import { createProjectViaApi, expectNoSeriousViolations, signInViaForm, signUpViaApi } from "./helpers";

const EXPLORER = "/cdn-cgi/local/explorer/api/local/email/sending?worker=campusfund";
const STATE = join(process.cwd(), ".wrangler", process.env.STATE_DIR ?? "e2e-state");

interface SentMail {
  messageId: string;
  to: string[];
  subject: string;
}

/** Marks `email` proved in the run's local D1 (the verification flow is not this spec's). */
function prove(email: string) {
  execFileSync(
    join(process.cwd(), "node_modules", ".bin", "wrangler"),
    [
      "d1",
      "execute",
      "DB",
      "--local",
      "--persist-to",
      STATE,
      "--command",
      `update users set email_verified_at = created_at where email = '${email.replace(/'/g, "''")}'`,
    ],
    { stdio: "ignore", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } },
  );
}

/** The unsubscribe link of the digest sent to `email` (after the job: polled). */
async function digestUnsubscribePath(request: APIRequestContext, email: string): Promise<string> {
  let id = "";
  await expect
    .poll(
      async () => {
        // Each poll runs the job again: a person gets one digest a period whatever the runs.
        await request.get("/cdn-cgi/handler/scheduled?cron=*/10+*+*+*+*");
        const list = (await (await request.get(`${EXPLORER}&per_page=100`)).json()) as { result: SentMail[] };
        id =
          list.result.find((m) => m.to.includes(email) && m.subject === "Your CampusFund digest for today")
            ?.messageId ?? "";
        return id;
      },
      { message: `a digest to ${email}`, timeout: 30_000 },
    )
    .toBeTruthy();
  const one = (await (await request.get(`${EXPLORER}&email_id=${encodeURIComponent(id)}`)).json()) as {
    result: { text: string };
  };
  const path = /\/unsubscribe\/[A-Za-z0-9._-]+/.exec(one.result.text)?.[0];
  expect(path, "the unsubscribe link in the digest's text").toBeTruthy();
  return path!;
}

test("choose a daily digest → the job mails it → its unsubscribe link turns it off", async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  const founder = await signUpViaApi(request, { role: "founder" });
  prove(founder.email);
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
