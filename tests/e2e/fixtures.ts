/**
 * Playwright's `test` with two additions used by every browser test:
 * - every test comes from its own client address (`CF-Connecting-IP`, which `wrangler dev` passes
 *   through; Cloudflare sets it in production), for its pages and its `request` client alike, so the
 *   per-address rate limits (ADR 013) meet only where a test means them to;
 * - every page a test opens is watched for Content-Security-Policy violations (ADR 014): the
 *   browser's own console reports (with JavaScript on and off) and, with JavaScript,
 *   `securitypolicyviolation` events. A test that causes one fails, whatever it was testing.
 */
import { test as base, type Page } from "@playwright/test";

import { uniqueIp } from "./helpers";

const CSP_MESSAGE = /Content Security Policy|Refused to (load|execute|apply|frame|connect)/i;

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Starts recording CSP violations on a page; returns the list it fills. */
export async function watchCsp(page: Page): Promise<string[]> {
  const found: string[] = [];
  page.on("console", (m) => {
    if (CSP_MESSAGE.test(m.text())) found.push(`console: ${m.text()}`);
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) => {
      window.__cspViolations!.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return found;
}

/** Violations seen so far: console reports plus, with JavaScript, the page's events. */
export async function cspViolations(page: Page, consoleFound: string[]): Promise<string[]> {
  const events = await page.evaluate(() => window.__cspViolations ?? []).catch(() => [] as string[]);
  return [...consoleFound, ...events.map((e) => `event: ${e}`)];
}

export const test = base.extend<{ cspGuard: void }>({
  // (The fixture callback is named `provide`: react-hooks' lint rule mistakes `use` for React's.)
  extraHTTPHeaders: async ({ extraHTTPHeaders }, provide) => {
    await provide({ ...extraHTTPHeaders, "CF-Connecting-IP": uniqueIp() });
  },
  cspGuard: [
    async ({ context }, provide, testInfo) => {
      const found: string[] = [];
      context.on("console", (m) => {
        if (CSP_MESSAGE.test(m.text())) found.push(`${m.page()?.url() ?? "?"}: ${m.text()}`);
      });
      await provide();
      if (found.length && testInfo.status === testInfo.expectedStatus) {
        throw new Error(`Content-Security-Policy violations:\n${found.join("\n")}`);
      }
    },
    { auto: true },
  ],
});

export { expect } from "@playwright/test";
