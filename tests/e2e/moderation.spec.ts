/**
 * Reporting a Discussion post and hiding it (ADR 055), with JavaScript on and off: a visitor opens
 * a post's report page, signs in and comes back to it, is told to say what is wrong for "Something
 * else", files the report and is taken back to the post; the demo admin finds the post in /admin's
 * Reports (with both reports), hides it with a note, and it moves to Recently hidden; its author
 * is told in the bell. Each project acts on its own seeded post (db/seed-moderation.ts). axe on the
 * report page and the Reports section.
 */
import type { Page } from "@playwright/test";

import { DISCUSSION_MESSAGES } from "../../domain/conversation/discussion-rules";
import { MODERATION_MESSAGES } from "../../domain/conversation/moderation";
import { expect, test } from "./fixtures";
import { DEMO, expectNoSeriousViolations, signInAs, signInViaForm, signUpViaApi } from "./helpers";

async function axe(page: Page, javaScriptEnabled: boolean, label: string) {
  if (javaScriptEnabled) await expectNoSeriousViolations(page, label);
}

const SEEDED = {
  js: { id: "seed-post-reported", author: "Ethan Brooks", email: "backer1@campusfund.dev", words: "guaranteed 10x" },
  "no-js": { id: "seed-post-reported-nojs", author: "Sofia Martinez", email: "backer2@campusfund.dev", words: "idiot" },
} as const;

test("a person reports a post and the admin hides it with a note", async ({
  page,
  browser,
  request,
  baseURL,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000);
  const post = SEEDED[javaScriptEnabled ? "js" : "no-js"];

  // A visitor: sign in first, then back on the report page.
  const reporter = await signUpViaApi(request, { role: "investor" });
  await page.goto(`/discussion/report/${post.id}`);
  await expect(page).toHaveURL(/\/signin\?redirectTo=/);
  await expect(page.getByRole("heading", { name: /report a post/i })).toBeVisible();
  await signInViaForm(page, reporter.email, reporter.password);
  await expect(page).toHaveURL(new RegExp(`/discussion/report/${post.id}$`));
  await expect(page.getByRole("blockquote")).toContainText(post.words);
  await axe(page, javaScriptEnabled, "the report page");

  // "Something else" needs details: refused beside the field, then sent.
  await page.getByRole("radio", { name: "Something else" }).check();
  await page.getByRole("button", { name: "Send Report" }).click();
  await expect(page.getByText(DISCUSSION_MESSAGES.detailRequired)).toBeVisible();
  await axe(page, javaScriptEnabled, "the report page with its refusal");
  await page.getByRole("radio", { name: "Something else" }).check();
  await page.getByLabel("Details").fill("It insults the people who invested.");
  await page.getByRole("button", { name: "Send Report" }).click();
  await expect(page).toHaveURL(new RegExp(`/project/lablink\\?tab=discussion&saved=reported#post-${post.id}$`));

  // The admin, in a browser of their own: the post with both reports; hide it with a note.
  const adminContext = await browser.newContext({ javaScriptEnabled });
  const admin = await adminContext.newPage();
  await signInAs(adminContext, request, baseURL!, DEMO.admin);
  await admin.goto("/admin#reports");
  const card = admin.getByRole("article", { name: `Thread by ${post.author} on LabLink` });
  await expect(card.getByText("2 open reports")).toBeVisible();
  await expect(card.getByText("Something else: 1")).toBeVisible();
  await expect(card.getByText("“It insults the people who invested.”")).toBeVisible();
  await axe(admin, javaScriptEnabled, "/admin's Reports section");
  const note = "Insults are not allowed in CampusFund discussions.";
  await card.getByLabel("Note for the author").fill(note);
  await card.getByRole("button", { name: /^Hide Post/ }).click();
  await expect(admin).toHaveURL(/\/admin\?done=post-hidden#reports$/);
  await expect(admin.getByText(MODERATION_MESSAGES.hidden)).toBeVisible();
  await expect(admin.getByRole("article", { name: `Thread by ${post.author} on LabLink` })).toHaveCount(0);
  const hidden = admin.getByRole("region", { name: "Recently hidden" });
  await expect(hidden.getByRole("row").filter({ hasText: post.words })).toContainText(note);
  await adminContext.close();

  // Its author is told, with the note.
  const authorContext = await browser.newContext({ javaScriptEnabled });
  const author = await authorContext.newPage();
  await signInAs(authorContext, request, baseURL!, post.email);
  await author.goto("/notifications");
  await expect(author.getByText(/A CampusFund moderator hid your post on “LabLink”/)).toContainText(note);
  await authorContext.close();
});
