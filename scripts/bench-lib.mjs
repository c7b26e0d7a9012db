// What the benchmark's two modes share (scripts/bench.mjs, scripts/bench-scale.mjs): the server
// they measure (scripts/e2e-server.mjs: a fresh, seeded local D1 behind `wrangler dev`), the load
// runs (autocannon), the D1 query count of a page (its Server-Timing header), signing in, and the
// table printer.
import autocannon from "autocannon";

import { start, waitForHttp } from "./lib.mjs";

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
// the server

let server = null;
let serverLog = "";

function signalServer(sig) {
  if (!server || server.exitCode !== null || server.signalCode !== null) return false;
  try {
    // e2e-server.mjs runs wrangler, which runs workerd: signal the whole process group we started.
    process.kill(-server.pid, sig);
  } catch {
    try {
      server.kill(sig);
    } catch {
      /* already gone */
    }
  }
  return true;
}

export const stopServer = () => signalServer("SIGTERM");

/** Stops the server and waits (up to 10 s, then SIGKILL) until it is gone. */
export async function stopServerAndWait() {
  if (!signalServer("SIGTERM")) return;
  const gone = new Promise((resolve) => server.once("exit", resolve));
  const timer = new Promise((resolve) => setTimeout(() => resolve("timeout"), 10_000));
  if ((await Promise.race([gone, timer])) === "timeout") signalServer("SIGKILL");
  // workerd children may outlive the parent briefly: give the group a moment, then make sure.
  for (let i = 0; i < 20; i++) {
    try {
      process.kill(-server.pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  try {
    process.kill(-server.pid, "SIGKILL");
  } catch {
    /* gone */
  }
}

process.on("exit", stopServer);
for (const sig of ["SIGINT", "SIGTERM"]) {
  process.on(sig, () => {
    stopServer();
    process.exit(130);
  });
}

/**
 * Serves the build from a fresh local D1 in .wrangler/<state>, seeded with the demo data and, with
 * `scale`, `scale` times its size of synthetic data on top (`seed.mjs --scale=N`). Resolves once it
 * answers; a scaled seed takes minutes, so the wait is as long as `timeoutMs`.
 */
export async function startServer({ state = "bench-state", scale = 0, timeoutMs = 120_000 } = {}) {
  serverLog = "";
  server = start(process.execPath, ["scripts/e2e-server.mjs"], {
    env: {
      STATE_DIR: state,
      PORT: String(PORT),
      SERVER_APP_ENV: process.env.SERVER_APP_ENV ?? "development",
      ...(scale ? { SEED_SCALE: String(scale) } : {}),
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const keep = (d) => {
    serverLog = (serverLog + d.toString()).slice(-8000);
    if (scale) process.stdout.write(d.toString().replace(/^/gm, "    "));
  };
  server.stdout.on("data", keep);
  server.stderr.on("data", keep);
  const exited = new Promise((_, reject) =>
    server.once("exit", (code) => reject(new Error(`the server exited early (code ${code})\n${serverLog}`))),
  );
  await Promise.race([waitForHttp(`${BASE}/api/projects`, timeoutMs), exited]);
  exited.catch(() => {}); // it exits when we stop it at the end
}

/** The last lines the server printed (for a failure report). */
export const lastServerOutput = () => serverLog;

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
  if (res.status !== 200) throw new Error(`bench sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  const { token } = await res.json();
  return `campusfund_session=${token}`;
}
