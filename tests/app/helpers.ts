/**
 * Helpers for tests of the built Worker (pages and API): requests the way a browser without
 * JavaScript sends them (same Origin, urlencoded forms, redirects not followed) and what a user
 * would read on the page that comes back.
 */
import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";

import { alertTexts } from "../shared/html";
import { bucketKeys, inDays, TEST_PASSWORD, unique, uniqueIp } from "../workers/helpers";
import { rememberSecretsInCookies, rememberSecretsInForm, rememberSecretsInPath } from "../workers/secrets-seen";

export { visibleText } from "../shared/html";
export { expectAlert, queries } from "../shared/responses";

export * from "../workers/helpers";

export const ORIGIN = "http://localhost";
export const SESSION = "campusfund_session";

export interface PageInit {
  method?: string;
  /** A form (urlencoded), or a raw body with its own content type. */
  form?: Record<string, string>;
  body?: BodyInit;
  contentType?: string;
  /** The session token to send as the cookie. */
  token?: string;
  cookie?: string;
  ip?: string;
  headers?: Record<string, string>;
}

/** A request to the built Worker, as a browser (or an attacker) would send it. */
export async function page(path: string, init: PageInit = {}): Promise<Response> {
  const headers: Record<string, string> = { "CF-Connecting-IP": init.ip ?? uniqueIp(), ...init.headers };
  const method = init.method ?? (init.form || init.body !== undefined ? "POST" : "GET");
  if (method !== "GET" && !("Origin" in headers)) headers.Origin = ORIGIN;
  const cookies = [init.token ? `${SESSION}=${init.token}` : null, init.cookie ?? null].filter(Boolean);
  if (cookies.length) headers.Cookie = cookies.join("; ");
  let body = init.body;
  if (init.form) {
    body = new URLSearchParams(init.form).toString();
    headers["Content-Type"] = "application/x-www-form-urlencoded";
  }
  if (init.contentType) headers["Content-Type"] = init.contentType;
  // What no log line may repeat (tests/workers/secrets-seen.ts): the form's secrets, the session, a link's token.
  if (init.form) rememberSecretsInForm(Object.entries(init.form));
  if (init.body instanceof FormData) rememberSecretsInForm(init.body.entries());
  rememberSecretsInCookies(headers.Cookie ?? null);
  rememberSecretsInPath(path);
  const res = await exports.default.fetch(`${ORIGIN}${path}`, { method, headers, body, redirect: "manual" });
  rememberSecretsInCookies(res.headers.get("Set-Cookie"));
  return res;
}

/** The texts of the page's role="alert" elements. */
export const alerts = alertTexts;

/** Rows in a table (optionally matching a where clause). */
export async function rows(table: string, where = "1 = 1", ...binds: unknown[]): Promise<number> {
  return (await env.DB.prepare(`select count(*) as n from ${table} where ${where}`)
    .bind(...binds)
    .first<{ n: number }>())!.n;
}

/** Counts of every table a page action or API route can write. */
export async function allCounts(): Promise<Record<string, number>> {
  const tables = [
    "users",
    "sessions",
    "trusted_devices",
    "projects",
    "investments",
    "supporters",
    "contact_messages",
    "public_profiles",
    "investor_financials",
    "project_follows",
    "project_updates",
    "discussion_posts",
    "discussion_votes",
    "notifications",
    "notification_preferences",
    "released_usernames",
    "uploads",
    "admin_audit",
  ];
  // A cancellation writes no row but turns one cancelled: counted too, so a refused cancel that
  // changed anything shows.
  const queries = [
    ...tables.map((t) => [t, `select count(*) as n from ${t}`]),
    ["investments (cancelled)", "select count(*) as n from investments where status = 'cancelled'"],
    // Edits and marks write no row: counted by what they change.
    ["notifications (read)", "select count(*) as n from notifications where read_at is not null"],
    ["discussion_posts (pinned)", "select count(*) as n from discussion_posts where pinned_at is not null"],
    // A username change writes no row when the profile exists: counted by the names held.
    ["public_profiles (usernames)", "select count(distinct username) as n from public_profiles"],
  ];
  const results = await env.DB.batch(queries.map(([, q]) => env.DB.prepare(q!)));
  return {
    ...Object.fromEntries(queries.map(([name], i) => [name, (results[i]!.results[0] as { n: number }).n])),
    // Images stored in R2 (ADR 023): a refused request stores none.
    "R2 objects (projects/)": (await bucketKeys()).length,
  };
}

export const tally = (codes: number[]) =>
  codes.reduce<Record<number, number>>((t, c) => ({ ...t, [c]: (t[c] ?? 0) + 1 }), {});

/** The device cookie (name=value) a successful sign-in sets. */
export function deviceCookieOf(res: Response): string {
  const set = res.headers.getSetCookie().find((c) => c.startsWith("campusfund_device="));
  expect(set, "a device cookie").toBeDefined();
  return set!.split(";")[0]!;
}

/** A complete sign-up form as the browser posts it (a new email each time). */
export const signupForm = (overrides: Record<string, string> = {}): Record<string, string> => ({
  firstName: "Robin",
  lastName: "Quinn",
  email: `${unique("form")}@example.edu`,
  birthDate: "1998-03-14",
  password: TEST_PASSWORD,
  confirmPassword: TEST_PASSWORD,
  role: "investor",
  ...overrides,
});

/** A complete, valid project form as the browser posts it: $50,000 at $10 a share, RegCF, 90 days. */
export const projectForm = (overrides: Record<string, string> = {}): Record<string, string> => ({
  title: `Project ${unique()}`,
  shortDescription: "Smart locks for dorm rooms.",
  description: "Campus Keys replaces dorm keys with phones.",
  category: "Technology",
  fundingGoal: "50000",
  fundingDeadline: inDays(90),
  projectDuration: "12",
  image: "https://cdn.example.org/main.png",
  "creatorInfo.name": "Fiona Founder",
  "creatorInfo.bio": "Builds locks.",
  sharePrice: "10",
  regulationType: "RegCF",
  "investmentTerms.equityPercentage": "10",
  "investmentTerms.minInvestment": "100",
  ...overrides,
});
