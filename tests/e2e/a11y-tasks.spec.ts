/**
 * Accessibility of /tasks and of the guided tour (axe-core; no serious or critical violations).
 * js project only, like tests/e2e/a11y.spec.ts. The tour part needs <GuidedTour /> mounted in
 * app/root.tsx and skips itself, saying so, until it is.
 */
import { type Locator } from "@playwright/test";

import { expect, test } from "./fixtures";

import { expectNoSeriousViolations } from "./helpers";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe injects a script: js project only");

function yesterday(): string {
  const d = new Date();
  d.setDate(d.getDate() - 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

test("/tasks: empty, with tasks (list and grid), editing and the empty-text hint", async ({ page }) => {
  await page.goto("/tasks");
  await expect(page.getByRole("button", { name: "Add Task" })).toBeEnabled();
  await expectNoSeriousViolations(page, "/tasks (empty)");

  const add = async (text: string, due?: string) => {
    await page.getByLabel("Task", { exact: true }).fill(text);
    if (due) await page.getByLabel("Due date (optional)").fill(due);
    await page.getByRole("button", { name: "Add Task" }).click();
  };
  await add("Read the BridgeCode pitch", yesterday());
  await page.getByLabel("Priority").selectOption("high");
  await add("Compare fintech projects");
  await add("Ask founders about traction");
  await page.getByRole("checkbox", { name: "Compare fintech projects" }).check();
  await expectNoSeriousViolations(page, "/tasks (list)");

  await page.getByRole("button", { name: "Grid" }).click();
  await expectNoSeriousViolations(page, "/tasks (grid)");

  await page.getByRole("button", { name: "Edit task: Ask founders about traction" }).click();
  await expect(page.getByRole("button", { name: "Update Task" })).toBeVisible();
  await page.getByLabel("Task", { exact: true }).fill(" ");
  await page.getByRole("button", { name: "Update Task" }).click();
  await expect(page.getByText("Enter a task description")).toBeVisible();
  await expectNoSeriousViolations(page, "/tasks (editing, hint)");

  await page.getByRole("button", { name: "Completed" }).click();
  await page.getByRole("checkbox", { name: "Compare fintech projects" }).click(); // leaves the view
  await expect(page.getByText("No tasks found")).toBeVisible();
  await expectNoSeriousViolations(page, "/tasks (no tasks found)");
});

/** axe must measure colours after the tooltip's fade-in, not halfway through it. */
async function settled(dialog: Locator) {
  await dialog.evaluate("(el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished))");
}

test("the tour offer and the tour tooltip", async ({ asInvestor: { page } }) => {
  await page.goto("/portfolio?newUser=1");
  const prompt = page.locator("[data-tour-prompt]");
  await expect(prompt).toBeVisible({ timeout: 8_000 });
  await expectNoSeriousViolations(page, "tour prompt");

  await prompt.getByRole("button", { name: "Start tour" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Step 1 of");
  await settled(dialog);
  await expectNoSeriousViolations(page, "tour step 1");

  await dialog.locator(".tour-next").click();
  await expect(dialog).toContainText("Step 2 of");
  await page.waitForTimeout(300); // let the smooth scroll settle
  await settled(dialog);
  await expectNoSeriousViolations(page, "tour step 2 (/demo)");
});
