// `npm run bench`: builds the app, serves it the way the browser tests do (a fresh, seeded local
// D1 behind `wrangler dev`, in its own state directory), then in one run measures
//   1. requests/s and p50/p99 latency of /, /demo, a search (/demo?q=…&sort=funded),
//      /project/{slug}, /api/projects and a static asset (autocannon, one target after the
//      other), and each page's throughput relative to the static asset's; signed-in pages (the
//      detail page, the browser and the search, the portfolio's AI Tools
//      tab, the profile, a founder's edit form and dashboard) beside them, for information;
//   2. D1 queries per page load (the `Server-Timing: d1;desc="N queries"` header), as a visitor
//      and signed in;
//   3. gzipped JavaScript a first load of each main route fetches (from the build's route manifest).
// It prints a table, marks results that miss the targets with ✗, writes bench-results.json and
// exits 0: it is a measurement, not a test. `--scale=N` measures instead how the pages' cost
// changes with N times the data (scripts/bench-scale.mjs).
import { readdirSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";

import {
  BASE,
  CONNECTIONS,
  d1Queries,
  DURATION_S,
  fmt,
  kb,
  lastServerOutput,
  load,
  ok,
  signedInCookie,
  signInCookie,
  startServer,
  stopServerAndWait,
  table,
  WARMUP_S,
} from "./bench-lib.mjs";
import { jsPerRoute } from "./js-per-route.mjs";
import { bin, root, run } from "./lib.mjs";

/** The visitor's search the benchmark loads: a word with more than one page of seeded matches. */
const SEARCH = "/demo?q=campus&sort=funded";

const TARGETS = {
  staticRatio: 0.5, // each page ≥ half the static asset's requests/s
  d1Queries: 2, // per page load of /demo, a search and /project/{slug}
  conversationQueries: 3, // signed in: the project page's Updates and Questions tabs (session + project + tab)
  jsKb: 150, // gzipped JS on a first load of the main routes
};

/**
 * A founder with a published project and one investment (through the API, as users would), for
 * the founder's pages: the edit form and the dashboard. Returns the founder's cookie and project id.
 */
async function founderWithProject(investorCookie) {
  const cookie = await signedInCookie("founder");
  const token = cookie.split("=")[1];
  const deadline = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
  const api = async (path, body, auth = token) => {
    const res = await fetch(`${BASE}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${auth}`, "Idempotency-Key": "bench-1" },
      body: JSON.stringify(body ?? {}),
    });
    if (res.status >= 300) throw new Error(`bench ${path} failed: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const project = await api("/api/projects/create", {
    title: `Bench Project ${Date.now().toString(36)}`,
    shortDescription: "A project the benchmark creates.",
    description: "A project the benchmark creates, to measure the founder's pages.",
    category: "Technology",
    fundingGoal: 50_000,
    fundingDeadline: deadline,
    projectDuration: 12,
    image: "/images/placeholder-project.svg",
    sharePrice: 10,
    creatorInfo: { name: "Bench Founder", bio: "Measures things." },
    team: [{ name: "Bench Founder", role: "CEO" }],
    faqs: [{ question: "Is this a benchmark?", answer: "Yes." }],
  });
  // Publishing submits the project for review (ADR 030); the demo admin approves it.
  await api(`/api/projects/${project._id}/publish`);
  const admin = (await signInCookie("admin@campusfund.dev", "Demo1234!")).split("=")[1];
  const published = await api(`/api/admin/projects/${project._id}/approve`, {}, admin);
  const investorToken = investorCookie.split("=")[1];
  // The purchase states the price it expects.
  await api(`/api/projects/${project._id}/invest`, { shares: 20, sharePrice: 10 }, investorToken);
  // Something on each tab of the conversation, and a notification for the investor's bell.
  await api(`/api/projects/${project._id}/follow`, {}, investorToken);
  await api(`/api/projects/${project._id}/updates`, { title: "Bench update", body: "What the benchmark posts." });
  await api(`/api/projects/${project._id}/updates`, { title: "For investors", body: "Numbers.", investorsOnly: true });
  await api(`/api/projects/${project._id}/questions`, { question: "What does the benchmark measure?" }, investorToken);
  return { cookie, id: project._id, slug: published.slug };
}

function staticAssetPath() {
  const client = join(root, "build", "client");
  if (existsSync(join(client, "favicon.svg"))) return "/favicon.svg";
  const images = join(client, "images");
  if (existsSync(images)) {
    const f = readdirSync(images).find((n) => /\.(svg|png|jpe?g|webp)$/.test(n));
    if (f) return `/images/${f}`;
  }
  return "/favicon.svg";
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const started = Date.now();
  console.log("▶ build");
  run(bin("react-router"), ["build"]);

  console.log(
    "\n▶ JavaScript per route (first load: entry.client + root + route + static imports + route manifest, gzip -6 per file)",
  );
  const js = jsPerRoute(join(root, "build", "client"));
  console.log(
    table(
      ["route", "files", "raw KB", "gzip KB", `≤ ${TARGETS.jsKb} KB`],
      js.map((r) =>
        r.missing
          ? [r.path, "-", "-", "-", "? (route not in manifest)"]
          : [r.path, r.files, fmt(kb(r.rawBytes), 1), fmt(kb(r.gzipBytes), 1), ok(kb(r.gzipBytes) <= TARGETS.jsKb)],
      ),
      ["l", "r", "r", "r", "l"],
    ),
  );

  console.log(`\n▶ serving the build on ${BASE} (fresh seeded D1 in .wrangler/bench-state)`);
  await startServer();

  const list = await (await fetch(`${BASE}/api/projects`)).json();
  const open =
    list.projects.find((p) => p.status === "active" && p.daysLeft > 0 && p.sharesRemaining > 0) ?? list.projects[0];
  if (!open) throw new Error("no projects in /api/projects: was the database seeded?");
  const slug = open.slug;
  const asset = staticAssetPath();
  const assetRes = await fetch(`${BASE}${asset}`);
  await assetRes.arrayBuffer();
  console.log(
    `  project: /project/${slug}   static asset: ${asset} (${assetRes.status}, ${assetRes.headers.get("content-type")})`,
  );

  console.log("\n▶ D1 queries per page load (Server-Timing)");
  const cookie = await signedInCookie();
  const founder = await founderWithProject(cookie);
  const pages = ["/", "/demo", SEARCH, `/project/${slug}`];
  const queries = [];
  for (const path of pages) {
    const visitor = await d1Queries(path);
    const signedIn = await d1Queries(path, cookie);
    const target = path !== "/";
    queries.push({
      path,
      visitor: visitor.queries,
      signedIn: signedIn.queries,
      status: [visitor.status, signedIn.status],
      target,
    });
  }
  // The signed-in investor's own pages, and the founder's: signed in only (a visitor signs in first).
  for (const path of ["/portfolio?tab=ai", "/profile"]) {
    const signedIn = await d1Queries(path, cookie);
    queries.push({ path, visitor: null, signedIn: signedIn.queries, status: [null, signedIn.status], target: false });
  }
  for (const path of [`/my-projects/edit/${founder.id}`, "/founder-dashboard"]) {
    const signedIn = await d1Queries(path, founder.cookie);
    queries.push({ path, visitor: null, signedIn: signedIn.queries, status: [null, signedIn.status], target: false });
  }
  // The signed-in project page with its conversation tabs (the header bell included).
  const talk = [`/project/${founder.slug}?tab=updates`, `/project/${founder.slug}?tab=questions`];
  for (const path of talk) {
    const visitor = await d1Queries(path);
    const signedIn = await d1Queries(path, cookie);
    queries.push({
      path,
      visitor: visitor.queries,
      signedIn: signedIn.queries,
      status: [visitor.status, signedIn.status],
      target: true,
      max: TARGETS.conversationQueries,
    });
  }
  {
    const signedIn = await d1Queries("/notifications", cookie);
    queries.push({
      path: "/notifications",
      visitor: null,
      signedIn: signedIn.queries,
      status: [null, signedIn.status],
      target: false,
    });
  }
  console.log(
    table(
      ["page", "visitor", "signed in", "target"],
      queries.map((q) => [
        q.path,
        q.visitor ?? (q.status[0] === null ? "–" : "no header"),
        q.signedIn ?? "no header",
        q.target
          ? `≤ ${q.max ?? TARGETS.d1Queries} ${ok(q.visitor !== null && q.signedIn !== null && Math.max(q.visitor, q.signedIn) <= (q.max ?? TARGETS.d1Queries))}`
          : "(no target)",
      ]),
      ["l", "r", "r", "l"],
    ),
  );

  console.log(
    `\n▶ load: ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s each, one after the other`,
  );
  const loads = [];
  loads.push(await load("static asset", asset));
  loads.push(await load("home", "/"));
  loads.push(await load("project browser", "/demo"));
  loads.push(await load("search, sorted", SEARCH));
  loads.push(await load("project detail", `/project/${slug}`));
  loads.push(await load("API list", "/api/projects"));
  // Signed-in pages are never served from the edge cache: their render cost, for information.
  loads.push(await load("detail, signed in", `/project/${slug}`, { headers: { Cookie: cookie }, target: false }));
  loads.push(await load("browser, signed in", "/demo", { headers: { Cookie: cookie }, target: false }));
  loads.push(await load("search, signed in", SEARCH, { headers: { Cookie: cookie }, target: false }));
  loads.push(await load("portfolio AI tab", "/portfolio?tab=ai", { headers: { Cookie: cookie }, target: false }));
  loads.push(await load("investor profile", "/profile", { headers: { Cookie: cookie }, target: false }));
  const asFounder = { headers: { Cookie: founder.cookie }, target: false };
  loads.push(await load("project form (edit)", `/my-projects/edit/${founder.id}`, asFounder));
  loads.push(await load("founder dashboard", "/founder-dashboard", asFounder));
  const asInvestor = { headers: { Cookie: cookie }, target: false };
  loads.push(await load("updates tab, signed in", `/project/${founder.slug}?tab=updates`, asInvestor));
  loads.push(await load("questions tab, signed in", `/project/${founder.slug}?tab=questions`, asInvestor));
  loads.push(await load("notifications", "/notifications", asInvestor));
  const staticRps = loads[0].requestsPerSec;
  for (const l of loads) l.ratioToStatic = staticRps > 0 ? l.requestsPerSec / staticRps : null;

  console.log();
  console.log(
    table(
      ["target", "path", "req/s", "p50 ms", "p99 ms", "non-2xx", "errors", "× static", `≥ ${TARGETS.staticRatio}`],
      loads.map((l, i) => [
        l.name,
        l.path,
        fmt(l.requestsPerSec),
        fmt(l.p50Ms, 1),
        fmt(l.p99Ms, 1),
        l.non2xx,
        l.errors + l.timeouts,
        fmt(l.ratioToStatic, 2),
        i === 0
          ? "(baseline)"
          : !l.target
            ? "(uncached, info)"
            : ok(l.ratioToStatic >= TARGETS.staticRatio && l.non2xx === 0),
      ]),
      ["l", "l", "r", "r", "r", "r", "r", "r", "l"],
    ),
  );

  const results = {
    date: new Date().toISOString(),
    machine: { cpus: (await import("node:os")).cpus().length, node: process.version },
    settings: { connections: CONNECTIONS, warmupSeconds: WARMUP_S, durationSeconds: DURATION_S, base: BASE },
    targets: TARGETS,
    project: slug,
    staticAsset: asset,
    load: loads,
    d1QueriesPerPage: queries,
    javascriptPerRoute: js,
    misses: [
      ...loads
        .slice(1)
        .filter((l) => l.target && !(l.ratioToStatic >= TARGETS.staticRatio && l.non2xx === 0))
        .map(
          (l) => `throughput ${l.path}: ${fmt(l.ratioToStatic, 2)}× static${l.non2xx ? `, ${l.non2xx} non-2xx` : ""}`,
        ),
      ...queries
        .filter(
          (q) => q.target && !(Math.max(q.visitor ?? Infinity, q.signedIn ?? Infinity) <= (q.max ?? TARGETS.d1Queries)),
        )
        .map((q) => `D1 queries ${q.path}: visitor ${q.visitor}, signed in ${q.signedIn}`),
      ...js
        .filter((r) => r.missing || kb(r.gzipBytes) > TARGETS.jsKb)
        .map((r) => `JS ${r.path}: ${r.missing ? "missing" : `${fmt(kb(r.gzipBytes), 1)} KB`}`),
    ],
  };
  writeFileSync(join(root, "bench-results.json"), `${JSON.stringify(results, null, 2)}\n`);

  console.log(
    results.misses.length
      ? `\n✗ ${results.misses.length} target(s) missed:\n${results.misses.map((m) => `  - ${m}`).join("\n")}`
      : "\n✓ all targets met",
  );
  console.log(`\nResults written to bench-results.json (${((Date.now() - started) / 1000).toFixed(0)} s).`);
}

// `--scale=N`: the scale mode (scripts/bench-scale.mjs) instead of the one-size run below.
const scaleArg = process.argv.slice(2).find((a) => a.startsWith("--scale"));
const scale = scaleArg ? Number(scaleArg.split("=")[1] ?? process.argv[process.argv.indexOf(scaleArg) + 1]) : 0;
if (scaleArg && !(Number.isInteger(scale) && scale >= 2 && scale <= 1000)) {
  console.error("✗ --scale takes a whole number from 2 to 1000 (it is compared with scale 1)");
  process.exit(1);
}

try {
  if (scale) {
    console.log("▶ build");
    run(bin("react-router"), ["build"]);
    await (await import("./bench-scale.mjs")).benchScale(scale);
  } else {
    await main();
  }
} catch (e) {
  console.error(`\n✗ bench failed: ${e instanceof Error ? e.message : e}`);
  const log = lastServerOutput();
  if (log) console.error(`\nlast server output:\n${log.slice(-3000)}`);
} finally {
  await stopServerAndWait();
}
process.exit(0);
