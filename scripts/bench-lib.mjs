// What the benchmark's two modes share (scripts/bench.mjs, scripts/bench-scale.mjs): the server
// they measure (scripts/app-server.mjs: a fresh, seeded local D1 behind `wrangler dev`), the load
// runs (autocannon), the D1 query count of a page (its Server-Timing header), signing in, and the
// table printer.
import autocannon from "autocannon";

import { lastServerOutput, startAppServer, stopServer, stopServerAndWait } from "./app-server.mjs";
import { demoAdminCode } from "../tests/shared/clients.ts";

export const PORT = Number(process.env.BENCH_PORT ?? 8795);
export const BASE = `http://127.0.0.1:${PORT}`;
export const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
export const WARMUP_S = 2;
export const CONNECTIONS = 10;

export const ok = (pass) => (pass ? "✓" : "✗");
export const fmt = (n, d = 0) =>
  Number.isFinite(n) ? n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d }) : "n/a";
export const kb = (bytes) => bytes / 1024;

export function table(headers, rows, align = []) {
  const cells = [headers, ...rows].map((r) => r.map((c) => String(c)));
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => [...r[i]].length)));
  const pad = (s, i) => {
    const gap = " ".repeat(widths[i] - [...s].length);
    return align[i] === "r" ? gap + s : s + gap;
  };
  const line = (r) => `  ${r.map(pad).join("  ")}`;
  return [line(cells[0]), `  ${widths.map((w) => "─".repeat(w)).join("  ")}`, ...cells.slice(1).map(line)].join("\n");
}

// ---------------------------------------------------------------------------------------------
// the server (scripts/app-server.mjs), on the benchmark's port, hashing at production's cost

export const startServer = (options = {}) =>
  startAppServer({ port: PORT, state: "bench-state", appEnv: "development", ...options });
export { lastServerOutput, stopServer, stopServerAndWait };

// ---------------------------------------------------------------------------------------------
// measurements

export function autocannonRun(url, duration, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, headers, timeout: 10 }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

export async function load(name, path, { headers = {}, target = true } = {}) {
  const url = `${BASE}${path}`;
  process.stdout.write(`  ${name.padEnd(16)} ${path} … `);
  await autocannonRun(url, WARMUP_S, headers);
  const r = await autocannonRun(url, DURATION_S, headers);
  const out = {
    name,
    path,
    target,
    requestsPerSec: r.requests.average,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
  console.log(`${fmt(out.requestsPerSec)} req/s`);
  return out;
}

// `Cache-Control: no-cache` (a hard reload) skips the visitors' edge cache, so the count is that of
// a real render (a cache hit makes no query at all).
export async function d1Queries(path, cookie) {
  const headers = { "Cache-Control": "no-cache", ...(cookie ? { Cookie: cookie } : {}) };
  const res = await fetch(`${BASE}${path}`, { headers, redirect: "manual" });
  await res.arrayBuffer();
  const header = res.headers.get("server-timing") ?? "";
  const m = /d1;desc="(\d+) queries"/.exec(header);
  return { status: res.status, queries: m ? Number(m[1]) : null };
}

export async function signedInCookie(role = "investor") {
  const email = `bench-${role}-${Date.now().toString(36)}@example.edu`;
  const res = await fetch(`${BASE}/api/auth/signup`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      firstName: "Bench",
      lastName: "Mark",
      email,
      password: "bench-secret",
      birthDate: "1995-06-01",
      role,
    }),
  });
  if (res.status !== 201) throw new Error(`bench signup failed: ${res.status} ${await res.text()}`);
  const { token } = await res.json();
  return `campusfund_session=${token}`;
}

/** Signs in an existing account through the API; returns its session cookie. */
export async function signInCookie(email, password) {
  const res = await fetch(`${BASE}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (res.status === 202) {
    // Two-step sign-in (ADR 054): the demo admin's second step, with its authenticator code.
    const { pendingToken } = await res.json();
    const second = await fetch(`${BASE}/api/auth/login/second-factor`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ pendingToken, code: await demoAdminCode() }),
    });
    if (second.status !== 200)
      throw new Error(`bench second step of ${email} failed: ${second.status} ${await second.text()}`);
    return `campusfund_session=${(await second.json()).token}`;
  }
  if (res.status !== 200) throw new Error(`bench sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  const { token } = await res.json();
  return `campusfund_session=${token}`;
}
