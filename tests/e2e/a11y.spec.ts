/**
 * Accessibility: axe-core over the main pages. Fails on violations of impact "serious" or
 * "critical" and prints them readably. axe runs as a script in the page, so this runs in the "js"
 * project only (the pages render the same markup without JavaScript).
 */
import { expect, test } from "./fixtures";

import {
  createProjectViaApi,
  DEMO,
  PROJECTS,
  expectNoSeriousViolations,
  fillSignupForm,
  signInAs,
  validSignup,
} from "./helpers";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe injects a script: js project only");

test.describe("visitor pages", () => {
  for (const path of [
    "/",
    "/signin",
    "/signup",
    "/forgot-password",
    "/demo",
    `/project/${PROJECTS.open.slug}`,
    `/project/${PROJECTS.open.slug}?tab=team`,
    `/project/${PROJECTS.soldOut.slug}?tab=investment`,
    "/access-denied",
  ]) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await expectNoSeriousViolations(page, path);
    });
  }

  test("/signup with an error shown", async ({ page }) => {
    await page.goto("/signup");
    await fillSignupForm(page, validSignup({ confirmPassword: "mismatch99" }));
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    await expectNoSeriousViolations(page, "/signup (error)");
  });

  test("/signin with an error shown", async ({ page }) => {
    await page.goto("/signin");
    await page.getByLabel("Email").fill("someone@example.edu");
    // Both fields are required in the markup; skip native validation to reach the server's message.
    await page.locator("form").evaluate((f) => f.setAttribute("novalidate", ""));
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    await expectNoSeriousViolations(page, "/signin (error)");
  });
});

test.describe("signed-in pages", () => {
  test("investor: purchase page and portfolio with holdings", async ({ page, context, request, baseURL }) => {
    await signInAs(context, request, baseURL!, DEMO.investor);
    await page.goto(`/purchase/${PROJECTS.open.slug}`);
    await expect(page.getByRole("heading", { name: "Investment Summary" })).toBeVisible();
    await expectNoSeriousViolations(page, "/purchase (investor)");

    await page.goto("/portfolio");
    await expect(page.getByRole("table", { name: "Your holdings" })).toBeVisible();
    await expectNoSeriousViolations(page, "/portfolio (holdings)");
  });

  test("founder: my projects and a project with Founders Cannot Invest", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await signInAs(context, request, baseURL!, DEMO.founder);
    await page.goto("/my-projects");
    await expect(page.getByRole("heading", { level: 1, name: "My Projects" })).toBeVisible();
    await expectNoSeriousViolations(page, "/my-projects (founder)");

    await page.goto(`/project/${PROJECTS.open.slug}`);
    await expect(page.getByRole("button", { name: "Founders Cannot Invest" }).first()).toBeVisible();
    await expectNoSeriousViolations(page, "/project (founder)");

    await page.goto("/access-denied");
    await expectNoSeriousViolations(page, "/access-denied (founder)");
  });

  test("founder: the dashboard", async ({ page, context, request, baseURL }) => {
    await signInAs(context, request, baseURL!, DEMO.founder);
    await page.goto("/founder-dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Founder Dashboard" })).toBeVisible();
    await expectNoSeriousViolations(page, "/founder-dashboard (founder)");
  });

  test("founder: a draft on My Projects, and the edit form", async ({ asFounder: founder, page, request }) => {
    const draft = await createProjectViaApi(request, founder.token);
    await page.goto("/my-projects");
    await expect(page.getByRole("link", { name: "Preview" })).toBeVisible();
    await expectNoSeriousViolations(page, "/my-projects (a draft)");
    await page.goto(`/my-projects/edit/${draft._id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Edit Project" })).toBeVisible();
    await expectNoSeriousViolations(page, "/my-projects/edit (a draft)");
  });
});

test.describe("the no-JavaScript markup", () => {
  // axe cannot run in a page with JavaScript disabled (it injects a script), so the pages are
  // loaded with their own scripts blocked instead: React never hydrates and the markup is what a
  // browser without JavaScript shows (the Calculate and Update total buttons, for instance).
  test.beforeEach(async ({ page }) => {
    await page.route(/\/assets\/.*\.js(\?|$)/, (route) => route.abort());
  });

  test("/project and /purchase without hydration", async ({ page, context, request, baseURL }) => {
    await page.goto(`/project/${PROJECTS.open.slug}?tab=market`);
    await expect(page.getByRole("button", { name: "Calculate" })).toBeVisible();
    await expectNoSeriousViolations(page, "/project (no JS)");

    await signInAs(context, request, baseURL!, DEMO.investor);
    await page.goto(`/purchase/${PROJECTS.open.slug}`);
    await expect(page.getByRole("button", { name: "Update total" })).toBeVisible();
    await expectNoSeriousViolations(page, "/purchase (no JS)");
  });
});
