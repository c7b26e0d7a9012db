/**
 * One voice: CampusFund is a US product, so no page a visitor, an investor or a
 * founder can open shows British spellings. The visible text of every public and signed-in page
 * (the project page with each tab, every settings entry), as the demo accounts see them with the
 * demo data, is checked for the spellings a review found and their kin. Server-rendered text is
 * the same with JavaScript on and off: this runs in the no-js project.
 */
import type { Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import { DEMO, PROJECTS, signInAs } from "./helpers";

/** The project page's tabs (app/components/project/detail-tabs.ts). */
const TABS = ["overview", "team", "product", "market", "investment", "updates", "discussion"];

const BRITISH =
  /\b(favourites?|favourited|favour(?:s|ed)?|cheques?|modell(?:ed|ing)|practis(?:e|ed|ing)|licences?|totall(?:ed|ing)|cancell(?:ed|ing)|colours?|behaviours?|organis(?:e|ed|es|ing|ation|ations)|centres?|catalogues?|analys(?:e|ed|ing)|travell(?:ed|ing)|labell(?:ed|ing)|enrolments?|judgements?|programmes?|recognis(?:e|ed)|realis(?:e|ed)|prioritis(?:e|ed))\b/gi;

const PUBLIC = [
  "/",
  "/about",
  "/contact",
  "/support",
  "/privacy-policy",
  "/terms-of-service",
  "/demo",
  "/signin",
  "/signup",
  "/forgot-password",
  "/no-such-page",
  ...TABS.map((tab) => `/project/${PROJECTS.open.slug}?tab=${tab}`),
  `/project/${PROJECTS.pastDeadline.slug}`,
  `/project/${PROJECTS.soldOut.slug}`,
  "/markets",
  "/project/tutorloop?tab=trade",
];

const INVESTOR = [
  "/portfolio",
  "/profile",
  "/notifications",
  "/settings",
  "/settings/public-profile",
  "/settings/login-security",
  "/settings/two-factor",
  "/settings/investor-information",
  "/settings/notifications",
  "/settings/watchlist",
  `/purchase/${PROJECTS.journey.slug}`,
  "/tasks",
];

const FOUNDER = ["/my-projects", "/founder-dashboard", `/project/${PROJECTS.founders.slug}`];

/** Every British spelling in the page's visible text, with the address. */
async function britishOn(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  const text = await page.locator("body").innerText();
  return [...text.matchAll(BRITISH)].map((m) => `${path}: ${m[0]}`);
}

test.describe("US English on every page", () => {
  test.beforeEach(({ javaScriptEnabled }) => {
    test.skip(javaScriptEnabled, "server-rendered text: the no-js project reads it once");
  });

  test("public pages, as a visitor", async ({ page }) => {
    test.setTimeout(120_000);
    const found: string[] = [];
    for (const path of PUBLIC) found.push(...(await britishOn(page, path)));
    expect(found).toEqual([]);
  });

  test("the investor's pages", async ({ page, context, request, baseURL }) => {
    test.setTimeout(120_000);
    await signInAs(context, request, baseURL!, DEMO.investor);
    const found: string[] = [];
    for (const path of INVESTOR) found.push(...(await britishOn(page, path)));
    expect(found).toEqual([]);
  });

  test("the founder's pages", async ({ page, context, request, baseURL }) => {
    test.setTimeout(120_000);
    await signInAs(context, request, baseURL!, DEMO.founder);
    const found: string[] = [];
    for (const path of FOUNDER) found.push(...(await britishOn(page, path)));
    // The builder, from My Projects' Edit Project.
    await page.goto("/my-projects");
    const edit = await page.getByRole("link", { name: "Edit Project" }).first().getAttribute("href");
    expect(edit).toMatch(/^\/my-projects\/edit\//);
    found.push(...(await britishOn(page, edit ?? "")));
    expect(found).toEqual([]);
  });
});
