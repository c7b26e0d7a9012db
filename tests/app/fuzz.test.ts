/**
 * Property-based fuzzing of every door that reads a request: each API route (with its methods and
 * the wrong ones) and each page action on its document and `.data` URLs, with random and hostile
 * bodies, content types and callers (anonymous, investor, founder, a forged session). For every
 * generated request:
 * - the status is below 500;
 * - a 4xx says why (API: JSON `{ message }`; page: an alert, the error page's or the purchase
 *   page's error panel text; `.data`: the streamed `error`/`message`; and on either page door the
 *   middleware's own answers: JSON `{ message }` for a cross-site refusal, text for a 413);
 *   a HEAD answer has no body, so only its status is judged;
 * - a 4xx writes no row (the counts of every table a request can write are unchanged).
 * 2xx and 3xx answers are not judged further: a random body may well be a valid sign-up.
 *
 * Seeds: `npm test` runs the same cases every time (FIXED_SEEDS), so a red run can be replayed. A
 * failure prints its seed and shrink path, the shrunk request (method, path, headers, body) and what
 * came back. To explore new cases, `FUZZ_SEED=random npm run test:app -- tests/app/fuzz.test.ts`;
 * to replay a failure, `FUZZ_SEED=<seed> FUZZ_PATH=<path>` with the same command and
 * `-t "<the failing test's name>"`. Requests run one at a time so the counts cannot race.
 */
import { env, exports } from "cloudflare:workers";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  bodyArb,
  dataMessage,
  FIELD_NAMES,
  type FuzzCase,
  hostileString,
  htmlMessage,
  jsonMessage,
  type Known,
  type OriginKind,
  percentEncode,
  requestExtras,
  segmentArb,
} from "./fuzz-arbitraries";
import { HOSTILE_SEARCHES } from "../shared/hostile-searches";
import { allCounts, call, inDays, insertProject, ORIGIN, SESSION, signup, tally, unique, uniqueIp } from "./helpers";

/**
 * Generated requests per run. About 35 s on 2 cores: most hostile bodies are refused in a few
 * milliseconds, the near-valid sign-ins and sign-ups that reach the password hash cost ~250 ms.
 */
const API_RUNS = 1000;
// Grown with the page targets (the conversation added four) so each door of the rarest still gets its share.
const PAGE_RUNS = 2000;
/** Fewest cases each target (and each page target's door) must get, so none silently drops out. */
const MIN_PER_TARGET = 10;
/** The most shrink steps a failure may take (each is a request). */
const MAX_SHRINKS = 200;

const SIGNIN_FIELDS = ["email", "password", "redirectTo"] as const;
const SIGNUP_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "birthDate",
  "password",
  "confirmPassword",
  "role",
  "redirectTo",
] as const;
const CONTACT_FIELDS = ["name", "email", "subject", "message", "website", "variant"] as const;
const SUPPORT_FIELDS = ["name", "email", "message", "showPublicly", "website"] as const;
const PURCHASE_FIELDS = ["shares", "amount", "sharePrice", "idempotencyKey", "js", "riskAcknowledged"] as const;
const CANCEL_FIELDS = ["intent", "js"] as const;
const FINANCIALS_FIELDS = ["annualIncome", "netWorth", "accredited", "applyLimits"] as const;
const UPDATE_FIELDS = ["title", "body", "investorsOnly"] as const;
const CONVERSATION_FIELDS = ["intent", "projectId", "postId", "updateId", "body", "inPlace", "hidden"] as const;
const DASHBOARD_FIELDS = ["intent", "projectId", "updateId", "title", "body", "investorsOnly"] as const;
const PREFERENCE_FIELDS = ["updates", "answers", "questions", "investments", "goals", "closing", "replies"] as const;
const ANALYTICS_FIELDS = [
  "userId",
  "forceRefresh",
  "includeAnalysisReport",
  "investments",
  "sectorDistribution",
] as const;
const PROFILE_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "phoneNumber",
  "bio",
  "investmentPreferences.riskTolerance",
  "investmentPreferences.timeHorizon",
  "investmentPreferences.preferredSectors",
  "investmentPreferences.investmentGoals",
  "investmentPreferences",
] as const;
const SETTINGS_FIELDS = [
  "intent",
  "username",
  "wefunderUrl",
  "bio",
  "site",
  "investingThesis",
  "about",
  "interests",
  "confidentiality.hideInvestments",
  "hideBadges",
  "currentPassword",
  "newPassword",
  "confirmPassword",
  ...FINANCIALS_FIELDS,
] as const;
const PROJECT_FIELDS = [
  "title",
  "shortDescription",
  "description",
  "category",
  "fundingGoal",
  "fundingDeadline",
  "projectDuration",
  "image",
  "sharePrice",
  "totalShares",
  "regulationType",
  "investmentTerms.minInvestment",
  "investmentTerms.equityPercentage",
  "investmentTerms",
  "creatorInfo.name",
  "creatorInfo.bio",
  "creatorInfo",
  "team[0].name",
  "team[0].role",
  "team",
  "faqs[0].question",
  "faqs[1].answer",
  "documents[0].url",
  "socialLinks.website",
  "details.traction[0].metric",
  "details",
  "gallery[0]",
  "tags",
  "intent",
  // the form's file inputs (ADR 023): a refused post stores no image
  "imageFile",
  "logoFile",
  "galleryFiles",
] as const;

/** workerd itself refuses methods outside its list (FOO is a TypeError before the Worker runs). */
const ALL_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "PROPFIND", "PURGE", "REPORT"];
const PAGE_METHODS = ["POST", "PUT", "PATCH", "DELETE"];

interface Account {
  id: string;
  token: string;
}

interface Ctx {
  investor: Account;
  founder: Account;
  known: Known;
  victimId: string;
  projects: { id: string; slug: string }[];
  /** The founder's own draft (the edit form's and the API's target). */
  draftId: string;
  /**
   * Investments to cancel: the investor's (several, as a cancel that succeeds uses one up), one
   * whose cancellation window has closed, and the victim's (someone else's: 404).
   */
  investmentIds: string[];
  /** An update on the founder's draft and a thread on the open project. */
  updateIds: string[];
  postIds: string[];
}

let ctx: Ctx;
/** One client address for the run's "shared" requests: the rate limits fire there. */
const SHARED_IP = uniqueIp();

beforeAll(async () => {
  const [investor, founder, victim] = [await signup("investor"), await signup("founder"), await signup("investor")];
  const open = await insertProject({ totalShares: 1_000_000, fundingGoalCents: 1_000_000_000 });
  const soldOut = await insertProject({ totalShares: 100, sharesSold: 100, fundingCurrentCents: 100_000 });
  const closed = await insertProject({ fundingDeadline: inDays(-2) });
  const draft = await insertProject({ status: "draft", founderId: founder.user.id });
  // Shares still on sale until tomorrow, but the 48-hour cancellation window has closed.
  const lastDays = await insertProject({ fundingDeadline: inDays(1) });
  const bought = async (projectId: string, token: string) => {
    const res = await call(`/api/projects/${projectId}/invest`, {
      method: "POST",
      body: { shares: 10, sharePrice: 10 },
      token,
      headers: { "Idempotency-Key": unique("fuzz") },
    });
    if (res.status !== 201) throw new Error(`purchase failed: ${res.status} ${await res.text()}`);
    return (await res.json<{ investment: { _id: string } }>()).investment._id;
  };
  const investmentIds = [
    ...(await Promise.all(Array.from({ length: 5 }, () => bought(open.id, investor.token)))),
    await bought(lastDays.id, investor.token),
    await bought(open.id, victim.token),
  ];
  const posted = await call(`/api/projects/${draft.id}/updates`, {
    method: "POST",
    body: { title: "Fuzz update", body: "Hello." },
    token: founder.token,
  });
  if (posted.status !== 201) throw new Error(`update failed: ${posted.status} ${await posted.text()}`);
  const asked = await call(`/api/projects/${open.id}/discussion`, {
    method: "POST",
    body: { body: "Fuzz thread?" },
    token: victim.token,
  });
  if (asked.status !== 201) throw new Error(`thread failed: ${asked.status} ${await asked.text()}`);
  ctx = {
    updateIds: [(await posted.json<{ id: string }>()).id],
    postIds: [(await asked.json<{ id: string }>()).id],
    investor: { id: investor.user.id, token: investor.token },
    founder: { id: founder.user.id, token: founder.token },
    known: { victimEmail: victim.user.email, victimPassword: victim.password, runTag: unique("") },
    victimId: victim.user.id,
    projects: [open, soldOut, closed].map((p) => ({ id: p.id, slug: p.slug })),
    draftId: draft.id,
    investmentIds,
  };
});

// ---------------------------------------------------------------------------------------------
// targets

interface Target {
  door: "api" | "page";
  /** The route as reported. */
  route: string;
  /** Methods the route answers (others are expected to be refused). */
  methods: string[];
  path: fc.Arbitrary<string>;
  fields: readonly string[];
  /** A 2xx/3xx here ends the caller's session: signed-in callers get a throwaway one. */
  endsSession?: boolean;
  /** How often it is picked, relative to the others (default 3). */
  weight?: number;
  /** The query strings to send (default: the page doors' `queryArb`, none for the API). */
  query?: fc.Arbitrary<string>;
}

function apiTargets(c: Ctx): Target[] {
  const project = segmentArb(c.projects.flatMap((p) => [p.slug, p.id]));
  const user = segmentArb([c.investor.id, c.founder.id, c.victimId]);
  const t = (
    route: string,
    methods: string[],
    fields: readonly string[] = [],
    path: fc.Arbitrary<string> = fc.constant(route),
    endsSession = false,
  ): Target => ({
    door: "api",
    route,
    methods,
    path,
    fields,
    endsSession,
  });
  return [
    t("/api/auth/signup", ["POST"], SIGNUP_FIELDS),
    t("/api/auth/login", ["POST"], SIGNIN_FIELDS),
    t("/api/auth/logout", ["POST"], [], undefined, true),
    t("/api/auth/me", ["GET"]),
    { ...t("/api/projects", ["GET"]), query: searchQueryArb },
    t(
      "/api/projects/:id",
      ["GET"],
      [],
      project.map((p) => `/api/projects/${p}`),
    ),
    t(
      "/api/projects/:id/investors",
      ["GET"],
      [],
      project.map((p) => `/api/projects/${p}/investors`),
    ),
    t(
      "/api/projects/:id/invest",
      ["POST"],
      PURCHASE_FIELDS,
      project.map((p) => `/api/projects/${p}/invest`),
    ),
    t(
      "/api/investments/user/:userId",
      ["GET"],
      [],
      user.map((u) => `/api/investments/user/${u}`),
    ),
    t(
      "/api/investments/:id/cancel",
      ["POST"],
      CANCEL_FIELDS,
      segmentArb(c.investmentIds).map((i) => `/api/investments/${i}/cancel`),
    ),
    t("/api/projects/founder", ["GET"]),
    // the conversation's pages
    t(
      "/api/projects/:id/follow",
      ["POST", "DELETE"],
      [],
      project.map((p) => `/api/projects/${p}/follow`),
    ),
    t(
      "/api/projects/:id/updates",
      ["GET", "POST"],
      UPDATE_FIELDS,
      segmentArb([c.draftId, ...c.projects.map((p) => p.id)]).map((p) => `/api/projects/${p}/updates`),
    ),
    t(
      "/api/projects/:id/updates/:updateId",
      ["PUT", "DELETE"],
      UPDATE_FIELDS,
      fc
        .tuple(segmentArb([c.draftId, ...c.projects.map((p) => p.id)]), segmentArb(c.updateIds))
        .map(([p, u]) => `/api/projects/${p}/updates/${u}`),
    ),
    t(
      "/api/projects/:id/discussion",
      ["GET", "POST"],
      ["body"],
      project.map((p) => `/api/projects/${p}/discussion`),
    ),
    t(
      "/api/discussion/threads/:id",
      ["GET"],
      [],
      segmentArb(c.postIds).map((q) => `/api/discussion/threads/${q}`),
    ),
    t(
      "/api/discussion/posts/:id/replies",
      ["POST"],
      ["body"],
      segmentArb(c.postIds).map((q) => `/api/discussion/posts/${q}/replies`),
    ),
    t(
      "/api/discussion/posts/:id/vote",
      ["PUT", "DELETE"],
      [],
      segmentArb(c.postIds).map((q) => `/api/discussion/posts/${q}/vote`),
    ),
    t(
      "/api/discussion/threads/:id/pin",
      ["PUT", "DELETE"],
      [],
      segmentArb(c.postIds).map((q) => `/api/discussion/threads/${q}/pin`),
    ),
    t("/api/notifications", ["GET"]),
    t("/api/notifications/read", ["POST"], ["ids"]),
    t("/api/notifications/preferences", ["GET", "PUT"], PREFERENCE_FIELDS),
    t("/api/users/me/watchlist", ["GET"]),
    t("/api/projects/create", ["POST"], PROJECT_FIELDS),
    t(
      "/api/projects/:id (PUT)",
      ["GET", "PUT"],
      PROJECT_FIELDS,
      segmentArb([c.draftId, ...c.projects.map((p) => p.id)]).map((p) => `/api/projects/${p}`),
    ),
    t(
      "/api/projects/:id/publish",
      ["POST"],
      PROJECT_FIELDS,
      segmentArb([c.draftId, ...c.projects.map((p) => p.id)]).map((p) => `/api/projects/${p}/publish`),
    ),
    t("/api/uploads", ["POST"], ["file"]),
    t("/api/users/me", ["PUT"], PROFILE_FIELDS),
    t("/api/users/me/profile", ["GET"]),
    t("/api/users/me/financials", ["GET", "PUT"], FINANCIALS_FIELDS),
    t("/api/users/me/limits", ["GET"]),
    t(
      "/api/users/profile/:userId",
      ["GET", "PUT"],
      SETTINGS_FIELDS,
      user.map((u) => `/api/users/profile/${u}`),
    ),
    t("/api/auth/password", ["POST"], SETTINGS_FIELDS),
    t("/api/auth/sessions/revoke-others", ["POST"], [], undefined, true),
    t("/api/analytics/direct-insights", ["POST"], ANALYTICS_FIELDS),
    t("/api/analytics/comprehensive", ["POST"], ANALYTICS_FIELDS),
    t("/api/ai/diversification-score", ["POST"], ANALYTICS_FIELDS),
    t("/api/contacts", ["POST"], CONTACT_FIELDS),
    t("/api/contact", ["POST"], CONTACT_FIELDS),
    t("/api/supporters", ["GET", "POST"], SUPPORT_FIELDS),
    t(
      "/api/* (unknown)",
      ["GET", "POST"],
      FIELD_NAMES,
      segmentArb(["", "auth", "auth/", "nope", "projects/x/y/z", "investments", "investments/user"]).map(
        (s) => `/api/${s}`,
      ),
    ),
  ];
}

function pageTargets(c: Ctx): Target[] {
  const project = segmentArb(c.projects.flatMap((p) => [p.slug, p.id]));
  const t = (
    route: string,
    fields: readonly string[],
    path: fc.Arbitrary<string> = fc.constant(route),
    endsSession = false,
  ): Target => ({
    door: "page",
    route,
    methods: PAGE_METHODS,
    path,
    fields,
    endsSession,
  });
  return [
    t("/signin", SIGNIN_FIELDS),
    t("/signup", SIGNUP_FIELDS),
    t("/support", SUPPORT_FIELDS),
    t("/contact", CONTACT_FIELDS),
    t(
      "/purchase/:id",
      PURCHASE_FIELDS,
      project.map((p) => `/purchase/${p}`),
    ),
    t(
      "/invest/:id",
      PURCHASE_FIELDS,
      project.map((p) => `/invest/${p}`),
    ),
    t("/profile", PROFILE_FIELDS),
    t(
      "/settings/* (profile, password, financials)",
      SETTINGS_FIELDS,
      fc.constantFrom("/settings/public-profile", "/settings/login-security", "/settings/investor-information"),
    ),
    t("/portfolio", ["intent"]),
    t(
      "/portfolio/investments/:id",
      CANCEL_FIELDS,
      segmentArb(c.investmentIds).map((i) => `/portfolio/investments/${i}`),
    ),
    t(
      "/project/:slug (follow, ask, answer, hide)",
      CONVERSATION_FIELDS,
      project.map((p) => `/project/${p}`),
    ),
    t("/founder-dashboard (updates)", DASHBOARD_FIELDS, fc.constant("/founder-dashboard")),
    t("/notifications", ["intent"]),
    t(
      "/settings/* (notifications, unfollow)",
      [...PREFERENCE_FIELDS, "intent", "projectId"],
      fc.constantFrom("/settings/notifications", "/settings/watchlist"),
    ),
    t("/my-projects/create", PROJECT_FIELDS),
    t(
      "/my-projects/edit/:id",
      PROJECT_FIELDS,
      segmentArb([c.draftId, ...c.projects.map((p) => p.id)]).map((p) => `/my-projects/edit/${p}`),
    ),
    t("/logout", [], undefined, true),
    // the catch-all's action, and a page without an action (405)
    t(
      "/* (catch-all)",
      FIELD_NAMES,
      segmentArb(["nowhere", "signin/extra", "purchase", "purchase/a/b", "logout/x", "index.php"]).map((s) => `/${s}`),
    ),
    { ...t("/about (no action)", FIELD_NAMES, fc.constant("/about")), weight: 2 },
    // the project browser's GET form (search, sort, category, page) on each of its paths
    {
      ...t(
        "/demo (search)",
        FIELD_NAMES,
        fc.constantFrom("/demo", "/explore", "/demo/health", "/explore/sector/fintech"),
      ),
      methods: ["GET"],
      query: searchQueryArb,
    },
  ];
}

const queryArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.constant("") },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "?index",
      "?_routes=routes%2Fsignin",
      "?shares=10&review=1",
      "?redirectTo=%2Fportfolio",
      "?",
      "?%zz",
      "?a=%00",
    ),
  },
  { weight: 1, arbitrary: hostileString.filter((s) => s.length < 300).map((s) => `?redirectTo=${percentEncode(s)}`) },
);

/**
 * The project browser's parameters (its GET form's and `GET /api/projects`'s), each absent, usual
 * or hostile: FTS5 syntax and worse in `q` (up to ~12,000 characters), junk sorts, categories and pages.
 */
const searchQueryArb: fc.Arbitrary<string> = fc
  .record({
    q: fc.option(
      fc.oneof(
        fc.constantFrom(...HOSTILE_SEARCHES),
        fc.constantFrom("campus", "camp", "health app", "Route"),
        hostileString.filter((s) => s.length < 12_000),
      ),
      { nil: undefined },
    ),
    sort: fc.option(
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom("newest", "funded", "ending", "remaining", "relevance", "") },
        { weight: 1, arbitrary: hostileString.filter((s) => s.length < 300) },
      ),
      { nil: undefined },
    ),
    category: fc.option(
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom("health", "fintech", "all", "Healthcare", "") },
        { weight: 1, arbitrary: hostileString.filter((s) => s.length < 300) },
      ),
      { nil: undefined },
    ),
    page: fc.option(
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom("1", "2", "0", "-1", "1.5", "999999", "99999999999", "1e3") },
        { weight: 1, arbitrary: hostileString.filter((s) => s.length < 300) },
      ),
      { nil: undefined },
    ),
  })
  .map((params) => {
    const pairs = Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined);
    return pairs.length ? `?${pairs.map(([k, v]) => `${k}=${percentEncode(v)}`).join("&")}` : "";
  });

function caseArb(targets: Target[], known: Known): fc.Arbitrary<Case> {
  return fc.oneof(
    ...targets.map((target) => {
      const api = target.door === "api";
      const arbitrary = fc
        .record({
          method: fc.oneof(
            { weight: 5, arbitrary: fc.constantFrom(...target.methods) },
            { weight: 1, arbitrary: fc.constantFrom(...(api ? ALL_METHODS : PAGE_METHODS)) },
          ),
          path: target.path,
          data: api ? fc.constant(false) : fc.boolean(),
          query: target.query ?? (api ? fc.constant("") : queryArb),
          body: bodyArb(target.fields, known, api ? "json" : "form"),
          extras: requestExtras(api ? "none" : "same"),
        })
        .map(({ method, path, data, query, body, extras }) =>
          withRepro({
            door: api ? "api" : data ? "data" : "page",
            target: `${target.route}${data ? " (.data)" : ""}`,
            method,
            path: `${path}${data ? ".data" : ""}${query}`,
            ...extras,
            body,
            endsSession: !!target.endsSession,
          }),
        );
      return { weight: target.weight ?? 3, arbitrary };
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// running one case

type Case = FuzzCase & { endsSession: boolean };

/** A session written straight to D1 (what sign-in writes), for the callers of sign-out. */
async function mintSession(userId: string): Promise<string> {
  const alphabet = "abcdefghijkmnpqrstuvwxyz23456789";
  const random = (n: number) => Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => alphabet[b & 31]).join("");
  const [id, secret] = [random(24), random(32)];
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(secret)));
  const hash = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
  await env.DB.prepare(
    "insert into sessions (id, secret_hash, user_id, created_at, last_verified_at) values (?1, ?2, ?3, ?4, ?4)",
  )
    .bind(id, hash, userId, Date.now())
    .run();
  return `${id}.${secret}`;
}

async function tokenFor(c: Case): Promise<string | undefined> {
  if (c.caller === "anonymous") return undefined;
  if (c.caller === "bogus") return c.bogusToken;
  const account = c.caller === "investor" ? ctx.investor : ctx.founder;
  return c.endsSession ? mintSession(account.id) : account.token;
}

const ORIGIN_HEADERS: Record<OriginKind, Record<string, string>> = {
  same: { Origin: ORIGIN },
  none: {},
  cross: { Origin: "https://evil.example" },
  null: { Origin: "null" },
  "sec-fetch-cross": { Origin: ORIGIN, "Sec-Fetch-Site": "cross-site" },
};

function requestHeaders(c: Case, token: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {
    "CF-Connecting-IP": c.ip === "fresh" ? uniqueIp() : c.ip === "shared" ? SHARED_IP : c.ip,
    ...(c.method === "GET" || c.method === "HEAD" ? {} : ORIGIN_HEADERS[c.origin]),
    ...c.extraHeaders,
  };
  if (token !== undefined) {
    if (c.door === "api" && c.via === "bearer") headers.Authorization = `Bearer ${token}`;
    else headers.Cookie = `${SESSION}=${token}`;
  }
  if (c.body.contentType !== undefined) headers["Content-Type"] = c.body.contentType;
  return headers;
}

function requestBody(c: Case): BodyInit | undefined {
  if (c.method === "GET" || c.method === "HEAD" || c.body.payload === undefined) return undefined;
  // Bytes, never a string: a string body would get a text/plain Content-Type we did not choose.
  const bytes =
    typeof c.body.payload === "string" ? new TextEncoder().encode(c.body.payload) : new Uint8Array(c.body.payload);
  if (!c.streamed) return bytes;
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      const size = 1 + ((at * 7919) % 4096);
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
}

/** What a failure report shows of a body: its kind, size and first characters. */
function preview(payload: string | Uint8Array | undefined, max = 300): string {
  if (payload === undefined) return "(no body)";
  if (typeof payload === "string") {
    return `${payload.length} chars ${JSON.stringify(payload.slice(0, max))}${payload.length > max ? "…" : ""}`;
  }
  return `${payload.length} bytes [${Array.from(payload.slice(0, 64), (b) => b.toString(16).padStart(2, "0")).join(" ")}${payload.length > 64 ? " …" : ""}]`;
}

function withRepro(c: Case): Case {
  return Object.assign(c, {
    [fc.toStringMethod]: () =>
      `${c.method} ${JSON.stringify(c.path)} [${c.target}] caller=${c.caller}${c.caller === "bogus" ? `(${JSON.stringify(c.bogusToken)})` : ""} via=${c.via} origin=${c.origin} ip=${JSON.stringify(c.ip)}` +
      ` streamed=${c.streamed} headers=${JSON.stringify(c.extraHeaders)} content-type=${JSON.stringify(c.body.contentType)} body(${c.body.kind})=${preview(c.body.payload)}`,
  });
}

/** The message the answer gives, read the way its door's client reads it. */
function messageOf(c: Case, res: Response, text: string): string | null {
  const type = res.headers.get("Content-Type") ?? "";
  // The URL parser may take a generated path out of /api ("/api/.." is "/"): judge by where it lands.
  if (/^\/api(\/|$)/.test(new URL(`${ORIGIN}${c.path}`).pathname))
    return type.includes("application/json") ? jsonMessage(text) : null;
  if (type.includes("application/json")) return jsonMessage(text);
  if (type.includes("text/html")) return htmlMessage(text);
  if (type.includes("text/x-script")) return dataMessage(text);
  if (type.includes("text/plain")) return text.trim() || null;
  return null;
}

const stats = {
  api: 0,
  page: 0,
  data: 0,
  statuses: [] as number[],
  seeds: [] as string[],
  targets: new Map<string, number>(),
  callers: new Set<string>(),
};

async function runCase(c: Case): Promise<void> {
  stats[c.door]++;
  stats.targets.set(c.target, (stats.targets.get(c.target) ?? 0) + 1);
  stats.callers.add(`${c.door}:${c.caller}`);
  const token = await tokenFor(c);
  const headers = requestHeaders(c, token);
  const before = await allCounts();
  let res: Response;
  try {
    res = await exports.default.fetch(`${ORIGIN}${c.path}`, {
      method: c.method,
      headers,
      body: requestBody(c),
      redirect: "manual",
    });
  } catch (e) {
    throw new Error(
      `the Worker threw instead of answering: ${String(e)}\n  request headers: ${JSON.stringify(headers)}`,
    );
  }
  const text = c.method === "HEAD" ? "" : await res.text();
  stats.statuses.push(res.status);
  const answer = () =>
    `\n  request headers: ${JSON.stringify(headers)}\n  answer: ${res.status} ${res.headers.get("Content-Type")} ${preview(text, 500)}`;
  if (res.status >= 500) throw new Error(`5xx answer${answer()}`);
  if (res.status < 400) return;
  // A HEAD answer has no body to carry a message; its status alone is judged.
  if (c.method !== "HEAD" && !messageOf(c, res, text)) throw new Error(`${res.status} without a message${answer()}`);
  const after = await allCounts();
  const changed = Object.keys(before).filter((t) => before[t] !== after[t]);
  if (changed.length) {
    throw new Error(
      `${res.status} but rows changed: ${changed.map((t) => `${t} ${before[t]} → ${after[t]}`).join(", ")}${answer()}`,
    );
  }
}

/** The seeds `npm test` runs with: the same cases every run (one per property). */
const FIXED_SEEDS = { api: 160_001, page: 160_002 } as const;

/**
 * The seed of a property: FUZZ_SEED (the vitest config passes it in from the shell) as a number to
 * replay, `random` for a fresh one, else the fixed seed. FUZZ_PATH replays one shrink path.
 */
function runParameters(which: keyof typeof FIXED_SEEDS): { seed?: number; path?: string } {
  const wanted = env.FUZZ_SEED?.trim() ?? "";
  const path = env.FUZZ_PATH?.trim() || undefined;
  if (wanted === "random") return {};
  if (/^-?\d+$/.test(wanted)) return { seed: Number(wanted), path };
  return { seed: FIXED_SEEDS[which] };
}

async function fuzz(arb: fc.Arbitrary<Case>, numRuns: number, which: keyof typeof FIXED_SEEDS): Promise<number> {
  let generated = 0;
  const details = await fc.check(
    fc.asyncProperty(fc.limitShrink(arb, MAX_SHRINKS), async (c) => {
      generated++;
      await runCase(c);
    }),
    { numRuns, ...runParameters(which) },
  );
  stats.seeds.push(String(details.seed));
  if (details.failed) {
    const cause =
      details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    throw new Error(`${fc.defaultReportMessage(details)}\nFailure: ${cause}`);
  }
  return generated;
}

// ---------------------------------------------------------------------------------------------

describe("fuzz: hostile requests get a 4xx with a message and store nothing, never a 5xx", () => {
  const started = Date.now();

  afterAll(() => {
    const pages = stats.page + stats.data;
    console.log(
      `fuzz: ${stats.api + pages} generated cases (${stats.api} API, ${pages} page actions: ${stats.page} document, ${stats.data} .data) ` +
        `in ${((Date.now() - started) / 1000).toFixed(1)} s; seeds ${stats.seeds.join(", ")}; statuses ${JSON.stringify(tally(stats.statuses))}`,
    );
  });

  /** Every target (and door) got its share of the cases, and every kind of caller was used. */
  function expectCoverage(targets: Target[], doors: FuzzCase["door"][]) {
    const labels = targets.flatMap((t) => (t.door === "api" ? [t.route] : [t.route, `${t.route} (.data)`]));
    const thin = labels.filter((l) => (stats.targets.get(l) ?? 0) < MIN_PER_TARGET);
    expect(thin, `targets with fewer than ${MIN_PER_TARGET} cases`).toEqual([]);
    for (const door of doors)
      for (const caller of ["anonymous", "investor", "founder", "bogus"])
        expect(stats.callers).toContain(`${door}:${caller}`);
  }

  it(`every API route and method, ${API_RUNS} requests`, async () => {
    const targets = apiTargets(ctx);
    const ran = await fuzz(caseArb(targets, ctx.known), API_RUNS, "api");
    expect(ran).toBeGreaterThanOrEqual(API_RUNS);
    expectCoverage(targets, ["api"]);
  }, 300_000);

  it(`every page action on its document and .data URLs, ${PAGE_RUNS} requests`, async () => {
    const targets = pageTargets(ctx);
    const ran = await fuzz(caseArb(targets, ctx.known), PAGE_RUNS, "page");
    expect(ran).toBeGreaterThanOrEqual(PAGE_RUNS);
    expectCoverage(targets, ["page", "data"]);
  }, 300_000);
});
