/**
 * Shared helpers for the browser tests: unique accounts, API shortcuts for signing in where the
 * sign-in UI is not the point, and plain-HTTP form posts (what a browser without JavaScript sends).
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type APIRequestContext, type APIResponse, type BrowserContext, type Page } from "@playwright/test";

import type { ApiAnswer, ApiBody } from "../shared/api";
import { TEST_PASSWORD } from "../shared/clients";

export { TEST_PASSWORD, uniqueIp } from "../shared/clients";
export { alertTexts, visibleText } from "../shared/html";
export { expectAlert } from "../shared/responses";

export const SESSION_COOKIE = "campusfund_session";

/** Demo accounts loaded by scripts/seed.mjs (db/seed-data.ts). */
export const DEMO_PASSWORD = "Demo1234!";
export const DEMO = {
  investor: "investor@campusfund.dev",
  founder: "founder@campusfund.dev",
  newFounder: "newfounder@campusfund.dev",
  admin: "admin@campusfund.dev",
  /** Founders of sold-out raises open for months (RootStack, ThreadCycle): each may close early, once per JavaScript mode. */
  fundedFounder: "fundedfounder@campusfund.dev",
  goalFounder: "goalfounder@campusfund.dev",
} as const;

/**
 * Seeded projects by funding state (db/seed-data.ts). Tests that buy shares use projects with
 * thousands of shares left, so runs never sell them out.
 */
export const PROJECTS = {
  /** Open, 30,000 shares at $10, 12% equity, ~20,000 left: the calculator project. */
  open: { slug: "campusroute", title: "CampusRoute", sharePrice: 10, totalShares: 30_000, equity: 12 },
  /** Open, education, $10 a share, $100 minimum (10 shares): the investor journey's purchase. */
  journey: { slug: "bridgecode", title: "BridgeCode", sharePrice: 10, minInvestment: 100 },
  /** Open, 25,000 shares at $4, ~200 left. */
  nearlySoldOut: { slug: "shelfswap", title: "ShelfSwap" },
  /** Every share sold, deadline still ahead (status active: it closes at its deadline); closed early by its founder. */
  soldOut: { slug: "scriberx", title: "ScribeRx" },
  /** Past its deadline at 41% of its goal: settled Closed (goal not reached), its investments returned. */
  pastDeadline: { slug: "campuskeys", title: "CampusKeys" },
  /** The demo founder's own project. */
  founders: { slug: "quietly", title: "Quietly" },
} as const;

let seq = 0;

/** An email no other test (or earlier run against the same server) has used. */
export function uniqueEmail(prefix = "e2e"): string {
  const rand = Math.random().toString(36).slice(2, 7);
  return `${prefix}-${Date.now().toString(36)}${(seq++).toString(36)}${rand}@example.edu`.toLowerCase();
}

/** YYYY-MM-DD of today (UTC) shifted by whole years and days. */
export function isoDate(yearsAgo: number, daysOffset = 0, today = new Date()): string {
  const d = new Date(Date.UTC(today.getUTCFullYear() - yearsAgo, today.getUTCMonth(), today.getUTCDate()));
  // 29 February minus N years: clamp to the 28th like the app does.
  if (d.getUTCMonth() !== today.getUTCMonth()) d.setUTCDate(0);
  d.setUTCDate(d.getUTCDate() + daysOffset);
  return d.toISOString().slice(0, 10);
}

export const ADULT_BIRTH_DATE = "1998-03-14";

export interface Account {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  token: string;
  user: ApiAnswer<"signUp", 201>["user"];
}

/** Creates an account through `POST /api/auth/signup` (fast: no page involved). */
export async function signUpViaApi(
  request: APIRequestContext,
  overrides: Partial<{
    firstName: string;
    lastName: string;
    email: string;
    password: string;
    role: "investor" | "founder";
  }> = {},
): Promise<Account> {
  const body = {
    firstName: "Taylor",
    lastName: "Tester",
    email: uniqueEmail(overrides.role ?? "investor"),
    password: TEST_PASSWORD,
    birthDate: ADULT_BIRTH_DATE,
    role: "investor",
    ...overrides,
  } satisfies ApiBody<"signUp">;
  const res = await request.post("/api/auth/signup", { data: body });
  expect(res.status(), `API signup failed: ${await res.text()}`).toBe(201);
  const out = (await res.json()) as ApiAnswer<"signUp", 201>;
  return { email: body.email, password: body.password, firstName: body.firstName, lastName: body.lastName, ...out };
}

/** Signs in through `POST /api/auth/login`; returns the token and user. */
export async function loginViaApi(request: APIRequestContext, email: string, password: string) {
  const adminToken = process.env.E2E_ADMIN_TOKEN;
  if (email === DEMO.admin && adminToken) {
    // The demo admin signs in with a second step: the run's one session (tests/e2e/global-setup.ts).
    const me = await request.get("/api/auth/me", { headers: { Authorization: `Bearer ${adminToken}` } });
    expect(me.status(), "the demo admin's session of this run").toBe(200);
    const { user } = (await me.json()) as ApiAnswer<"getMe", 200>;
    return { success: true, token: adminToken, user } as ApiAnswer<"signIn", 200>;
  }
  const res = await request.post("/api/auth/login", { data: { email, password } satisfies ApiBody<"signIn"> });
  expect(res.status(), `API login failed for ${email}: ${await res.text()}`).toBe(200);
  return (await res.json()) as ApiAnswer<"signIn", 200>;
}

/** Puts a session token in the browser as the app's cookie (skips the sign-in page). */
export async function signInCookie(context: BrowserContext, baseURL: string, token: string): Promise<void> {
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
}

/** Signs a browser in as `email` through the API and the cookie. */
export async function signInAs(
  context: BrowserContext,
  request: APIRequestContext,
  baseURL: string,
  email: string,
  password = DEMO_PASSWORD,
) {
  const { token, user } = await loginViaApi(request, email, password);
  await signInCookie(context, baseURL, token);
  return { token, user };
}

/** Fills and submits the /signin form on the current page. */
export async function signInViaForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

export interface SignupFields {
  firstName: string;
  lastName: string;
  email: string;
  birthDate: string;
  password: string;
  confirmPassword: string;
}

/** Fills the /signup form (role stays at its default unless given) without submitting. */
export async function fillSignupForm(page: Page, f: SignupFields, role?: "Investor" | "Founder"): Promise<void> {
  await page.getByLabel("First name").fill(f.firstName);
  await page.getByLabel("Last name").fill(f.lastName);
  await page.getByLabel("Email").fill(f.email);
  await page.getByLabel("Birth date").fill(f.birthDate);
  await page.getByLabel("Password", { exact: true }).fill(f.password);
  await page.getByLabel("Confirm password").fill(f.confirmPassword);
  if (role) await page.getByRole("radio", { name: new RegExp(`^${role}`) }).check();
}

export function validSignup(overrides: Partial<SignupFields> = {}): SignupFields {
  return {
    firstName: "Robin",
    lastName: "Quinn",
    email: uniqueEmail("form"),
    birthDate: ADULT_BIRTH_DATE,
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
    ...overrides,
  };
}

/**
 * A form post the way a browser without JavaScript sends it (urlencoded, same Origin), without
 * following redirects so the test sees React Router's answer itself.
 */
export function formPost(
  request: APIRequestContext,
  baseURL: string,
  path: string,
  form: Record<string, string>,
  opts: { token?: string } = {},
): Promise<APIResponse> {
  const headers: Record<string, string> = { Origin: baseURL };
  if (opts.token) headers.Cookie = `${SESSION_COOKIE}=${opts.token}`;
  return request.post(path, { form, headers, maxRedirects: 0 });
}

/** A GET with the session cookie (not following redirects). */
export function getAs(request: APIRequestContext, path: string, token?: string): Promise<APIResponse> {
  return request.get(path, {
    headers: token ? { Cookie: `${SESSION_COOKIE}=${token}` } : {},
    maxRedirects: 0,
  });
}

/** The path and query a redirect response points to. */
export function locationOf(res: APIResponse, baseURL: string): string {
  const loc = res.headers()["location"];
  expect(loc, `expected a redirect, got ${res.status()}`).toBeTruthy();
  const u = new URL(loc!, baseURL);
  return `${u.pathname}${u.search}`;
}

/** Reads a project through the API. */
export async function apiProject(request: APIRequestContext, slug: string) {
  const res = await request.get(`/api/projects/${slug}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as ApiAnswer<"getProject", 200>;
}

/** A user's investments through the API (bearer token). */
export async function apiInvestments(request: APIRequestContext, userId: string, token: string) {
  const res = await request.get(`/api/investments/user/${userId}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as ApiAnswer<"listInvestments", 200>;
}

/** Path + query of the page's current URL. */
export function pathOf(page: Page): string {
  const u = new URL(page.url());
  return `${u.pathname}${u.search}`;
}

/**
 * With JavaScript, waits until React has hydrated: the no-JS fallback buttons ("Update total",
 * "Calculate") are removed on hydration. Without JavaScript it returns at once.
 */
export async function waitForHydration(page: Page, jsEnabled: boolean, fallbackButton: string): Promise<void> {
  if (!jsEnabled) return;
  await expect(page.getByRole("button", { name: fallbackButton })).toHaveCount(0);
}

export const money = (n: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 }).format(n);

// ---------------------------------------------------------------------------------------------
// accessibility: axe-core, failing on "serious" or "critical" violations (minor ones are printed)

type Result = Awaited<ReturnType<AxeBuilder["analyze"]>>;

function report(label: string, violations: Result["violations"]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => `      - ${n.target.join(" ")}\n        ${(n.failureSummary ?? "").replace(/\n/g, "\n        ")}`)
        .join("\n");
      const more = v.nodes.length > 5 ? `\n      … and ${v.nodes.length - 5} more` : "";
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${more}`;
    })
    .join("\n")
    .replace(/^/, `${label}:\n`);
}

export async function expectNoSeriousViolations(page: Page, label: string) {
  // Colours are judged at rest: a button still fading back from its busy state (a CSS transition)
  // would be measured mid-way (a flake seen on /contact once retries were turned off). The page's
  // stylesheets must have loaded first, or an entrance animation they start (the /support banner's
  // fade-in, measured at 2.97:1 once) is not running yet when the check looks, and not pending
  // either.
  await page.waitForLoadState("load");
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running" && !a.pending));
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const minor = results.violations.filter((v) => !serious.includes(v));
  if (minor.length) console.log(`(a11y, not failing) ${report(label, minor)}`);
  expect(serious, report(label, serious)).toEqual([]);
}

/** The rules of WCAG 2.2 at levels A and AA, as axe tags them. */
export const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

/** Axe with WCAG 2.2 AA's rules only, failing on any violation of them, whatever its impact. */
export async function expectWcag22AA(page: Page, label: string) {
  await page.waitForLoadState("load");
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running" && !a.pending));
  const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  expect(results.violations, report(label, results.violations)).toEqual([]);
}

/** A complete, valid project body for `POST /api/projects/create` (spec section 5), deadline 90 days out. */
export function projectBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: `E2E Startup ${Date.now().toString(36)}${(seq++).toString(36)}`,
    shortDescription: "Study rooms booked in one tap.",
    description: "We help students find and book free study rooms on campus.",
    // Sustainability, a sector no test reads page 1 of: the investor journey expects the seeded
    // BridgeCode on page 1 of Education, and new projects are listed before older ones.
    category: "Agriculture",
    fundingGoal: 20_000,
    fundingDeadline: isoDate(0, 90),
    projectDuration: 12,
    image: "/images/placeholder-project.svg",
    sharePrice: 10,
    investmentTerms: { equityPercentage: 8, minInvestment: 100 },
    creatorInfo: { name: "Robin Quinn", bio: "Second-year CS student." },
    ...overrides,
  };
}

/** A founder's project through the API: created as a draft, published when `publish` is set. */
export async function createProjectViaApi(
  request: APIRequestContext,
  token: string,
  opts: { publish?: boolean; body?: Record<string, unknown> } = {},
) {
  const headers = { Authorization: `Bearer ${token}` };
  const res = await request.post("/api/projects/create", { data: projectBody(opts.body), headers });
  expect(res.status(), `create failed: ${await res.text()}`).toBe(201);
  let project = (await res.json()) as ApiAnswer<"createProject", 201>;
  if (opts.publish) {
    await submitForReviewViaApi(request, token, project._id);
    project = await approveViaApi(request, project._id);
  }
  return project;
}

/** A founder's `POST /api/projects/{id}/publish`: submitted for review (ADR 030). */
export async function submitForReviewViaApi(request: APIRequestContext, token: string, id: string) {
  const res = await request.post(`/api/projects/${id}/publish`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), `submit failed: ${await res.text()}`).toBe(200);
  return (await res.json()) as ApiAnswer<"publishProject", 200>;
}

let adminToken: Promise<string> | null = null;

/** The demo admin approves a project in review (one admin session per test worker). */
export async function approveViaApi(request: APIRequestContext, id: string) {
  adminToken ??= loginViaApi(request, DEMO.admin, DEMO_PASSWORD).then((r) => r.token);
  const approve = async () =>
    request.post(`/api/admin/projects/${id}/approve`, { headers: { Authorization: `Bearer ${await adminToken}` } });
  let res = await approve();
  if (res.status() === 401) {
    // Another test ended this worker's admin session (a sign-out of the demo admin): sign in again.
    adminToken = loginViaApi(request, DEMO.admin, DEMO_PASSWORD).then((r) => r.token);
    res = await approve();
  }
  expect(res.status(), `approve failed: ${await res.text()}`).toBe(200);
  return (await res.json()) as ApiAnswer<"approveProject", 200>;
}
