/**
 * The way in for founders, and one status everywhere. Both projects (JavaScript on and off).
 *
 * - Every founder call to action ("Start raising" on /about and on the home page's founder
 *   feature) leads to /signup?role=founder, which is server-rendered with Founder checked; an
 *   invalid role keeps Investor, and the chosen role survives an error. A founder signing up there
 *   lands on /my-projects; a signed-in founder following the link is sent home by the guard.
 * - A project that is past its deadline or sold out never shows an "Active" badge beside its
 *   "Funding Closed" / "Sold Out" button (domain/projects/project-status.ts decides both): the detail page,
 *   the purchase page and every card of the project browser.
 */
import type { Locator, Page } from "@playwright/test";

import { expect, test } from "./fixtures";

import { fillSignupForm, PROJECTS, validSignup } from "./helpers";

const FOUNDER_SIGNUP = "/signup?role=founder";
const MISMATCH = "Passwords do not match";

const founderRadio = (page: Page) => page.getByRole("radio", { name: /^Founder/ });
const investorRadio = (page: Page) => page.getByRole("radio", { name: /^Investor/ });

test.describe("the way in for founders", () => {
  test("from /about, Start raising leads to sign-up with Founder checked; a founder lands on /my-projects", async ({
    page,
  }) => {
    await page.goto("/about");
    const cta = page.getByRole("link", { name: "Start raising" });
    await expect(cta).toHaveAttribute("href", FOUNDER_SIGNUP);
    await cta.click();

    await expect(page).toHaveURL(/\/signup\?role=founder$/);
    await expect(page.getByRole("heading", { level: 1, name: "Sign Up" })).toBeVisible();
    await expect(founderRadio(page)).toBeChecked();
    await expect(investorRadio(page)).not.toBeChecked();

    // The role is left as the link chose it.
    await fillSignupForm(page, validSignup({ firstName: "Priya" }));
    await page.getByRole("button", { name: "Create Account" }).click();

    await expect(page).toHaveURL(/\/my-projects(\?|$)/);
    await expect(page.getByRole("heading", { level: 1, name: "My Projects" })).toBeVisible();
  });

  test("the home page's founder feature links to the founder sign-up", { tag: "@read-only" }, async ({ page }) => {
    await page.goto("/");
    const features = page.locator("#features");
    await expect(features.getByRole("link", { name: "Start raising" })).toHaveAttribute("href", FOUNDER_SIGNUP);
  });

  test("an unknown ?role= keeps Investor, the default", { tag: "@read-only" }, async ({ page }) => {
    await page.goto("/signup?role=admin");
    await expect(investorRadio(page)).toBeChecked();
    await expect(founderRadio(page)).not.toBeChecked();
  });

  test("after an error the founder sign-up still has Founder checked", async ({ page }) => {
    await page.goto(FOUNDER_SIGNUP);
    const fields = validSignup({ confirmPassword: "Quill-Harbor-99" });
    await fillSignupForm(page, fields);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("alert")).toContainText(MISMATCH);
    await expect(page.getByLabel("Email")).toHaveValue(fields.email);
    await expect(founderRadio(page)).toBeChecked();
  });

  test("a visitor who switches to Investor on the founder link keeps Investor after an error", async ({ page }) => {
    await page.goto(FOUNDER_SIGNUP);
    await fillSignupForm(page, validSignup({ confirmPassword: "Quill-Harbor-99" }), "Investor");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("alert")).toContainText(MISMATCH);
    await expect(investorRadio(page)).toBeChecked();
    await expect(founderRadio(page)).not.toBeChecked();
  });

  test(
    "a signed-in founder following the link is sent to their own home",
    { tag: "@read-only" },
    async ({ asFounder: { page } }) => {
      await page.goto(FOUNDER_SIGNUP);
      await expect(page).toHaveURL(/\/my-projects(\?|$)/);
    },
  );
});

test.describe("one status: the badge agrees with the invest button", { tag: "@read-only" }, () => {
  const statusBadges = (scope: Page | Locator) => scope.locator(".status-badge");

  test("an active project past its deadline below its goal shows Closed, never Active", async ({ page }) => {
    const p = PROJECTS.pastDeadline; // deadline passed at 41% of its goal: settled closed, its investments returned
    await page.goto(`/project/${p.slug}`);
    await expect(page.getByRole("button", { name: "Funding Closed" }).first()).toBeDisabled();
    await expect(page.locator(".detail-badges").locator(".status-badge")).toHaveText("Closed (goal not reached)");
    await expect(statusBadges(page).filter({ hasText: /^Active$/ })).toHaveCount(0);
    // The sidebar says it in one word, on one line (its badge above says the rest).
    await expect(page.getByRole("complementary").locator("dt:text-is('Days left') + dd")).toHaveText("Closed");
  });

  test("a sold-out project shows Sold Out and its own status, never Active", async ({ page }) => {
    const p = PROJECTS.soldOut; // status active, every share sold, deadline ahead: the raise runs until it
    await page.goto(`/project/${p.slug}`);
    await expect(page.getByRole("button", { name: "Sold Out" }).first()).toBeDisabled();
    await expect(page.locator(".detail-badges").locator(".status-badge")).toHaveText("Sold Out");
    await expect(statusBadges(page).filter({ hasText: /^Active$/ })).toHaveCount(0);
    // Sold out before its deadline, the raise still runs (all or nothing): its days still count.
    await expect(page.getByRole("complementary").locator("dt:text-is('Days left') + dd")).toHaveText(/^\d+$/);
  });

  test("the purchase page of a closed project says Closed beside the closed notice", async ({
    asInvestor: { page },
  }) => {
    await page.goto(`/purchase/${PROJECTS.pastDeadline.slug}`);
    await expect(page.getByText("Funding for this project is closed")).toBeVisible();
    await expect(statusBadges(page)).toHaveText("Closed (goal not reached)");
    await expect(page.getByRole("button", { name: /^(Purchase|Review Purchase)/ })).toHaveCount(0);
  });

  test("no card in the project browser shows Active beside Funding Closed or Sold Out", async ({ page }) => {
    const seen = new Map<string, { badge: string; button: string | null }>();
    for (let n = 1; n <= 20; n++) {
      await page.goto(`/demo?page=${n}`);
      const cards = page.locator("article.project-card");
      const count = await cards.count();
      if (count === 0) break;
      for (let i = 0; i < count; i++) {
        const card = cards.nth(i);
        const title = (await card.getByRole("heading", { level: 2 }).textContent())!.trim();
        const badge = (await card.locator(".status-badge").textContent())!.trim();
        const disabled = card.locator(".project-card-actions button[disabled]");
        const button = (await disabled.count()) ? (await disabled.textContent())!.trim() : null;
        seen.set(title, { badge, button });
      }
      const pager = page.getByRole("navigation", { name: "Pagination" });
      if ((await pager.getByRole("link", { name: "Next" }).count()) === 0) break;
    }

    // The cards of the two seeded projects this was about.
    expect(seen.get(PROJECTS.pastDeadline.title)).toEqual({
      badge: "Closed (goal not reached)",
      button: "Funding Closed",
    });
    expect(seen.get(PROJECTS.soldOut.title)).toEqual({ badge: "Sold Out", button: "Sold Out" });
    // And every card: a closed button never sits beside an Active badge.
    const disagreeing = [...seen]
      .filter(([, c]) => c.badge === "Active" && (c.button === "Funding Closed" || c.button === "Sold Out"))
      .map(([title]) => title);
    expect(disagreeing).toEqual([]);
  });
});
