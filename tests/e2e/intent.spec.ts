/**
 * Sign-in and sign-up carry what the visitor was doing (ADR 034), in the browser with JavaScript on
 * and off: Follow ends following, a new thread keeps the typed draft, Invest lands on the purchase page,
 * the headline names the action, forged intents give the plain page; the sign-up consent line and
 * errors that go once their field is edited.
 */
import { type APIRequestContext, type Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import {
  ADULT_BIRTH_DATE,
  createProjectViaApi,
  expectNoSeriousViolations,
  fillSignupForm,
  PROJECTS,
  signInViaForm,
  signUpViaApi,
  TEST_PASSWORD,
  uniqueEmail,
} from "./helpers";

async function publishedProject(request: APIRequestContext) {
  const founder = await signUpViaApi(request, { role: "founder", firstName: "Sunny", lastName: "Founder" });
  return createProjectViaApi(request, founder.token, { publish: true });
}

const heading = (page: Page) => page.getByRole("heading", { level: 1 });

test("Follow as a visitor: the sign-in page says so, and after signing in the project is followed", async ({
  page,
  request,
}) => {
  const project = await publishedProject(request);
  const investor = await signUpViaApi(request);
  await page.goto(`/project/${project.slug}`);
  await page.getByRole("link", { name: `Follow ${project.title}` }).click();
  await expect(page).toHaveURL(/\/signin\?intent=follow&project=/);
  await expect(heading(page)).toHaveText(`Sign in to follow ${project.title}`);

  await signInViaForm(page, investor.email, investor.password);
  await expect(page).toHaveURL(new RegExp(`/project/${project.slug}$`));
  await expect(page.getByRole("button", { name: `Following ${project.title}` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page.getByText("1 follower", { exact: true })).toBeVisible();
});

test("Follow as a visitor who has no account yet: sign up from the sign-in page, still following", async ({
  page,
  request,
}) => {
  const project = await publishedProject(request);
  await page.goto(`/project/${project.slug}`);
  await page.getByRole("link", { name: `Follow ${project.title}` }).click();
  await page.getByRole("link", { name: "Sign up" }).click();
  await expect(heading(page)).toHaveText(`Sign up to follow ${project.title}`);
  await fillSignupForm(page, {
    firstName: "Fern",
    lastName: "Follower",
    email: uniqueEmail("intent"),
    birthDate: ADULT_BIRTH_DATE,
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
  });
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${project.slug}$`));
  await expect(page.getByRole("button", { name: `Following ${project.title}` })).toBeVisible();
});

test("A thread as a visitor: the typed draft survives sign-in and is posted from the reopened form", async ({
  page,
  request,
}) => {
  const project = await publishedProject(request);
  const asker = await signUpViaApi(request, { firstName: "Quinn", lastName: "Asker" });
  const question = "Who cleans the panels in winter?\nAnd who pays for it?";
  await page.goto(`/project/${project.slug}?tab=discussion`);
  await page.getByLabel("Start a thread").fill(question);
  await page.getByRole("button", { name: "Sign In to Post" }).click();
  await expect(page).toHaveURL(/\/signin\?intent=post&/);
  await expect(heading(page)).toHaveText(`Sign in to join ${project.title}'s discussion`);
  await expect(page.getByText("Your post is kept")).toBeVisible();

  await signInViaForm(page, asker.email, asker.password);
  await expect(page).toHaveURL(new RegExp(`/project/${project.slug}\\?tab=discussion&draft=.*#new-thread$`));
  const box = page.getByLabel("Start a thread");
  await expect(box).toHaveValue(question);
  await page.getByRole("button", { name: "Post Thread" }).click();
  await expect(page.getByText("Your post was published")).toBeVisible();
  await expect(
    page.locator(".discussion-thread").filter({ hasText: "Who cleans the panels in winter?" }),
  ).toBeVisible();
});

test("Invest as a visitor: the headline names the project, then the purchase page opens", async ({ page, request }) => {
  const investor = await signUpViaApi(request);
  const p = PROJECTS.open;
  await page.goto(`/project/${p.slug}`);
  await page.getByRole("link", { name: "Login to Invest" }).first().click();
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fpurchase%2F/);
  await expect(heading(page)).toHaveText(`Sign in to invest in ${p.title}`);
  await signInViaForm(page, investor.email, investor.password);
  await expect(page).toHaveURL(new RegExp(`/purchase/${p.slug}\\?shares=\\d+$`));
  await expect(page.getByRole("heading", { level: 1, name: "Investment Summary" })).toBeVisible();
});

test("a signed-in page opened by a visitor names itself: the portfolio", { tag: "@read-only" }, async ({ page }) => {
  await page.goto("/portfolio");
  await expect(heading(page)).toHaveText("Sign in to see your portfolio");
});

test.describe("forged intents are ignored safely", () => {
  const cases: [string, string][] = [
    ["an unknown action", `/signin?intent=transfer&project=${PROJECTS.open.slug}`],
    ["a project that does not exist", "/signin?intent=follow&project=no-such-project-at-all"],
    ["another origin", "/signin?redirectTo=https%3A%2F%2Fevil.example%2Fportfolio"],
  ];
  for (const [what, href] of cases) {
    test(`${what}: the plain sign-in page, then home`, async ({ page, request }) => {
      const investor = await signUpViaApi(request);
      const res = await page.goto(href);
      expect(res?.status()).toBe(200);
      await expect(heading(page)).toHaveText("Sign In");
      await signInViaForm(page, investor.email, investor.password);
      await expect(page).toHaveURL(/\/portfolio$/);
    });
  }
});

test("sign-up says what creating an account agrees to, with both documents linked", async ({ page }) => {
  await page.goto("/signup");
  await expect(
    page.getByText("By creating an account you agree to the Terms of Service and Privacy Policy"),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Terms of Service", exact: true }).first()).toHaveAttribute(
    "href",
    "/terms-of-service",
  );
  await page.locator("form").getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
});

test("a sign-up error goes once its field is edited (JavaScript), or once the fixed form is sent", async ({
  page,
}, testInfo) => {
  await page.goto("/signup");
  const fields = {
    firstName: "Mia",
    lastName: "Mismatch",
    email: uniqueEmail("intent"),
    birthDate: ADULT_BIRTH_DATE,
    password: TEST_PASSWORD,
    confirmPassword: "Quill-Harbor-99",
  };
  await fillSignupForm(page, fields);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("alert")).toContainText("Passwords do not match");
  await expect(page.getByLabel("Confirm password")).toHaveAttribute("aria-invalid", "true");
  if (testInfo.project.name === "js") {
    // Editing another field leaves it; editing the confirmation clears it.
    await page.getByLabel("First name").fill("Mia-Rose");
    await expect(page.getByRole("alert")).toContainText("Passwords do not match");
    await page.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
    await page.getByLabel("Confirm password").fill(TEST_PASSWORD);
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(page.getByLabel("Confirm password")).not.toHaveAttribute("aria-invalid", "true");
  } else {
    await page.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
    await page.getByLabel("Confirm password").fill(TEST_PASSWORD);
  }
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/portfolio\?newUser=1$/);
});

test("axe: the sign-in page with an intent", async ({ page, request }, testInfo) => {
  test.skip(testInfo.project.name !== "js", "axe needs JavaScript");
  const project = await publishedProject(request);
  await page.goto(`/signin?intent=follow&project=${project.slug}`);
  await expect(heading(page)).toHaveText(`Sign in to follow ${project.title}`);
  await expectNoSeriousViolations(page, "/signin with an intent");
});
