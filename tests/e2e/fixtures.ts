/**
 * Playwright's `test` with two additions used by every browser test, and the signed-in roles:
 * - every test comes from its own client address (`CF-Connecting-IP`, which `wrangler dev` passes
 *   through; Cloudflare sets it in production), for its pages and its `request` client alike, so the
 *   per-address rate limits (ADR 013) meet only where a test means them to;
 * - every page a test opens is watched for Content-Security-Policy violations (ADR 014): the
 *   browser's own console reports (with JavaScript on and off) and, with JavaScript,
 *   `securitypolicyviolation` events. A test that causes one fails, whatever it was testing;
 * - `asInvestor`, `asFounder`, `asAdmin`: the test's `page` signed in (the session cookie, no sign-in
 *   page) as a fresh investor or founder signed up through the API, or as the demo admin (admins
 *   cannot sign up), with who that is (`token`, `user`, `email`, …) for API calls. One role per
 *   test: a second person gets a browser context of their own (`signUpViaApi`, `signInCookie`).
 *   Tests of signing in and up themselves go through the pages instead.
 *
 * Which project runs a test (playwright.config.ts): every test runs in both "js" and "no-js" unless
 * it says otherwise. Tag it `{ tag: "@read-only" }` (a test, or a `test.describe` whose tests all
 * are) when, without JavaScript, it would only load pages (`page.goto`, `request`) and assert on
 * what the server rendered: no form submitted, no link, tab, pager, `<summary>` or dialog opener
 * clicked, no keyboard or focus interaction, and no branch on `javaScriptEnabled`. Such a test runs
 * in "js" only, which checks the same server HTML. A test where JavaScript can change the outcome
 * (every journey, every form) stays untagged and runs both ways; if in doubt, leave it untagged.
 */
import { test as base, type APIRequestContext, type Page } from "@playwright/test";

import {
  type Account,
  DEMO,
  DEMO_PASSWORD,
  loginViaApi,
  SESSION_COOKIE,
  signInCookie,
  signUpViaApi,
  uniqueIp,
} from "./helpers";

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

/** A page signed in as someone, and who that is. */
export interface SignedIn extends Account {
  page: Page;
}

async function signedIn(page: Page, baseURL: string, account: Account): Promise<SignedIn> {
  const context = page.context();
  if ((await context.cookies(baseURL)).some((c) => c.name === SESSION_COOKIE)) {
    throw new Error("This page is signed in already: one role fixture per test (a second person needs a context)");
  }
  await signInCookie(context, baseURL, account.token);
  return { ...account, page };
}

async function demoAdmin(request: APIRequestContext): Promise<Account> {
  const { token, user } = await loginViaApi(request, DEMO.admin, DEMO_PASSWORD);
  return {
    email: DEMO.admin,
    password: DEMO_PASSWORD,
    firstName: user.firstName,
    lastName: user.lastName,
    token,
    user,
  };
}

export const test = base.extend<{ cspGuard: void; asInvestor: SignedIn; asFounder: SignedIn; asAdmin: SignedIn }>({
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
  asInvestor: async ({ page, request, baseURL }, provide) => {
    await provide(await signedIn(page, baseURL!, await signUpViaApi(request, { role: "investor" })));
  },
  asFounder: async ({ page, request, baseURL }, provide) => {
    await provide(await signedIn(page, baseURL!, await signUpViaApi(request, { role: "founder" })));
  },
  asAdmin: async ({ page, request, baseURL }, provide) => {
    await provide(await signedIn(page, baseURL!, await demoAdmin(request)));
  },
});

export { expect } from "@playwright/test";
