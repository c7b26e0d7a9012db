/**
 * The investor journey of the issue, in both projects (JavaScript on and off): sign up → empty
 * portfolio → browse (category filter, pages) → project detail → Invest → buy → portfolio with the
 * success message, the holding and the totals.
 */
import { expect, test } from "./fixtures";

import { fillSignupForm, money, PROJECTS, validSignup, waitForHydration } from "./helpers";

test("a new investor signs up, browses, invests and sees the holding in the portfolio", async ({ page }, testInfo) => {
  const js = testInfo.project.name === "js";
  const p = PROJECTS.journey;
  const shares = 50; // the 5× preset of a $100 minimum at $10 a share
  const amount = money(shares * p.sharePrice);

  // Sign up (role investor is the default).
  await page.goto("/signup");
  const fields = validSignup({ firstName: "Jamie" });
  await fillSignupForm(page, fields);
  await expect(page.getByRole("radio", { name: /^Investor/ })).toBeChecked();
  await page.getByRole("button", { name: "Create Account" }).click();

  // Lands on the portfolio, empty.
  await expect(page).toHaveURL(/\/portfolio(\?|$)/);
  await expect(page).toHaveTitle("Portfolio | CampusFund");
  await expect(page.getByRole("heading", { level: 1, name: "Portfolio" })).toBeVisible();
  await expect(page.getByText("You haven't made any investments yet")).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);

  // Browse: pages, then a category filter.
  await page.goto("/demo");
  const pager = page.getByRole("navigation", { name: "Pagination" });
  await pager.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/[?&]page=2\b/);
  await expect(pager.getByRole("link", { name: "Page 2", exact: true })).toHaveAttribute("aria-current", "page");
  await pager.getByRole("link", { name: "Page 3", exact: true }).click();
  await expect(page).toHaveURL(/[?&]page=3\b/);
  await pager.getByRole("link", { name: "Previous" }).click();
  await expect(page).toHaveURL(/[?&]page=2\b/);

  const filters = page.getByRole("navigation", { name: "Filter projects by category" });
  await filters.getByRole("link", { name: "Education" }).click();
  await expect(page).toHaveURL(/[?&]category=education\b/);
  await expect(filters.getByRole("link", { name: "Education" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: p.title })).toBeVisible();
  // A filter starts at page 1.
  expect(new URL(page.url()).searchParams.get("page")).toBeNull();

  // Open the project and go to the purchase page through its Invest button.
  await page.getByRole("link", { name: `View Details of ${p.title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${p.slug}(\\?|#|$)`));
  await expect(page.getByRole("heading", { level: 1, name: p.title })).toBeVisible();
  await page.getByRole("link", { name: "Invest Now", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/purchase/${p.slug}(\\?|$)`));
  await expect(page.getByRole("heading", { level: 1, name: "Investment Summary" })).toBeVisible();
  await expect(page.getByText("Review and confirm your investment")).toBeVisible();
  await waitForHydration(page, js, "Update total");

  // Choose 50 shares with the preset and buy.
  await page.getByRole("link", { name: `${shares} shares`, exact: true }).click();
  await expect(page.getByLabel("Number of shares")).toHaveValue(String(shares));
  await expect(page.locator(".purchase-total")).toContainText(amount);
  if (!js) {
    // Without JavaScript the page cannot follow the input, so it reviews first: the confirmation
    // states the exact shares and total, and only its button buys.
    await expect(page.getByRole("button", { name: /^Purchase \d/ })).toHaveCount(0);
    await page.getByRole("button", { name: "Review Purchase" }).click();
    await expect(page).toHaveURL(new RegExp(`/purchase/${p.slug}\\?shares=${shares}&review=1$`));
    await expect(page.getByRole("heading", { name: "Confirm your purchase" })).toBeVisible();
    await expect(page.getByText(`You are buying ${shares} shares of ${p.title}`)).toBeVisible();
    await expect(page.locator(".purchase-total")).toContainText(amount);
  }
  // The risk acknowledgement is required.
  await page.getByRole("checkbox", { name: "I understand I may lose all of the money I invest" }).check();
  await page.getByRole("button", { name: `Purchase ${shares} Shares` }).click();

  if (js) {
    // The success message first, then the portfolio after about 1.5 s.
    const success = page.getByText(
      `Your investment was successful! You have purchased ${shares} shares of ${p.title}.`,
    );
    await expect(success).toBeVisible();
    const shownAt = Date.now();
    expect(new URL(page.url()).pathname).toBe(`/purchase/${p.slug}`);
    await page.waitForURL(/\/portfolio/);
    expect(Date.now() - shownAt, "navigation waits ~1.5 s after the success message").toBeGreaterThan(800);
  } else {
    // Without JavaScript the action redirects at once.
    await expect(page).toHaveURL(/\/portfolio/);
  }

  await expect(
    page.getByText(`Successfully invested in ${p.title}! You now own ${shares} shares worth ${amount}.`),
  ).toBeVisible();
  // The holdings table's row (Performance's best holdings name the company too).
  const row = page
    .getByRole("table", { name: "Your holdings" })
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: p.title }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell").first()).toHaveText(String(shares));
  // Exact labels: each card's "How is this computed?" text names its figure too.
  await expect(page.getByText("Total Invested", { exact: true }).locator("xpath=..")).toContainText(amount);
  await expect(page.getByText("Total Shares", { exact: true }).locator("xpath=..")).toContainText(String(shares));
  await expect(page.getByText("Current Value", { exact: true }).locator("xpath=..")).toContainText(amount);
});
