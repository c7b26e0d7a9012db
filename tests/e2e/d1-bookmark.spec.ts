/**
 * Reading your own write (ADR 036), in both projects (JavaScript on and off): a visitor who joins
 * the supporters list leaves with the write's D1 bookmark in a short-lived HttpOnly cookie, sees
 * their name on the list, and their next visitor page is read from D1 (from that bookmark) rather
 * than served from the visitors' edge cache.
 */
import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";

import { uniqueEmail } from "./helpers";

async function joinSupporters(page: Page, name: string) {
  await page.goto("/support");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("bookmark"));
  await page.getByRole("button", { name: "Show My Support" }).click();
  await expect(page.getByRole("heading", { name: "Thank You for Your Support!" })).toBeVisible();
}

test("a visitor who joins the supporters list sees their name on it", async ({ page }) => {
  const name = `Bookmark ${Date.now().toString(36)}`;
  await joinSupporters(page, name);

  await expect(page.getByRole("cell", { name, exact: true })).toBeVisible();
});

test("the browser keeps the write's bookmark for a minute, HttpOnly and SameSite=Lax", async ({ page }) => {
  await joinSupporters(page, "Bookmark Cookie");

  const now = Date.now() / 1000;
  const cookie = (await page.context().cookies()).find((c) => c.name === "campusfund_d1_bookmark");
  expect(
    cookie && {
      httpOnly: cookie.httpOnly,
      sameSite: cookie.sameSite,
      path: cookie.path,
      withinAMinute: cookie.expires > now && cookie.expires <= now + 61,
    },
  ).toEqual({ httpOnly: true, sameSite: "Lax", path: "/", withinAMinute: true });
});

test("the visitor's next page after their write is read from D1, not the edge cache", async ({ page }) => {
  await joinSupporters(page, "Bookmark Reader");

  const res = await page.goto("/demo");

  expect(res?.headers()["x-edge-cache"]).toBeUndefined();
});
