/**
 * Inputs never change what was typed (ADR 032): a pasted short description of 170 characters is
 * kept whole, the counter says it is over (with JavaScript; without it the page states the limit),
 * saving is refused with the field's message beside it, and the re-rendered form still holds all
 * 170 characters. Twenty of them are emoji: the browser counts code points, as the server does.
 */
import { PROJECT_MESSAGES } from "../../domain/projects/project-form-messages";
import { expect, test } from "./fixtures";

/** 170 characters (code points; 190 UTF-16 units): 20 emoji, then 150 letters. */
const PASTED = `${"🌱".repeat(20)}${"s".repeat(150)}`;

test("a pasted 170-character short description is kept whole, counted over, and refused with its message", async ({
  asFounder: { page },
  javaScriptEnabled,
}) => {
  await page.goto("/my-projects/create");
  const control = page.getByLabel("Short description");
  const counter = page.locator("#f-shortDescription-count");
  // With JavaScript the live counter has replaced the static hint once the page is hydrated.
  await expect(counter).toHaveText(javaScriptEnabled ? "0/150 characters" : "Up to 150 characters");

  await control.fill(PASTED);
  await expect(control).toHaveValue(PASTED);
  await expect(counter).toHaveText(
    javaScriptEnabled ? "170/150 characters: 20 over the limit" : "Up to 150 characters",
  );

  await page.getByRole("button", { name: "Create Project", exact: true }).click();
  await expect(page.locator("#f-shortDescription-error")).toHaveText(PROJECT_MESSAGES.shortDescriptionMax);
  await expect(control).toHaveAttribute("aria-invalid", "true");
  await expect(control).toHaveAccessibleDescription(new RegExp(PROJECT_MESSAGES.shortDescriptionMax));
  await expect(control).toHaveValue(PASTED);
  await expect(counter).toHaveText(
    javaScriptEnabled ? "170/150 characters: 20 over the limit" : "Up to 150 characters",
  );
  await expect(page).toHaveURL(/\/my-projects\/create$/);
});
