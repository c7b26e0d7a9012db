// What the benchmark's modes share (scripts/bench.mjs, scripts/bench-compare.mjs,
// scripts/bench-scale.mjs, scripts/lighthouse.mjs):
// - built checkouts served side by side (`prepareBuilt`, `startBuilt`): each on a fresh local D1
//   migrated and seeded by its own scripts, served by scripts/serve-built.mjs (wrangler's dev server
//   with its devtools inspector off, as production runs);
// - the measurement of one load (`measure`): autocannon's req/s and p50, and the server's CPU per
//   request read from /proc (`groupCpuSeconds`);
// - `wrangler dev` behind scripts/app-server.mjs (`startServer`, `load`: the scale mode, Lighthouse);
// - the D1 query count of a page (its Server-Timing header), signing in, and the table printer.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";

import autocannon from "autocannon";

import { lastServerOutput, startAppServer, STARTUP_MS, stopServer, stopServerAndWait } from "./app-server.mjs";
import { demoAdminCode } from "../tests/shared/clients.ts";
import { bin, root, waitForHttp } from "./lib.mjs";

export const PORT = Number(process.env.BENCH_PORT ?? 8795);
export const BASE = `http://127.0.0.1:${PORT}`;
export const DURATION_S = positive("BENCH_DURATION", 5);
export const ROUNDS = positive("BENCH_ROUNDS", 3);
export const WARMUP_S = 2;
export const CONNECTIONS = 10;
export { STARTUP_MS };

function positive(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!(Number.isInteger(n) && n > 0)) {
    console.error(`✗ ${name} must be a whole number above 0, not ${JSON.stringify(raw)}`);
    process.exit(1);
  }
  return n;
}

export const ok = (pass) => (pass ? "✓" : "✗");
export const fmt = (n, d = 0) =>
  Number.isFinite(n) ? n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d }) : "n/a";
export const kb = (bytes) => bytes / 1024;
const finite = (xs) => xs.filter((x) => Number.isFinite(x));
/** The median of a list of figures (the upper middle one of an even count), ignoring missing ones. */
export const median = (xs) => {
  const f = finite(xs).sort((a, b) => a - b);
  return f.length ? f[Math.floor(f.length / 2)] : NaN;
};
/** "median (min–max)" of a list of figures; just the figure when there is one. */
export const spread = (xs, d = 0) => {
  const f = finite(xs);
  return f.length > 1 ? `${fmt(median(f), d)} (${fmt(Math.min(...f), d)}–${fmt(Math.max(...f), d)})` : fmt(f[0], d);
};
/** { median, min, max } of a list of figures, ignoring missing ones. */
export const range = (xs) => {
  const f = finite(xs);
  return { median: median(f), min: f.length ? Math.min(...f) : NaN, max: f.length ? Math.max(...f) : NaN };
};

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
// `wrangler dev` (scripts/app-server.mjs), on the benchmark's port, hashing at production's cost

export const startServer = (options = {}) =>
  startAppServer({ port: PORT, state: "bench-state", appEnv: "development", ...options });
export { lastServerOutput, stopServer, stopServerAndWait };

// ---------------------------------------------------------------------------------------------
// built checkouts served by scripts/serve-built.mjs

/**
 * A server to measure: `name` (for reports), `dir` (a built checkout), `port`, and `kind`: "app" (a
 * CampusFund checkout: its D1 migrated and seeded by its own scripts) or "bare" (the bare React
 * Router anchor: its D1 migrated with its own migrations, which hold its data).
 */
export function builtServer(name, dir, port, kind = "app") {
  return { name, dir: resolve(dir), port, kind, base: `http://127.0.0.1:${port}`, log: "", child: null };
}

/** A fresh local D1 for `s` in this checkout's .wrangler/bench-<name>-state. */
export async function prepareBuilt(s) {
  if (!existsSync(join(s.dir, "build", "server", "wrangler.json")))
    throw new Error(`${s.dir} is not built (no build/server/wrangler.json): run \`npx react-router build\` there`);
  s.state = join(root, ".wrangler", `bench-${s.name}-state`);
  rmSync(s.state, { recursive: true, force: true });
  const env = { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" };
  // Its own migrations, by its own wrangler (the bare anchor's hold its data too).
  const wrangler = existsSync(join(s.dir, "node_modules", ".bin", "wrangler"))
    ? join(s.dir, "node_modules", ".bin", "wrangler")
    : bin("wrangler");
  const migrated = spawnSync(wrangler, ["d1", "migrations", "apply", "DB", "--local", "--persist-to", s.state], {
    cwd: s.dir,
    env,
    encoding: "utf8",
  });
  if (migrated.status !== 0)
    throw new Error(`migrating ${s.name}'s D1 (${s.dir}) failed:\n${(migrated.stdout + migrated.stderr).slice(-3000)}`);
  if (s.kind === "bare") return;
  // Without --test-cost: the demo password hashed at production's cost, which the server uses.
  const seeded = spawnSync(process.execPath, ["scripts/seed.mjs", "--persist-to", s.state], {
    cwd: s.dir,
    env,
    encoding: "utf8",
  });
  if (seeded.status !== 0)
    throw new Error(`seeding ${s.name} (${s.dir}) failed:\n${(seeded.stdout + seeded.stderr).slice(-3000)}`);
}

/**
 * Serves `s`'s build through scripts/serve-built.mjs (the devtools inspector off, as production
 * runs; BENCH_INSPECTOR=on serves it the way `wrangler dev` does, its inspector attached), in its own
 * process group, whose CPU `measure` reads. Resolves once it answers; rejects with what it printed if
 * it exits first or takes longer than BENCH_STARTUP_S.
 */
export async function startBuilt(s) {
  const inspector = process.env.BENCH_INSPECTOR === "on";
  const args = inspector
    ? [
        bin("wrangler"),
        "dev",
        "--config",
        "build/server/wrangler.json",
        "--port",
        String(s.port),
        "--ip",
        "127.0.0.1",
        "--persist-to",
        s.state,
        "--show-interactive-dev-session=false",
        "--log-level",
        "warn",
        "--var",
        "APP_ENV:development",
      ]
    : [process.execPath, join(root, "scripts", "serve-built.mjs")];
  s.log = "";
  s.child = spawn(args[0], args.slice(1), {
    cwd: s.dir,
    env: {
      ...process.env,
      PORT: String(s.port),
      PERSIST: s.state,
      SERVER_APP_ENV: "development",
      CLOUDFLARE_CF_FETCH_ENABLED: "false",
      WRANGLER_SEND_METRICS: "false",
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const keep = (d) => (s.log = (s.log + d.toString()).slice(-6000));
  s.child.stdout.on("data", keep);
  s.child.stderr.on("data", keep);
  const exited = new Promise((_, reject) =>
    s.child.once("exit", (code, signal) =>
      reject(new Error(`${s.name}'s server (${s.dir}) exited before answering (${signal ?? `code ${code}`})`)),
    ),
  );
  exited.catch(() => {}); // it exits when we stop it at the end
  const started = Date.now();
  try {
    await Promise.race([waitForHttp(`${s.base}/`, STARTUP_MS), exited]);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new Error(`${why} (start-up limit BENCH_STARTUP_S=${STARTUP_MS / 1000} s)`);
  }
  s.startupSeconds = (Date.now() - started) / 1000;
}

/** Stops the servers' process groups (wrangler's Node and workerd) and waits (up to 10 s) until they are gone. */
export async function stopBuilt(servers) {
  for (const s of servers) signalGroup(s, "SIGTERM");
  for (let i = 0; i < 40 && servers.some((s) => groupAlive(s)); i++) await new Promise((r) => setTimeout(r, 250));
  for (const s of servers) signalGroup(s, "SIGKILL");
}
function signalGroup(s, sig) {
  if (!s.child) return;
  try {
    process.kill(-s.child.pid, sig);
  } catch {
    /* gone */
  }
}
function groupAlive(s) {
  if (!s.child) return false;
  try {
    process.kill(-s.child.pid, 0);
    return true;
  } catch {
    return false;
  }
}
/** Synchronous last resort when the script exits without stopping its servers. */
export const killBuilt = (servers) => servers.forEach((s) => signalGroup(s, "SIGKILL"));

/** What each server printed last, for a failure report. */
export const serverLogs = (servers) =>
  servers
    .filter((s) => s.log)
    .map((s) => `\n${s.name}'s server (${s.dir}, :${s.port}) said, last:\n${s.log.trim().slice(-2500)}`)
    .join("\n");

/** Clock ticks per second of /proc's utime and stime (USER_HZ: 100 on Linux). */
const TICKS_PER_S = 100;

/**
 * CPU seconds used so far by the processes in `pgid`'s process group: all of them (wrangler's Node,
 * workerd …) and workerd's alone (the runtime that runs the Worker, as production does; wrangler's
 * Node is the local tooling, which also prints every log line the Worker writes).
 */
export function groupCpuSeconds(pgid) {
  let ticks = 0;
  let workerd = 0;
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue;
    }
    // the fields after the command name (which may hold spaces) in parentheses
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[2]) !== pgid) continue;
    const used = Number(fields[11]) + Number(fields[12]);
    ticks += used;
    if (stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")) === "workerd") workerd += used;
  }
  return { all: ticks / TICKS_PER_S, workerd: workerd / TICKS_PER_S };
}

/**
 * One load of `path` on the built server `s`: a warm-up, then DURATION_S seconds, with the CPU its
 * process group used meanwhile per request answered.
 */
export async function measure(s, path, headers = {}) {
  const url = `${s.base}${path}`;
  await autocannonRun(url, WARMUP_S, headers);
  const before = groupCpuSeconds(s.child.pid);
  const r = await autocannonRun(url, DURATION_S, headers);
  const after = groupCpuSeconds(s.child.pid);
  // No answer in the window (a server too slow or stuck): no CPU per request rather than a made-up one.
  const n = r.requests.total > 0 ? r.requests.total : NaN;
  return {
    requestsPerSec: r.requests.average,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    requests: r.requests.total,
    cpuMs: ((after.all - before.all) * 1000) / n,
    workerdMs: ((after.workerd - before.workerd) * 1000) / n,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([k, v]) => [k, v.count])),
  };
}

// ---------------------------------------------------------------------------------------------
// measurements

export function autocannonRun(url, duration, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, headers, timeout: 10 }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

/** One load of `path` on the `wrangler dev` server of `startServer` (the scale mode). */
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
export async function d1Queries(path, cookie, base = BASE) {
  const headers = { "Cache-Control": "no-cache", ...(cookie ? { Cookie: cookie } : {}) };
  const res = await fetch(`${base}${path}`, { headers, redirect: "manual" });
  await res.arrayBuffer();
  const header = res.headers.get("server-timing") ?? "";
  const m = /d1;desc="(\d+) queries"/.exec(header);
  return { status: res.status, queries: m ? Number(m[1]) : null };
}

export async function signedInCookie(role = "investor", base = BASE) {
  const email = `bench-${role}-${Date.now().toString(36)}@example.edu`;
  const res = await fetch(`${base}/api/auth/signup`, {
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
  if (res.status !== 201) throw new Error(`bench signup on ${base} failed: ${res.status} ${await res.text()}`);
  const { token } = await res.json();
  return `campusfund_session=${token}`;
}

/** Signs in an existing account through the API; returns its session cookie. */
export async function signInCookie(email, password, base = BASE) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (res.status === 202) {
    // Two-step sign-in (ADR 054): the demo admin's second step, with its authenticator code.
    const { pendingToken } = await res.json();
    const second = await fetch(`${base}/api/auth/login/second-factor`, {
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
