/**
 * Project detail states (spec section 2, Project detail; section 9 presets): tabs as links, the
 * share calculator's presets, sold out, funding closed, not found. Both projects.
 */
import { type Page } from "@playwright/test";

import { expect, test } from "./fixtures";

import {
  apiProject,
  createProjectViaApi,
  expectNoSeriousViolations,
  money,
  PROJECTS,
  signInCookie,
  signUpViaApi,
  waitForHydration,
} from "./helpers";

const calculator = (page: Page) => page.getByRole("region", { name: "Calculate Your Investment" });
const figure = (page: Page, term: string) =>
  calculator(page).locator("dt", { hasText: term }).locator("xpath=following-sibling::dd[1]");

test("tabs are links: ?tab=team and friends show their section", async ({ page }) => {
  const p = PROJECTS.open;
  await page.goto(`/project/${p.slug}`);
  const tabs = page.getByRole("navigation", { name: "Project sections" });
  await expect(tabs.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");

  for (const [label, id] of [
    ["Team", "team"],
    ["Product", "product"],
    ["Market", "market"],
    ["Investment", "investment"],
  ] as const) {
    await tabs.getByRole("link", { name: label }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]tab=${id}\\b`));
    await expect(tabs.getByRole("link", { name: label })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("region", { name: `${label} section` })).toBeVisible();
  }
  await tabs.getByRole("link", { name: "Overview" }).click();
  await expect(page).not.toHaveURL(/tab=/);
  await expect(page.getByRole("region", { name: "Overview section" })).toBeVisible();

  // The regulation information of the investment tab.
  await page.goto(`/project/${p.slug}?tab=investment`);
  await expect(page.getByRole("region", { name: "Investment section" })).toBeVisible();
});

test(
  "the Team tab lists each person once: founders with their team roles, then the other members",
  { tag: "@read-only" },
  async ({ page }) => {
    // LabLink's seed names its two founders as creator, founders and team members (db/seed-data.ts).
    await page.goto("/project/lablink?tab=team");
    const team = page.getByRole("region", { name: "Team section" });
    await expect(team.getByRole("heading", { level: 4 })).toHaveText(["Daniel Osei", "Lena Fischer", "Marcus Hill"]);
    const founders = team.locator("section", { has: page.getByRole("heading", { level: 3, name: "Founders" }) });
    await expect(founders.getByRole("heading", { level: 4 })).toHaveText(["Daniel Osei", "Lena Fischer"]);
    await expect(founders.locator(".person-role")).toHaveText(["CEO", "CTO"]);
    const members = team.locator("section", { has: page.getByRole("heading", { level: 3, name: "Team Members" }) });
    await expect(members.getByRole("heading", { level: 4 })).toHaveText(["Marcus Hill"]);
  },
);

test("calculator presets are the purchase page's and change the total and the equity (6 decimals)", async ({
  page,
}, testInfo) => {
  const js = testInfo.project.name === "js";
  const p = PROJECTS.open; // $10 a share, $100 minimum: 10 shares, then 2×, 5× and 10×

  await page.goto(`/project/${p.slug}?tab=team`);
  await waitForHydration(page, js, "Calculate");
  const presets = calculator(page).getByRole("group", { name: "Preset share counts" });
  await expect(presets.getByRole("link")).toHaveText(["10 shares", "20 shares", "50 shares", "100 shares"]);

  for (const n of [10, 20, 50, 100]) {
    const label = `${n} shares`;
    await presets.getByRole("link", { name: label, exact: true }).click();
    await expect(calculator(page).getByLabel("Number of shares")).toHaveValue(String(n));
    await expect(figure(page, "Total investment")).toHaveText(money(n * p.sharePrice));
    await expect(figure(page, "Equity")).toHaveText(`${((n / p.totalShares) * p.equity).toFixed(6)}%`);
    await expect(presets.getByRole("link", { name: label, exact: true })).toHaveAttribute("aria-current", "true");
  }
  // The tab stays as it was.
  await expect(page.getByRole("region", { name: "Team section" })).toBeVisible();
});

test("typing a share count updates the figures (JS) or recalculates on submit (no JS)", async ({ page }, testInfo) => {
  const js = testInfo.project.name === "js";
  const p = PROJECTS.open;
  await page.goto(`/project/${p.slug}`);
  await waitForHydration(page, js, "Calculate");
  const input = calculator(page).getByLabel("Number of shares");
  await input.fill("250");
  if (!js) await calculator(page).getByRole("button", { name: "Calculate" }).click();
  await expect(input).toHaveValue("250");
  await expect(figure(page, "Total investment")).toHaveText(money(250 * p.sharePrice));
  await expect(figure(page, "Equity")).toHaveText(`${((250 / p.totalShares) * p.equity).toFixed(6)}%`);
});

test(
  "a visitor sees Login to Invest; an investor sees Invest with the amount",
  { tag: "@read-only" },
  async ({ page, context, request, baseURL }) => {
    const p = PROJECTS.open;
    await page.goto(`/project/${p.slug}`);
    await expect(page.getByRole("link", { name: "Login to Invest" }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Login to Invest" }).first()).toHaveAttribute(
      "href",
      new RegExp(`^/(signin|login)\\?redirectTo=`),
    );

    const investor = await signUpViaApi(request);
    await signInCookie(context, baseURL!, investor.token);
    await page.goto(`/project/${p.slug}?shares=100`);
    const invest = calculator(page).getByRole("link", { name: `Invest ${money(100 * p.sharePrice)}` });
    await expect(invest).toBeVisible();
    await expect(invest).toHaveAttribute("href", new RegExp(`^/purchase/${p.slug}\\?shares=100$`));
  },
);

test(
  "a total below the minimum shows a disabled Min button",
  { tag: "@read-only" },
  async ({ asInvestor: { page } }) => {
    const p = PROJECTS.journey; // $10 a share, $100 minimum
    await page.goto(`/project/${p.slug}?shares=3`);
    const min = calculator(page).getByRole("button", { name: `Min ${money(p.minInvestment)}` });
    await expect(min).toBeVisible();
    await expect(min).toBeDisabled();
  },
);

test("a sold-out project shows Sold Out", { tag: "@read-only" }, async ({ page }) => {
  const p = await apiProject(page.request, PROJECTS.soldOut.slug);
  expect(p.sharesRemaining).toBe(0);
  expect(p.daysLeft).toBeGreaterThan(0);
  await page.goto(`/project/${p.slug}`);
  const soldOut = page.getByRole("button", { name: "Sold Out" });
  await expect(soldOut.first()).toBeVisible();
  await expect(soldOut.first()).toBeDisabled();
});

test(
  "a project past its deadline below its goal shows Funding Closed and Closed",
  { tag: "@read-only" },
  async ({ page }) => {
    const p = await apiProject(page.request, PROJECTS.pastDeadline.slug);
    expect(p.daysLeft).toBe(0);
    await page.goto(`/project/${p.slug}`);
    const closed = page.getByRole("button", { name: "Funding Closed" });
    await expect(closed.first()).toBeVisible();
    await expect(closed.first()).toBeDisabled();
    await expect(
      page.getByRole("complementary").getByRole("definition").getByText("Closed", { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole("complementary").getByText("Funding completed")).toHaveCount(0);
    await expect(page.getByRole("link", { name: /^(Invest Now|Invest \$|Login to Invest)/ })).toHaveCount(0);
  },
);

test("an unknown slug shows Project Not Found with a link to /demo", async ({ page }) => {
  const res = await page.goto("/project/no-such-project-here");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Project Not Found" })).toBeVisible();
  const back = page.getByRole("main").getByRole("link", { name: "Back to Projects" });
  await expect(back).toHaveAttribute("href", "/demo");
  await back.click();
  await expect(page).toHaveURL(/\/demo$/);
});

test(
  "/purchase/unknown shows Project Not Found and Back to Projects",
  { tag: "@read-only" },
  async ({ asInvestor: { page } }) => {
    const res = await page.goto("/purchase/no-such-project-here");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Project Not Found" })).toBeVisible();
    await expect(
      page.getByText("The project you're trying to invest in doesn't exist or has been removed."),
    ).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Back to Projects" })).toHaveAttribute(
      "href",
      "/demo",
    );
  },
);

test(
  "an honest raise: the largest investor's share by the funding bar, the cap table on the investment tab",
  { tag: "@read-only" },
  async ({ page, request }, testInfo) => {
    const founder = await signUpViaApi(request, { role: "founder" });
    const project = await createProjectViaApi(request, founder.token, {
      publish: true,
      body: { fundingGoal: 20_000, sharePrice: 10, investmentTerms: { equityPercentage: 8, minInvestment: 100 } },
    });
    // Two backers: $340 and $660 of the $1,000 raised; 100 of 2,000 shares sold.
    for (const shares of [34, 66]) {
      const investor = await signUpViaApi(request);
      const res = await request.post(`/api/projects/${project._id}/invest`, {
        data: { shares, sharePrice: 10 },
        headers: { Authorization: `Bearer ${investor.token}`, "Idempotency-Key": crypto.randomUUID() },
      });
      expect(res.status(), await res.text()).toBe(201);
    }

    await page.goto(`/project/${project.slug}`);
    const funding = page.getByRole("region", { name: "Funding Progress" });
    await expect(funding.locator("dt", { hasText: "Investors" }).locator("xpath=following-sibling::dd[1]")).toHaveText(
      "2",
    );
    await expect(funding).toContainText("The largest investor holds 66% of the amount raised");

    await page.goto(`/project/${project.slug}?tab=investment`);
    const cap = page.getByRole("table", { name: "Ownership after the shares sold so far" });
    await expect(cap.getByRole("row")).toHaveText([
      "HolderOwnership",
      /Founders \(retained\)\s*99\.60%/,
      /Investors \(2 investors\)\s*0\.40%/,
    ]);
    if (testInfo.project.name === "js") await expectNoSeriousViolations(page, "project investment tab with cap table");
  },
);
