/**
 * An error page names the request that failed (ADR 056), so a user can quote it: "Request ID:" and
 * the id the failing answer's X-Request-Id header carries. Without JavaScript the error page is the
 * document itself; with it, a client-side navigation's `.data` request fails and the page must show
 * that request's id, not the first document's (app/root.tsx revalidates the root on navigation).
 */
import type { Page, Response } from "@playwright/test";

import { expect, test } from "./fixtures";
import { expectNoSeriousViolations } from "./helpers";

declare global {
  interface Window {
    __reactRouterDataRouter?: { navigate: (to: string) => Promise<void> };
  }
}

/** Reaches `path` as the browser would from within the site: a document without JavaScript, a client-side navigation with it. */
async function reach(
  page: Page,
  path: string,
  javaScriptEnabled: boolean,
): Promise<{ res: Response; first: string | null }> {
  if (!javaScriptEnabled) return { res: (await page.goto(path))!, first: null };
  const first = await page.goto("/about");
  await page.waitForFunction(() => !!window.__reactRouterDataRouter);
  const [res] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === `${path}.data`),
    // React Router's own navigation, as a link's click starts it.
    page.evaluate((to) => void window.__reactRouterDataRouter!.navigate(to), path),
  ]);
  return { res, first: await first!.headerValue("x-request-id") };
}

const CASES = [
  {
    what: "an unknown project",
    path: () => `/project/no-such-project-${Date.now().toString(36)}`,
    heading: "Project Not Found",
  },
  {
    what: "an unknown investor",
    path: () => `/investors/nobody${Date.now().toString(36)}`,
    heading: "Investor Not Found",
  },
];

for (const { what, path, heading } of CASES) {
  test(`${what}: the 404 page shows the failing request's id`, async ({ page, javaScriptEnabled }) => {
    const { res, first } = await reach(page, path(), javaScriptEnabled);
    expect(res.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    const id = await res.headerValue("x-request-id");
    expect(id).toMatch(/^[0-9a-f]{16}/);
    await expect(page.getByText("Request ID:")).toHaveText(`Request ID: ${id}`);
    if (first) expect(id).not.toBe(first);
    if (javaScriptEnabled) await expectNoSeriousViolations(page, `${what}'s 404 page`);
  });
}
