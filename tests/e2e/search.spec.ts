/**
 * Finding projects: a visitor searches, sorts and pages in /demo, and the URL
 * keeps the search, the order and the category through every link; a search without results says
 * "No projects found" and offers to clear it. JavaScript on and off (the form is a GET form); axe
 * on a searched page in the js project.
 *
 * "campus" finds more than one page of the seeded projects (db/seed-data.ts); the counts are read
 * as patterns because other tests add projects while these run.
 */
import type { Page } from "@playwright/test";

import { expect, test } from "./fixtures";

import { expectNoSeriousViolations } from "./helpers";

/** The funding percentages the cards show, in order (each card's progress bar). */
async function fundedPercents(page: Page): Promise<number[]> {
  const bars = page.getByRole("main").getByRole("progressbar");
  return await bars.evaluateAll((els) => els.map((e) => Number(e.getAttribute("aria-valuenow"))));
}

/** The result line (the browser's status message). */
const status = (page: Page) => page.getByRole("main").getByRole("status");

function params(page: Page): Record<string, string> {
  return Object.fromEntries(new URL(page.url()).searchParams);
}

test("a visitor searches, sorts by most funded, pages, and changes category: the URL keeps it all", async ({
  page,
}) => {
  await page.goto("/demo");
  await page.getByLabel("Search projects").fill("campus");
  await page.getByLabel("Sort by").selectOption({ label: "Most funded" });
  await page.getByRole("button", { name: "Search", exact: true }).click();

  await expect(page).toHaveURL(/\/demo\?q=campus&sort=funded$/);
  await expect(status(page)).toHaveText(/^\d+ projects match “campus” \(showing 1–5\)$/);
  await expect(page.getByRole("main").getByRole("article")).toHaveCount(5);
  const first = await fundedPercents(page);
  expect(first).toEqual([...first].sort((a, b) => b - a));

  // page 2 keeps the search and the order, and continues it
  await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  expect(params(page)).toEqual({ q: "campus", sort: "funded", page: "2" });
  await expect(status(page)).toHaveText(/^\d+ projects match “campus” \(showing 6–\d+\)$/);
  await expect(page.getByLabel("Search projects")).toHaveValue("campus");
  await expect(page.getByLabel("Sort by")).toHaveValue("funded");
  const second = await fundedPercents(page);
  expect(second).toEqual([...second].sort((a, b) => b - a));
  expect(Math.max(...second)).toBeLessThanOrEqual(Math.min(...first));

  // a category keeps the search and the order, and starts again at page 1
  await page
    .getByRole("navigation", { name: "Filter projects by category" })
    .getByRole("link", { name: "Fintech" })
    .click();
  await expect(page).toHaveURL(/category=fintech/);
  expect(params(page)).toEqual({ category: "fintech", q: "campus", sort: "funded" });
  await expect(status(page)).toHaveText(/^\d+ projects? match(es)? “campus” in Fintech$/);

  // a new search from there stays in the category
  await page.getByLabel("Search projects").fill("payroll");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/q=payroll/);
  expect(params(page)).toEqual({ q: "payroll", sort: "funded", category: "fintech" });
  await expect(page.getByRole("heading", { name: "Stipend", level: 2 })).toBeVisible();
});

test(
  "ending soon, from a shared URL: open projects, the soonest deadline first",
  { tag: "@read-only" },
  async ({ page }) => {
    await page.goto("/demo?sort=ending");
    await expect(page.getByLabel("Sort by")).toHaveValue("ending");
    const days = await page
      .getByRole("main")
      .getByRole("article")
      .evaluateAll((cards) => cards.map((c) => c.textContent ?? ""));
    // every card on the first page is open (has days left), soonest first
    const left = days.map((t) => Number(/Days left\s*(\d+)/.exec(t)?.[1] ?? NaN));
    expect(left.every((n) => n > 0)).toBe(true);
    expect(left).toEqual([...left].sort((a, b) => a - b));
  },
);

test("a search without results says No projects found and offers to clear it, in the same category", async ({
  page,
}) => {
  await page.goto("/demo/fintech");
  await page.getByLabel("Search projects").fill("zebra llama");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByRole("heading", { name: "No projects found" })).toBeVisible();
  expect(params(page)).toEqual({ q: "zebra llama", sort: "", category: "fintech" });
  await expect(page.getByText("No projects match “zebra llama” in Fintech.")).toBeVisible();

  await page.getByRole("link", { name: "Clear the search" }).click();
  await expect(page).toHaveURL(/\/demo\?category=fintech$/);
  await expect(page.getByLabel("Search projects")).toHaveValue("");
  await expect(status(page)).toHaveText(/^Showing 1–\d+ of \d+ projects? in Fintech$/);
});

test("hostile search text is a search like any other", { tag: "@read-only" }, async ({ page }) => {
  for (const q of ['NEAR(a b) "', "title:campus OR -x*", "😀"]) {
    const res = await page.goto(`/demo?${new URLSearchParams({ q })}`);
    expect(res!.status(), q).toBe(200);
    await expect(page.getByRole("heading", { name: "Explore Projects" })).toBeVisible();
  }
});

test("axe: /demo with a search, with results and without", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "axe injects a script: js project only");
  await page.goto("/demo?q=campus&sort=funded&page=2");
  await expect(status(page)).toContainText("match “campus”");
  await expectNoSeriousViolations(page, "/demo?q=campus&sort=funded&page=2");
  await page.goto("/demo?category=health&q=zebra");
  await expect(page.getByRole("heading", { name: "No projects found" })).toBeVisible();
  await expectNoSeriousViolations(page, "/demo (no results)");
});
