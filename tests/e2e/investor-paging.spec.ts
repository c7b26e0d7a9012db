/**
 * Every list bounded (ADR 035): a project's investor list (the project page's Investment tab) and the founder
 * dashboard's investor table page 20 at a time by links, with JavaScript on and off (both projects
 * run every test). Each test raises its own project: a fresh founder's, approved by the demo admin,
 * with 24 investments by two fresh investors (12 each, the older ones by Paige, then Quinn's).
 */
import type { APIRequestContext } from "@playwright/test";

import { expect, test } from "./fixtures";
import { createProjectViaApi, signInCookie, signUpViaApi } from "./helpers";

async function raisedProject(request: APIRequestContext) {
  const founder = await signUpViaApi(request, { role: "founder", firstName: "Robin", lastName: "Quinn" });
  const project = await createProjectViaApi(request, founder.token, { publish: true });
  for (const [firstName, lastName] of [
    ["Paige", "One"],
    ["Quinn", "Two"],
  ] as const) {
    const investor = await signUpViaApi(request, { firstName, lastName });
    for (let i = 0; i < 12; i++) {
      const res = await request.post(`/api/projects/${project._id}/invest`, {
        data: { shares: 10, amount: 100 },
        headers: { Authorization: `Bearer ${investor.token}`, "Idempotency-Key": `${investor.user.id}-${i}` },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
  }
  return { founder, project };
}

test("the project page's investors: 20 a page, Next and a page number lead on, past the end links back", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { project } = await raisedProject(request);

  await page.goto(`/project/${project.slug}?tab=investment`);
  const list = page.locator("#investors");
  await expect(list.getByRole("heading", { name: "Investors (24)" })).toBeVisible();
  await expect(list.locator(".investor-row")).toHaveCount(20);
  await expect(list.locator(".investor-name").first()).toHaveText("Quinn T.");

  const pages = page.getByRole("navigation", { name: "Investor list pages" });
  await pages.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/[?&]investors=2/);
  await expect(list.locator(".investor-row")).toHaveCount(4);
  await expect(list.locator(".investor-name")).toHaveText(["Paige O.", "Paige O.", "Paige O.", "Paige O."]);

  await page.goto(`/project/${project.slug}?tab=investment&investors=5`);
  await expect(list.getByText("No investors on this page.")).toBeVisible();
  await pages.getByRole("link", { name: "Page 1", exact: true }).click();
  await expect(page).toHaveURL(/\?tab=investment#investors$/); // the first page is the plain tab
  await expect(list.locator(".investor-row")).toHaveCount(20);
});

test("the founder dashboard's investor table: 20 a page, Next leads on, the count says which", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { founder } = await raisedProject(request);
  await signInCookie(context, baseURL!, founder.token);

  await page.goto("/founder-dashboard");
  const table = page.getByRole("region", { name: "Investors" }).getByRole("table");
  await expect(table.locator("tbody tr")).toHaveCount(20);
  await expect(table.locator("tbody th").first()).toHaveText("Quinn T.");
  await expect(page.getByText("Investments 1–20 of 24, newest first. The CSV lists them all.")).toBeVisible();

  await page.getByRole("navigation", { name: "Investor table pages" }).getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/founder-dashboard\?investors=2#dash-investors$/);
  await expect(table.locator("tbody tr")).toHaveCount(4);
  await expect(table.locator("tbody th")).toHaveText(["Paige O.", "Paige O.", "Paige O.", "Paige O."]);
  await expect(page.getByText("Investments 21–24 of 24, newest first.")).toBeVisible();
});
