/**
 * The portfolio's AI Tools tab, with JavaScript on and off: the sector donut as
 * server SVG, the diversification score, the what-if table, the insights (the fallback here: there
 * is no model locally) with their source, a recommended sector leading to a browse page with
 * projects, the report and trends views (a <dialog> with JavaScript, their own URL without), the
 * Regenerate form, the empty state, and axe.
 */
import { expect, test } from "./fixtures";

import { DEMO, expectNoSeriousViolations, signInAs } from "./helpers";

const AI = "/portfolio?tab=ai";
const FALLBACK = [
  "Diversify across several sectors so that one setback cannot sink your whole portfolio.",
  "Review your portfolio regularly to see how each startup is progressing against its plan.",
  "Keep a balanced mix of risk levels: pair a few high-risk bets with steadier, lower-risk projects.",
];

test.describe("an investor with holdings", () => {
  test.beforeEach(async ({ context, request, baseURL }) => {
    await signInAs(context, request, baseURL!, DEMO.investor);
  });

  test("sees the chart, the score, the what-if table and the fallback insights", async ({ page }) => {
    await page.goto(AI);
    await expect(page.getByRole("link", { name: "AI Tools" })).toHaveAttribute("aria-current", "page");

    // The donut: server SVG with a fixed viewBox, a title, one <title> per slice, a table alternative.
    const donut = page.getByTestId("sector-donut");
    await expect(donut).toBeVisible();
    await expect(donut).toHaveAttribute("viewBox", "0 0 240 240");
    await expect(donut).toHaveAccessibleName(/^Portfolio by sector: .+ \d+\.\d%/);
    expect(await donut.locator("path > title").count()).toBeGreaterThan(0);
    await expect(donut.locator("path > title").first()).toHaveText(/^.+: \d+\.\d%$/);
    await page.getByText("Sectors as a table").click();
    await expect(page.getByRole("columnheader", { name: "Invested" })).toBeVisible();

    // The score ring and its label, the risk profile and concentration.
    await expect(page.getByRole("img", { name: /^Diversification score \d+%: (Low|Moderate|High)$/ })).toBeVisible();
    await expect(page.getByText(/^(Low|Moderate|High) risk, score \d+ \/ 100$/)).toBeVisible();
    await expect(page.getByText("Effective number of holdings")).toBeVisible();

    // What if one company fails: worst first.
    const whatIf = page.getByRole("table", { name: "What if one company fails?" });
    await expect(whatIf).toBeVisible();
    const shares = await whatIf.locator("tbody tr td:last-child").allTextContents();
    expect(shares.length).toBeGreaterThan(0);
    const values = shares.map((s) => Number.parseFloat(s));
    expect(values).toEqual([...values].sort((a, b) => b - a));

    // Insights: the documented fallback, marked as such.
    await expect(page.getByText("General guidance (AI unavailable)")).toBeVisible();
    await expect(page.getByText(FALLBACK[0]!)).toBeVisible();
    await expect(page.getByText("Failed to load AI insights. Please try again later.")).toHaveCount(0);
  });

  test("insights: a list without JavaScript, a carousel with it", async ({ page }, testInfo) => {
    const js = testInfo.project.name === "js";
    await page.goto(AI);
    if (!js) {
      for (const text of FALLBACK) await expect(page.getByText(text)).toBeVisible();
      await expect(page.getByRole("button", { name: /Next/ })).toHaveCount(0);
      return;
    }
    const carousel = page.getByRole("group", { name: "Insights" });
    await expect(carousel.getByText(FALLBACK[0]!)).toBeVisible();
    await expect(carousel.getByText(FALLBACK[1]!)).toHaveCount(0);
    await carousel.getByRole("button", { name: "Next insight" }).click();
    await expect(carousel.getByText(FALLBACK[1]!)).toBeVisible();
    await carousel.getByRole("button", { name: "Previous insight" }).click();
    await carousel.getByRole("button", { name: "Previous insight" }).click();
    await expect(carousel.getByText(FALLBACK[2]!)).toBeVisible(); // wrapped to the last
  });

  test("the carousel advances every 8 s, pauses on hover, and not at all under reduced motion", async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "the carousel needs JavaScript");
    await page.clock.install();
    await page.goto(AI);
    const carousel = page.getByRole("group", { name: "Insights" });
    await expect(carousel.getByRole("button", { name: "Pause rotation" })).toBeVisible();
    await expect(carousel.getByText(FALLBACK[0]!)).toBeVisible();
    await page.clock.runFor(8_100);
    await expect(carousel.getByText(FALLBACK[1]!)).toBeVisible();

    await carousel.hover();
    await page.clock.runFor(16_500);
    await expect(carousel.getByText(FALLBACK[1]!)).toBeVisible();
    await page.mouse.move(0, 0);

    await page.emulateMedia({ reducedMotion: "reduce" });
    await expect(carousel.getByRole("button", { name: "Pause rotation" })).toHaveCount(0);
    await page.clock.runFor(20_000);
    await expect(carousel.getByText(FALLBACK[1]!)).toBeVisible();
    await expect(carousel.getByRole("button", { name: "Next insight" })).toBeVisible();
  });

  test("a recommended sector leads to a browse page with projects", async ({ page }, testInfo) => {
    await page.goto(AI);
    // With JavaScript the insights list collapses into the carousel at hydration, which moves the
    // sector links up the page: a click aimed before that lands wherever the link used to be.
    if (testInfo.project.name === "js") {
      await expect(
        page.getByRole("group", { name: "Insights" }).getByRole("button", { name: "Pause rotation" }),
      ).toBeVisible();
    }
    await page.getByRole("link", { name: "Energy", exact: true }).click();
    await expect(page).toHaveURL(/\/explore\/sector\/energy$/);
    await expect(page.getByText(/^Showing 1–\d+ of \d+ projects? in Sustainability$/)).toBeVisible();
    await expect(page.getByText("No projects found")).toHaveCount(0);
  });

  test("the analysis report and the trends report: a dialog with JavaScript, a page without", async ({
    page,
  }, testInfo) => {
    const js = testInfo.project.name === "js";
    await page.goto(AI);
    await page.getByRole("link", { name: "Generate Analysis Report" }).click();
    await expect(page).toHaveURL(/[?&]view=report/);
    const report = page.getByRole("dialog", { name: "Portfolio analysis report" });
    await expect(report).toBeVisible();
    await expect(
      report.getByText(/^You hold \d+ active investments? totaling \$[\d,]+ across \d+ sectors?\.$/),
    ).toBeVisible();
    if (js) {
      // Modal: the page behind it is inert.
      expect(await report.evaluate((d) => d.matches(":modal"))).toBe(true);
      await page.keyboard.press("Escape");
    } else {
      await report.getByRole("link", { name: "Close" }).click();
    }
    await expect(report).toHaveCount(0);
    await expect(page).toHaveURL(/\/portfolio\?tab=ai$/);

    await page.getByRole("link", { name: "View full report" }).click();
    await expect(page).toHaveURL(/[?&]view=trends/);
    const trends = page.getByRole("dialog", { name: "Market sector trends: full report" });
    await expect(trends.getByRole("row", { name: /^Energy 61 −2\.1 points, falling/ })).toBeVisible();
    await trends.getByRole("link", { name: "Close" }).click();
    await expect(trends).toHaveCount(0);
    await expect(page).toHaveURL(/\/portfolio\?tab=ai$/);
  });

  test("Regenerate asks again and comes back to the tab", async ({ page }) => {
    await page.goto(AI);
    await page.getByRole("button", { name: "Regenerate" }).click();
    await expect(page).toHaveURL(/\/portfolio\?tab=ai$/);
    await expect(page.getByText("General guidance (AI unavailable)")).toBeVisible();
    await expect(page.getByRole("button", { name: "Regenerate" })).toBeEnabled();
  });

  test("axe: the tab and the report dialog", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "axe injects a script: js project only");
    await page.goto(AI);
    await expect(page.getByTestId("sector-donut")).toBeVisible();
    await expectNoSeriousViolations(page, "/portfolio?tab=ai");
    await page.goto(`${AI}&view=report`);
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoSeriousViolations(page, "/portfolio?tab=ai&view=report");
  });
});

test(
  "an investor with no investments sees the empty state",
  { tag: "@read-only" },
  async ({ asInvestor: { page } }) => {
    await page.goto(AI);
    await expect(page.getByText("You haven't made any investments yet")).toBeVisible();
    await expect(page.getByRole("link", { name: "Explore projects" })).toHaveAttribute("href", "/demo");
    await expect(page.getByRole("link", { name: "Explore Sectors" })).toHaveAttribute("href", "/explore");
    await expect(page.getByTestId("sector-donut")).toHaveCount(0);
  },
);
