/**
 * Sharing a project from its page: plain LinkedIn and X links and the link in a
 * read-only field without JavaScript; with it, the Web Share API where the browser has one, else
 * Copy link with "Link copied" announced. The link is canonical: this site's origin and the slug,
 * whatever query or id the page was opened with. Only a published project has the control.
 */
import { type BrowserContext, type Page } from "@playwright/test";

import { expect, test } from "./fixtures";

import {
  approveViaApi,
  createProjectViaApi,
  expectNoSeriousViolations,
  PROJECTS,
  submitForReviewViaApi,
} from "./helpers";

const project = PROJECTS.open;

declare global {
  interface Window {
    __shared?: ShareData[];
  }
}

const shareGroup = (page: Page) => page.getByRole("group", { name: "Share this project" });

/** A browser without the Web Share API (Copy link is offered), whose clipboard the page may use. */
async function withoutWebShare(page: Page, context: BrowserContext, baseURL: string | undefined) {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await page.addInitScript(() => {
    delete (Navigator.prototype as Partial<Navigator>).share;
  });
}

/** The project's canonical link on the server the tests run against. */
const projectUrl = (baseURL: string | undefined) => `${baseURL}/project/${project.slug}`;

test(
  "the LinkedIn and X links carry the project's absolute URL, and the Project link field holds it",
  { tag: "@read-only" },
  async ({ page, baseURL }) => {
    const url = projectUrl(baseURL);
    // Opened by its id with a tab, a share count and a tracking tag: the shared link is still the canonical one.
    await page.goto(`/project/proj-${project.slug}?tab=team&shares=20&utm_source=newsletter`);
    const share = shareGroup(page);

    const linkedIn = share.getByRole("link", { name: "Share on LinkedIn (opens in a new tab)" });
    await expect(linkedIn).toHaveAttribute(
      "href",
      `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`,
    );
    await expect(linkedIn).toHaveAttribute("target", "_blank");
    await expect(linkedIn).toHaveAttribute("rel", "noopener noreferrer");

    const x = share.getByRole("link", { name: "Share on X (opens in a new tab)" });
    await expect(x).toHaveAttribute(
      "href",
      `https://x.com/intent/post?url=${encodeURIComponent(url)}&text=${encodeURIComponent(project.title)}`,
    );
    await expect(x).toHaveAttribute("target", "_blank");
    await expect(x).toHaveAttribute("rel", "noopener noreferrer");

    const field = share.getByLabel("Project link");
    await expect(field).toHaveValue(url);
    await expect(field).not.toBeEditable();
  },
);

test(
  "a project gets the Share control when it is published, never on its draft's preview",
  { tag: "@read-only" },
  async ({ asFounder: founder, page, request, baseURL }) => {
    const draft = await createProjectViaApi(request, founder.token);
    await page.goto(`/project/${draft._id}`);
    await expect(page.getByText("Draft preview.")).toBeVisible();
    await expect(shareGroup(page)).toHaveCount(0);

    await submitForReviewViaApi(request, founder.token, draft._id);
    const live = await approveViaApi(request, draft._id);
    await page.goto(`/project/${live.slug}`);
    await expect(shareGroup(page).getByLabel("Project link")).toHaveValue(`${baseURL}/project/${live.slug}`);
  },
);

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the Share and Copy link buttons need JavaScript");

  test("Share opens the browser's share sheet with the project's title and URL", async ({ page, baseURL }) => {
    await page.addInitScript(() => {
      window.__shared = [];
      Object.defineProperty(navigator, "share", {
        configurable: true,
        value: async (data: ShareData) => {
          window.__shared!.push(data);
        },
      });
    });
    await page.goto(`/project/${project.slug}`);
    const share = shareGroup(page);
    await share.getByRole("button", { name: "Share", exact: true }).click();
    await expect
      .poll(() => page.evaluate(() => window.__shared))
      .toEqual([expect.objectContaining({ title: project.title, url: projectUrl(baseURL) })]);
    await expect(share.getByRole("button", { name: "Copy link" })).toHaveCount(0);
  });

  test("a cancelled share says nothing", async ({ page }) => {
    await page.addInitScript(() => {
      window.__shared = [];
      Object.defineProperty(navigator, "share", {
        configurable: true,
        value: async (data: ShareData) => {
          window.__shared!.push(data);
          throw new DOMException("Share canceled", "AbortError");
        },
      });
    });
    await page.goto(`/project/${project.slug}`);
    const share = shareGroup(page);
    await share.getByRole("button", { name: "Share", exact: true }).click();
    await expect.poll(() => page.evaluate(() => window.__shared!.length)).toBe(1);
    await expect(share.getByRole("status")).toHaveText("");
  });

  test("without the Web Share API, Copy link puts the URL on the clipboard and says Link copied", async ({
    page,
    context,
    baseURL,
  }) => {
    await withoutWebShare(page, context, baseURL);
    await page.goto(`/project/${project.slug}`);
    const share = shareGroup(page);
    await expect(share.getByRole("button", { name: "Share", exact: true })).toHaveCount(0);
    await share.getByRole("button", { name: "Copy link" }).click();
    await expect(share.getByRole("status")).toHaveText("Link copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(projectUrl(baseURL));
  });

  test("axe: the project page with the Share control, hydrated, after a copy, and as markup without JavaScript", async ({
    page,
    context,
    baseURL,
  }) => {
    await withoutWebShare(page, context, baseURL);
    await page.goto(`/project/${project.slug}`);
    const share = shareGroup(page);
    const copy = share.getByRole("button", { name: "Copy link" });
    await expect(copy).toBeVisible();
    await expectNoSeriousViolations(page, "/project/:slug (Share, hydrated)");
    await copy.click();
    await expect(share.getByRole("status")).toHaveText("Link copied");
    await expectNoSeriousViolations(page, "/project/:slug (Link copied)");
    // The page's own scripts blocked: the markup a browser without JavaScript shows.
    await page.route(/\/assets\/.*\.js(\?|$)/, (route) => route.abort());
    await page.goto(`/project/${project.slug}`);
    await expect(share.getByLabel("Project link")).toBeVisible();
    await expectNoSeriousViolations(page, "/project/:slug (Share, without JavaScript)");
  });
});
