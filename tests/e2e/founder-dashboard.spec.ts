/**
 * The founder dashboard (/founder-dashboard) and its CSV, with JavaScript on and off (both
 * projects run every test): the demo founder's own project (Quietly, seeded with investments), a
 * founder without a project, and an investor who is sent away.
 */
import { readFile } from "node:fs/promises";

import type { APIRequestContext, Locator } from "@playwright/test";

import { expect, test } from "./fixtures";
import { apiProject, DEMO, money, PROJECTS, signInAs } from "./helpers";

const CSV_HEADER = "Investor,Shares,Amount (USD),Date";

async function publicInvestorCount(request: APIRequestContext, slug: string) {
  const res = await request.get(`/api/projects/${slug}/investors`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { count: number }).count;
}

test("the demo founder sees their raise, the chart and its table, and the investors", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await signInAs(context, request, baseURL!, DEMO.founder);
  const project = await apiProject(request, PROJECTS.founders.slug);
  const investments = await publicInvestorCount(request, PROJECTS.founders.slug);
  expect(investments, "the seed gives the demo founder's project investments").toBeGreaterThan(0);

  await page.goto("/founder-dashboard");
  await expect(page).toHaveTitle("Founder Dashboard | CampusFund");
  await expect(page.getByRole("heading", { level: 1, name: "Founder Dashboard" })).toBeVisible();
  await expect(page.getByText(PROJECTS.founders.title, { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "View Public Page" })).toHaveAttribute(
    "href",
    `/project/${PROJECTS.founders.slug}`,
  );
  await expect(page.getByRole("link", { name: "Edit Project" })).toHaveAttribute(
    "href",
    `/my-projects/edit/${project._id}`,
  );

  // the stat cards
  const summary = page.getByRole("region", { name: "Summary" });
  const card = (label: string) => summary.getByRole("listitem").filter({ hasText: label });
  await expect(card("Raised")).toContainText(money(project.fundingCurrent));
  await expect(page.getByRole("progressbar", { name: `Funding progress of ${PROJECTS.founders.title}` })).toBeVisible();
  await expect(card("Shares sold")).toContainText(project.sharesSold.toLocaleString("en-US"));
  await expect(card("Days left")).toContainText(String(project.daysLeft));
  await expect(card("Investors")).toBeVisible();
  await expect(card("Average investment")).toBeVisible();

  // the chart: one SVG drawn for this width, named by its summary
  const chart = page.getByRole("img", { name: new RegExp(`^Cumulative funding of ${PROJECTS.founders.title}`) });
  await expect(chart).toHaveCount(1);
  await expect(chart).toBeVisible();
  // its table alternative (a <details>: opens without JavaScript too)
  await page.getByText("Funding over time as a table").click();
  const points = page.getByRole("group").filter({ hasText: "Funding over time as a table" }).getByRole("table");
  await expect(points).toBeVisible();
  await expect(points.getByRole("row").nth(1)).toContainText("$0");

  // the investors, newest first, one row per investment
  const investors = page.getByRole("region", { name: "Investors" }).getByRole("table");
  await expect(investors.getByRole("columnheader")).toHaveText(["Investor", "Shares", "Amount", "Date"]);
  await expect(investors.locator("tbody tr")).toHaveCount(Math.min(investments, 20));
  await expect(investors.locator("tbody th").first()).toHaveText(/^\S.* [A-Z]\.$/);
});

test("the demo founder downloads the investors as CSV", async ({ page, context, request, baseURL }) => {
  await signInAs(context, request, baseURL!, DEMO.founder);
  const investments = await publicInvestorCount(request, PROJECTS.founders.slug);

  await page.goto("/founder-dashboard");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download CSV" }).click(),
  ]);

  expect(download.suggestedFilename()).toBe(`${PROJECTS.founders.slug}-investors.csv`);
  const lines = (await readFile((await download.path())!, "utf8")).split("\r\n");
  expect(lines[0]).toBe(CSV_HEADER);
  expect(lines.at(-1), "the last row ends with CRLF too").toBe("");
  const rows = lines.slice(1, -1);
  expect(rows).toHaveLength(investments);
  // a name (never starting like a formula), whole shares, dollars with cents, an ISO date
  for (const row of rows) expect(row).toMatch(/^[^,=+\-@\t\r][^,]*,\d+,\d+\.\d{2},\d{4}-\d{2}-\d{2}$/);
});

test("the CSV answers as an attachment", { tag: "@read-only" }, async ({ context, request, baseURL }) => {
  await signInAs(context, request, baseURL!, DEMO.founder);
  const res = await context.request.get("/founder-dashboard/investors.csv");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(res.headers()["content-disposition"]).toBe(`attachment; filename="${PROJECTS.founders.slug}-investors.csv"`);
});

test(
  "the CSV answers only to the project's founder: another founder naming it gets the spec's message",
  { tag: "@read-only" },
  async ({ asFounder: { page } }) => {
    const refused = await page.request.get(`/founder-dashboard/investors.csv?project=${PROJECTS.founders.slug}`);
    expect(refused.status()).toBe(403);
    expect(await refused.text()).toBe("You do not have permission to edit this project");
  },
);

test("a founder without a project is offered to create one", { tag: "@read-only" }, async ({ asFounder: { page } }) => {
  await page.goto("/founder-dashboard");

  await expect(page.getByRole("heading", { level: 1, name: "Founder Dashboard" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Create your project" })).toHaveAttribute("href", "/my-projects/create");
});

test(
  "an investor is sent to the portfolio with the founders-only message",
  { tag: "@read-only" },
  async ({ asInvestor: { page } }) => {
    await page.goto("/founder-dashboard");

    await expect(page).toHaveURL(/\/portfolio\?notice=founders-only$/);
    await expect(page.getByText("This section is only available for founders.")).toBeVisible();
  },
);

/** How many lines a control's text takes (its text's boxes by their top edge). */
async function linesOf(locator: Locator): Promise<number> {
  return locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
  });
}

for (const width of [360, 390, 1280]) {
  test(
    `the status badge of a closed raise reads on one line at ${width} px`,
    { tag: "@read-only" },
    async ({ page, context, request, baseURL }) => {
      await page.setViewportSize({ width, height: 900 });
      await signInAs(context, request, baseURL!, DEMO.admin);
      await page.goto(`/founder-dashboard?project=${PROJECTS.pastDeadline.slug}`);
      const badge = page.locator(".dash-project .status-badge");
      await expect(badge).toHaveText("Closed (goal not reached)");
      expect(await linesOf(badge)).toBe(1);
    },
  );
}
