// `npm run profile -- [--runs=N] [--only=name,…] [--top=N]`: where each signed-in page's server CPU
// goes, measured inside workerd, the runtime production uses. The build (`npx react-router build`
// first) is served by wrangler's dev server API (unstable_startWorker, as scripts/serve-built.mjs
// does) from a fresh local D1 with the demo data, with its devtools inspector on; this script
// drives V8's CPU profiler through the inspector (the Chrome DevTools protocol) while it requests
// each page N times over HTTP, one at a time. D1 runs outside the Worker's isolate, so its time is
// not in a profile, nor is the time the isolate waits ("(idle)"): what is left is the Worker's own
// CPU. Each sample's function is mapped through the build's source maps to its original file, and
// its self time is classified by the rules in CATEGORIES below. Besides the shares, each page's
// D1 query count (Server-Timing) and the bytes of its HTML and its `.data` payload are printed.
// V8 samples on a wall clock, so the milliseconds grow when the machine is busy, and the inspector
// makes the runtime forward each console call (our one log line per request): compare shares, and
// pages with each other within one run, not the milliseconds with production's.
// Ports: PROFILE_PORT (8840) and the one after it for the inspector. A measurement, not a test.
import { existsSync, readFileSync, rmSync } from "node:fs";
import { SourceMap } from "node:module";
import { spawnSync } from "node:child_process";
import { join, relative } from "node:path";

import { unstable_startWorker } from "wrangler";

import { DEMO_PASSWORD } from "../db/seed-data.ts";
import { bin, root } from "./lib.mjs";

const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const RUNS = Number(arg("runs", "100"));
const ONLY = arg("only", "").split(",").filter(Boolean);
const TOP = Number(arg("top", "0"));
const PORT = Number(process.env.PROFILE_PORT ?? 8840);
const BASE = `http://127.0.0.1:${PORT}`;
/** How many projects the profiled investor holds shares in (the demo investor, topped up). */
const HOLDINGS = 12;

const buildDir = join(root, "build", "server");
if (!existsSync(join(buildDir, "wrangler.json"))) {
  console.error("✗ no build: run `npx react-router build` first");
  process.exit(1);
}

/**
 * Self time is classified by the first rule that matches the function's original source file
 * (after the source map; paths below node_modules/ start at the package) and, where a rule names
 * them, its function name. Frames without a script of their own (V8 builtins and runtime APIs such
 * as JSON.parse, TextEncoder, Headers, and workerd's node-internal modules) count for their
 * nearest caller that has one (so the inspector's forwarding of our one log line per request, a
 * cost production does not have, is in logRequest's self time: "middleware"). Our app/ code that
 * runs below a route module's `loader` or `action` counts as "loaders", the rest of app/ as
 * "render". Frames no source map covers (the bundler's glue, the runtime) fall to "other".
 */
const CATEGORIES = [
  // workerd's D1 client (its fetch to D1, the JSON.parse of the answer, the rows it builds, its
  // tracing span) and drizzle's mapping of rows to objects
  ["rows", /^cloudflare-internal:(d1-api|tracing-helpers)/],
  [
    "rows",
    /^drizzle-orm\//,
    /^(mapResultRow|mapRelationalRow|mapFromDriverValue|mapAllResult|mapGetResult|d1ToRawMapping|mapColumnValue)\b/,
  ],
  ["sql", /^drizzle-orm\//],
  ["sql", /^db\//],
  ["routing", /^hono\/dist\/(router\/|router\.js|utils\/url\.js)/],
  ["routing", /^react-router\/dist\/[^/]+\/lib\/(router\/|server-runtime\/(routeMatching|routes|urls)\.js)/],
  ["serialization", /^react-router\/dist\/[^/]+\/vendor\/turbo-stream/],
  ["serialization", /^react-router\/dist\/[^/]+\/lib\/(server-runtime|dom\/ssr)\/single-fetch\.js/],
  ["render", /^(react|react-dom|scheduler)\//],
  ["render", /^react-router\/dist\/[^/]+\/lib\/(dom\/|components\.js|hooks\.js|context\.js)/],
  ["session", /^worker\/(middleware\/session\.ts|services\/accounts\/sessions\.ts)/],
  ["middleware", /^worker\/(middleware\/|observability\/|security-headers\.ts|edge-cache\.ts|app\.ts)/],
  ["middleware", /^(hono|isbot)\//],
  // the loaders' own JavaScript and the services and domain rules they call
  ["loaders", /^(app\/routes\/.*\.server\.ts|app\/server\/|worker\/services\/|domain\/)/],
  ["app", /^app\//],
];
const COLUMNS = [
  "render",
  "routing",
  "sql",
  "rows",
  "serialization",
  "session",
  "middleware",
  "loaders",
  "gc",
  "other",
];
const LOADER = /^(loader|action)(\$\d+)?$/;

/** Source maps of the build's chunks, by the script URL workerd reports ("assets/x.js"). */
const maps = new Map();
function sourceMapOf(url) {
  if (!maps.has(url)) {
    const file = join(buildDir, `${url}.map`);
    maps.set(url, existsSync(file) ? new SourceMap(JSON.parse(readFileSync(file, "utf8"))) : null);
  }
  return maps.get(url);
}

/** The original file of a frame: a project path, a package path, or the runtime's module name. */
function originalFile(frame) {
  const map = frame.url.startsWith("assets/") ? sourceMapOf(frame.url) : null;
  if (!map) return frame.url;
  const entry = map.findEntry(frame.lineNumber, frame.columnNumber);
  if (!entry?.originalSource) return frame.url;
  const src = entry.originalSource;
  const pkg = src.lastIndexOf("node_modules/");
  return pkg >= 0 ? src.slice(pkg + "node_modules/".length) : relative(root, join(buildDir, "assets", src));
}

function categoryOf(file, name) {
  for (const [cat, path, fn] of CATEGORIES) if (path.test(file) && (!fn || fn.test(name))) return cat;
  return "other";
}

/** Self time per category and per (category, function, file), in ms, idle excluded. */
function classify(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const underLoader = (id) => {
    for (let up = parent.get(id); up !== undefined; up = parent.get(up))
      if (LOADER.test(byId.get(up).callFrame.functionName)) return true;
    return false;
  };
  const owner = new Map(); // node id → { cat, key }
  const ownerOf = (id) => {
    if (owner.has(id)) return owner.get(id);
    const { callFrame: f } = byId.get(id);
    const name = f.functionName || "(anonymous)";
    const up = parent.get(id);
    let out;
    if (name === "(garbage collector)") out = { cat: "gc", key: name };
    else if (name === "(idle)") out = { cat: "idle", key: name };
    else if (f.url === "" || f.url.startsWith("node-internal:") || f.url === "cloudflare-internal:workers") {
      out =
        up === undefined || byId.get(up).callFrame.functionName === "(root)"
          ? { cat: "other", key: name }
          : ownerOf(up);
    } else {
      const file = originalFile(f);
      let cat = categoryOf(file, name);
      if (cat === "app") cat = LOADER.test(name) || underLoader(id) ? "loaders" : "render";
      out = { cat, key: `${name}  ${file}` };
    }
    owner.set(id, out);
    return out;
  };
  const cats = Object.fromEntries([...COLUMNS, "idle"].map((c) => [c, 0]));
  const fns = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000; // a sample's delta is the time until the next
    const { cat, key } = ownerOf(profile.samples[i]);
    cats[cat] += ms;
    if (cat !== "idle") fns.set(`${cat}\t${key}`, (fns.get(`${cat}\t${key}`) ?? 0) + ms);
  }
  return { cats, fns };
}

// ── a fresh local D1 with the demo data, and the build served from it with the inspector on ──
const state = join(root, ".wrangler", "profile-state");
rmSync(state, { recursive: true, force: true });
/** Runs a setup step quietly; prints its output and exits if it fails. */
function quietly(cmd, args) {
  const res = spawnSync(cmd, args, {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" },
  });
  if (res.status !== 0) {
    console.error(res.stdout, res.stderr, `\n✗ ${args.join(" ")} failed`);
    process.exit(1);
  }
}
quietly(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", state]);
quietly(process.execPath, ["scripts/seed.mjs", "--persist-to", state]);
process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";
process.env.WRANGLER_SEND_METRICS = "false";
const worker = await unstable_startWorker({
  config: join(buildDir, "wrangler.json"),
  dev: {
    server: { hostname: "127.0.0.1", port: PORT },
    inspector: { hostname: "127.0.0.1", port: PORT + 1 },
    persist: state,
    logLevel: "warn",
    watch: false,
  },
  bindings: {
    APP_ENV: { type: "plain_text", value: "development" },
    APP_ORIGIN: { type: "plain_text", value: BASE },
  },
});
await worker.ready;

// The inspector proxy accepts local origins only.
const ws = new WebSocket(`ws://127.0.0.1:${PORT + 1}/ws`, { headers: { Origin: BASE } });
await new Promise((resolve, reject) => {
  ws.onopen = resolve;
  ws.onerror = () => reject(new Error("the inspector refused the connection"));
});
let lastId = 0;
const pending = new Map();
ws.onmessage = (e) => {
  const m = JSON.parse(String(e.data));
  if (m.id && pending.has(m.id)) {
    pending.get(m.id)(m);
    pending.delete(m.id);
  }
};
const inspect = (method, params = {}) =>
  new Promise((resolve, reject) => {
    const id = ++lastId;
    pending.set(id, (m) => (m.error ? reject(new Error(`${method}: ${m.error.message}`)) : resolve(m.result)));
    ws.send(JSON.stringify({ id, method, params }));
  });

async function request(path, init = {}) {
  const res = await fetch(BASE + path, { redirect: "manual", ...init });
  const body = await res.text();
  return { res, body };
}

async function signIn(email) {
  const { res, body } = await request("/api/auth/login", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: BASE },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in ${email}: ${res.status} ${body.slice(0, 200)}`);
  return JSON.parse(body);
}

const api = async (path, token, init = {}) => {
  const { res, body } = await request(path, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", Origin: BASE, ...init.headers },
  });
  return { status: res.status, json: body ? JSON.parse(body) : null };
};

const { token: investorToken, user: investorUser } = await signIn("investor@campusfund.dev");
const { token: founderToken } = await signIn("founder@campusfund.dev");
const investor = { Cookie: `campusfund_session=${investorToken}` };
const founder = { Cookie: `campusfund_session=${founderToken}` };

// Top the investor's holdings up to HOLDINGS projects, buying the smallest allowed amount.
const { json: holdings } = await api(`/api/investments/user/${investorUser.id}`, investorToken);
const held = new Set(
  holdings.filter((i) => i.status !== "cancelled" && i.status !== "returned").map((i) => i.projectId),
);
const { json: list } = await api("/api/projects?pageSize=50", investorToken);
for (const p of list.projects) {
  if (held.size >= HOLDINGS) break;
  if (held.has(p._id) || p.status !== "active" || !(p.daysLeft > 0)) continue;
  const price = p.sharePrice;
  const shares = Math.max(1, Math.ceil((p.investmentTerms?.minInvestment ?? price) / price));
  const bought = await api(`/api/projects/${p._id}/invest`, investorToken, {
    method: "POST",
    headers: { "Idempotency-Key": `profile-${p._id}` },
    body: JSON.stringify({ shares, sharePrice: price }),
  });
  if (bought.status === 201) held.add(p._id);
}
const project = list.projects.find((p) => p.status === "active") ?? list.projects[0];
const { json: own } = await api("/api/projects/founder", founderToken);
const ownId = own._id;

const PAGES = [
  ["portfolio", "/portfolio", investor],
  ["portfolio AI tab", "/portfolio?tab=ai", investor],
  ["demo", "/demo", investor],
  ["project", `/project/${project.slug}`, investor],
  ["profile", "/profile", investor],
  ["founder-dashboard", "/founder-dashboard", founder],
  ["project edit", `/my-projects/edit/${ownId}`, founder],
  ["notifications", "/notifications", investor],
  ["settings", "/settings", investor],
].filter(([name]) => ONLY.length === 0 || ONLY.some((o) => name.includes(o)));

/** `/a/b?x` → `/a/b.data?x`: the page's loader data as the client asks for it. */
const dataPath = (path) => {
  const [p, q] = path.split("?");
  return `${p === "/" ? "/_root" : p}.data${q ? `?${q}` : ""}`;
};

await inspect("Profiler.enable");
await inspect("Profiler.setSamplingInterval", { interval: 100 });

console.log(
  `\nSelf time per page inside workerd, ${RUNS} requests each, ${held.size} holdings (load: ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}):`,
);
const pct = (v, t) => `${((v / t) * 100).toFixed(1)}%`;
const rows = [];
for (const [name, path, headers] of PAGES) {
  const first = await request(path, { headers });
  if (first.res.status !== 200) throw new Error(`${path}: ${first.res.status}`);
  const data = await request(dataPath(path), { headers });
  const queries = /d1;desc="(\d+) queries"/.exec(first.res.headers.get("Server-Timing") ?? "")?.[1] ?? "?";
  for (let i = 0; i < 10; i++) await request(path, { headers }); // warm
  await inspect("Profiler.start");
  for (let i = 0; i < RUNS; i++) {
    const { res } = await request(path, { headers });
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  }
  const { profile } = await inspect("Profiler.stop");
  const { cats, fns } = classify(profile);
  const cpu = COLUMNS.reduce((t, c) => t + cats[c], 0);
  rows.push({
    name,
    path,
    cpu: cpu / RUNS,
    cats,
    total: cpu,
    queries,
    html: first.body.length,
    data: data.body.length,
  });
  if (TOP > 0) {
    console.log(`\n▶ ${name}  ${path}: the ${TOP} functions with the most self time`);
    for (const [k, v] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, TOP))
      console.log(`  ${pct(v, cpu).padStart(6)}  ${(v / RUNS).toFixed(3)} ms  ${k.replace("\t", "  ")}`);
  }
}

const header = ["page", "ms/req", ...COLUMNS, "D1 q", "HTML B", ".data B"];
const table = [
  header,
  ...rows.map((r) => [
    r.name,
    r.cpu.toFixed(2),
    ...COLUMNS.map((c) => pct(r.cats[c], r.total)),
    r.queries,
    String(r.html),
    String(r.data),
  ]),
];
const widths = header.map((_, i) => Math.max(...table.map((row) => row[i].length)));
console.log("");
for (const row of table)
  console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  "));
console.log(
  "\nms/req: the isolate's sampled time per request, idle excluded (wall-clock samples: inflated on a loaded machine); " +
    "the shares are of ms/req. rows: workerd's D1 client and drizzle's mapping; loaders: " +
    "our loaders and the services and domain code they call; D1 q: the page's D1 queries (Server-Timing).",
);

ws.close();
await worker.dispose();
