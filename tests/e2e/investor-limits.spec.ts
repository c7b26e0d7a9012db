/**
 * The 12-month investment limit and the purchase page an investor can trust, with
 * JavaScript on and off. An investor declares income and net worth in settings and turns the
 * limits on, sees the allowance on the purchase page, is stopped above it, and is refused by the
 * server with the message when the page they bought from was out of date; the risk
 * acknowledgement is required by the browser and by the server; on a phone the Invest bar is in
 * reach without scrolling; axe on the changed pages (js project only).
 */
import type { Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import {
  expectAlert,
  apiInvestments,
  expectNoSeriousViolations,
  formPost,
  PROJECTS,
  waitForHydration,
} from "./helpers";

const RISK_LABEL = "I understand I may lose all of the money I invest";
const RISK_MESSAGE = "Please confirm that you understand you may lose all of the money you invest";
const GROWS_HINT =
  "Your limit grows with the annual income and net worth you declare in Settings, Investor Information; accredited investors have no limit.";
const P = PROJECTS.open; // CampusRoute: RegCF, $10 a share, $100 minimum

/** Settings, Investor Information: income and net worth, the switch on, saved through the form. */
async function declareFinances(page: Page, income: string, netWorth: string) {
  await page.goto("/settings?section=investor-information");
  await page.getByLabel("Annual income (USD)").fill(income);
  await page.getByLabel("Net worth (USD)").fill(netWorth);
  await page.getByRole("switch", { name: "Invest under the real Reg CF limits" }).check();
  await page.getByRole("button", { name: "Save investor information" }).click();
  await expect(page).toHaveURL(/\/settings\?section=investor-information&saved=financials$/);
}

/** Buys through the API with the investor's token (another tab, as it were). */
async function buyViaApi(page: Page, token: string, shares: number) {
  const res = await page.request.post(`/api/projects/${P.slug}/invest`, {
    data: { shares, sharePrice: 10 },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test("an investor turns on the limits in settings and sees the limit, used and remaining", async ({
  asInvestor: { page },
}) => {
  await declareFinances(page, "60000", "20000");
  await expect(page.getByRole("status").filter({ hasText: "Your investor information has been saved" })).toBeVisible();
  const summary = page.getByRole("region", { name: "Your Reg CF limit for the next 12 months" });
  await expect(summary).toContainText("The limits are on");
  // 5% of $60,000 (income below $124,000)
  await expect(summary.locator("dd")).toHaveText(["$3,000", "$0", "$3,000"]);
  await expect(page.getByLabel("Annual income (USD)")).toHaveValue("60000");
  await expect(page.getByRole("switch", { name: "Invest under the real Reg CF limits" })).toBeChecked();
});

test("the purchase page shows the allowance and stops a purchase above it", async ({
  asInvestor: investor,
  page,
  request,
}, testInfo) => {
  const js = testInfo.project.name === "js";
  await declareFinances(page, "60000", "20000");

  await page.goto(`/purchase/${P.slug}?shares=10`);
  await waitForHydration(page, js, "Update total");
  await expect(
    page.getByText("You can invest up to $3,000 more in Reg CF offerings in the next 12 months.", { exact: true }),
  ).toBeVisible();

  // 400 shares: $4,000, above the $3,000 left
  await page.getByLabel("Number of shares").fill("400");
  if (js) {
    await expect(page.getByText("$4,000 is above it: choose at most 300 shares.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Purchase 400 Shares" })).toBeDisabled();
  } else {
    // Without JavaScript the review says what the purchase would be told, and offers no confirmation.
    await page.getByRole("button", { name: "Review Purchase" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      `You can invest up to $3,000 more in Reg CF offerings in the next 12 months. ${GROWS_HINT}`,
    );
    await expect(page.getByRole("heading", { name: "Confirm your purchase" })).toHaveCount(0);
  }
  expect(await apiInvestments(request, investor.user.id, investor.token)).toEqual([]);
});

test("a page bought from after the allowance shrank: the server refuses with how much is left", async ({
  asInvestor: investor,
  page,
  request,
}, testInfo) => {
  const js = testInfo.project.name === "js";
  await declareFinances(page, "60000", "20000");

  // The page offers the whole $3,000 (300 shares)…
  if (js) {
    await page.goto(`/purchase/${P.slug}?shares=300`);
    await waitForHydration(page, js, "Update total");
  } else {
    await page.goto(`/purchase/${P.slug}?shares=300&review=1`);
    await expect(page.getByRole("heading", { name: "Confirm your purchase" })).toBeVisible();
  }
  await page.getByRole("checkbox", { name: RISK_LABEL }).check();
  // …while another tab buys $100 of it.
  await buyViaApi(page, investor.token, 10);
  await page.getByRole("button", { name: "Purchase 300 Shares" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    `You can invest up to $2,900 more in Reg CF offerings in the next 12 months. ${GROWS_HINT}`,
  );
  const held = await apiInvestments(request, investor.user.id, investor.token);
  expect(held.map((i) => i.shares)).toEqual([10]);
});

test("the risk acknowledgement: the browser asks for it, and the server refuses a form without it", async ({
  asInvestor: investor,
  page,
  request,
  baseURL,
}, testInfo) => {
  const js = testInfo.project.name === "js";
  await page.goto(js ? `/purchase/${P.slug}?shares=10` : `/purchase/${P.slug}?shares=10&review=1`);
  await waitForHydration(page, js, "Update total");
  const box = page.getByRole("checkbox", { name: RISK_LABEL });
  await expect(box).not.toBeChecked();
  await page.getByRole("button", { name: "Purchase 10 Shares" }).click();
  // The required box stops the submit in the browser: the page stays, nothing is bought.
  expect(await box.evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
  await expect(page).toHaveURL(new RegExp(`/purchase/${P.slug}\\?`));

  // A form sent without it (what a browser that ignores `required` would send) is refused.
  const res = await formPost(
    request,
    baseURL!,
    `/purchase/${P.slug}`,
    { shares: "10", amount: "100", idempotencyKey: crypto.randomUUID() },
    { token: investor.token },
  );
  await expectAlert(res, 400, RISK_MESSAGE);
  expect(await apiInvestments(request, investor.user.id, investor.token)).toEqual([]);
});

test("on a phone the Invest bar is on screen without scrolling", async ({
  asInvestor: { page },
  javaScriptEnabled,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/purchase/${P.slug}`);
  const bar = page.getByRole("group", { name: "Invest" });
  // With JavaScript the bar buys at once; without it, it asks for the review step first.
  const button = javaScriptEnabled ? /^Purchase \d+ Shares$/ : /^Review Purchase$/;
  await expect(bar.getByRole("button", { name: button })).toBeInViewport();
  await expect(bar).toContainText("Total investment");
});

test.describe("accessibility", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe injects a script: js project only");

  test("settings, Investor Information, and the purchase page with the limits on and a warning", async ({
    asInvestor: { page },
  }) => {
    await declareFinances(page, "60000", "20000");
    await expectNoSeriousViolations(page, "/settings (Investor Information)");
    await page.goto(`/purchase/${P.slug}?shares=400`);
    await expect(page.getByText("$4,000 is above it: choose at most 300 shares.")).toBeVisible();
    await expectNoSeriousViolations(page, "/purchase (above the allowance)");
    await page.goto(`/purchase/${P.slug}?shares=10&review=1`);
    await expectNoSeriousViolations(page, "/purchase (confirmation)");
  });

  test("settings, Investor Information, with field errors", async ({ asInvestor: { page } }) => {
    await page.goto("/settings?section=investor-information");
    await page.getByLabel("Annual income (USD)").fill("-5");
    await page.getByRole("button", { name: "Save investor information" }).click();
    await expect(page.getByText("Annual income cannot be negative")).toBeVisible();
    await expect(page.getByLabel("Annual income (USD)")).toHaveAttribute("aria-invalid", "true");
    await expectNoSeriousViolations(page, "/settings (Investor Information, errors)");
  });
});
