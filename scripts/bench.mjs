// `npm run bench`: builds the app and serves it beside the bare React Router anchor (`--bare=<dir>`),
// each on a fresh local D1 behind scripts/serve-built.mjs (wrangler's dev server with its devtools
// inspector off, as production runs; passwords at production's cost), then in one run measures
//   1. each page's requests/s, p50 and server CPU per request (its process group's from /proc, and
//      workerd's alone), in BENCH_ROUNDS rounds (3), each page loaded right before or after its
//      server's static asset, so its ratio to a static request comes from the same minute: visitors'
//      pages (served by the edge cache), the API list, and signed-in pages (an investor holding 12
//      projects: the project page, the browser, /portfolio, its AI tab, /profile, notifications; a
//      founder's edit form and dashboard); with --bare, the anchor's `/`, `/d1`, `/table`,
//      `/table-d1`, and each of our pages' CPU over the bare CPU of a page of its HTML size;
//   2. D1 queries per page load (the `Server-Timing: d1;desc="N queries"` header);
//   3. gzipped JavaScript a first load of each main route fetches (from the build's route manifest).
// `--app=<dir>` measures another built checkout as ours (not rebuilt, no JavaScript table).
// `--before=<dir>` also serves another built checkout (say, the commit before a change) beside ours
// and loads each page on both in the same round, one right after the other: a before-and-after
// table from one window of the machine.
// BENCH_ROUNDS, BENCH_DURATION (5 s), BENCH_PAGES (page names, comma-separated), BENCH_STARTUP_S (600)
// tune it. It prints a table, marks results that miss the targets with ✗, writes bench-results.json
// (every round's figures) and exits 0 (a measurement, not a test); 1 when the run itself failed, after
// printing why and what each server said. `--scale=N` measures instead how the pages' cost changes
// with N times the data (scripts/bench-scale.mjs).
import { readdirSync, writeFileSync, existsSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";

import {
  builtServer,
  CONNECTIONS,
  d1Queries,
  DURATION_S,
  fmt,
  kb,
  killBuilt,
  lastServerOutput,
  measure,
  median,
  ok,
  PORT,
  prepareBuilt,
  range,
  ROUNDS,
  serverLogs,
  signedInCookie,
  signInCookie,
  spread,
  startBuilt,
  STARTUP_MS,
  stopBuilt,
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
  conversationQueries: 3, // signed in: the project page's Updates and Discussion tabs (session + project + tab)
  jsKb: 150, // gzipped JS on a first load of the main routes
};

/**
 * A founder with a published project and one investment (through the API, as users would), for
 * the founder's pages: the edit form and the dashboard. Returns the founder's cookie and project id.
 */
async function founderWithProject(base, investorCookie) {
  const cookie = await signedInCookie("founder", base);
  const token = cookie.split("=")[1];
  const deadline = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
  const api = async (path, body, auth = token) => {
    const res = await fetch(`${base}${path}`, {
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
  const admin = (await signInCookie("admin@campusfund.dev", "Demo1234!", base)).split("=")[1];
  const published = await api(`/api/admin/projects/${project._id}/approve`, {}, admin);
  const investorToken = investorCookie.split("=")[1];
  // The purchase states the price it expects.
  await api(`/api/projects/${project._id}/invest`, { shares: 20, sharePrice: 10 }, investorToken);
  // Something on each tab of the conversation, and a notification for the investor's bell.
  await api(`/api/projects/${project._id}/follow`, {}, investorToken);
  await api(`/api/projects/${project._id}/updates`, { title: "Bench update", body: "What the benchmark posts." });
  await api(`/api/projects/${project._id}/updates`, { title: "For investors", body: "Numbers.", investorsOnly: true });
  await api(`/api/projects/${project._id}/discussion`, { body: "What does the benchmark measure?" }, investorToken);
  return { cookie, id: project._id, slug: published.slug };
}

function staticAssetPath(dir) {
  const client = join(dir, "build", "client");
  if (existsSync(join(client, "favicon.svg"))) return "/favicon.svg";
  const images = join(client, "images");
  if (existsSync(images)) {
    const f = readdirSync(images).find((n) => /\.(svg|png|jpe?g|webp)$/.test(n));
    if (f) return `/images/${f}`;
  }
  return "/favicon.svg";
}

/** The investor's holdings the plain /portfolio shows: purchases in this many open projects. */
const HOLDINGS = 12;

/**
 * An investor with a realistic portfolio, through the API as users would: a few shares in each of
 * HOLDINGS open projects, and a resting order on the Campus Exchange when a market takes one (a
 * new investor has no traded shares to sell, so it is a buy order below the last price).
 */
async function investorWithHoldings(base) {
  const cookie = await signedInCookie("investor", base);
  const token = cookie.split("=")[1];
  const post = (path, body, key) =>
    fetch(`${base}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}`, "Idempotency-Key": key },
      body: JSON.stringify(body),
    });
  const list = await (await fetch(`${base}/api/projects?pageSize=100`)).json();
  const open = list.projects.filter((p) => p.status === "active" && p.daysLeft > 0 && p.sharesRemaining > 0);
  const holdings = [];
  const refused = [];
  for (const p of open) {
    if (holdings.length >= HOLDINGS) break;
    // The project's minimum investment, and a little more for some.
    const least = Math.ceil((p.investmentTerms?.minInvestment ?? 0) / p.sharePrice);
    const shares = Math.min(p.sharesRemaining, Math.max(1, least) + ((holdings.length * 3) % 7));
    const res = await post(`/api/projects/${p._id}/invest`, { shares, sharePrice: p.sharePrice }, `bench-h-${p._id}`);
    if (res.status < 300) holdings.push({ slug: p.slug, shares });
    else refused.push(`${p.slug}: ${res.status} ${(await res.text()).slice(0, 120)}`);
  }
  if (holdings.length < HOLDINGS)
    console.log(
      `  ⚠ the investor holds ${holdings.length} projects, not ${HOLDINGS}: ${refused.join("; ") || "too few open projects"}`,
    );
  let order = null;
  const markets = (await (await fetch(`${base}/api/markets`)).json()).markets ?? [];
  for (const m of markets.filter((x) => x.status === "open").slice(0, 3)) {
    const price = Math.max(0.01, Math.round((m.lastPrice ?? 1) * 50) / 100);
    const res = await post(
      `/api/markets/${m.project.slug}/orders`,
      { side: "buy", shares: 5, price },
      `bench-o-${m.project.slug}`,
    );
    if (res.status < 300) {
      order = { market: m.project.slug, side: "buy", shares: 5, price };
      break;
    }
    refused.push(`order on ${m.project.slug}: ${res.status} ${(await res.text()).slice(0, 120)}`);
  }
  return { cookie, holdings, order, refused };
}

// ---------------------------------------------------------------------------------------------
// arguments

const args = process.argv.slice(2);
/** `--name=value`, `--name value` or the environment variable `env`. */
function option(name, env) {
  const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return process.env[env] || undefined;
  return args[i].includes("=") ? args[i].slice(args[i].indexOf("=") + 1) : args[i + 1];
}
const appDir = option("app", "BENCH_APP");
const bareDir = option("bare", "BENCH_BARE");
const beforeDir = option("before", "BENCH_BEFORE");
const onlyPages = process.env.BENCH_PAGES?.split(",")
  .map((n) => n.trim())
  .filter(Boolean);

// ---------------------------------------------------------------------------------------------

/**
 * The pages measured on our server. `target`: a visitor's page held to the throughput target;
 * `signedIn`: held to the bare anchor's CPU (≤ BARE_RATIO); `extra`: measured only when BENCH_PAGES
 * names it.
 */
function ourPages({ slug, investor, founder }) {
  const I = { Cookie: investor.cookie };
  const F = { Cookie: founder.cookie };
  return [
    { name: "home", path: "/", target: true },
    { name: "browser", path: "/demo", target: true },
    { name: "search", path: SEARCH, target: true },
    { name: "project", path: `/project/${slug}`, target: true },
    { name: "API list", path: "/api/projects", target: true, api: true },
    { name: "project (signed in)", path: `/project/${slug}`, headers: I, signedIn: true },
    { name: "browser (signed in)", path: "/demo", headers: I, signedIn: true },
    { name: "search (signed in)", path: SEARCH, headers: I, signedIn: true, extra: true },
    { name: "portfolio", path: "/portfolio", headers: I, signedIn: true },
    { name: "portfolio AI tab", path: "/portfolio?tab=ai", headers: I, signedIn: true },
    { name: "profile", path: "/profile", headers: I, signedIn: true },
    { name: "notifications", path: "/notifications", headers: I, signedIn: true },
    { name: "project form (edit)", path: `/my-projects/edit/${founder.id}`, headers: F, signedIn: true },
    { name: "founder dashboard", path: "/founder-dashboard", headers: F, signedIn: true },
    { name: "updates tab", path: `/project/${founder.slug}?tab=updates`, headers: I, signedIn: true, extra: true },
    {
      name: "discussion tab",
      path: `/project/${founder.slug}?tab=discussion`,
      headers: I,
      signedIn: true,
      extra: true,
    },
  ];
}
/** The bare anchor's pages: `/d1` and `/table-d1` (one query each, small and 36 KB) give the fit. */
const BARE_PAGES = [
  { name: "bare /", path: "/" },
  { name: "bare /d1", path: "/d1", fit: "small" },
  { name: "bare /table", path: "/table" },
  { name: "bare /table-d1", path: "/table-d1", fit: "large" },
];
const BARE_RATIO = 1.1;

/** The D1 query counts per page (Server-Timing), as a visitor and signed in. */
async function queryCounts(base, { slug, investor, founder }) {
  const counts = [];
  const both = async (path, target, max) => {
    const visitor = await d1Queries(path, undefined, base);
    const signedIn = await d1Queries(path, investor.cookie, base);
    counts.push({
      path,
      visitor: visitor.queries,
      signedIn: signedIn.queries,
      status: [visitor.status, signedIn.status],
      target,
      max,
    });
  };
  const own = async (path, cookie) => {
    const signedIn = await d1Queries(path, cookie, base);
    counts.push({ path, visitor: null, signedIn: signedIn.queries, status: [null, signedIn.status], target: false });
  };
  for (const path of ["/", "/demo", SEARCH, `/project/${slug}`]) await both(path, path !== "/");
  for (const path of ["/portfolio", "/portfolio?tab=ai", "/profile"]) await own(path, investor.cookie);
  for (const path of [`/my-projects/edit/${founder.id}`, "/founder-dashboard"]) await own(path, founder.cookie);
  // The signed-in project page with its conversation tabs (the header bell included).
  for (const tab of ["updates", "discussion"])
    await both(`/project/${founder.slug}?tab=${tab}`, true, TARGETS.conversationQueries);
  await own("/notifications", investor.cookie);
  return counts;
}

/** Each figure's median and spread over the rounds. */
function summarize(rounds) {
  const of = (k) => rounds.map((r) => r[k]);
  const out = {};
  for (const k of ["requestsPerSec", "p50Ms", "cpuMs", "workerdMs"]) out[k] = range(of(k));
  out.non2xx = of("non2xx").reduce((a, b) => a + b, 0);
  out.errors = of("errors").reduce((a, b) => a + b, 0);
  return out;
}

/**
 * The bare anchor's CPU per request for a page of `bytes` HTML in round `i`: the straight line
 * through its `/d1` (small, one query) and `/table-d1` (36 KB, one query) figures of that round,
 * never below the smaller of the two (noise can tilt the line down).
 */
function bareAt(fit, i, bytes, key) {
  if (!fit) return NaN;
  const a = fit.small.rounds[i]?.[key];
  const b = fit.large.rounds[i]?.[key];
  if (!(a > 0 && b > 0)) return NaN;
  const line = a + ((b - a) * (bytes - fit.small.htmlBytes)) / (fit.large.htmlBytes - fit.small.htmlBytes);
  return Math.max(line, Math.min(a, b));
}

async function main() {
  const started = Date.now();
  const loadBefore = loadavg();
  const ours = builtServer("ours", appDir ?? root, PORT);
  const before = beforeDir ? builtServer("before", beforeDir, Number(process.env.BENCH_BEFORE_PORT ?? PORT + 2)) : null;
  const bare = bareDir ? builtServer("bare", bareDir, Number(process.env.BENCH_BARE_PORT ?? PORT + 1), "bare") : null;
  /** Our app's servers: ours, and with --before the other checkout. */
  const apps = before ? [ours, before] : [ours];
  const servers = [...apps, ...(bare ? [bare] : [])];
  if (onlyPages) {
    const names = [...ourPages({ investor: {}, founder: {} }), ...BARE_PAGES].map((p) => p.name);
    const unknown = onlyPages.filter((n) => !names.includes(n));
    if (unknown.length) {
      console.error(
        `✗ BENCH_PAGES names no page called ${unknown.map((n) => JSON.stringify(n)).join(", ")}; pages: ${names.join(", ")}`,
      );
      process.exitCode = 1;
      return;
    }
  }
  process.on("exit", () => killBuilt(servers));
  const results = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, node: process.version, loadAverageBefore: loadBefore },
    settings: {
      rounds: ROUNDS,
      connections: CONNECTIONS,
      warmupSeconds: WARMUP_S,
      durationSeconds: DURATION_S,
      startupSeconds: STARTUP_MS / 1000,
      inspector: process.env.BENCH_INSPECTOR === "on" ? "on (wrangler dev)" : "off (scripts/serve-built.mjs)",
    },
    targets: { ...TARGETS, bareRatio: BARE_RATIO },
    servers: servers.map((s) => ({ name: s.name, dir: s.dir, port: s.port })),
  };
  const write = () => writeFileSync(join(root, "bench-results.json"), `${JSON.stringify(results, null, 2)}\n`);

  try {
    if (appDir) {
      console.log(
        `▶ measuring the build in ${ours.dir} as ours (not rebuilt; the JavaScript table is this checkout's, skipped)`,
      );
    } else {
      console.log("▶ build");
      run(bin("react-router"), ["build"]);
      console.log(
        "\n▶ JavaScript per route (first load: entry.client + root + route + static imports + route manifest, gzip -6 per file)",
      );
      results.javascriptPerRoute = jsPerRoute(join(root, "build", "client"));
      console.log(
        table(
          ["route", "files", "raw KB", "gzip KB", `≤ ${TARGETS.jsKb} KB`],
          results.javascriptPerRoute.map((r) =>
            r.missing
              ? [r.path, "-", "-", "-", "? (route not in manifest)"]
              : [r.path, r.files, fmt(kb(r.rawBytes), 1), fmt(kb(r.gzipBytes), 1), ok(kb(r.gzipBytes) <= TARGETS.jsKb)],
          ),
          ["l", "r", "r", "r", "l"],
        ),
      );
    }

    console.log(`\n▶ fresh local D1s (${servers.map((s) => `.wrangler/bench-${s.name}-state`).join(", ")})`);
    for (const s of servers) await prepareBuilt(s);
    console.log(
      `\n▶ serving ${servers.map((s) => `${s.name} (${s.dir}) on ${s.base}`).join(" and ")}, inspector ${results.settings.inspector}; start-up limit ${STARTUP_MS / 1000} s`,
    );
    await Promise.all(servers.map((s) => startBuilt(s)));
    results.servers = servers.map((s) => ({
      name: s.name,
      dir: s.dir,
      port: s.port,
      startupSeconds: s.startupSeconds,
    }));
    console.log(`  answering after ${servers.map((s) => `${s.name} ${fmt(s.startupSeconds)} s`).join(", ")}`);

    // Each app server gets the same accounts and data, made through its own API.
    for (const s of apps) {
      const list = await (await fetch(`${s.base}/api/projects`)).json();
      const open =
        list.projects.find((p) => p.status === "active" && p.daysLeft > 0 && p.sharesRemaining > 0) ?? list.projects[0];
      if (!open) throw new Error(`no projects in ${s.name}'s /api/projects: was the database seeded?`);
      const investor = await investorWithHoldings(s.base);
      const founder = await founderWithProject(s.base, investor.cookie);
      s.ctx = { slug: open.slug, investor, founder };
      console.log(
        `  ${s.name}: project /project/${open.slug}; the investor holds ${investor.holdings.length} projects (+1 through the founder's)` +
          (investor.order
            ? `, with an open ${investor.order.side} order on ${investor.order.market}`
            : ", no exchange order"),
      );
    }
    const { investor } = ours.ctx;
    results.project = ours.ctx.slug;
    results.investor = { holdings: investor.holdings, order: investor.order, refused: investor.refused };

    console.log("\n▶ D1 queries per page load (Server-Timing)");
    for (const s of apps) s.queries = await queryCounts(s.base, s.ctx);
    const queries = ours.queries;
    results.d1QueriesPerPage = queries;
    if (before) results.d1QueriesPerPageBefore = before.queries;
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

    // What each run loads: our pages, then the bare anchor's, each with its server's static asset.
    const wanted = (p) => (onlyPages ? onlyPages.includes(p.name) || p.fit : !p.extra);
    // With --before, each page is loaded on both apps one after the other (ours, then before).
    const entries = [
      ...ourPages(ours.ctx)
        .filter(wanted)
        .flatMap((p) =>
          apps.map((s) => ({
            ...(s === ours ? p : ourPages(s.ctx).find((q) => q.name === p.name)),
            ...(s === ours ? {} : { name: `${p.name} (before)` }),
            server: s,
            asset: staticAssetPath(s.dir),
          })),
        ),
      ...(bare ? BARE_PAGES.filter(wanted).map((p) => ({ ...p, server: bare, asset: "/favicon.svg" })) : []),
    ];
    for (const e of entries) {
      const res = await fetch(`${e.server.base}${e.path}`, { headers: e.headers ?? {}, redirect: "manual" });
      e.htmlBytes = (await res.arrayBuffer()).byteLength;
      if (res.status !== 200)
        throw new Error(
          `${e.server.name} ${e.path} answered ${res.status} (${res.headers.get("location") ?? "no location"}), not 200`,
        );
      // Our pages' counts (the bare app sends no Server-Timing).
      e.queries =
        e.server !== bare
          ? (e.server.queries.find((q) => q.path === e.path)?.[e.headers ? "signedIn" : "visitor"] ?? null)
          : null;
      e.rounds = [];
      e.staticRounds = [];
    }
    for (const s of servers) {
      const asset = s === bare ? "/favicon.svg" : staticAssetPath(s.dir);
      const res = await fetch(`${s.base}${asset}`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${s.name}'s static asset ${asset} answered ${res.status}`);
    }

    const perLoad = WARMUP_S + DURATION_S;
    console.log(
      `\n▶ load: ${ROUNDS} round(s); each page then its server's static asset (or the other way round, alternating), ` +
        `${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s each: about ` +
        `${fmt((entries.length * ROUNDS * 2 * perLoad) / 60, 1)} min`,
    );
    for (let round = 0; round < ROUNDS; round++) {
      console.log(`  round ${round + 1}/${ROUNDS} (load average ${loadavg()[0].toFixed(2)})`);
      for (const e of entries) {
        process.stdout.write(`    ${e.name.padEnd(22)} `);
        const pageFirst = (round + entries.indexOf(e)) % 2 === 0;
        const page = () => measureOnce(e.server, e.path, e.headers);
        const asset = () => measureOnce(e.server, e.asset);
        const [p, st] = pageFirst ? [await page(), await asset()] : ((a, b) => [b, a])(await asset(), await page());
        e.rounds.push({ ...p, ratioToStatic: p.requestsPerSec / st.requestsPerSec });
        e.staticRounds.push(st);
        console.log(
          `${fmt(p.requestsPerSec).padStart(6)} req/s  ${fmt(p.cpuMs, 2).padStart(6)} ms CPU   static ${fmt(st.requestsPerSec).padStart(6)} req/s  ${fmt(st.cpuMs, 2).padStart(5)} ms CPU`,
        );
      }
    }

    const fitOf = (kind) => entries.find((e) => e.server === bare && e.fit === kind);
    const fit = bare && fitOf("small") && fitOf("large") ? { small: fitOf("small"), large: fitOf("large") } : null;
    const rows = [];
    const pageResults = [];
    for (const e of entries) {
      const sum = summarize(e.rounds);
      const ratios = e.rounds.map((r) => r.ratioToStatic);
      const vsBare =
        e.server !== bare && !e.api ? e.rounds.map((r, i) => r.cpuMs / bareAt(fit, i, e.htmlBytes, "cpuMs")) : [];
      const vsBareWorkerd =
        e.server !== bare && !e.api
          ? e.rounds.map((r, i) => r.workerdMs / bareAt(fit, i, e.htmlBytes, "workerdMs"))
          : [];
      const ratioOk = median(vsBare) <= BARE_RATIO;
      pageResults.push({
        name: e.name,
        server: e.server.name,
        path: e.path,
        signedIn: !!e.signedIn,
        htmlBytes: e.htmlBytes,
        d1Queries: e.queries,
        summary: sum,
        ratioToStatic: range(ratios),
        cpuToBare: vsBare.length && fit ? range(vsBare) : null,
        workerdToBare: vsBareWorkerd.length && fit ? range(vsBareWorkerd) : null,
        rounds: e.rounds,
        staticRounds: e.staticRounds,
      });
      rows.push([
        e.server === bare ? e.name : e.name + (e.signedIn ? " ●" : ""),
        fmt(kb(e.htmlBytes), 1),
        e.queries ?? "–",
        spread(e.rounds.map((r) => r.requestsPerSec)),
        fmt(sum.p50Ms.median, 1),
        spread(
          e.rounds.map((r) => r.cpuMs),
          2,
        ),
        fmt(sum.workerdMs.median, 2),
        spread(ratios, 2),
        e.target ? ok(median(ratios) >= TARGETS.staticRatio) : "",
        vsBare.length && fit ? spread(vsBare, 2) : "–",
        vsBareWorkerd.length && fit ? fmt(median(vsBareWorkerd), 2) : "–",
        e.signedIn && fit ? ok(ratioOk) : "",
        sum.non2xx + sum.errors || "",
      ]);
    }
    // Each server's static asset over all its loads: how much the machine moved during the run.
    for (const s of servers) {
      const st = entries.filter((e) => e.server === s).flatMap((e) => e.staticRounds);
      if (!st.length) continue;
      const sum = summarize(st);
      results[`staticAsset${s === ours ? "" : s === bare ? "Bare" : "Before"}`] = {
        path: s === bare ? "/favicon.svg" : staticAssetPath(s.dir),
        summary: sum,
      };
      rows.push([
        `static asset (${s.name})`,
        "",
        "",
        spread(st.map((r) => r.requestsPerSec)),
        fmt(sum.p50Ms.median, 1),
        spread(
          st.map((r) => r.cpuMs),
          2,
        ),
        fmt(sum.workerdMs.median, 2),
        "1",
        "",
        "",
        "",
        "",
        sum.non2xx + sum.errors || "",
      ]);
    }
    results.pages = pageResults;
    if (fit)
      results.bareFit = {
        note: "bare CPU per request for a page of N bytes: the line through /d1 and /table-d1 of the same round, never below the smaller",
        small: { path: fit.small.path, htmlBytes: fit.small.htmlBytes },
        large: { path: fit.large.path, htmlBytes: fit.large.htmlBytes },
      };
    results.machine.loadAverageAfter = loadavg();

    console.log(
      `\n▶ ${ROUNDS} round(s), median (min–max); CPU per request: the server's whole process group (wrangler's Node + workerd) ` +
        `from /proc over the load, ÷ requests answered; "workerd": its workerd alone. × static: req/s over its server's static ` +
        `asset loaded right before or after. Visitors' pages are edge-cache hits (ADR 011), the others renders. ` +
        `÷ bare: CPU per request over the bare anchor's for a page of the same HTML size ` +
        (fit
          ? `(the line through bare /d1 at ${fmt(kb(fit.small.htmlBytes), 1)} KB and /table-d1 at ${fmt(kb(fit.large.htmlBytes), 1)} KB, one D1 query each, same round), ✗ above ${BARE_RATIO} for a signed-in page (●).`
          : "(run with --bare=<dir> to get it).") +
        ` Load average ${loadBefore.map((x) => x.toFixed(2)).join(" ")} before, ${results.machine.loadAverageAfter.map((x) => x.toFixed(2)).join(" ")} after.\n`,
    );
    console.log(
      table(
        [
          "page",
          "HTML KB",
          "D1",
          "req/s",
          "p50 ms",
          "CPU ms/req",
          "workerd",
          "× static",
          `≥ ${TARGETS.staticRatio}`,
          "CPU ÷ bare",
          "workerd ÷ bare",
          `≤ ${BARE_RATIO}`,
          "failed",
        ],
        rows,
        ["l", "r", "r", "r", "r", "r", "r", "r", "l", "r", "r", "l", "r"],
      ),
    );

    results.misses = [
      ...pageResults
        .filter(
          (p) =>
            p.server === "ours" &&
            entries.find((e) => e.name === p.name)?.target &&
            !(p.ratioToStatic.median >= TARGETS.staticRatio),
        )
        .map((p) => `throughput ${p.path}: ${fmt(p.ratioToStatic.median, 2)}× static`),
      ...pageResults
        .filter((p) => p.server === "ours" && p.signedIn && p.cpuToBare && !(p.cpuToBare.median <= BARE_RATIO))
        .map((p) => `CPU ${p.name} (${p.path}): ${fmt(p.cpuToBare.median, 2)}× the bare page of its size`),
      ...pageResults
        .filter((p) => p.summary.non2xx || p.summary.errors)
        .map((p) => `${p.path}: ${p.summary.non2xx} non-2xx, ${p.summary.errors} errors`),
      ...queries
        .filter(
          (q) => q.target && !(Math.max(q.visitor ?? Infinity, q.signedIn ?? Infinity) <= (q.max ?? TARGETS.d1Queries)),
        )
        .map((q) => `D1 queries ${q.path}: visitor ${q.visitor}, signed in ${q.signedIn}`),
      ...(results.javascriptPerRoute ?? [])
        .filter((r) => r.missing || kb(r.gzipBytes) > TARGETS.jsKb)
        .map((r) => `JS ${r.path}: ${r.missing ? "missing" : `${fmt(kb(r.gzipBytes), 1)} KB`}`),
    ];
    results.seconds = (Date.now() - started) / 1000;
    write();
    console.log(
      results.misses.length
        ? `\n✗ ${results.misses.length} target(s) missed:\n${results.misses.map((m) => `  - ${m}`).join("\n")}`
        : "\n✓ all targets met",
    );
    console.log(`\nResults written to bench-results.json (${fmt(results.seconds)} s).`);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    results.failure = why;
    results.serverOutput = Object.fromEntries(servers.map((s) => [s.name, s.log]));
    write();
    console.error(`\n✗ bench failed: ${why}`);
    console.error(serverLogs(servers));
    console.error("\n(what was measured is in bench-results.json)");
    process.exitCode = 1;
  } finally {
    await stopBuilt(servers);
  }
}

/** One load, tried again once after a pause if autocannon itself fails (a refused connection on a loaded machine). */
async function measureOnce(s, path, headers) {
  try {
    return await measure(s, path, headers);
  } catch (e) {
    console.log(`\n    ⚠ ${s.name} ${path}: ${e instanceof Error ? e.message : e}; trying again`);
    await new Promise((r) => setTimeout(r, 3000));
    return measure(s, path, headers);
  }
}

// `--scale=N`: the scale mode (scripts/bench-scale.mjs) instead of the one-size run below.
const scaleArg = args.find((a) => a.startsWith("--scale"));
const scale = scaleArg ? Number(scaleArg.split("=")[1] ?? args[args.indexOf(scaleArg) + 1]) : 0;
if (scaleArg && !(Number.isInteger(scale) && scale >= 2 && scale <= 1000)) {
  console.error("✗ --scale takes a whole number from 2 to 1000 (it is compared with scale 1)");
  process.exit(1);
}

if (scale) {
  try {
    console.log("▶ build");
    run(bin("react-router"), ["build"]);
    await (await import("./bench-scale.mjs")).benchScale(scale);
  } catch (e) {
    console.error(`\n✗ bench failed: ${e instanceof Error ? e.message : e}`);
    const log = lastServerOutput();
    if (log) console.error(`\nlast server output:\n${log.slice(-3000)}`);
  } finally {
    await stopServerAndWait();
  }
  process.exit(0);
} else {
  await main();
  process.exit(process.exitCode ?? 0);
}
