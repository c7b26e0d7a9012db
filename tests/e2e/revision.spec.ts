/**
 * A live raise's material changes, in the browser with JavaScript on and off (ADR 050): the
 * founder's edit of a live project is sent for review (the public page keeps the approved title
 * until an admin approves it), and the investor who committed before the change reconfirms it
 * from the portfolio and the investment page. On a phone (390 px) and on a desktop; axe on the new
 * states.
 */
import type { APIRequestContext } from "@playwright/test";

import { expect, test } from "./fixtures";
import {
  createProjectViaApi,
  DEMO,
  DEMO_PASSWORD,
  expectWcag22AA,
  loginViaApi,
  projectBody,
  signUpViaApi,
} from "./helpers";

const SENT = "Your changes were sent for review.";

/** The demo admin approves the project's pending changes through the API. */
async function approveChanges(request: APIRequestContext, projectId: string) {
  const { token } = await loginViaApi(request, DEMO.admin, DEMO_PASSWORD);
  const headers = { Authorization: `Bearer ${token}` };
  const queue = (await (await request.get("/api/admin/revisions", { headers })).json()) as {
    revisions: { revision: { id: string; projectId: string } }[];
  };
  const mine = queue.revisions.find((r) => r.revision.projectId === projectId);
  expect(mine, "the change is in the queue").toBeTruthy();
  const res = await request.post(`/api/admin/revisions/${mine!.revision.id}/approve`, { headers });
  expect(res.status(), `approve failed: ${await res.text()}`).toBe(200);
}

test("a founder's change to a live raise waits for review, on a phone", async ({
  asFounder: founder,
  page,
  request,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const project = await createProjectViaApi(request, founder.token, { publish: true });
  await page.goto(`/my-projects/edit/${project._id}`);
  await page.getByRole("textbox", { name: "Project title" }).fill(`${project.title} (renamed)`);
  await page.getByRole("button", { name: "Save to project" }).click();
  await expect(page.getByText(SENT)).toBeVisible();

  // The public page keeps the approved title; the form shows the copy with its notice.
  const visitor = await request.get(`/project/${project.slug}`);
  expect(await visitor.text()).not.toContain(`${project.title} (renamed)`);
  await page.goto(`/my-projects/edit/${project._id}`);
  await expect(page.getByText("Your changes to the Title are waiting for review")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Project title" })).toHaveValue(`${project.title} (renamed)`);
  // axe runs in the page: with JavaScript on (the markup is the same without it).
  if (testInfo.project.use.javaScriptEnabled) await expectWcag22AA(page, "project form, changes waiting");

  if (testInfo.project.use.javaScriptEnabled) {
    // The admin's side of it: "Changes to live projects" lists the field live and as proposed.
    const { token } = await loginViaApi(request, DEMO.admin, DEMO_PASSWORD);
    const admin = await page
      .context()
      .browser()!
      .newContext({ viewport: { width: 390, height: 844 } });
    const origin = new URL(page.url()).origin;
    await admin.addCookies([{ name: "campusfund_session", value: token, url: origin }]);
    const queue = await admin.newPage();
    await queue.goto(`${origin}/admin#revisions`);
    await expect(queue.getByRole("heading", { name: `Changes to ${project.title}` })).toBeVisible();
    await expectWcag22AA(queue, "admin, changes to live projects");
    await admin.close();
  }
  await approveChanges(request, project._id);
  expect(await (await request.get(`/project/${project.slug}`)).text()).toContain(`${project.title} (renamed)`);
});

test("an investor reconfirms after an approved change, from the portfolio", async ({
  asInvestor: investor,
  page,
  request,
}, testInfo) => {
  const founder = await signUpViaApi(request, { role: "founder" });
  const project = await createProjectViaApi(request, founder.token, { publish: true });
  const bought = await request.post(`/api/projects/${project._id}/invest`, {
    data: { shares: 10, sharePrice: 10 },
    headers: { Authorization: `Bearer ${investor.token}`, "Idempotency-Key": crypto.randomUUID() },
  });
  expect(bought.status()).toBe(201);
  const edit = await request.put(`/api/projects/${project._id}`, {
    data: projectBody({
      title: project.title,
      fundingDeadline: project.fundingDeadline,
      shortDescription: "Smart locks for every dorm room, now with a pilot in two halls.",
    }),
    headers: { Authorization: `Bearer ${founder.token}` },
  });
  expect(edit.status(), await edit.text()).toBe(200);
  await approveChanges(request, project._id);

  await page.goto("/portfolio");
  const asked = page.getByRole("region", { name: "An investment needs your reconfirmation" });
  await expect(asked).toContainText(`${project.title} changed its Short description`);
  await asked.getByRole("link", { name: `Review and reconfirm your investment in ${project.title}` }).click();
  await expect(page.getByRole("heading", { name: "Please reconfirm your investment" })).toBeVisible();
  if (testInfo.project.use.javaScriptEnabled) await expectWcag22AA(page, "investment page, reconfirmation");
  await page.getByRole("button", { name: "Reconfirm my investment" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you: your investment stands" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Please reconfirm your investment" })).toHaveCount(0);
});
