/**
 * No page is wider than a phone's screen: every page of the spec's route table (and the pages ours
 * adds beside them), as the role that may open it with the demo data, at 360 and 390 px, JavaScript
 * on and off, has a document no wider than the viewport (nothing scrolls sideways). One browser
 * context per role, its pages in a loop; the address of every page that is too wide is reported.
 */
import type { Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import { apiInvestments, DEMO, PROJECTS, signInAs } from "./helpers";

const WIDTHS = [360, 390] as const;

const PUBLIC = [
  "/",
  "/about",
  "/contact",
  "/privacy-policy",
  "/terms-of-service",
  "/signin",
  "/signup",
  "/forgot-password",
  "/demo",
  "/demo/technology",
  "/explore/sector/technology",
  ...["overview", "team", "product", "market", "investment", "updates", "discussion"].map(
    (tab) => `/project/${PROJECTS.open.slug}?tab=${tab}`,
  ),
  `/project/${PROJECTS.pastDeadline.slug}`,
  `/project/${PROJECTS.soldOut.slug}`,
  "/support",
  "/access-denied",
  "/tasks",
];

const SIGNED_IN = [
  "/profile",
  "/settings",
  "/settings/public-profile",
  "/settings/login-security",
  "/settings/two-factor",
  "/settings/investor-information",
  "/settings/notifications",
  "/settings/watchlist",
  "/settings/your-data",
  "/notifications",
];

const INVESTOR = [
  ...SIGNED_IN,
  "/portfolio",
  "/portfolio?tab=ai",
  "/portfolio-page",
  `/purchase/${PROJECTS.journey.slug}`,
  `/invest/${PROJECTS.journey.slug}`,
];

const FOUNDER = [...SIGNED_IN, "/my-projects", "/my-projects/create", "/founder-dashboard"];

/** Each path at each width: the ones whose document is wider than the screen, with the figures. */
async function tooWide(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of paths) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBeLessThan(400);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      if (scrollWidth > width) found.push(`${path} at ${width} px: ${scrollWidth} px wide`);
    }
  }
  return found;
}

test.describe("no page scrolls sideways on a phone", () => {
  test.describe.configure({ timeout: 240_000 });

  test("the public pages, as a visitor", async ({ page }) => {
    expect(await tooWide(page, PUBLIC)).toEqual([]);
  });

  test("the investor's pages", async ({ page, context, request, baseURL }) => {
    const { token, user } = await signInAs(context, request, baseURL!, DEMO.investor);
    const first = (await apiInvestments(request, user.id, token))[0]!._id;
    expect(
      await tooWide(page, [...INVESTOR, `/portfolio/investments/${first}`, `/portfolio/investments/${first}/receipt`]),
    ).toEqual([]);
  });

  test("the founder's pages", async ({ page, context, request, baseURL }) => {
    const { token } = await signInAs(context, request, baseURL!, DEMO.founder);
    const own = await request.get("/api/projects/founder", { headers: { Authorization: `Bearer ${token}` } });
    const { _id } = (await own.json()) as { _id: string };
    expect(await tooWide(page, [...FOUNDER, `/my-projects/edit/${_id}`, `/project/${PROJECTS.founders.slug}`])).toEqual(
      [],
    );
  });

  test("the admin's pages", async ({ page, context, request, baseURL }) => {
    await signInAs(context, request, baseURL!, DEMO.admin);
    expect(await tooWide(page, ["/admin", ...SIGNED_IN])).toEqual([]);
  });
});
