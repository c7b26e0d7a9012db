// `npm run bench:compare -- <other checkout>`: this checkout's build against another's (say, the
// commit before a change: `git worktree add --detach ../base <commit>`), served side by side the way
// the benchmark serves one (a fresh local D1 each, migrated and seeded by its own checkout's scripts,
// passwords at production's cost; served by scripts/serve-built.mjs, wrangler's dev server with its
// devtools inspector off, as production runs), and measured in turns: each page is loaded on one, then
// the other, for ROUNDS rounds (the order swapping every round), so a machine that gets busier or
// quieter moves both alike. For each page and server it prints the median requests/s and p50 of
// the rounds (and their spread), and the server's CPU per request: the CPU time its whole process
// group used during the load (from /proc), divided by the requests answered, and workerd's alone. The last column is
// this checkout's figure over the other's. Both checkouts must be built (`npx react-router build`).
// BENCH_ROUNDS (3), BENCH_DURATION (5 s) and BENCH_PAGES (a comma-separated list of page names) tune it.
import { spawn, spawnSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

import { autocannonRun as run, CONNECTIONS } from "./bench-lib.mjs";
import { bin, root, waitForHttp } from "./lib.mjs";

const other = process.argv[2];
if (!other) {
  console.error("✗ usage: npm run bench:compare -- <path of another built checkout>");
  process.exit(1);
}
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const WARMUP_S = 2;
/** Clock ticks per second of /proc's utime and stime (USER_HZ: 100 on Linux). */
const TICKS_PER_S = 100;

const servers = [
  { name: "other", dir: resolve(other), port: Number(process.env.BENCH_OTHER_PORT ?? 8805) },
  { name: "this", dir: root, port: Number(process.env.BENCH_PORT ?? 8806) },
];

/** A fresh local D1 for `s`, migrated and seeded by its own checkout's scripts (the demo data). */
async function prepare(s) {
  s.state = join(s.dir, ".wrangler", "bench-compare-state");
  rmSync(s.state, { recursive: true, force: true });
  const { migrate } = await import(pathToFileURL(join(s.dir, "scripts", "lib.mjs")).href);
  migrate(s.state);
  const seeded = spawnSync(process.execPath, ["scripts/seed.mjs", "--persist-to", s.state], {
    cwd: s.dir,
    stdio: "inherit",
  });
  if (seeded.status !== 0) throw new Error(`seeding ${s.dir} failed`);
}

/**
 * Serves `s`'s build: by default through scripts/serve-built.mjs (the devtools inspector off, as
 * production runs); BENCH_INSPECTOR=on serves it the way `wrangler dev` does (its inspector attached).
 */
function startServer(s) {
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
    : [join(root, "scripts", "serve-built.mjs")];
  s.child = spawn(inspector ? args[0] : process.execPath, inspector ? args.slice(1) : args, {
    cwd: s.dir,
    env: {
      ...process.env,
      PORT: String(s.port),
      PERSIST: s.state,
      SERVER_APP_ENV: "development",
      CLOUDFLARE_CF_FETCH_ENABLED: "false",
      WRANGLER_SEND_METRICS: "false",
    },
    stdio: ["ignore", "ignore", "pipe"],
    detached: true,
  });
  s.log = "";
  s.child.stderr.on("data", (d) => (s.log = (s.log + d.toString()).slice(-4000)));
}

function stopServers() {
  for (const s of servers) {
    try {
      process.kill(-s.child.pid, "SIGTERM");
    } catch {
      /* gone */
    }
  }
}
process.on("exit", stopServers);

/**
 * CPU seconds used so far by the processes in `pgid`'s process group: all of them (wrangler's Node,
 * workerd …) and workerd's alone (the runtime that runs the Worker, as production does; wrangler's
 * Node is the local tooling, which also prints every log line the Worker writes).
 */
function groupCpuSeconds(pgid) {
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

async function signUp(base) {
  const res = await fetch(`${base}/api/auth/signup`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      firstName: "Bench",
      lastName: "Compare",
      email: `bench-compare-${Date.now().toString(36)}@example.edu`,
      password: "bench-secret",
      birthDate: "1995-06-01",
      role: "investor",
    }),
  });
  if (res.status !== 201) throw new Error(`signup on ${base} failed: ${res.status}`);
  return `campusfund_session=${(await res.json()).token}`;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (n, d = 0) => n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });

console.log(`▶ serving ${servers.map((s) => `${s.name} (${s.dir}) on :${s.port}`).join(" and ")}`);
for (const s of servers) await prepare(s);
for (const s of servers) startServer(s);
try {
  await Promise.all(servers.map((s) => waitForHttp(`http://127.0.0.1:${s.port}/api/projects`, 600_000)));
  for (const s of servers) {
    s.base = `http://127.0.0.1:${s.port}`;
    s.cookie = await signUp(s.base);
    const list = await (await fetch(`${s.base}/api/projects`)).json();
    s.project = list.projects.find((p) => p.status === "active" && p.daysLeft > 0) ?? list.projects[0];
  }
  const pages = [
    { name: "home (visitor)", path: () => "/", signedIn: false },
    { name: "browser (visitor)", path: () => "/demo", signedIn: false },
    { name: "project (visitor)", path: (s) => `/project/${s.project.slug}`, signedIn: false },
    { name: "API list", path: () => "/api/projects", signedIn: false },
    { name: "API refusal 404", path: () => "/api/projects/no-such-project", signedIn: false },
    { name: "browser, signed in", path: () => "/demo", signedIn: true },
    { name: "project, signed in", path: (s) => `/project/${s.project.slug}`, signedIn: true },
    { name: "portfolio", path: () => "/portfolio", signedIn: true },
  ];
  // BENCH_PAGES="portfolio,API list" measures only those.
  const only = process.env.BENCH_PAGES?.split(",").map((n) => n.trim());
  const results = [];
  for (const page of pages.filter((p) => !only || only.includes(p.name))) {
    process.stdout.write(`  ${page.name.padEnd(20)} `);
    const per = Object.fromEntries(servers.map((s) => [s.name, { rps: [], p50: [], cpuMs: [], workerdMs: [] }]));
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? servers : [...servers].reverse();
      for (const s of order) {
        const url = `${s.base}${page.path(s)}`;
        const headers = page.signedIn ? { Cookie: s.cookie } : {};
        await run(url, WARMUP_S, headers);
        const before = groupCpuSeconds(s.child.pid);
        const r = await run(url, DURATION_S, headers);
        const after = groupCpuSeconds(s.child.pid);
        if (r.non2xx && !page.name.includes("refusal")) throw new Error(`${url}: ${r.non2xx} answers were not 2xx`);
        per[s.name].rps.push(r.requests.average);
        per[s.name].p50.push(r.latency.p50);
        per[s.name].cpuMs.push(((after.all - before.all) * 1000) / Math.max(1, r.requests.total));
        per[s.name].workerdMs.push(((after.workerd - before.workerd) * 1000) / Math.max(1, r.requests.total));
        process.stdout.write(".");
      }
    }
    results.push({ page: page.name, ...per });
    console.log("");
  }
  const rows = results.map((r) => {
    const cells = [r.page];
    for (const s of servers) {
      const x = r[s.name];
      cells.push(
        `${fmt(median(x.rps))} (${fmt(Math.min(...x.rps))}–${fmt(Math.max(...x.rps))})`,
        fmt(median(x.p50), 1),
        fmt(median(x.cpuMs), 2),
        fmt(median(x.workerdMs), 2),
      );
    }
    cells.push(
      fmt(median(r.this.rps) / median(r.other.rps), 3),
      fmt(median(r.this.cpuMs) / median(r.other.cpuMs), 3),
      fmt(median(r.this.workerdMs) / median(r.other.workerdMs), 3),
    );
    return cells;
  });
  const headers = [
    "page",
    "other req/s (spread)",
    "p50 ms",
    "CPU ms/req",
    "workerd",
    "this req/s (spread)",
    "p50 ms",
    "CPU ms/req",
    "workerd",
    "req/s this/other",
    "CPU this/other",
    "workerd this/other",
  ];
  const all = [headers, ...rows];
  const widths = headers.map((_, i) => Math.max(...all.map((r) => [...r[i]].length)));
  console.log(`\n${ROUNDS} rounds of ${DURATION_S} s per page and server, ${CONNECTIONS} connections\n`);
  for (const r of all) console.log(`  ${r.map((c, i) => c.padEnd(widths[i])).join("  ")}`);
} catch (e) {
  console.error(`\n✗ bench:compare failed: ${e instanceof Error ? e.message : e}`);
  for (const s of servers) if (s.log) console.error(`\n${s.name} server said:\n${s.log}`);
  process.exitCode = 1;
} finally {
  stopServers();
}
