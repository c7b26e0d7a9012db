/**
 * The log check (tests/shared/log-check.ts) fails on what it is there to catch: each line below
 * breaks one rule, and a request line as the Worker writes it breaks none.
 */
import { describe, expect, it } from "vitest";

import { logProblems } from "../shared/log-check";

const line = (fields: Record<string, unknown>) => {
  const text = JSON.stringify({ level: "info", msg: "request", ...fields });
  return { text, fields: JSON.parse(text) as Record<string, unknown> };
};

const REQUEST = {
  id: "8f1e2d3c4b5a6978",
  method: "GET",
  route: "GET /project/:slug",
  status: 200,
  ms: 12,
  d1: { statements: 2, ms: 3 },
  cache: "MISS",
  user: "usr_k3j2h1",
  colo: "AMS",
  country: "NL",
};
const TOKEN = "79bh2qwar2492syd.89j7szdieub3ccshf7xmcazggjvb235r";

describe("the log check", () => {
  it("passes a request line as the Worker writes it", () => {
    expect(logProblems([line(REQUEST)], new Set([TOKEN, "ada@example.edu"]))).toEqual([]);
  });

  it("fails a line with an email address in it, naming the line", () => {
    const bad = line({ ...REQUEST, msg: "mail to ada@example.edu failed" });
    expect(logProblems([line(REQUEST), bad], new Set())).toEqual([`an email address (ada@example.edu): ${bad.text}`]);
  });

  it("fails a line with a session token the tests used in it", () => {
    const bad = line({ ...REQUEST, message: `session ${TOKEN} expired` });
    expect(logProblems([bad], new Set([TOKEN]))).toEqual([`a secret the tests used (79bh…): ${bad.text}`]);
  });

  it("fails a field named for a body, a token, a password, an address, a cookie or an authorization", () => {
    for (const name of ["body", "pendingToken", "password", "email", "cookie", "authorization"]) {
      const [problem] = logProblems([line({ ...REQUEST, [name]: "x" })], new Set());
      expect(problem).toMatch(new RegExp(`^a field named ${name}: `));
    }
  });

  it("fails a raw path where the route pattern belongs", () => {
    const [problem] = logProblems([line({ ...REQUEST, route: "GET /project/proj-mk2x9a0" })], new Set());
    expect(problem).toMatch(/^a raw path where a route pattern belongs \(GET \/project\/proj-mk2x9a0\): /);
  });

  it("fails an IPv4 or IPv6 address", () => {
    expect(logProblems([line({ ...REQUEST, client: "203.0.113.7" })], new Set())[0]).toMatch(
      /^an IP address \(203\.0\.113\.7\): /,
    );
    expect(logProblems([line({ ...REQUEST, client: "2001:db8:1f:2e:3d:4::1" })], new Set())[0]).toMatch(
      /^an IP address \(2001:db8:1f:2e:3d:4::1\): /,
    );
  });
});
