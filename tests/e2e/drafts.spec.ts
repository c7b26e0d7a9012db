/**
 * Incomplete drafts in the browser (ADR 033), JavaScript on and off: a new founder
 * types part of their project, leaves (the draft is kept: by the autosave with JavaScript, by
 * Save progress without), comes back through My Projects to the same values and the list of what is
 * still to fill in, finishes it and creates the project; the draft is gone then.
 */
import type { Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import { expectNoSeriousViolations, isoDate } from "./helpers";

/** With JavaScript, waits for hydration (the live counter replaces the static hint). */
async function ready(page: Page, js: boolean) {
  if (js) await expect(page.getByText(/^\d+\/150 characters$/)).toBeVisible();
}

test.describe("an incomplete draft", () => {
  test("a founder leaves and comes back to an incomplete draft, then finishes it", async ({
    asFounder: founder,
    page,
    request,
    javaScriptEnabled,
  }) => {
    test.setTimeout(90_000);
    const title = `Half Plan ${Date.now().toString(36)}${javaScriptEnabled ? "j" : "n"}`;
    await page.goto("/my-projects/create");
    await ready(page, javaScriptEnabled);
    await page.getByLabel("Project title").fill(title);
    await page.locator('[name="description"]').fill("Laundry machines that text you when they are free.");
    await page.getByLabel("Funding goal ($)").fill("20000");

    if (javaScriptEnabled) {
      // The form saves itself a moment after the typing stops, and says so.
      await expect(page.locator(".pf-autosave")).toHaveText("Progress saved", { timeout: 15_000 });
    } else {
      await page.getByRole("button", { name: "Save progress", exact: true }).click();
      await expect(page.getByRole("status").filter({ hasText: "Progress saved: only you can see it." })).toContainText(
        "Still to fill in before you can create your project: Short description, Category, Project duration, Funding deadline",
      );
      await expect(page.getByLabel("Project title")).toHaveValue(title);
    }

    // Away, and back through My Projects.
    await page.goto("/demo");
    await page.goto("/my-projects");
    await expect(page.getByRole("heading", { name: `Your project in progress: ${title}` })).toBeVisible();
    await page.getByRole("link", { name: "Continue your project" }).click();
    await expect(page).toHaveURL(/\/my-projects\/create$/);
    await ready(page, javaScriptEnabled);
    await expect(page.getByText(/This is your saved progress, from/)).toBeVisible();
    await expect(page.getByLabel("Project title")).toHaveValue(title);
    await expect(page.getByLabel("Funding goal ($)")).toHaveValue("20000");
    if (javaScriptEnabled) await expectNoSeriousViolations(page, "/my-projects/create (a saved draft)");
    // A missing field is a link to it.
    await page.getByRole("link", { name: "Creator name", exact: true }).click();
    await expect(page).toHaveURL(/#f-creatorInfo-name$/);

    // Finished and created: the draft has become the project.
    await page.getByLabel("Short description").fill("Laundry that texts you.");
    await page.getByLabel("Category").selectOption({ label: "Technology" });
    await page.getByLabel("Project duration (months)").fill("12");
    await page.getByLabel("Funding deadline").fill(isoDate(0, 60));
    await page.getByLabel("Creator name").fill("Lena Founder");
    await page.getByLabel("Creator bio").fill("Tired of waiting for dryers.");
    await page.getByLabel("Main project image URL").fill("/images/placeholder-project.svg");
    await page.getByRole("button", { name: "Create Project", exact: true }).click();
    await expect(page).toHaveURL(/\/my-projects\?saved=created$/, { timeout: 20_000 });
    await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
    await expect(page.getByRole("link", { name: "Continue your project" })).toHaveCount(0);

    const draft = await request.get("/api/projects/draft", { headers: { Authorization: `Bearer ${founder.token}` } });
    expect(draft.status()).toBe(404);
  });
});
