// The request's D1 session and its bookmark (ADR 036). The Worker runs with a D1 binding that
// records where each request's session starts and which statements went through the session
// rather than the binding itself; the real local D1 is underneath (it implements withSession and
// getBookmark, so the bookmarks here are D1's own).
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { countingD1 } from "../../db/client";
import { createApp, type PagesHandler } from "../../worker/app";
import { BOOKMARK_COOKIE, BOOKMARK_HEADER, BOOKMARK_MAX_AGE_SECONDS } from "../../worker/middleware/d1-session";
import { SESSION_COOKIE } from "../../worker/services/accounts/sessions";
import { queries } from "../shared/responses";
import { insertProject, json, signup, signupBody, unique, uniqueIp, withPrice } from "./helpers";

interface Seen {
  /** The constraint or bookmark each request's session started from, in order. */
  starts: string[];
  /** Statements prepared on a session, and calls that went to the binding itself. */
  viaSession: number;
  viaBinding: number;
}

/** env with a DB that records what the middleware asks of it. */
function recordingEnv(): { env: Env; seen: Seen } {
  const seen: Seen = { starts: [], viaSession: 0, viaBinding: 0 };
  const real = env.DB;
  const DB = {
    withSession(start: string) {
      seen.starts.push(start);
      const session = real.withSession(start);
      return {
        prepare(sql: string) {
          seen.viaSession += 1;
          return session.prepare(sql);
        },
        batch: (statements: D1PreparedStatement[]) => session.batch(statements),
        getBookmark: () => session.getBookmark(),
      };
    },
    prepare(sql: string) {
      seen.viaBinding += 1;
      return real.prepare(sql);
    },
    batch(statements: D1PreparedStatement[]) {
      seen.viaBinding += 1;
      return real.batch(statements);
    },
    exec(sql: string) {
      seen.viaBinding += 1;
      return real.exec(sql);
    },
  };
  return { env: { ...env, DB: DB as unknown as D1Database }, seen };
}

/** A request through the app (createApp, as tests/workers/entry.ts) with the recording binding. */
function client(pages?: PagesHandler) {
  const app = createApp(pages);
  const recorded = recordingEnv();
  async function send(
    path: string,
    init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { "CF-Connecting-IP": uniqueIp(), ...init.headers };
    if (init.body !== undefined) headers["Content-Type"] = "application/json";
    if (init.token) headers.Authorization = `Bearer ${init.token}`;
    const request = new Request(`http://localhost${path}`, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const ctx = createExecutionContext();
    const res = await app.fetch(request, recorded.env, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  }
  return { send, seen: recorded.seen, lastStart: () => recorded.seen.starts.at(-1) };
}

/** The bookmark cookie a response sets, as sent, or undefined. */
const bookmarkCookie = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith(`${BOOKMARK_COOKIE}=`));
const bookmarkOf = (cookie: string | undefined) => cookie?.split(";")[0]?.split("=")[1];

async function purchase(send: ReturnType<typeof client>["send"]) {
  const p = await insertProject({ slug: unique("bm-") });
  const { token, user } = await signup();
  const res = await send(`/api/projects/${p.id}/invest`, {
    body: await withPrice(p.id, { shares: 10 }),
    token,
    headers: { "Idempotency-Key": unique() },
  });
  if (res.status !== 201) throw new Error(`purchase failed: ${res.status} ${await res.text()}`);
  return { res, token, user, project: p };
}

describe("a write answers with its bookmark", () => {
  it("a purchase through the API sets the bookmark cookie, short-lived and HttpOnly, and names it in X-D1-Bookmark", async () => {
    const { send } = client();
    const { res } = await purchase(send);

    const header = res.headers.get(BOOKMARK_HEADER);
    expect(bookmarkCookie(res)).toBe(
      `${BOOKMARK_COOKIE}=${header}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${BOOKMARK_MAX_AGE_SECONDS}`,
    );
  });

  it("the bookmark is D1's own: hex groups joined by hyphens", async () => {
    const { send } = client();
    const { res } = await purchase(send);

    expect(res.headers.get(BOOKMARK_HEADER)).toMatch(/^[0-9a-f]+(-[0-9a-f]+)+$/);
  });

  it("signing in (a session row written) sets the bookmark cookie", async () => {
    const { send } = client();
    const body = signupBody();
    await send("/api/auth/signup", { body });

    const res = await send("/api/auth/login", { body: { email: body.email, password: body.password } });

    expect(bookmarkOf(bookmarkCookie(res))).toBe(res.headers.get(BOOKMARK_HEADER));
  });

  it("joining the supporters list as a visitor sets the bookmark cookie", async () => {
    const { send } = client();

    const res = await send("/api/supporters", {
      body: { name: "Pat Visitor", email: `${unique("sup")}@example.edu`, message: "Go" },
    });

    expect([res.status, bookmarkOf(bookmarkCookie(res))]).toEqual([201, res.headers.get(BOOKMARK_HEADER)]);
  });

  it("a refused write (nothing written) sets no bookmark cookie", async () => {
    const { send } = client();
    const { token } = await signup();
    const p = await insertProject({ slug: unique("refused-") });

    const res = await send(`/api/projects/${p.id}/invest`, { body: { shares: -1 }, token });

    expect([res.status, bookmarkCookie(res)]).toEqual([400, undefined]);
  });

  it("a signed-in read sets no cookie but names the session's bookmark for the API client", async () => {
    const { send } = client();
    const { token, user } = await signup();

    const res = await send(`/api/investments/user/${user.id}`, { token });

    expect([res.status, bookmarkCookie(res), typeof res.headers.get(BOOKMARK_HEADER)]).toEqual([
      200,
      undefined,
      "string",
    ]);
  });
});

describe("the next request starts its session from the bookmark it brings", () => {
  it("a browser's next page read starts from the cookie its purchase set", async () => {
    const { send, lastStart } = client();
    const { res, token, user } = await purchase(send);
    const cookie = bookmarkCookie(res)!.split(";")[0]!;

    await send(`/api/investments/user/${user.id}`, { headers: { Cookie: `${SESSION_COOKIE}=${token}; ${cookie}` } });

    expect(lastStart()).toBe(bookmarkOf(cookie));
  });

  it("an API client's next read starts from the X-D1-Bookmark it sends back", async () => {
    const { send, lastStart } = client();
    const { res, token, user } = await purchase(send);
    const bookmark = res.headers.get(BOOKMARK_HEADER)!;

    await send(`/api/investments/user/${user.id}`, { token, headers: { [BOOKMARK_HEADER]: bookmark } });

    expect(lastStart()).toBe(bookmark);
  });

  it("the portfolio read from the purchase's bookmark shows the purchase", async () => {
    const { send } = client();
    const { res, token, user, project } = await purchase(send);

    const portfolio = await send(`/api/investments/user/${user.id}`, {
      token,
      headers: { [BOOKMARK_HEADER]: res.headers.get(BOOKMARK_HEADER)! },
    });

    expect((await json<{ projectId: string }[]>(portfolio)).map((i) => i.projectId)).toEqual([project.id]);
  });

  it("a write starts on the primary even when it brings a bookmark", async () => {
    const { send, lastStart } = client();
    const { res, token } = await purchase(send);
    const p = await insertProject({ slug: unique("second-") });

    await send(`/api/projects/${p.id}/invest`, {
      body: await withPrice(p.id, { shares: 1 }),
      token,
      headers: { "Idempotency-Key": unique(), [BOOKMARK_HEADER]: res.headers.get(BOOKMARK_HEADER)! },
    });

    expect(lastStart()).toBe("first-primary");
  });

  it("an anonymous read without a bookmark starts at the nearest replica and sets no cookie", async () => {
    const { send, lastStart } = client();
    const p = await insertProject({ slug: unique("anon-") });

    const res = await send(`/api/projects/${p.slug}/investors`);

    expect([res.status, lastStart(), bookmarkCookie(res)]).toEqual([200, "first-unconstrained", undefined]);
  });

  it.each([
    ["a cookie with characters a bookmark never has", { Cookie: `${BOOKMARK_COOKIE}=garbage'--` }],
    ["an oversized cookie", { Cookie: `${BOOKMARK_COOKIE}=${"0".repeat(129)}` }],
    ["a header with characters a bookmark never has", { [BOOKMARK_HEADER]: "<script>" }],
    ["an oversized header", { [BOOKMARK_HEADER]: `00000001-${"a".repeat(200)}` }],
  ])("%s is ignored: the read is answered and its session starts fresh", async (_, headers) => {
    const { send, lastStart } = client();
    const p = await insertProject({ slug: unique("bad-bm-") });

    const res = await send(`/api/projects/${p.slug}/investors`, { headers });

    expect([res.status, lastStart()]).toEqual([200, "first-unconstrained"]);
  });
});

describe("the bookmark and the visitors' edge cache", () => {
  it("a visitor page the cache stores sets no cookie, even when rendering it wrote", async () => {
    const { send } = client(async (c) => {
      await c.get("db").$client.prepare("delete from sessions where id = ?").bind(unique("nobody-")).run();
      return c.html("<p>demo</p>");
    });

    const res = await send(`/demo?v=${unique()}`);

    expect([res.headers.get("X-Edge-Cache"), res.headers.getSetCookie()]).toEqual(["MISS", []]);
  });

  it("a cached API answer carries neither a cookie nor X-D1-Bookmark", async () => {
    const { send } = client();
    const p = await insertProject({ slug: unique("cached-bm-") });
    await send(`/api/projects/${p.slug}`);

    const hit = await send(`/api/projects/${p.slug}`);

    expect([hit.headers.get("X-Edge-Cache"), hit.headers.getSetCookie(), hit.headers.get(BOOKMARK_HEADER)]).toEqual([
      "HIT",
      [],
      null,
    ]);
  });

  it("a visitor bringing a bookmark reads D1, not the copy made before their write", async () => {
    const { send, lastStart } = client();
    const p = await insertProject({ slug: unique("bypass-") });
    await send(`/api/projects/${p.slug}`);
    const joined = await send("/api/supporters", {
      body: { name: "Pat Visitor", email: `${unique("sup")}@example.edu`, message: "Go" },
    });

    const res = await send(`/api/projects/${p.slug}`, { headers: { Cookie: bookmarkCookie(joined)!.split(";")[0]! } });

    expect([res.headers.get("X-Edge-Cache"), lastStart()]).toEqual([null, bookmarkOf(bookmarkCookie(joined))]);
  });
});

describe("every statement goes through the request's session", () => {
  it("signing up, buying, reading the portfolio and the project send nothing to the binding itself", async () => {
    const { send, seen } = client();
    const body = signupBody();
    const signedUp = await json<{ token: string; user: { id: string } }>(await send("/api/auth/signup", { body }));
    const p = await insertProject({ slug: unique("all-") });
    const counted: (number | undefined)[] = [];
    for (const res of [
      await send(`/api/projects/${p.id}/invest`, {
        body: await withPrice(p.id, { shares: 2 }),
        token: signedUp.token,
        headers: { "Idempotency-Key": unique() },
      }),
      await send(`/api/investments/user/${signedUp.user.id}`, { token: signedUp.token }),
      await send(`/api/projects/${p.slug}`, { token: signedUp.token }),
      await send("/api/auth/logout", { method: "POST", token: signedUp.token }),
    ]) {
      counted.push(queries(res));
    }

    expect([seen.viaBinding, seen.viaSession > 0, counted.every((n) => n !== undefined && n > 0)]).toEqual([
      0,
      true,
      true,
    ]);
  });
});

describe("countingD1 knows whether a request wrote", () => {
  const session = () => countingD1(env.DB.withSession("first-primary"));

  it("reads alone are not a write", async () => {
    const { d1, count, wrote } = session();
    await d1.prepare("select id from users where id = ?").bind(unique("nobody-")).first();
    await d1.batch([d1.prepare("select 1"), d1.prepare("select id from sessions where id = ?").bind(unique("none-"))]);

    expect([count(), wrote()]).toEqual([2, false]);
  });

  it("a statement that is not a SELECT is a write, even one that changes no row", async () => {
    const { d1, wrote } = session();
    await d1.prepare("delete from sessions where id = ?").bind(unique("nobody-")).run();

    expect(wrote()).toBe(true);
  });

  it("a WITH that only selects is a read; a WITH that inserts is a write", async () => {
    const read = session();
    await read.d1
      .prepare("with x as (select id from users where id = ?) select id from x")
      .bind(unique("nobody-"))
      .all();
    const write = session();
    await write.d1
      .prepare("with x as (select ? as id) delete from sessions where id in (select id from x)")
      .bind(unique("nobody-"))
      .run();

    expect([read.wrote(), write.wrote()]).toEqual([false, true]);
  });

  it("a batch holding one write is a write", async () => {
    const { d1, wrote } = session();
    await d1.batch([d1.prepare("select 1"), d1.prepare("delete from sessions where id = ?").bind(unique("nobody-"))]);

    expect(wrote()).toBe(true);
  });
});
