/**
 * The local task manager (/tasks) and the guided tour offered after sign-up.
 *
 * - Without JavaScript, /tasks shows its title, heading and the explanation that it needs
 *   JavaScript (tasks live in browser storage), and no dead form.
 * - With JavaScript: add (whitespace-only text is not added), edit (Update Task, Cancel), toggle,
 *   filters, list/grid, delete, 'No tasks found', the footer text, overdue display, persistence.
 * - The tour needs <GuidedTour /> mounted in app/root.tsx; until it is, those tests skip themselves
 *   with a message saying so.
 */
import { type Locator, type Page } from "@playwright/test";

import { expect, test } from "./fixtures";

import { fillSignupForm, validSignup } from "./helpers";

const NO_JS_MESSAGE = "The task manager keeps your tasks in this browser and needs JavaScript.";

/** YYYY-MM-DD in the browser's own time zone, shifted by days. */
function localDay(offsetDays: number): string {
  const d = new Date();
  d.setDate(d.getDate() + offsetDays);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

async function openTasks(page: Page) {
  await page.goto("/tasks");
  // The form is disabled until React hydrates.
  await expect(page.getByRole("button", { name: "Add Task" })).toBeEnabled();
}

async function addTask(page: Page, text: string, opts: { priority?: "Low" | "Medium" | "High"; due?: string } = {}) {
  await page.getByLabel("Task", { exact: true }).fill(text);
  if (opts.priority) await page.getByLabel("Priority").selectOption({ label: opts.priority });
  if (opts.due) await page.getByLabel("Due date (optional)").fill(opts.due);
  await page.getByRole("button", { name: "Add Task" }).click();
}

const items = (page: Page) => page.locator(".task-list > li");
const item = (page: Page, text: string): Locator =>
  items(page).filter({ has: page.getByRole("checkbox", { name: text, exact: true }) });
const footer = (page: Page) => page.getByText(/\d+ total task\(s\), \d+ completed/);

test.describe("/tasks without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "no-js project only");

  test("shows the title, heading and why it needs JavaScript, not a dead form", async ({ page }) => {
    await page.goto("/tasks");
    await expect(page).toHaveTitle("Tasks | CampusFund");
    await expect(page.getByRole("heading", { level: 1, name: "Tasks" })).toBeVisible();
    // Playwright's text matching skips <noscript> content: address the message box itself.
    await expect(page.locator(".tasks-noscript")).toBeVisible();
    await expect(page.locator(".tasks-noscript")).toHaveText(NO_JS_MESSAGE);
    await expect(page.getByRole("button", { name: "Add Task" })).toBeHidden();
    await expect(page.getByLabel("Task", { exact: true })).toBeHidden();
  });
});

test.describe("/tasks with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "js project only");

  test("adds tasks (default priority Medium), never whitespace-only text, with the footer count", async ({ page }) => {
    await openTasks(page);
    await expect(page).toHaveTitle("Tasks | CampusFund");
    await expect(page.locator(".tasks-noscript")).toBeHidden();
    await expect(page.getByText("No tasks found")).toBeVisible();
    await expect(footer(page)).toHaveText("0 total task(s), 0 completed");
    await expect(page.getByLabel("Priority")).toHaveValue("medium");

    // Empty and whitespace-only text: nothing added, a short hint instead.
    await page.getByRole("button", { name: "Add Task" }).click();
    await expect(page.getByText("Enter a task description")).toBeVisible();
    await addTask(page, "    ");
    await expect(page.getByLabel("Task", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(items(page)).toHaveCount(0);
    await expect(footer(page)).toHaveText("0 total task(s), 0 completed");

    await addTask(page, "  Read the BridgeCode pitch  ");
    await expect(page.getByText("Enter a task description")).toBeHidden();
    await expect(items(page)).toHaveCount(1);
    const first = item(page, "Read the BridgeCode pitch");
    await expect(first).toContainText("Medium");
    await expect(page.getByLabel("Task", { exact: true })).toHaveValue("");

    await addTask(page, "Compare fintech projects", { priority: "High" });
    await expect(item(page, "Compare fintech projects")).toContainText("High");
    await expect(page.getByText("No tasks found")).toBeHidden();
    await expect(footer(page)).toHaveText("2 total task(s), 0 completed");
  });

  test("edits a task: it loads into the form, Update Task saves, Cancel leaves", async ({ page }) => {
    await openTasks(page);
    await addTask(page, "Email the founders", { priority: "Low", due: "2031-04-15" });
    await addTask(page, "Set a budget");

    await page.getByRole("button", { name: "Edit task: Email the founders" }).click();
    await expect(page.getByRole("heading", { name: "Edit task" })).toBeVisible();
    await expect(page.getByLabel("Task", { exact: true })).toHaveValue("Email the founders");
    await expect(page.getByLabel("Task", { exact: true })).toBeFocused();
    await expect(page.getByLabel("Priority")).toHaveValue("low");
    await expect(page.getByLabel("Due date (optional)")).toHaveValue("2031-04-15");
    await expect(page.getByRole("button", { name: "Add Task" })).toHaveCount(0);

    // Cancel leaves editing mode without saving.
    await page.getByLabel("Task", { exact: true }).fill("Something else");
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("button", { name: "Add Task" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Cancel" })).toHaveCount(0);
    await expect(page.getByLabel("Task", { exact: true })).toHaveValue("");
    await expect(item(page, "Email the founders")).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Something else" })).toHaveCount(0);

    // Update Task saves the edit in place; whitespace-only text is not saved.
    await page.getByRole("button", { name: "Edit task: Email the founders" }).click();
    await page.getByLabel("Task", { exact: true }).fill("   ");
    await page.getByRole("button", { name: "Update Task" }).click();
    await expect(page.getByText("Enter a task description")).toBeVisible();
    await page.getByLabel("Task", { exact: true }).fill("Email the CampusRoute founders");
    await page.getByLabel("Priority").selectOption({ label: "High" });
    await page.getByRole("button", { name: "Update Task" }).click();
    await expect(page.getByRole("button", { name: "Add Task" })).toBeVisible();
    const edited = item(page, "Email the CampusRoute founders");
    await expect(edited).toContainText("High");
    await expect(edited).toContainText("Due Apr 15, 2031");
    await expect(items(page)).toHaveCount(2);
    await expect(items(page).first()).toContainText("Email the CampusRoute founders");
  });

  test("toggles tasks and filters All / Active / Completed", async ({ page }) => {
    await openTasks(page);
    for (const t of ["One", "Two", "Three"]) await addTask(page, t);
    await page.getByRole("checkbox", { name: "Two", exact: true }).check();
    await expect(item(page, "Two")).toHaveClass(/is-done/);
    await expect(footer(page)).toHaveText("3 total task(s), 1 completed");

    const filters = page.getByRole("group", { name: "Filter tasks" });
    await expect(filters.getByRole("button", { name: "All" })).toHaveAttribute("aria-pressed", "true");

    await filters.getByRole("button", { name: "Active" }).click();
    await expect(filters.getByRole("button", { name: "Active" })).toHaveAttribute("aria-pressed", "true");
    await expect(filters.getByRole("button", { name: "All" })).toHaveAttribute("aria-pressed", "false");
    await expect(items(page)).toHaveText([/One/, /Three/]);

    await filters.getByRole("button", { name: "Completed" }).click();
    await expect(items(page)).toHaveText([/Two/]);
    // Un-toggling under Completed moves the task out of the view.
    // (click, not uncheck: the task leaves the Completed view as soon as it is unchecked)
    await page.getByRole("checkbox", { name: "Two", exact: true }).click();
    await expect(page.getByText("No tasks found")).toBeVisible();
    await expect(footer(page)).toHaveText("3 total task(s), 0 completed");

    await filters.getByRole("button", { name: "All" }).click();
    await expect(items(page)).toHaveCount(3);
  });

  test("switches between list and grid", async ({ page }) => {
    await openTasks(page);
    await addTask(page, "Layout check");
    const layout = page.getByRole("group", { name: "Layout" });
    await expect(layout.getByRole("button", { name: "List" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.locator(".task-list")).toHaveAttribute("data-view", "list");
    await layout.getByRole("button", { name: "Grid" }).click();
    await expect(layout.getByRole("button", { name: "Grid" })).toHaveAttribute("aria-pressed", "true");
    await expect(layout.getByRole("button", { name: "List" })).toHaveAttribute("aria-pressed", "false");
    await expect(page.locator(".task-list")).toHaveAttribute("data-view", "grid");
    await layout.getByRole("button", { name: "List" }).click();
    await expect(page.locator(".task-list")).toHaveAttribute("data-view", "list");
  });

  test("deletes tasks, down to 'No tasks found'", async ({ page }) => {
    await openTasks(page);
    await addTask(page, "Keep me");
    await addTask(page, "Delete me");
    await page.getByRole("button", { name: "Delete task: Delete me" }).click();
    await expect(page.getByRole("checkbox", { name: "Delete me" })).toHaveCount(0);
    await expect(footer(page)).toHaveText("1 total task(s), 0 completed");
    await page.getByRole("button", { name: "Delete task: Keep me" }).click();
    await expect(page.getByText("No tasks found")).toBeVisible();
    await expect(footer(page)).toHaveText("0 total task(s), 0 completed");
  });

  test("shows overdue tasks: due before today and not completed", async ({ page }) => {
    await openTasks(page);
    await addTask(page, "Late task", { due: localDay(-1) });
    await addTask(page, "Due today", { due: localDay(0) });
    await addTask(page, "Future task", { due: localDay(30) });
    await expect(item(page, "Late task").getByText("Overdue")).toBeVisible();
    await expect(item(page, "Due today").getByText("Overdue")).toHaveCount(0);
    await expect(item(page, "Future task").getByText("Overdue")).toHaveCount(0);
    await page.getByRole("checkbox", { name: "Late task" }).check();
    await expect(item(page, "Late task").getByText("Overdue")).toHaveCount(0);
  });

  test("keeps tasks across a reload (browser storage)", async ({ page }) => {
    await openTasks(page);
    await addTask(page, "Persisted task", { priority: "High", due: "2030-01-02" });
    await addTask(page, "Done already");
    await page.getByRole("checkbox", { name: "Done already" }).check();
    await expect(footer(page)).toHaveText("2 total task(s), 1 completed");

    await page.reload();
    await expect(page.getByRole("button", { name: "Add Task" })).toBeEnabled();
    await expect(items(page)).toHaveCount(2);
    await expect(item(page, "Persisted task")).toContainText("High");
    await expect(item(page, "Persisted task")).toContainText("Due Jan 2, 2030");
    await expect(page.getByRole("checkbox", { name: "Done already" })).toBeChecked();
    await expect(footer(page)).toHaveText("2 total task(s), 1 completed");
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("campusfund.tasks") ?? "[]"));
    expect(stored).toHaveLength(2);
  });
});

// ---------------------------------------------------------------------------------------------
// The guided tour.

const TOUR_STEPS = 5;

/** Waits for the tour offer (app/root.tsx mounts <GuidedTour />). */
async function expectTourOffer(page: Page) {
  const prompt = page.locator("[data-tour-prompt]");
  await expect(prompt).toBeVisible({ timeout: 8_000 });
  await expect(prompt.getByRole("heading", { name: "Take a quick tour?" })).toBeVisible();
  return prompt;
}

test.describe("guided tour", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the tour runs in the browser: js project only");
  // The tour scrolls each target into view smoothly unless the user asks for reduced motion. A
  // click aimed while the tooltip still glides lands on the shield behind it (a CI run failed so
  // at step 3), so these tests ask for reduced motion and the scroll is one jump.
  test.use({ reducedMotion: "reduce" });

  test("after UI sign-up: from the first step to Finish, then not offered again", async ({ page }) => {
    await page.goto("/signup");
    await fillSignupForm(page, validSignup({ firstName: "Jordan" }));
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL(/\/portfolio\?newUser=1/);
    const prompt = await expectTourOffer(page);
    await prompt.getByRole("button", { name: "Start tour" }).click();
    await expect(prompt).toBeHidden();

    const dialog = page.getByRole("dialog");
    const next = dialog.locator(".tour-next");

    // 1: the Explore link; Next navigates to /demo.
    await expect(dialog).toContainText(`Step 1 of ${TOUR_STEPS}`);
    await expect(dialog).toBeFocused();
    await expect(dialog.getByRole("button", { name: "Skip Tour" })).toBeVisible();
    await expect(next).toHaveText("Next");
    await expect(page.locator(".tour-spotlight")).toBeVisible();
    await next.click();
    await expect(page).toHaveURL(/\/demo$/);

    // 2: a project card; the step needs a click, so the button reads Continue.
    await expect(dialog).toContainText(`Step 2 of ${TOUR_STEPS}`);
    await expect(next).toHaveText("Continue");
    await next.click();
    await expect(page).toHaveURL(/\/project\/[\w-]+$/);

    // 3: the share calculator.
    await expect(dialog).toContainText(`Step 3 of ${TOUR_STEPS}`);
    await expect(dialog).toContainText("Calculate your investment");
    await expect(page.locator(".tour-spotlight")).toBeVisible();
    await expect(next).toHaveText("Next");
    await next.click();

    // 4: the Portfolio link; Next navigates to /portfolio.
    await expect(dialog).toContainText(`Step 4 of ${TOUR_STEPS}`);
    await next.click();
    await expect(page).toHaveURL(/\/portfolio$/);

    // 5 (last): Finish and Close.
    await expect(dialog).toContainText(`Step ${TOUR_STEPS} of ${TOUR_STEPS}`);
    await expect(next).toHaveText("Finish");
    await expect(dialog.getByRole("button", { name: "Close" })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Skip Tour" })).toHaveCount(0);
    await next.click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.locator("[data-tour-active]")).toHaveCount(0);

    // Offered once.
    await page.goto("/portfolio?newUser=1");
    await expect(page.getByRole("heading", { level: 1, name: "Portfolio" })).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page.locator("[data-tour-prompt]")).toHaveCount(0);
  });

  test("Skip Tour ends it where it is; Escape skips too", async ({ asInvestor: { page } }) => {
    await page.goto("/portfolio?newUser=1");
    const prompt = await expectTourOffer(page);
    await prompt.getByRole("button", { name: "Start tour" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(`Step 1 of ${TOUR_STEPS}`);
    await dialog.getByRole("button", { name: "Skip Tour" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(/\/portfolio\?newUser=1$/);
    expect(await page.evaluate(() => localStorage.getItem("campusfund.tour.done"))).toBe("skipped");

    // Escape, from a later step (the tour can be restarted by clearing the flag).
    await page.evaluate(() => localStorage.removeItem("campusfund.tour.done"));
    await page.reload();
    await (await expectTourOffer(page)).getByRole("button", { name: "Start tour" }).click();
    await expect(dialog).toContainText(`Step 1 of ${TOUR_STEPS}`);
    await dialog.locator(".tour-next").click();
    await expect(dialog).toContainText(`Step 2 of ${TOUR_STEPS}`);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(/\/demo$/);
  });

  test("No thanks dismisses the offer for good", async ({ asInvestor: { page } }) => {
    await page.goto("/portfolio?newUser=1");
    const prompt = await expectTourOffer(page);
    await prompt.getByRole("button", { name: "No thanks" }).click();
    await expect(prompt).toBeHidden();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Portfolio" })).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page.locator("[data-tour-prompt]")).toHaveCount(0);
  });
});
