/**
 * One request, one log line (ADR 056, worker/middleware/observe.ts): its fields, its id the
 * answer's X-Request-Id and a refusal's requestId, and an unexpected error in an API route captured
 * exactly once (one `unexpected error` line, one error_events row) with that id.
 */
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { call, insertProject, json, signup, uniqueIp } from "./helpers";
import { type CapturedLine, logLinesSince, logMark } from "./log-capture";

const requestLines = (lines: CapturedLine[]) => lines.filter((l) => l.fields.msg === "request");

/** Waits for what the request writes after its answer (`waitUntil`): the lines that match, once there. */
async function eventually<T>(read: () => Promise<T> | T, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("the request's log line", () => {
  it("is one line with the id, method, route pattern, status, timing, D1 use, cache, colo and country", async () => {
    const project = await insertProject();
    const mark = logMark();
    const res = await exports.default.fetch(`http://localhost/api/projects/${project.id}`, {
      headers: { "CF-Connecting-IP": uniqueIp() },
      cf: { colo: "AMS", country: "NL" },
    });
    expect(res.status).toBe(200);
    const lines = requestLines(logLinesSince(mark));
    expect(lines).toHaveLength(1);
    const { fields } = lines[0]!;
    expect(Object.keys(fields).sort()).toEqual(
      ["level", "msg", "id", "method", "route", "status", "ms", "d1", "cache", "user", "colo", "country"].sort(),
    );
    expect(fields).toMatchObject({
      level: "info",
      id: res.headers.get("X-Request-Id"),
      method: "GET",
      route: "GET /api/projects/:id",
      status: 200,
      cache: "MISS",
      user: null,
      colo: "AMS",
      country: "NL",
    });
    expect(fields.ms).toEqual(expect.any(Number));
    const d1 = fields.d1 as { statements: number; ms: number };
    expect(d1.statements).toBeGreaterThan(0);
    expect(d1.ms).toEqual(expect.any(Number));
  });

  it("names the signed-in person by their id, never their address", async () => {
    const { token, user } = await signup();
    const mark = logMark();
    const res = await call("/api/users/me/watchlist", { token });
    expect(res.status).toBe(200);
    const [line, ...more] = requestLines(logLinesSince(mark));
    expect(more).toEqual([]);
    expect(line!.fields).toMatchObject({ id: res.headers.get("X-Request-Id"), user: user.id, cache: null });
    expect(line!.text).not.toContain(user.email);
  });

  it("of a refusal carries the same id as the answer's header and body", async () => {
    const mark = logMark();
    const res = await call("/api/projects/no-such-project");
    expect(res.status).toBe(404);
    const header = res.headers.get("X-Request-Id");
    expect(header).toMatch(/^[0-9a-f]{16}$/);
    expect((await res.clone().json<{ requestId: string }>()).requestId).toBe(header);
    const [line] = requestLines(logLinesSince(mark));
    expect(line!.fields).toMatchObject({ id: header, route: "GET /api/projects/:id", status: 404 });
  });

  it("uses Cloudflare's ray as the id where the request has one", async () => {
    const mark = logMark();
    const res = await call("/api/projects", { headers: { "cf-ray": "8f1e2d3c4b5a6978-AMS" } });
    expect(res.headers.get("X-Request-Id")).toBe("8f1e2d3c4b5a6978-AMS");
    expect(requestLines(logLinesSince(mark))[0]!.fields.id).toBe("8f1e2d3c4b5a6978-AMS");
  });
});

describe("an unexpected error in an API route", () => {
  it("is captured once: one error line and one error_events row, both naming the request", async () => {
    const { token } = await signup();
    // D1 fails under the route (its table gone), as an outage or a bad migration would fail it.
    await env.DB.prepare("alter table project_follows rename to project_follows_away").run();
    let res: Response;
    const mark = logMark();
    try {
      // Not through `call`: a 500 is in no operation's document, and `call` checks the answer against it.
      res = await exports.default.fetch("http://localhost/api/users/me/watchlist", {
        headers: { "CF-Connecting-IP": uniqueIp(), Authorization: `Bearer ${token}` },
      });
    } finally {
      await env.DB.prepare("alter table project_follows_away rename to project_follows").run();
    }
    expect(res.status).toBe(500);
    const id = res.headers.get("X-Request-Id")!;
    expect(await json(res)).toEqual({ success: false, message: "Something went wrong" });

    const row = await eventually(
      () =>
        env.DB.prepare("select count, last_request_id, route from error_events where last_request_id = ?1")
          .bind(id)
          .first<{ count: number; last_request_id: string; route: string }>(),
      (r) => r !== null,
    );
    expect(row).toEqual({ count: 1, last_request_id: id, route: "GET /api/users/me/watchlist" });
    const errors = logLinesSince(mark).filter((l) => l.fields.msg === "unexpected error");
    expect(errors).toHaveLength(1);
    expect(errors[0]!.fields).toMatchObject({ level: "error", id, route: "GET /api/users/me/watchlist" });
    expect(errors[0]!.fields.stack).toEqual(expect.stringContaining("project_follows"));
    expect(requestLines(logLinesSince(mark))).toHaveLength(1);
  });
});
