/**
 * Error pages name the failed request (ADR 056): "Request ID: <id>", the id the answer's
 * X-Request-Id header carries, on a 404 and on a 500, from the root's error page and from a
 * route's own; a page's unexpected error is captured once with that id, whether the page fails
 * or survives it (app/server/capture.ts); and a visitor's copy kept
 * by the edge cache answers each hit with the hit's own id, never the id of the request that made it.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { logLinesSince, logMark } from "../workers/log-capture";
import { insertProject, page, signup, unique, visibleText } from "./helpers";

/** The id an error page shows: the text after "Request ID:". */
function shownRequestId(html: string): string | null {
  return /Request ID: (\S+)/.exec(visibleText(html))?.[1] ?? null;
}

/** The request id in the root loader's data, as React Router hands it to the browser. */
function hydratedRequestId(text: string): string | null {
  return /\\?"requestId\\?",\\?"([^"\\]+)\\?"/.exec(text)?.[1] ?? null;
}

/** A table renamed away while `work` runs: D1 fails under the page, as an outage or a bad migration would. */
async function withoutTable<T>(table: string, work: () => Promise<T>): Promise<T> {
  await env.DB.prepare(`alter table ${table} rename to ${table}_away`).run();
  try {
    return await work();
  } finally {
    await env.DB.prepare(`alter table ${table}_away rename to ${table}`).run();
  }
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("an error page shows the request's id", () => {
  it("a project that does not exist: the route's own 404 page, with the answer's id", async () => {
    const res = await page(`/project/${unique("nothing-")}`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(visibleText(html)).toContain("Project Not Found");
    expect(shownRequestId(html)).toBe(res.headers.get("X-Request-Id"));
  });

  it("an investor who does not exist: the route's own 404 page, with the answer's id", async () => {
    const res = await page(`/investors/${unique("nobody")}`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(visibleText(html)).toContain("Investor Not Found");
    expect(shownRequestId(html)).toBe(res.headers.get("X-Request-Id"));
  });

  it("a page whose reads fail: the root's 500 page, with the answer's id, and the error captured once with it", async () => {
    const mark = logMark();
    const res = await withoutTable("markets", () => page("/markets"));
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(visibleText(html)).toContain("Something went wrong");
    const id = res.headers.get("X-Request-Id")!;
    expect(shownRequestId(html)).toBe(id);

    const row = await eventually(
      () =>
        env.DB.prepare("select count, route from error_events where last_request_id = ?1")
          .bind(id)
          .first<{ count: number; route: string }>(),
      (r) => r !== null,
    );
    expect(row).toEqual({ count: 1, route: "GET /markets" });
    const captured = logLinesSince(mark).filter((l) => l.fields.msg === "unexpected error");
    expect(captured.map((l) => l.fields.id)).toEqual([id]);
  });

  it("a project tab whose read fails: the route's own error page, with the answer's id", async () => {
    const project = await insertProject();
    const res = await withoutTable("project_updates", () => page(`/project/${project.slug}?tab=updates`));
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(visibleText(html)).toContain("Error Loading Project");
    expect(shownRequestId(html)).toBe(res.headers.get("X-Request-Id"));
  });
});

describe("a page that survives a failed read", () => {
  it("the home page without its rails: still the page, and the failure captured once with the request's id", async () => {
    const { token } = await signup();
    const mark = logMark();
    const res = await withoutTable("project_follows", () => page("/", { token }));
    expect(res.status).toBe(200);
    const id = res.headers.get("X-Request-Id")!;
    expect(shownRequestId(await res.text())).toBeNull();

    const row = await eventually(
      () =>
        env.DB.prepare("select count, route from error_events where last_request_id = ?1")
          .bind(id)
          .first<{ count: number; route: string }>(),
      (r) => r !== null,
    );
    expect(row).toEqual({ count: 1, route: "GET /" });
    const captured = logLinesSince(mark).filter((l) => l.fields.msg === "unexpected error");
    expect(captured.map((l) => l.fields.id)).toEqual([id]);
  });
});

describe("a visitor's copy kept by the edge cache", () => {
  it("answers each hit with the hit's own request id, in the page and in its .data answer", async () => {
    const project = await insertProject();
    for (const path of [`/project/${project.slug}`, `/project/${project.slug}.data`]) {
      const ids = new Set<string>();
      for (let i = 0; i < 3; i++) {
        const res = await page(path);
        expect(res.status).toBe(200);
        if (i > 0) expect(res.headers.get("X-Edge-Cache")).toBe("HIT");
        const id = res.headers.get("X-Request-Id")!;
        expect(hydratedRequestId(await res.text())).toBe(id);
        ids.add(id);
      }
      expect(ids.size).toBe(3);
    }
  });
});
