import { env, exports } from "cloudflare:workers";

import { createDb } from "../../db/client";
import { projects, type ProjectRow } from "../../db/schema";
import { sectorForCategory } from "../../domain/projects/categories";
import type { SessionUser } from "../../domain/shared/types";
import { validateSessionToken } from "../../worker/services/accounts/sessions";
import { TEST_PASSWORD, uniqueIp } from "../shared/clients";
import { checkAnswer } from "./api-contract";
import { rememberSecretsIn, rememberSecretsInAnswer, rememberSecretsInCookies } from "./secrets-seen";

export { TEST_PASSWORD, uniqueIp } from "../shared/clients";

export const db = () => createDb(env.DB);

let seq = 0;
export const unique = (prefix = "u") => `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`;

/**
 * A request through the real Worker (middleware + API). Each call comes from a fresh client
 * address unless the test names one (`CF-Connecting-IP`), so rate limits only meet where a test
 * means them to. Every answer of a documented operation is checked against the API's OpenAPI
 * document first (api-contract.ts): an answer that drifts from it fails the test.
 */
export async function call(
  path: string,
  init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers: Record<string, string> = { "CF-Connecting-IP": uniqueIp(), ...init.headers };
  if (init.body !== undefined && !headers["Content-Type"]) headers["Content-Type"] = "application/json";
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  const method = init.method ?? (init.body === undefined ? "GET" : "POST");
  rememberSentSecrets(init.body, headers);
  const res = await exports.default.fetch(`http://localhost${path}`, {
    method,
    headers,
    body: init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body),
  });
  await rememberSecretsInAnswer(res);
  await checkAnswer(method, path, res);
  return res;
}

/** What a request hands the Worker that no log line may repeat (tests/workers/secrets-seen.ts). */
function rememberSentSecrets(body: unknown, headers: Record<string, string>) {
  if (typeof body === "string") {
    try {
      rememberSecretsIn(JSON.parse(body));
    } catch {
      // not JSON: a test of a malformed body
    }
  } else rememberSecretsIn(body);
  rememberSecretsIn(headers);
  rememberSecretsInCookies(headers.Cookie ?? null);
}

/**
 * The answer's JSON body. A refusal's body carries the request's id (ADR 056): checked here to be
 * the `X-Request-Id` header's, on every refusal any test reads, then set aside so each test
 * asserts the spec's `{ success: false, message }` as the client reads it.
 */
export async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  const body: unknown = await res.json();
  if (res.status < 400 || !body || typeof body !== "object" || Array.isArray(body)) return body as T;
  const { requestId, ...rest } = body as Record<string, unknown>;
  const header = res.headers.get("X-Request-Id");
  if (!header || requestId !== header) {
    throw new Error(`a refusal's body names request ${String(requestId)}, its X-Request-Id header ${String(header)}`);
  }
  return rest as T;
}

export function adultBirthDate() {
  return "1995-05-17";
}

export function signupBody(overrides: Record<string, unknown> = {}) {
  return {
    firstName: "Ada",
    lastName: "Lovelace",
    email: `${unique("ada")}@example.edu`,
    password: TEST_PASSWORD,
    birthDate: adultBirthDate(),
    role: "investor",
    ...overrides,
  };
}

/** Signs up through the API and returns the bearer token and user. */
export async function signup(role: "investor" | "founder" = "investor", overrides: Record<string, unknown> = {}) {
  const body = signupBody({ role, ...overrides });
  const res = await call("/api/auth/signup", { body });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
  const out = await json<{ token: string; user: { id: string; email: string; role: string } }>(res);
  return { ...out, password: body.password };
}

/** Makes an account an admin directly in D1 (admin is never self-assigned). */
export async function makeAdmin(userId: string) {
  await env.DB.prepare("update users set role = 'admin' where id = ?").bind(userId).run();
}

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** Inserts a project straight into D1 with sensible open defaults. */
export async function insertProject(overrides: Partial<typeof projects.$inferInsert> = {}): Promise<ProjectRow> {
  const id = unique("proj-");
  const category = overrides.category ?? "technology";
  const row: typeof projects.$inferInsert = {
    id,
    slug: id,
    title: `Project ${id}`,
    category,
    sector: sectorForCategory(category),
    description: "A test project.",
    shortDescription: "Test.",
    image: "/images/placeholder-project.svg",
    creatorInfo: { name: "Test Founder", bio: "Bio" },
    projectDuration: 12,
    fundingGoalCents: 1_000_000, // $10,000
    sharePriceCents: 1_000, // $10
    totalShares: 1_000,
    fundingDeadline: inDays(30),
    minInvestmentCents: 10_000, // $100
    regulationType: "RegCF",
    status: "active",
    ...overrides,
  };
  await db().insert(projects).values(row);
  return (
    await db()
      .select()
      .from(projects)
      .where((await import("drizzle-orm")).eq(projects.id, id))
  )[0]!;
}

/** The unsellable case: 7 shares left at $50 each, with a $500 minimum investment. */
export function insertProjectWithSevenSharesLeft() {
  return insertProject({
    sharePriceCents: 5_000,
    totalShares: 1_000,
    sharesSold: 993,
    fundingCurrentCents: 993 * 5_000,
    minInvestmentCents: 50_000,
    fundingGoalCents: 5_000_000,
  });
}

export { inDays };

/** A real 1×1 PNG (67 bytes). */
export const TINY_PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
  (ch) => ch.charCodeAt(0),
);

/**
 * An upload recorded straight in the ledger (and, with `put`, its bytes in R2), as `storeImage`
 * leaves it: returns its URL and key.
 */
export async function recordUpload(
  ownerId: string,
  options: { createdAt?: number; sizeBytes?: number; put?: boolean } = {},
): Promise<{ url: string; key: string }> {
  const name = `${crypto.randomUUID()}.png`;
  const key = `projects/${name}`;
  await env.DB.prepare(
    "insert into uploads (key, owner_id, size_bytes, content_type, created_at) values (?1, ?2, ?3, 'image/png', ?4)",
  )
    .bind(key, ownerId, options.sizeBytes ?? TINY_PNG.length, options.createdAt ?? Date.now())
    .run();
  if (options.put) await env.IMAGES.put(key, TINY_PNG, { httpMetadata: { contentType: "image/png" } });
  return { url: `/uploads/${name}`, key };
}

/** Every key in the images bucket under `prefix`, sorted. */
export async function bucketKeys(prefix = "projects/"): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.IMAGES.list({ prefix, cursor });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys.sort();
}

/**
 * A purchase body that states the price per share the client read (a purchase must
 * state `sharePrice` or `amount`): the project's price as D1 holds it now. An unknown project
 * states $10.
 */
export async function withPrice(idOrSlug: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const row = await env.DB.prepare("select share_price_cents from projects where id = ?1 or slug = ?1")
    .bind(idOrSlug)
    .first<{ share_price_cents: number }>();
  return { sharePrice: (row?.share_price_cents ?? 1_000) / 100, ...body };
}

/** Buys `shares` of a project through the API at its current price; answers the investment's id (fails the test on anything but 201). */
export async function buyShares(projectId: string, token: string, shares: number): Promise<string> {
  const res = await call(`/api/projects/${projectId}/invest`, {
    method: "POST",
    body: await withPrice(projectId, { shares }),
    token,
    headers: { "Idempotency-Key": unique("k") },
  });
  if (res.status !== 201) throw new Error(`purchase failed: ${res.status} ${await res.text()}`);
  return (await res.json<{ investment: { _id: string } }>()).investment._id;
}

/**
 * A purchase that was made before a raise's deadline, written straight to D1 as the purchase batch
 * writes it (the investment, and the project's figures raised by it): for raises whose deadline a
 * test has already put in the past, which no door sells into. Answers the investment's id.
 */
export async function recordPurchase(
  projectId: string,
  investorId: string,
  shares: number,
  createdAt = Date.now() - 7 * 86_400_000,
): Promise<string> {
  const id = unique("inv-");
  await env.DB.batch([
    env.DB.prepare(
      `insert into investments (id, investor_id, project_id, shares, share_price_cents, amount_cents, status,
         idempotency_key, created_at)
       select ?1, ?2, p.id, ?4, p.share_price_cents, ?4 * p.share_price_cents, 'active', ?1, ?5
       from projects p where p.id = ?3`,
    ).bind(id, investorId, projectId, shares, createdAt),
    env.DB.prepare(
      `update projects set shares_sold = shares_sold + ?2, funding_current_cents = funding_current_cents + ?2 * share_price_cents
       where id = ?1`,
    ).bind(projectId, shares),
  ]);
  return id;
}

/** A complete, valid project body for the API: $50,000 at $10 a share (5,000 shares), 10% equity, RegCF, 90 days. */
export function projectBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: `Project ${unique()}`,
    shortDescription: "Smart locks for dorm rooms.",
    description: "Campus Keys replaces dorm keys with phones.",
    category: "Technology",
    fundingGoal: 50_000,
    fundingDeadline: inDays(90),
    projectDuration: 12,
    image: "https://cdn.example.org/main.png",
    creatorInfo: { name: "Fiona Founder", bio: "Builds locks." },
    sharePrice: 10,
    regulationType: "RegCF",
    investmentTerms: { equityPercentage: 10, minInvestment: 100 },
    ...overrides,
  };
}

/** The signed-in person a session token stands for, as the services receive them. */
export async function viewerFor(token: string): Promise<SessionUser> {
  const session = await validateSessionToken(db(), token);
  if (!session) throw new Error("the token did not validate");
  return session.user;
}

let adminToken: Promise<string> | null = null;

/** Forgets what the helpers made for the previous file, whose database is gone (tests/workers/setup.ts). */
export function forgetFileAccounts(): void {
  adminToken = null;
}

/** One admin for the file's reviews (signed up once, made admin in D1). */
export function adminSession(): Promise<string> {
  adminToken ??= (async () => {
    const admin = await signup("investor");
    await makeAdmin(admin.user.id);
    return admin.token;
  })();
  return adminToken;
}

/**
 * Takes a founder's draft live the way the product does (ADR 030): its founder submits it for
 * review (`POST /api/projects/{id}/publish`), an admin approves it. Answers the live project.
 */
export async function submitAndApprove<T = Record<string, unknown>>(
  projectId: string,
  founderToken: string,
): Promise<T> {
  const submitted = await call(`/api/projects/${projectId}/publish`, { method: "POST", token: founderToken });
  if (submitted.status !== 200) throw new Error(`submit failed: ${submitted.status} ${await submitted.text()}`);
  const approved = await call(`/api/admin/projects/${projectId}/approve`, {
    method: "POST",
    token: await adminSession(),
  });
  if (approved.status !== 200) throw new Error(`approve failed: ${approved.status} ${await approved.text()}`);
  return json<T>(approved);
}

/**
 * A founder's save of a live project as it becomes public (ADR 050): the PUT, then an admin
 * approves the material changes it sent for review, if any. Answers the PUT's response.
 */
export async function saveLiveProject(projectId: string, founderToken: string, body: unknown): Promise<Response> {
  const res = await call(`/api/projects/${projectId}`, { method: "PUT", body, token: founderToken });
  const pending = await env.DB.prepare("select id from project_revisions where project_id = ?1 and status = 'pending'")
    .bind(projectId)
    .first<string>("id");
  if (pending) {
    const approved = await call(`/api/admin/revisions/${pending}/approve`, {
      method: "POST",
      token: await adminSession(),
    });
    if (approved.status !== 200)
      throw new Error(`approve revision failed: ${approved.status} ${await approved.text()}`);
  }
  return res;
}
