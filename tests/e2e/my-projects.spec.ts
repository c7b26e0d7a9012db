/**
 * /my-projects (spec section 2, My Projects; section 6): the founder's card, the empty state and
 * New Project, drafts with Preview, every project for an admin, and the spec's message for an
 * investor. Both projects (JavaScript on and off) run every test.
 */
import { expect, test } from "./fixtures";
import { approveViaApi, createProjectViaApi, PROJECTS, signUpViaApi, submitForReviewViaApi } from "./helpers";

test("a new founder sees the empty state, and New Project opens the form", async ({ asFounder: { page } }) => {
  await page.goto("/my-projects");
  await expect(page).toHaveTitle("My Projects | CampusFund");
  await expect(page.getByRole("heading", { name: "You haven't created a project yet" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Create your project" })).toHaveAttribute("href", "/my-projects/create");
  await page.getByRole("link", { name: "New Project" }).click();
  await expect(page).toHaveURL(/\/my-projects\/create$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create Project");
});

test(
  "a draft shows with Preview and no New Project; in review it says so; once approved, View Public Page",
  { tag: "@read-only" },
  async ({ asFounder: founder, page, request }) => {
    const draft = await createProjectViaApi(request, founder.token);

    await page.goto("/my-projects");
    const card = page.getByRole("article", { name: draft.title });
    await expect(card.locator(".status-badge")).toHaveText("Draft");
    await expect(card.getByRole("link", { name: "Edit Project" })).toHaveAttribute(
      "href",
      `/my-projects/edit/${draft._id}`,
    );
    await expect(card.getByRole("link", { name: "Preview" })).toHaveAttribute("href", `/project/${draft._id}`);
    await expect(page.getByRole("link", { name: "New Project" })).toHaveCount(0);

    await submitForReviewViaApi(request, founder.token, draft._id);
    await page.goto("/my-projects");
    await expect(card.locator(".status-badge")).toHaveText("In Review");
    await expect(card.getByRole("link", { name: "Review Status" })).toBeVisible();
    await expect(card.getByRole("link", { name: "Preview" })).toHaveAttribute("href", `/project/${draft._id}`);

    const live = await approveViaApi(request, draft._id);
    await page.goto("/my-projects");
    await expect(card.locator(".status-badge")).toHaveText("Active");
    await expect(card.getByRole("link", { name: "View Public Page" })).toHaveAttribute("href", `/project/${live.slug}`);
  },
);

test(
  "an investor sees 'You must be a founder to access this page' (403)",
  { tag: "@read-only" },
  async ({ asInvestor: { page } }) => {
    const res = await page.goto("/my-projects");
    expect(res!.status()).toBe(403);
    await expect(page.getByRole("alert")).toHaveText("You must be a founder to access this page");
    await expect(page.getByRole("link", { name: "New Project" })).toHaveCount(0);
  },
);

test(
  "an admin sees every project, drafts included, each with its edit link",
  { tag: "@read-only" },
  async ({ asAdmin: { page }, request }) => {
    const founder = await signUpViaApi(request, { role: "founder" });
    const draft = await createProjectViaApi(request, founder.token);

    await page.goto("/my-projects");
    await expect(page.getByRole("link", { name: "New Project" })).toHaveCount(0);
    const seeded = await (await request.get(`/api/projects/${PROJECTS.founders.slug}`)).json();
    await expect(
      page.getByRole("article", { name: PROJECTS.founders.title }).getByRole("link", { name: "Edit Project" }),
    ).toHaveAttribute("href", `/my-projects/edit/${seeded._id}`);
    await expect(page.getByRole("article", { name: draft.title }).locator(".status-badge")).toHaveText("Draft");
  },
);

test("a visitor is sent to sign in and comes back", { tag: "@read-only" }, async ({ page }) => {
  await page.goto("/my-projects");
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fmy-projects$/);
});
