/**
 * The project form (/my-projects/create, /my-projects/edit/:id), JavaScript on and off:
 * - a new founder fills every section (adding and removing team rows with the intent buttons,
 *   uploading a logo), creates the draft, previews it (a visitor gets Project Not Found for the
 *   same address), publishes it from the edit page, and a visitor finds it under its sector;
 * - an empty submit shows the spec's banner with the right count and each field's message beside
 *   its field (aria-invalid, aria-describedby);
 * - who may open the form: a visitor signs in first, an investor goes home, a founder with a
 *   project is told so, another founder's project is refused;
 * - axe finds no serious or critical violation on the form with its errors shown (js only).
 */
import type { Locator, Page } from "@playwright/test";

import { PROJECT_MESSAGES } from "../../domain/projects/project-form-messages";
import { REVIEW_MESSAGES } from "../../domain/projects/review";
import { PROJECT_REQUIRED_FIELDS } from "../shared/required-fields";
import { expect, test } from "./fixtures";

import {
  approveViaApi,
  createProjectViaApi,
  DEMO,
  expectNoSeriousViolations,
  isoDate,
  PROJECTS,
  signInAs,
  signInCookie,
  signUpViaApi,
  type Account,
} from "./helpers";

/** A 1×1 PNG: the upload service checks the bytes, not the name. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

const BANNER_10 = "Please fix the 10 validation errors highlighted below";

/** A control by its form name (labels are checked separately, where they are the point). */
const field = (page: Page | Locator, name: string) => page.locator(`[name="${name}"]`);
const group = (page: Page, name: string) => page.getByRole("group", { name, exact: true });

/** With JavaScript, waits for hydration (the live counter replaces the static hint). */
async function ready(page: Page, js: boolean) {
  if (js) await expect(page.getByText(/^\d+\/150 characters$/)).toBeVisible();
}

async function founderProject(request: Parameters<typeof signUpViaApi>[0], founder: Account) {
  const res = await request.get("/api/projects/founder", { headers: { Authorization: `Bearer ${founder.token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as { _id: string; slug: string; status: string; title: string };
}

test.describe("project form", () => {
  test("a new founder creates a project in every section, previews the draft, submits it for review, an admin approves it, and visitors find it", async ({
    asFounder: founder,
    page,
    request,
    baseURL,
    browser,
    javaScriptEnabled,
  }) => {
    test.setTimeout(120_000);
    const title = `Pulse Clinic ${Date.now().toString(36)}${javaScriptEnabled ? "j" : "n"}`;

    await page.goto("/my-projects/create");
    await expect(page).toHaveTitle("Create Project | CampusFund");
    await expect(page.getByRole("heading", { level: 1, name: "Create Project" })).toBeVisible();
    for (const legend of [
      "Basic Information",
      "Funding Details",
      "Creator Information",
      "Media & Images",
      "Social Links",
      "Business Details",
      "Team Members",
      "Traction & Metrics",
      "Roadmap",
      "Documents",
      "FAQs",
    ]) {
      await expect(group(page, legend)).toBeVisible();
    }
    await ready(page, javaScriptEnabled);

    // Basic Information
    await page.getByLabel("Project title").fill(title);
    await page.getByLabel("Short description").fill("Walk-in health checks run by students.");
    await field(page, "description").fill("A student-run clinic booking app for campus health centres.");
    await page.getByLabel("Category").selectOption({ label: "Healthcare" });
    await page.getByLabel("Tags").fill("health, booking, campus");
    await page.getByLabel("Location").fill("Boston, MA");
    await field(page, "university").fill("Northeastern University");
    await page.getByLabel("Risk level").selectOption("high");
    await page.getByLabel("Expected return rate (%)").fill("12");
    await page.getByLabel("Project duration (months)").fill("18");
    await page.getByLabel("About").fill("First paragraph.\n\nSecond paragraph.");

    // Funding Details (share price 5 → 10,000 shares; 12.5% → $400,000 valuation)
    await page.getByLabel("Funding goal ($)").fill("50000");
    await page.getByLabel("Funding deadline").fill(isoDate(0, 60));
    await page.getByLabel("Share price ($)").fill("5");
    await page.getByLabel("Equity offered (%)").fill("12.5");
    await page.getByLabel("Minimum investment ($)").fill("250");
    await page.getByLabel("Regulation type").selectOption("RegCF");
    const derived = page.getByRole("definition").locator("output");
    if (javaScriptEnabled) {
      await expect(derived.first()).toHaveText("10,000");
      await expect(derived.last()).toHaveText("$400,000");
    }

    // Creator Information
    await page.getByLabel("Creator name").fill("Fay Founder");
    await page.getByLabel("Creator bio").fill("Nursing student and app builder.");
    await page.getByLabel("Creator university").fill("Northeastern University");
    await page.getByLabel("Experience").fill("Two years at the campus clinic");

    // Media & Images: a main image of ours by path, an uploaded logo
    await page.getByLabel("Main project image URL").fill("/images/placeholder-project.svg");
    await page.getByLabel("Or upload the logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
    await group(page, "Gallery image 1").getByLabel("Image URL").fill("/images/placeholder-project.svg");

    // Social Links
    const social = group(page, "Social Links");
    await social.getByLabel("Website").fill("https://pulse.example.edu");
    await social.getByLabel("LinkedIn").fill("https://www.linkedin.com/company/pulse");

    // Business Details
    await page.getByLabel("Team description").fill("Three nursing students and a developer.");
    await page.getByLabel("Offering summary").fill("Booking for walk-in checks.");
    await page.getByLabel("Problem", { exact: true }).fill("Queues at the clinic.");
    await page.getByLabel("Solution", { exact: true }).fill("Slots booked from the phone.");
    await page.getByLabel("Year 1 revenue projection ($)").fill("20000");
    await page.getByLabel("Monthly burn rate ($)").fill("1500");

    // Team Members: the last row cannot be removed; add two, remove one (intent buttons)
    await expect(page.getByRole("button", { name: "Remove team member 1" })).toBeDisabled();
    await group(page, "Team member 1").getByLabel("Name").fill("Fay Founder");
    await group(page, "Team member 1").getByLabel("Role").fill("CEO");
    await page.getByRole("button", { name: "Add team member" }).click();
    await expect(group(page, "Team member 2")).toBeVisible();
    // The new row takes focus (autofocus without JavaScript), and everything typed is kept.
    await expect(group(page, "Team member 2").getByLabel("Name")).toBeFocused();
    await expect(page.getByLabel("Project title")).toHaveValue(title);
    await expect(page.getByLabel("Funding goal ($)")).toHaveValue("50000");
    // The chosen logo is kept (ADR 023): uploaded, in its URL field, and the form says so.
    await expect(page.getByRole("status").filter({ hasText: PROJECT_MESSAGES.filesKept })).toBeVisible();
    await expect(page.getByLabel("Logo URL")).toHaveValue(/^\/uploads\/[0-9a-f-]+\.png$/);
    // The derived terms follow the posted values without JavaScript too.
    await expect(derived.first()).toHaveText("10,000");
    await group(page, "Team member 2").getByLabel("Name").fill("Omar Dev");
    await group(page, "Team member 2").getByLabel("Role").fill("CTO");
    await page.getByRole("button", { name: "Add team member" }).click();
    await expect(group(page, "Team member 3")).toBeVisible();
    await group(page, "Team member 3").getByLabel("Name").fill("Remove Me");
    await page.getByRole("button", { name: "Remove team member 3" }).click();
    await expect(group(page, "Team member 3")).toHaveCount(0);
    await expect(group(page, "Team member 2").getByLabel("Name")).toHaveValue("Omar Dev");
    await expect(page.getByRole("button", { name: "Remove team member 1" })).toBeEnabled();

    // Traction & Metrics, Roadmap, Documents, FAQs
    await group(page, "Metric 1").getByLabel("Metric").fill("Monthly bookings");
    await group(page, "Metric 1").getByLabel("Value").fill("1,200");
    await group(page, "Milestone 1").getByLabel("Date").fill("Q3 2026");
    await group(page, "Milestone 1").getByLabel("Milestone").fill("Three campuses");
    await page.getByLabel("Investor Deck URL").fill("https://pulse.example.edu/deck.pdf");
    await group(page, "FAQ 1").getByLabel("Question").fill("Is it free for students?");
    await group(page, "FAQ 1").getByLabel("Answer").fill("Yes: the clinics pay.");

    // A gallery image: uploaded by the save (the logo is in its field already).
    await page
      .getByLabel("Upload gallery images")
      .setInputFiles({ name: "shot.png", mimeType: "image/png", buffer: PNG });

    await page.getByRole("button", { name: "Create Project", exact: true }).click();
    if (javaScriptEnabled) {
      const saved = page.getByRole("status").filter({ hasText: "Your project was saved as a draft" });
      await expect(saved).toBeVisible();
      await expect(saved.getByRole("link", { name: "Go to My Projects now" })).toBeVisible();
    }
    await expect(page).toHaveURL(/\/my-projects\?saved=created$/);

    const draft = await founderProject(request, founder);
    expect(draft.status).toBe("draft");
    expect(draft.title).toBe(title);

    // Its founder previews the draft; a visitor gets Project Not Found for the same address.
    await page.goto(`/project/${draft._id}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const visitor = await browser.newContext({ javaScriptEnabled });
    const visitorPage = await visitor.newPage();
    const hidden = await visitorPage.goto(`${baseURL}/project/${draft._id}`);
    expect(hidden?.status()).toBe(404);
    await expect(visitorPage.getByRole("heading", { name: "Project Not Found" })).toBeVisible();

    // The edit page shows what was saved, then publishes it.
    await page.goto(`/my-projects/edit/${draft._id}`);
    await expect(page).toHaveTitle("Edit Project | CampusFund");
    await expect(page.getByLabel("Project title")).toHaveValue(title);
    await expect(group(page, "Team member 2").getByLabel("Role")).toHaveValue("CTO");
    await expect(page.getByLabel("Logo URL")).toHaveValue(/^\/uploads\/[0-9a-f-]+\.png$/);
    await expect(page.getByRole("img", { name: "Current logo" })).toBeVisible();
    await expect(group(page, "Gallery image 1").getByLabel("Image URL")).toHaveValue("/images/placeholder-project.svg");
    await expect(group(page, "Gallery image 2").getByLabel("Image URL")).toHaveValue(/^\/uploads\/[0-9a-f-]+\.png$/);
    await expect(page.getByRole("link", { name: "Preview" })).toHaveAttribute("href", `/project/${draft._id}`);
    await ready(page, javaScriptEnabled);
    // Submitting asks for the lock confirmation first (ADR 030): the browser checks the box is
    // ticked before anything is sent, and takes the founder to it.
    await page.getByRole("button", { name: "Submit for review", exact: true }).click();
    await expect(page.getByLabel(/once anyone invests, the share price/)).toBeFocused();
    await page.getByLabel(/once anyone invests, the share price/).check();
    await page.getByRole("button", { name: "Submit for review", exact: true }).click();
    if (javaScriptEnabled) {
      const saved = page.getByRole("status").filter({ hasText: REVIEW_MESSAGES.submitted });
      await expect(saved).toBeVisible();
      // The success screen's badge agrees with its message.
      await expect(page.locator(".pf-title-row .status-badge")).toHaveText("In Review");
    }
    await expect(page).toHaveURL(/\/my-projects\?saved=submitted$/);
    expect((await founderProject(request, founder)).status).toBe("in_review");
    await approveViaApi(request, draft._id);

    const live = await founderProject(request, founder);
    expect(live.status).toBe("active");
    expect(live.slug).not.toBe(live._id);
    await page.goto(`/my-projects/edit/${live._id}`);
    await expect(page.getByRole("link", { name: "View Public Page" })).toHaveAttribute("href", `/project/${live.slug}`);
    await expect(page.getByRole("button", { name: "Submit for review", exact: true })).toHaveCount(0);

    // A visitor finds it under its sector (Healthcare → Health) and opens it.
    let found = false;
    for (let n = 1; n <= 6 && !found; n++) {
      await visitorPage.goto(`${baseURL}/demo/health?page=${n}`);
      found = (await visitorPage.getByRole("heading", { name: title }).count()) > 0;
    }
    expect(found, `${title} listed under /demo/health`).toBe(true);
    await visitorPage.goto(`${baseURL}/project/${live.slug}`);
    await expect(visitorPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await visitor.close();
  });

  test("an empty submit shows the banner with the count and every error beside its field", async ({
    asFounder: { page },
    javaScriptEnabled,
  }) => {
    await page.goto("/my-projects/create");
    await ready(page, javaScriptEnabled);
    await page.getByRole("button", { name: "Create Project", exact: true }).click();

    const banner = page.getByRole("alert").filter({ hasText: "validation error" });
    await expect(banner.getByText(BANNER_10, { exact: true })).toBeVisible();
    if (javaScriptEnabled) await expect(banner).toBeFocused();

    for (const [name, message] of PROJECT_REQUIRED_FIELDS) {
      const control = field(page, name);
      await expect(control, name).toHaveAttribute("aria-invalid", "true");
      await expect(control, name).toHaveAccessibleDescription(new RegExp(message));
    }
    // (The main image's file input shares the image field's error.)
    await expect(page.locator("[aria-invalid=true]:not([type=file])")).toHaveCount(10);
    await expect(page.getByLabel("Or upload the main image")).toHaveAccessibleDescription(
      new RegExp(PROJECT_MESSAGES.imageRequired),
    );
    // The defaults are kept and the page has not been saved.
    await expect(page.getByLabel("Share price ($)")).toHaveValue("10");
    await expect(page).toHaveURL(/\/my-projects\/create$/);

    // Rules beyond "required": a goal below $5,000 and half a FAQ.
    await page.getByLabel("Funding goal ($)").fill("4000");
    await group(page, "FAQ 1").getByLabel("Question").fill("Only a question?");
    await page.getByRole("button", { name: "Create Project", exact: true }).click();
    await expect(field(page, "fundingGoal")).toHaveAccessibleDescription(/Funding goal must be at least \$5,000/);
    await expect(field(page, "faqs[0].answer")).toHaveAccessibleDescription(
      /Please complete both question and answer for all FAQs/,
    );
    await expect(page.getByLabel("Funding goal ($)")).toHaveValue("4000");
  });

  test("a refused Submit for review is named in the banner, in view on a phone, with a link to its field", async ({
    asFounder: founder,
    page,
    request,
    javaScriptEnabled,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const draft = await createProjectViaApi(request, founder.token);
    await page.goto(`/my-projects/edit/${draft._id}`);
    await ready(page, javaScriptEnabled);
    // Half a FAQ: a rule only the server checks (the browser lets it through).
    await group(page, "FAQ 1").getByLabel("Question").fill("Who books the rooms?");
    await page.getByLabel(/once anyone invests, the share price/).check();
    await page.getByRole("button", { name: "Submit for review", exact: true }).click();

    const banner = page.getByRole("alert").filter({ hasText: "validation error" });
    const link = banner.getByRole("link", { name: PROJECT_MESSAGES.faqIncomplete });
    await expect(banner).toBeInViewport();
    await expect(link).toHaveAttribute("href", "#f-faqs-0-answer");
    await link.click();
    await expect(field(page, "faqs[0].answer")).toBeInViewport();
    if (javaScriptEnabled) await expect(field(page, "faqs[0].answer")).toBeFocused();
    expect((await founderProject(request, founder)).status).toBe("draft");
  });

  test("a chosen main image is kept across a validation error, shown, and used by the next save", async ({
    asFounder: founder,
    page,
    request,
    javaScriptEnabled,
  }) => {
    const title = `Kept Files ${Date.now().toString(36)}${javaScriptEnabled ? "j" : "n"}`;
    await page.goto("/my-projects/create");
    await ready(page, javaScriptEnabled);
    await page
      .getByLabel("Or upload the main image")
      .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: "Create Project", exact: true }).click();
    // Refused (nine required fields empty), and the image is not lost: uploaded, in its field, shown.
    await expect(page.getByRole("alert").filter({ hasText: "validation error" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: PROJECT_MESSAGES.filesKept })).toBeVisible();
    await expect(page.getByLabel("Main project image URL")).toHaveValue(/^\/uploads\/[0-9a-f-]+\.png$/);
    await expect(page.getByRole("img", { name: "Current main image" })).toBeVisible();
    const kept = await page.getByLabel("Main project image URL").inputValue();

    await page.getByLabel("Project title").fill(title);
    await page.getByLabel("Short description").fill("Kept across a refusal.");
    await field(page, "description").fill("A project whose image survived a validation error.");
    await page.getByLabel("Category").selectOption({ label: "Technology" });
    await page.getByLabel("Project duration (months)").fill("12");
    await page.getByLabel("Funding goal ($)").fill("20000");
    await page.getByLabel("Funding deadline").fill(isoDate(0, 60));
    await page.getByLabel("Creator name").fill("Kim Keeper");
    await page.getByLabel("Creator bio").fill("Keeps things.");
    await page.getByRole("button", { name: "Create Project", exact: true }).click();
    await expect(page).toHaveURL(/\/my-projects\?saved=created$/);
    const res = await request.get("/api/projects/founder", { headers: { Authorization: `Bearer ${founder.token}` } });
    expect(((await res.json()) as { image: string }).image).toBe(kept);
  });

  test("the category says which browse filter lists it: as chosen with JavaScript, once posted without", async ({
    asFounder: { page },
    javaScriptEnabled,
  }) => {
    await page.goto("/my-projects/create");
    await ready(page, javaScriptEnabled);
    await page.getByLabel("Category").selectOption({ label: "Real Estate" });
    // Without JavaScript the page says it once the form comes back (here: a row more).
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Add team member" }).click();
    await expect(page.getByLabel("Category")).toHaveAccessibleDescription(
      "Investors find Real Estate projects under the Fintech filter when they browse.",
    );
  });

  test("a file that is not an image is refused beside its field, and nothing is saved", async ({
    asFounder: founder,
    page,
    request,
    javaScriptEnabled,
  }) => {
    await page.goto("/my-projects/create");
    await ready(page, javaScriptEnabled);
    await page.getByLabel("Or upload the main image").setInputFiles({
      name: "cover.png",
      mimeType: "image/png",
      buffer: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'></svg>"),
    });
    await page.getByRole("button", { name: "Create Project", exact: true }).click();
    // The refused upload is the main image's error (in place of "required"): still 10 in all.
    await expect(
      page.getByRole("alert").filter({ hasText: "validation error" }).getByText(BANNER_10, { exact: true }),
    ).toBeVisible();
    await expect(field(page, "image")).toHaveAccessibleDescription(/Main image must be a PNG, JPEG or WebP image/);
    await expect(page.getByLabel("Or upload the main image")).toHaveAttribute("aria-invalid", "true");
    const res = await request.get("/api/projects/founder", { headers: { Authorization: `Bearer ${founder.token}` } });
    expect(res.status()).toBe(404);
  });

  test("who may open the form", { tag: "@read-only" }, async ({ page, context, request, baseURL }) => {
    // A visitor signs in first.
    await page.goto("/my-projects/create");
    await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fmy-projects%2Fcreate$/);

    // An investor is sent home (spec section 6).
    const investor = await signUpViaApi(request, { role: "investor" });
    await signInCookie(context, baseURL!, investor.token);
    await page.goto("/my-projects/create");
    await expect(page).toHaveURL(/\/$/);
    await context.clearCookies();

    // A founder who has a project is told so, with the way to it.
    await signInAs(context, request, baseURL!, DEMO.founder);
    await page.goto("/my-projects/create");
    await expect(page.getByRole("alert")).toHaveText(
      "You already have a project. You can only create one project at a time.",
    );
    await expect(page.getByRole("link", { name: "Edit your project" })).toBeVisible();
    await context.clearCookies();

    // Another founder's project is refused; an unknown one is not found.
    const founder = await signUpViaApi(request, { role: "founder" });
    await signInCookie(context, baseURL!, founder.token);
    const refused = await page.goto(`/my-projects/edit/${PROJECTS.founders.slug}`);
    expect(refused?.status()).toBe(403);
    await expect(page).toHaveTitle("Edit Project | CampusFund");
    await expect(page.getByRole("alert")).toHaveText("You do not have permission to edit this project");
    const missing = await page.goto("/my-projects/edit/no-such-project");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Project Not Found" })).toBeVisible();
  });

  test("axe: the create page with its errors shown", async ({ asFounder: { page }, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "axe injects a script: js project only");
    await page.goto("/my-projects/create");
    await ready(page, true);
    await page.getByRole("button", { name: "Create Project", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "validation error" })).toBeVisible();
    await expectNoSeriousViolations(page, "/my-projects/create (errors)");
  });
});
