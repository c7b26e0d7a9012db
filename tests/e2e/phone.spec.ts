/**
 * The project page on a phone (390 px), JavaScript on and off: the sticky Invest bar (raised of
 * goal, days left, the sidebar's Invest link; none on a closed raise or for the project's founder),
 * tabs and category chips in one scrolling row without the page scrolling sideways, the public
 * investor list (names as the public API gives them, newest first, paged by links) and the counts
 * on the Updates and Discussion tabs.
 */
import { type APIRequestContext, type Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import {
  apiProject,
  createProjectViaApi,
  DEMO,
  expectNoSeriousViolations,
  money,
  PROJECTS,
  signInAs,
  signUpViaApi,
} from "./helpers";

test.use({ viewport: { width: 390, height: 844 } });

const investBar = (page: Page) => page.getByRole("group", { name: "Invest" });

/** The page never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [
    document.scrollingElement!.scrollWidth,
    window.innerWidth,
  ]);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** Every item of a list sits on the first one's row. */
async function expectOneRow(page: Page, list: string) {
  const tops = await page.locator(`${list} > li`).evaluateAll((lis) => lis.map((li) => li.getBoundingClientRect().top));
  expect(tops.length).toBeGreaterThan(3);
  expect(new Set(tops.map((t) => Math.round(t))).size).toBe(1);
}

test(
  "a phone keeps an Invest bar at the bottom of the project page, with raised of goal",
  { tag: "@read-only" },
  async ({ page }) => {
    const p = await apiProject(page.request, PROJECTS.open.slug);
    const { fundingGoal } = (await (await page.request.get(`/api/projects/${p.slug}`)).json()) as {
      fundingGoal: number;
    };
    await page.goto(`/project/${p.slug}`);
    const bar = investBar(page);
    await expect(bar).toBeVisible();
    await expect(bar).toContainText(`${money(p.fundingCurrent)} raised of ${money(fundingGoal)}`);
    await expect(bar).toContainText(`${p.daysLeft} days left`);
    // A visitor's Invest is the sidebar's: sign in, then back to the purchase.
    const invest = bar.getByRole("link", { name: "Login to Invest" });
    const sidebar = page.getByRole("complementary", { name: "Funding and investment" });
    await expect(invest).toHaveAttribute(
      "href",
      (await sidebar.getByRole("link", { name: "Login to Invest" }).getAttribute("href"))!,
    );

    // Still at the bottom of the screen far down the page (the calculator is further still).
    await page.getByRole("navigation", { name: "Project sections" }).scrollIntoViewIfNeeded();
    await expect(bar).toBeInViewport();
    const box = (await bar.boundingBox())!;
    expect(Math.round(box.y + box.height)).toBeLessThanOrEqual(844);
    expect(box.y + box.height).toBeGreaterThan(844 - 2);
  },
);

test("the Invest bar hides while a field has focus (the phone's keyboard is up)", async ({ page }) => {
  await page.goto(`/project/${PROJECTS.open.slug}`);
  await expect(investBar(page)).toBeVisible();
  await page.getByRole("spinbutton").first().focus();
  await expect(investBar(page)).toBeHidden();
});

test(
  "no Invest bar on a closed raise or for the project's own founder",
  { tag: "@read-only" },
  async ({ page, context, baseURL }) => {
    await page.goto(`/project/${PROJECTS.pastDeadline.slug}`);
    await expect(page.getByRole("button", { name: "Funding Closed" }).first()).toBeVisible();
    await expect(investBar(page)).toHaveCount(0);

    await page.goto(`/project/${PROJECTS.soldOut.slug}`);
    await expect(page.getByRole("button", { name: "Sold Out" }).first()).toBeVisible();
    await expect(investBar(page)).toHaveCount(0);

    await signInAs(context, page.request, baseURL!, DEMO.founder);
    await page.goto(`/project/${PROJECTS.founders.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: PROJECTS.founders.title })).toBeVisible();
    await expect(investBar(page)).toHaveCount(0);
  },
);

test("tabs and category chips stay in one row at 390 px; the page never scrolls sideways", async ({ page }) => {
  await page.goto(`/project/${PROJECTS.open.slug}`);
  await expectOneRow(page, ".link-tabs ul");
  await expectNoSidewaysScroll(page);
  // The last tab is reachable (the row scrolls) and works.
  await page
    .getByRole("navigation", { name: "Project sections" })
    .getByRole("link", { name: /^Discussion/ })
    .click();
  await expect(page).toHaveURL(/[?&]tab=discussion\b/);
  await expectNoSidewaysScroll(page);

  await page.goto("/demo");
  await expectOneRow(page, ".filter-bar ul");
  await expectOneRow(page, ".pager ul");
  await expectNoSidewaysScroll(page);
});

test("'Funding Closed' stays on one line in a project card at 390 px", { tag: "@read-only" }, async ({ page }) => {
  await page.goto(`/demo?q=${PROJECTS.pastDeadline.title}`);
  const closed = page.getByRole("button", { name: "Funding Closed" }).first();
  await expect(closed).toBeVisible();
  // One client rectangle per line of its text.
  const lines = await closed.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return range.getClientRects().length;
  });
  expect(lines).toBe(1);
  await expectNoSidewaysScroll(page);
});

/** A fresh published project with `count` investments: one investor's, then the last by another. */
async function projectWithInvestors(request: APIRequestContext, count: number) {
  const founder = await signUpViaApi(request, { role: "founder" });
  const project = await createProjectViaApi(request, founder.token, { publish: true });
  const first = await signUpViaApi(request, { firstName: "Zora", lastName: "Quill" });
  const last = await signUpViaApi(request, { firstName: "Yusuf", lastName: "Okafor" });
  const buy = async (token: string) => {
    const res = await request.post(`/api/projects/${project._id}/invest`, {
      data: { shares: 10, sharePrice: 10 },
      headers: { Authorization: `Bearer ${token}`, "Idempotency-Key": crypto.randomUUID() },
    });
    expect(res.status(), await res.text()).toBe(201);
  };
  for (let i = 0; i < count - 1; i++) await buy(first.token);
  await buy(last.token);
  return { founder, project };
}

test("the Investment tab lists the investors by public name, newest first, twenty a page", async ({
  page,
  request,
}) => {
  const { project } = await projectWithInvestors(request, 21);
  const api = (await (await request.get(`/api/projects/${project.slug}/investors`)).json()) as {
    investors: { name: string }[];
  };
  expect(api.investors[0]!.name).toBe("Yusuf O.");

  await page.goto(`/project/${project.slug}?tab=investment`);
  const list = page.getByRole("region", { name: "Investors (21)" });
  await expect(list).toBeVisible();
  const names = list.locator(".investor-name");
  await expect(names).toHaveCount(20);
  await expect(names.first()).toHaveText("Yusuf O.");
  await expect(names.nth(1)).toHaveText("Zora Q.");
  await expect(list).not.toContainText("@");

  const pages = list.getByRole("navigation", { name: "Investor list pages" });
  await pages.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/[?&]investors=2\b/);
  await expect(page.getByRole("region", { name: "Investors (21)" }).locator(".investor-name")).toHaveText(["Zora Q."]);
  await expect(pages.getByRole("link", { name: "Page 2", exact: true })).toHaveAttribute("aria-current", "page");

  // A page number that is no page is the first page.
  for (const bad of ["0", "-1", "abc", "99999999", "2.5"]) {
    const res = await page.goto(`/project/${project.slug}?tab=investment&investors=${bad}`);
    expect(res!.status()).toBe(200);
    await expect(page.getByRole("region", { name: "Investors (21)" }).locator(".investor-name")).toHaveCount(20);
  }
});

test("the Updates and Discussion tabs carry their counts; a locked update offers Invest to read", async ({
  page,
  request,
}) => {
  const founder = await signUpViaApi(request, { role: "founder" });
  const project = await createProjectViaApi(request, founder.token, { publish: true });
  const asker = await signUpViaApi(request);
  const auth = (t: string) => ({ Authorization: `Bearer ${t}` });
  for (const [title, investorsOnly] of [
    ["Open news", false],
    ["For backers", true],
    ["More news", false],
  ] as const) {
    const res = await request.post(`/api/projects/${project._id}/updates`, {
      data: { title, body: `${title}: the body.`, investorsOnly },
      headers: auth(founder.token),
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const asked = await request.post(`/api/projects/${project._id}/discussion`, {
    data: { body: "What is the runway?" },
    headers: auth(asker.token),
  });
  expect(asked.status(), await asked.text()).toBe(201);

  await page.goto(`/project/${project.slug}`);
  const tabs = page.getByRole("navigation", { name: "Project sections" });
  await expect(tabs.getByRole("link", { name: "Updates (3)" })).toBeVisible();
  await expect(tabs.getByRole("link", { name: "Discussion (1)" })).toBeVisible();

  await tabs.getByRole("link", { name: "Updates (3)" }).click();
  await expect(page).toHaveURL(/[?&]tab=updates\b/);
  const read = page.getByRole("link", { name: "Invest to read" });
  await expect(read).toHaveCount(1);
  await expect(read).toHaveAttribute("href", new RegExp(`/purchase/${project.slug}\\b`));
  await expect(page.getByText("For backers")).toHaveCount(0);
});

test("axe: the project page on a phone (Invest bar, investor list, tab counts)", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "js", "axe injects a script: js project only");
  for (const path of [`/project/${PROJECTS.open.slug}`, `/project/${PROJECTS.open.slug}?tab=investment`]) {
    await page.goto(path);
    await expectNoSeriousViolations(page, path);
  }
});
