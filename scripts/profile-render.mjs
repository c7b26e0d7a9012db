// `npm run profile -- [--runs=N] [--only=name,…] [--top=N]`: where a signed-in page's render
// spends its CPU. The built Worker (build/server/index.js, run `react-router build` first) is
// loaded into this Node process (the same V8 as workerd) with the bindings of a local D1 seeded
// with the demo data (wrangler's getPlatformProxy); each page is requested N times under the V8
// CPU profiler, and the functions with the most self time are printed per page, with the share of
// the page's CPU they take. D1 runs in miniflare's own process, so its time is not in a profile:
// what is left is the Worker's own work (routing, session, loaders' JavaScript, the React render).
// A measurement, not a test: exits 0.
import { Session } from "node:inspector/promises";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";

import { getPlatformProxy } from "wrangler";

import { DEMO_PASSWORD } from "../db/seed-data.ts";
import { migrate, root, run } from "./lib.mjs";

const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const RUNS = Number(arg("runs", "200"));
const ONLY = arg("only", "")?.split(",").filter(Boolean) ?? [];
const TOP = Number(arg("top", "12"));

const state = join(root, ".wrangler", "profile-state");
migrate(state);
run(process.execPath, ["scripts/seed.mjs", "--persist-to", state]);

const proxy = await getPlatformProxy({ configPath: join(root, "wrangler.toml"), persist: { path: join(state, "v3") } });
const worker = (await import(pathToFileURL(join(root, "build/server/index.js")).href)).default;
const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} };
const BASE = "http://localhost:8799";

async function request(path, init = {}) {
  const res = await worker.fetch(new Request(BASE + path, init), proxy.env, ctx);
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
  return `Bearer ${JSON.parse(body).token}`;
}

const investor = { Authorization: await signIn("investor@campusfund.dev") };
const founder = { Authorization: await signIn("founder@campusfund.dev") };
const { body: list } = await request("/api/projects?pageSize=1");
const slug = JSON.parse(list).projects[0].slug;

const PAGES = [
  ["/ (investor)", "/", investor],
  ["/demo (investor)", "/demo", investor],
  [`/project (investor)`, `/project/${slug}`, investor],
  ["/portfolio", "/portfolio", investor],
  ["/profile", "/profile", investor],
  ["/tasks", "/tasks", investor],
  ["/founder-dashboard", "/founder-dashboard", founder],
  ["/api/auth/me", "/api/auth/me", investor],
].filter(([name]) => ONLY.length === 0 || ONLY.some((o) => name.includes(o)));

/**
 * Frames that are not the Worker's work: waiting, the profiler itself, and the binding proxy's
 * round trips to miniflare (each D1 call blocks this thread until workerd answers).
 */
const NOT_THE_WORKER =
  /^\((idle|program)\)|node_modules\/miniflare|node_modules\/undici|node:inspector|^postMessage|^receiveMessageOnPort|node:internal\/worker/;

const keyOf = (f) => {
  const file = f.url ? relative(root, f.url.replace(/^file:\/\//, "")) : "";
  return `${f.functionName || "(anonymous)"}  ${file}${file ? `:${f.lineNumber + 1}` : ""}`;
};

/**
 * Self and total time per function (name, file, line) of a V8 CPU profile, in ms: self is the
 * time spent in the function's own code; total adds everything it called (each sample counted
 * once per function however deep the recursion).
 */
function times(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map();
  const total = new Map();
  const dt = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) {
    const ms = (dt[i] ?? 0) / 1000;
    const leaf = byId.get(profile.samples[i]);
    const leafKey = keyOf(leaf.callFrame);
    self.set(leafKey, (self.get(leafKey) ?? 0) + ms);
    if (NOT_THE_WORKER.test(leafKey)) continue;
    const seen = new Set();
    for (let id = leaf.id; id !== undefined; id = parent.get(id)) {
      const key = keyOf(byId.get(id).callFrame);
      if (seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + ms);
    }
  }
  return { self, total };
}

/** Frames every request passes through, whose total says nothing about where the time goes. */
const PLUMBING = /^\((root|anonymous)\)|^(run|processTicksAndRejections|runMicrotasks|request|fetch) {2}/;

const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.setSamplingInterval", { interval: 100 });

console.log(`CPU self time per page, ${RUNS} requests each (the demo data; D1 time excluded):`);
for (const [name, path, headers] of PAGES) {
  for (let i = 0; i < 20; i++) await request(path, { headers }); // warm
  await session.post("Profiler.start");
  const t0 = performance.now();
  for (let i = 0; i < RUNS; i++) {
    const { res } = await request(path, { headers });
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  }
  const wall = performance.now() - t0;
  const { profile } = await session.post("Profiler.stop");
  const { self, total } = times(profile);
  const own = [...self.entries()].filter(([k]) => !NOT_THE_WORKER.test(k));
  const cpu = own.reduce((t, [, v]) => t + v, 0);
  console.log(
    `\n▶ ${name}  ${path}: ${(wall / RUNS).toFixed(2)} ms a request, of which the Worker's own CPU ${(cpu / RUNS).toFixed(2)} ms`,
  );
  const top = own.sort((a, b) => b[1] - a[1]).slice(0, TOP);
  console.log("  self time:");
  for (const [k, v] of top)
    console.log(`  ${((v / cpu) * 100).toFixed(1).padStart(5)}%  ${(v / RUNS).toFixed(3)} ms  ${k}`);
  console.log("  total time (with what it calls):");
  const heavy = [...total.entries()]
    .filter(([k]) => !NOT_THE_WORKER.test(k) && !PLUMBING.test(k))
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP);
  for (const [k, v] of heavy)
    console.log(`  ${((v / cpu) * 100).toFixed(1).padStart(5)}%  ${(v / RUNS).toFixed(3)} ms  ${k}`);
}
session.disconnect();
await proxy.dispose();
