/**
 * Review before listing end to end (ADR 030), with JavaScript on and off: a founder submits a
 * project with the checklist and the lock confirmation; the demo admin requests changes on /admin;
 * the founder sees the note, fixes the project and resubmits; the admin approves; a visitor finds
 * it by search; an investor buys. axe on the builder's submit section, the page in review and
 * /admin.
 */
import { REVIEW_MESSAGES } from "../../domain/projects/review";
import type { Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import { createProjectViaApi, DEMO, expectNoSeriousViolations, signInAs, signUpViaApi } from "./helpers";

/** axe runs in the page: only where the page runs scripts (the no-JS project checks the markup's behaviour). */
async function axe(page: Page, javaScriptEnabled: boolean, label: string) {
  if (javaScriptEnabled) await expectNoSeriousViolations(page, label);
}

test("a founder submits, the admin requests changes, the founder resubmits, the admin approves, an investor buys", async ({
  asFounder: founder,
  page,
  browser,
  request,
  baseURL,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000);
  const draft = await createProjectViaApi(request, founder.token, { body: { faqs: [] } });

  // The founder: the checklist and the terms that lock, then the confirmation.
  await page.goto(`/my-projects/edit/${draft._id}#submit`);
  const submit = page.getByRole("region", { name: "Submit for review" });
  await expect(submit.getByText("At least one FAQ")).toBeVisible();
  await expect(submit.getByRole("definition").first()).toHaveText("$10");
  await axe(page, javaScriptEnabled, "the builder's submit section");
  await submit.getByLabel(/once anyone invests, the share price/).check();
  await submit.getByRole("button", { name: "Submit for review" }).click();
  await expect(page).toHaveURL(/\/my-projects\?saved=submitted$/);
  await expect(page.getByText(REVIEW_MESSAGES.submitted)).toBeVisible();

  // In review: read-only, with Withdraw.
  await page.goto(`/my-projects/edit/${draft._id}`);
  await expect(page.getByRole("heading", { name: "Your project is in review" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Withdraw from review to edit" })).toBeVisible();
  await expect(page.getByLabel("Project title")).toHaveCount(0);
  await axe(page, javaScriptEnabled, "a project in review");

  // The admin, in a browser of their own: request changes with a note.
  const adminContext = await browser.newContext({ javaScriptEnabled });
  const admin = await adminContext.newPage();
  await signInAs(adminContext, request, baseURL!, DEMO.admin);
  await admin.goto("/admin");
  const card = admin.getByRole("article", { name: draft.title });
  await expect(card.getByText("At least one FAQ")).toBeVisible();
  await axe(admin, javaScriptEnabled, "/admin");
  // The note is required: a blank one (spaces get past the browser's own check) is refused beside it.
  await card.getByLabel("Note for the founder").fill("   ");
  await card.getByRole("button", { name: `Request changes to ${draft.title}` }).click();
  await expect(card.getByText(REVIEW_MESSAGES.reasonRequired)).toBeVisible();
  const note = "Please add a FAQ: who books the rooms and what happens to a no-show.";
  await card.getByLabel("Note for the founder").fill(note);
  await card.getByRole("button", { name: `Request changes to ${draft.title}` }).click();
  await expect(admin).toHaveURL(/\/admin\?done=changes#reviews$/);
  await expect(admin.getByRole("article", { name: draft.title })).toHaveCount(0);

  // The founder: the note on the builder; add a FAQ, submit again.
  await page.goto(`/my-projects/edit/${draft._id}`);
  await expect(page.getByText(note)).toBeVisible();
  await page.getByRole("group", { name: "FAQ 1" }).getByLabel("Question").fill("Who books the rooms?");
  await page.getByRole("group", { name: "FAQ 1" }).getByLabel("Answer").fill("Students, in the app.");
  await page.getByLabel(/once anyone invests, the share price/).check();
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page).toHaveURL(/\/my-projects\?saved=submitted$/);

  // The admin approves.
  await admin.goto("/admin");
  await admin.getByRole("button", { name: `Approve ${draft.title}` }).click();
  await expect(admin).toHaveURL(/\/admin\?done=approved#reviews$/);
  await expect(admin.getByRole("row", { name: new RegExp(`Approved project`) }).first()).toBeVisible();
  await adminContext.close();

  // A visitor finds it by its title.
  const visitorContext = await browser.newContext({ javaScriptEnabled });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`${baseURL}/demo?q=${encodeURIComponent(draft.title)}`);
  await expect(visitor.getByRole("heading", { name: draft.title })).toBeVisible();
  const { slug } = (await (await request.get(`/api/projects/${draft._id}`)).json()) as { slug: string };
  await visitor.goto(`${baseURL}/project/${slug}`);
  await expect(visitor.getByRole("heading", { level: 1, name: draft.title })).toBeVisible();
  await visitorContext.close();

  // An investor buys (the purchase's own pages are the investor journey's test).
  const investor = await signUpViaApi(request, { role: "investor" });
  const bought = await request.post(`/api/projects/${slug}/invest`, {
    headers: { Authorization: `Bearer ${investor.token}`, "Idempotency-Key": `review-${Date.now()}` },
    data: { shares: 10, sharePrice: 10 },
  });
  expect(bought.status()).toBe(201);
});

test(
  "the seeded queue: a project in review waits for the admin",
  { tag: "@read-only" },
  async ({ asAdmin: { page } }) => {
    await page.goto("/admin");
    await expect(page.getByRole("article", { name: "FixItDock" })).toBeVisible();
  },
);

test(
  "the seeded project returned with a note shows the note to its founder",
  { tag: "@read-only" },
  async ({ page, context, request, baseURL }) => {
    await signInAs(context, request, baseURL!, "changesfounder@campusfund.dev");
    await page.goto("/my-projects");
    const card = page.getByRole("article", { name: "LeftoverLink" });
    await expect(card.locator(".status-badge")).toHaveText("Draft");
    await expect(card.getByText(/Changes requested:.*investor deck/)).toBeVisible();
  },
);
