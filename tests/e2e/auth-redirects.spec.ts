/**
 * Sign-in round trips, route guards and redirects, logout and page titles, in both projects.
 */
import { expect, test } from "./fixtures";

import { DEMO, PROJECTS, signInAs, signInCookie, signInViaForm, signUpViaApi } from "./helpers";

const redirectToOf = (url: string) => new URL(url).searchParams.get("redirectTo");

test.describe("a visitor is sent to sign in and back", () => {
  test("Invest Now on the project browser → /signin → back on the purchase page", async ({ page, request }) => {
    const investor = await signUpViaApi(request);
    const p = PROJECTS.open;

    await page.goto("/demo?category=technology");
    await page.getByRole("link", { name: `Invest Now in ${p.title}` }).click();
    await expect(page).toHaveURL(/\/signin\?/);
    expect(redirectToOf(page.url())).toBe(`/purchase/${p.slug}`);
    await expect(page).toHaveTitle("Sign In | CampusFund");

    await signInViaForm(page, investor.email, investor.password);
    await expect(page).toHaveURL(new RegExp(`/purchase/${p.slug}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Investment Summary" })).toBeVisible();
    await expect(page.getByRole("heading", { name: p.title })).toBeVisible();
  });

  test("opening /purchase/{slug} directly asks to sign in first and returns there", async ({ page, request }) => {
    const investor = await signUpViaApi(request);
    const p = PROJECTS.open;

    await page.goto(`/purchase/${p.slug}`);
    await expect(page).toHaveURL(/\/signin\?/);
    expect(redirectToOf(page.url())).toBe(`/purchase/${p.slug}`);

    await signInViaForm(page, investor.email, investor.password);
    await expect(page).toHaveURL(new RegExp(`/purchase/${p.slug}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Investment Summary" })).toBeVisible();
  });

  test("a visitor on /portfolio signs in and comes back to /portfolio", async ({ page, request }) => {
    const investor = await signUpViaApi(request);

    await page.goto("/portfolio");
    await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fportfolio$/);

    await signInViaForm(page, investor.email, investor.password);
    await expect(page).toHaveURL(/\/portfolio$/);
    await expect(page.getByRole("heading", { level: 1, name: "Portfolio" })).toBeVisible();
  });
});

test.describe("redirects", () => {
  test(
    "a signed-in investor opening /signin or /signup goes to /portfolio",
    { tag: "@read-only" },
    async ({ asInvestor: { page } }) => {
      await page.goto("/signin");
      await expect(page).toHaveURL(/\/portfolio$/);
      await page.goto("/signup");
      await expect(page).toHaveURL(/\/portfolio$/);
    },
  );

  test(
    "a signed-in founder opening /signin or /signup goes to /my-projects",
    { tag: "@read-only" },
    async ({ asFounder: { page } }) => {
      await page.goto("/signin");
      await expect(page).toHaveURL(/\/my-projects$/);
      await page.goto("/signup");
      await expect(page).toHaveURL(/\/my-projects$/);
    },
  );

  test("/login goes to /signin, keeping redirectTo", { tag: "@read-only" }, async ({ page }) => {
    await page.goto("/login");
    await expect(page).toHaveURL(/\/signin$/);
    await page.goto("/login?redirectTo=%2Fportfolio");
    await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fportfolio$/);
  });

  test(
    "/dashboard sends each role to their dashboard and a visitor to sign in",
    { tag: "@read-only" },
    async ({ page, context, request, baseURL }) => {
      await page.goto("/dashboard");
      await expect(page).toHaveURL(/\/signin\?/);
      expect(redirectToOf(page.url())).toBe("/dashboard");

      const investor = await signUpViaApi(request);
      await signInCookie(context, baseURL!, investor.token);
      await page.goto("/dashboard");
      await expect(page).toHaveURL(/\/portfolio$/);

      await context.clearCookies();
      await signInAs(context, request, baseURL!, DEMO.founder);
      await page.goto("/dashboard");
      await expect(page).toHaveURL(/\/founder-dashboard$/);
    },
  );

  test("an unknown path redirects to /", { tag: "@read-only" }, async ({ page }) => {
    await page.goto("/no-such-page/at-all");
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle("CampusFund");
  });

  test("Logout in the header's profile menu ends the session", async ({ asInvestor: investor, page, request }) => {
    await page.goto("/portfolio");
    await expect(page.getByRole("heading", { level: 1, name: "Portfolio" })).toBeVisible();
    await page.locator("summary").filter({ hasText: investor.firstName }).click();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible();

    await page.goto("/portfolio");
    await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fportfolio$/);
    // The old token no longer works on the server either.
    const me = await request.get("/api/auth/me", { headers: { Authorization: `Bearer ${investor.token}` } });
    expect(me.status()).toBe(401);
  });
});

test.describe("page titles", { tag: "@read-only" }, () => {
  test("visitor pages", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("CampusFund");
    await page.goto("/signin");
    await expect(page).toHaveTitle("Sign In | CampusFund");
    await page.goto("/signup");
    await expect(page).toHaveTitle("Sign Up | CampusFund");
    await page.goto(`/project/${PROJECTS.open.slug}`);
    await expect(page).toHaveTitle(`${PROJECTS.open.title} · Project Details | CampusFund`);
    await page.goto(`/project/${PROJECTS.open.slug}?tab=team`);
    await expect(page).toHaveTitle(`${PROJECTS.open.title} · Project Details | CampusFund`);
    // A project that does not exist is titled as the 404 it is.
    await page.goto("/project/no-such-project-here");
    await expect(page).toHaveTitle("Project Not Found | CampusFund");
  });

  test("the portfolio", async ({ asInvestor: { page } }) => {
    await page.goto("/portfolio");
    await expect(page).toHaveTitle("Portfolio | CampusFund");
  });
});
