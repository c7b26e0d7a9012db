/**
 * The two share count fields (the project page's calculator and the purchase page) take whole
 * numbers from the minimum purchase to the shares remaining and say what is wrong with any other
 * count in the purchase's words: the status region announces it (WCAG 4.1.3), the field is marked
 * `aria-invalid`, and no stale total stays on screen. JavaScript on (typed) and off (the GET form's
 * `?shares=`).
 */
import type { Locator, Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import { apiProject, expectWcag22AA, money, PROJECTS, waitForHydration } from "./helpers";

const p = PROJECTS.journey; // $10 a share, $100 minimum (10 shares)
const BELOW_MINIMUM = `The minimum investment is ${money(p.minInvestment)}`;
const WHOLE_SHARES = "Please enter a whole number of shares (at least 1)";

const calculator = (page: Page) => page.getByRole("region", { name: "Calculate Your Investment" });
const calcTotal = (page: Page) =>
  calculator(page).locator("dt", { hasText: "Total investment" }).locator("xpath=following-sibling::dd[1]");

/** The field's status region: the element its aria-describedby names with role=status. */
async function statusOf(field: Locator): Promise<Locator> {
  const ids = (await field.getAttribute("aria-describedby"))!.split(/\s+/);
  const page = field.page();
  const region = page.locator(ids.map((id) => `[id="${id}"][role="status"]`).join(", "));
  await expect(region).toHaveCount(1);
  return region;
}

test("the project page's calculator says a count below the minimum is too small", async ({ page }) => {
  await page.goto(`/project/${p.slug}?shares=3`);
  const field = calculator(page).getByLabel("Number of shares");
  await expect(await statusOf(field)).toHaveText(BELOW_MINIMUM);
});

test("the project page's calculator marks a count below the minimum invalid", async ({ page }) => {
  await page.goto(`/project/${p.slug}?shares=3`);
  await expect(calculator(page).getByLabel("Number of shares")).toHaveAttribute("aria-invalid", "true");
});

test("the project page's calculator takes the minimum purchase at least", { tag: "@read-only" }, async ({ page }) => {
  await page.goto(`/project/${p.slug}`);
  await expect(calculator(page).getByLabel("Number of shares")).toHaveAttribute("min", "10");
});

test.describe("typing (JavaScript)", () => {
  test.beforeEach(({ javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "typed counts are judged in the browser; without JavaScript the form's GET is");
  });

  test("the calculator announces a count that is not a whole number and shows no total", async ({ page }) => {
    await page.goto(`/project/${p.slug}`);
    await waitForHydration(page, true, "Calculate");
    const field = calculator(page).getByLabel("Number of shares");
    await field.fill("2.5");
    await expect(await statusOf(field)).toHaveText(WHOLE_SHARES);
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(calcTotal(page)).toHaveText("—");
  });

  test("the calculator takes a valid count again: no message, the new total", async ({ page }) => {
    await page.goto(`/project/${p.slug}`);
    await waitForHydration(page, true, "Calculate");
    const field = calculator(page).getByLabel("Number of shares");
    await field.fill("");
    await field.fill("25");
    await expect(await statusOf(field)).toHaveText("");
    await expect(field).not.toHaveAttribute("aria-invalid");
    await expect(calcTotal(page)).toHaveText(money(25 * p.sharePrice));
  });

  test("the calculator replaces a count above the shares left with what is left, formatted", async ({
    page,
    request,
  }) => {
    const open = await apiProject(request, PROJECTS.open.slug);
    const left = open.sharesRemaining;
    await page.goto(`/project/${open.slug}`);
    await waitForHydration(page, true, "Calculate");
    const field = calculator(page).getByLabel("Number of shares");
    await field.fill(String(left + 1000));
    await expect(await statusOf(field)).toHaveText(
      `Only ${new Intl.NumberFormat("en-US").format(left)} shares are available for purchase`,
    );
  });

  test("the purchase page announces a count below the minimum and marks the field", async ({
    asInvestor: { page },
  }) => {
    await page.goto(`/purchase/${p.slug}`);
    await waitForHydration(page, true, "Update total");
    const field = page.getByLabel("Number of shares");
    await field.fill("4");
    await expect(await statusOf(field)).toHaveText(BELOW_MINIMUM);
    await expect(field).toHaveAttribute("aria-invalid", "true");
  });

  test("the purchase page announces a count that is not a whole number, with no total", async ({
    asInvestor: { page },
  }) => {
    await page.goto(`/purchase/${p.slug}`);
    await waitForHydration(page, true, "Update total");
    const field = page.getByLabel("Number of shares");
    await field.fill("0");
    await expect(await statusOf(field)).toHaveText(WHOLE_SHARES);
    await expect(page.getByRole("group", { name: "Invest" }).locator(".purchase-total strong")).toHaveText("—");
  });

  test("axe: the calculator's and the purchase page's refusals", async ({ asInvestor: { page } }) => {
    await page.goto(`/project/${p.slug}`);
    await waitForHydration(page, true, "Calculate");
    await calculator(page).getByLabel("Number of shares").fill("4");
    await expect(calculator(page).getByRole("status")).toHaveText(BELOW_MINIMUM);
    await expectWcag22AA(page, "project page, calculator refusal");

    await page.goto(`/purchase/${p.slug}`);
    await waitForHydration(page, true, "Update total");
    await page.getByLabel("Number of shares").fill("0");
    await expect(page.locator("#purchase-message")).toHaveText(WHOLE_SHARES);
    await expectWcag22AA(page, "purchase page, refusal");
  });
});

test("without JavaScript the purchase page's asked count below the minimum is announced", async ({
  asInvestor: { page },
}) => {
  await page.goto(`/purchase/${p.slug}?shares=4&review=1`);
  const field = page.getByLabel("Number of shares");
  await expect(await statusOf(field)).toHaveText(BELOW_MINIMUM);
});
