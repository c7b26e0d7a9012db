// `npm run bench -- --scale=N`: is a page's cost independent of how much data there
// is? Two passes over the same pages, each on a fresh local D1 served by `wrangler dev`:
//   1. scale 1: the demo data plus one demo's worth of synthetic data (`seed.mjs --scale=1`);
//   2. scale N: the demo data plus N times that (`seed.mjs --scale=N`).
// The synthetic data (db/scale-data.ts) has the same actors at both sizes, scaled: an investor
// with 10×N holdings, a founder whose project has 100×N investors, and a project with 500×N
// followers. Each page is measured without the visitors' edge cache (`Cache-Control: no-cache`,
// so a visitor's page is a real render) and its p50, requests/s and D1 query count are printed
// side by side. Target: p50 at scale N within 1.5× of scale 1, and the same query count.
// Writes bench-scale-results.json; exits 0 (a measurement, not a test).
import { writeFileSync } from "node:fs";
import { join } from "node:path";

import autocannon from "autocannon";

import {
  BASE,
  CONNECTIONS,
  d1Queries,
  DURATION_S,
  fmt,
  lastServerOutput,
  load,
  ok,
  signInCookie,
  startServer,
  stopServerAndWait,
  table,
  WARMUP_S,
} from "./bench-lib.mjs";
import { DEMO_PASSWORD } from "../db/seed-data.ts";
import { SCALE_ACTORS } from "../db/scale-data.ts";
import { root } from "./lib.mjs";
import { STARTUP_MS } from "./app-server.mjs";

const P50_RATIO = 1.5;
const NO_CACHE = { "Cache-Control": "no-cache" };
/** The pages one pass measures: visitors' pages rendered (no edge cache), and each actor's own. */
async function pagesOf() {
  const investor = await signInCookie(SCALE_ACTORS.investorEmail, DEMO_PASSWORD);
  const founder = await signInCookie(SCALE_ACTORS.founderEmail, DEMO_PASSWORD);
  const slugs = { founder: SCALE_ACTORS.founderProjectSlug, followed: SCALE_ACTORS.followedProjectSlug };
  const asInvestor = { Cookie: investor, ...NO_CACHE };
  const asFounder = { Cookie: founder, ...NO_CACHE };
  return [
    ["home", "/", NO_CACHE],
    ["project browser", "/demo", NO_CACHE],
    ["search, sorted", "/demo?q=campus&sort=funded", NO_CACHE],
    ["API list", "/api/projects", NO_CACHE],
    ["project, most investors", `/project/${slugs.founder}`, NO_CACHE],
    ["its investors tab", `/project/${slugs.founder}?tab=investment`, NO_CACHE],
    ["its investors API", `/api/projects/${slugs.founder}/investors`, NO_CACHE],
    ["project, most followers", `/project/${slugs.followed}`, NO_CACHE],
    // The same project's Discussion: 5,000 posts (db/scale-data.ts), its first and a deep page.
    ["its discussion, top", `/project/${slugs.followed}?tab=discussion`, NO_CACHE],
    ["its discussion, newest p. 40", `/project/${slugs.followed}?tab=discussion&order=newest&page=40`, NO_CACHE],
    ["browser, investor", "/demo", asInvestor],
    ["project, investor", `/project/${slugs.founder}`, asInvestor],
    ["portfolio", "/portfolio", asInvestor],
    ["portfolio AI tab", "/portfolio?tab=ai", asInvestor],
    ["profile", "/profile", asInvestor],
    ["notifications", "/notifications", asInvestor],
    ["watchlist", "/settings/watchlist", asInvestor],
    ["founder dashboard", "/founder-dashboard", asFounder],
    ["my projects", "/my-projects", asFounder],
  ].map(([name, path, headers]) => ({ name, path, headers }));
}

/**
 * Purchases per second the local D1 takes (ARCHITECTURE "At scale"): 16 demo members buy one share
 * of the most-invested project at once, each request a new purchase (its own Idempotency-Key),
 * through the API, so each is the whole guarded batch (limits, stock, the investment, the project's
 * totals, notices) against the scaled tables.
 */
async function purchases(slug) {
  const tokens = [];
  for (let i = 1; i <= 16; i++) {
    tokens.push((await signInCookie(`member${i}@campusfund.dev`, DEMO_PASSWORD)).split("=")[1]);
  }
  const project = await (await fetch(`${BASE}/api/projects/${slug}`)).json();
  const sharePrice = project.project?.sharePrice ?? project.sharePrice;
  let n = 0;
  const result = await new Promise((resolve, reject) =>
    autocannon(
      {
        url: `${BASE}/api/projects/${slug}/invest`,
        connections: CONNECTIONS,
        duration: DURATION_S,
        requests: [
          {
            method: "POST",
            setupRequest: (req) => {
              n += 1;
              return {
                ...req,
                headers: {
                  "Content-Type": "application/json",
                  Authorization: `Bearer ${tokens[n % tokens.length]}`,
                  "Idempotency-Key": `bench-${Date.now().toString(36)}-${n}`,
                },
                body: JSON.stringify({ shares: 1, sharePrice }),
              };
            },
          },
        ],
      },
      (err, r) => (err ? reject(err) : resolve(r)),
    ),
  );
  return {
    // Only purchases that went through count (a refusal, say an investor's limit reached, is not one).
    perSecond: (result.requests.total - result.non2xx) / DURATION_S,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
  };
}

async function pass(scale) {
  console.log(`\n▶ scale ${scale}: seeding a fresh local D1 (.wrangler/bench-scale-${scale}) and serving it`);
  const seeded = Date.now();
  await startServer({ state: `bench-scale-${scale}`, scale, timeoutMs: Math.max(STARTUP_MS, 30 * 60_000) });
  console.log(`  ready in ${((Date.now() - seeded) / 1000).toFixed(0)} s`);
  try {
    const pages = await pagesOf();
    const out = [];
    for (const p of pages) {
      const q = await d1Queries(p.path, p.headers.Cookie);
      const l = await load(p.name, p.path, { headers: p.headers, target: false });
      out.push({ ...l, queries: q.queries, status: q.status });
    }
    process.stdout.write(`  purchases        /api/projects/${SCALE_ACTORS.founderProjectSlug}/invest … `);
    const bought = await purchases(SCALE_ACTORS.founderProjectSlug);
    console.log(`${fmt(bought.perSecond)}/s (p50 ${fmt(bought.p50Ms)} ms, ${bought.non2xx} refused)`);
    return { scale, seconds: (Date.now() - seeded) / 1000, pages: out, purchases: bought };
  } finally {
    await stopServerAndWait();
  }
}

export async function benchScale(scale) {
  const started = Date.now();
  console.log(
    `load: ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s per page, pages rendered without the edge cache`,
  );
  try {
    const base = await pass(1);
    const big = await pass(scale);
    const rows = base.pages.map((b, i) => {
      const s = big.pages[i];
      const ratio = b.p50Ms > 0 ? s.p50Ms / b.p50Ms : null;
      return { name: b.name, path: b.path, base: b, scaled: s, ratio };
    });
    console.log(`\n▶ scale 1 beside scale ${scale}`);
    console.log(
      table(
        [
          "page",
          "path",
          "p50 ms ×1",
          `p50 ms ×${scale}`,
          "ratio",
          `≤ ${P50_RATIO}`,
          "req/s ×1",
          `req/s ×${scale}`,
          "queries ×1",
          `queries ×${scale}`,
          "same",
          "non-2xx",
        ],
        rows.map((r) => [
          r.name,
          r.path.length > 40 ? `${r.path.slice(0, 39)}…` : r.path,
          fmt(r.base.p50Ms, 1),
          fmt(r.scaled.p50Ms, 1),
          fmt(r.ratio, 2),
          ok(r.ratio !== null && r.ratio <= P50_RATIO),
          fmt(r.base.requestsPerSec),
          fmt(r.scaled.requestsPerSec),
          r.base.queries ?? "?",
          r.scaled.queries ?? "?",
          ok(r.base.queries !== null && r.base.queries === r.scaled.queries),
          `${r.base.non2xx}/${r.scaled.non2xx}`,
        ]),
        ["l", "l", "r", "r", "r", "l", "r", "r", "r", "r", "l", "r"],
      ),
    );
    console.log(
      `\n  purchases/s through the API (${CONNECTIONS} at once, 16 investors, 1 share each): ` +
        `scale 1 ${fmt(base.purchases.perSecond)} (p50 ${fmt(base.purchases.p50Ms)} ms), ` +
        `scale ${scale} ${fmt(big.purchases.perSecond)} (p50 ${fmt(big.purchases.p50Ms)} ms); ` +
        `refused ${base.purchases.non2xx}/${big.purchases.non2xx}`,
    );
    const misses = rows.flatMap((r) => [
      ...(r.ratio !== null && r.ratio <= P50_RATIO ? [] : [`p50 ${r.path}: ${fmt(r.ratio, 2)}× scale 1`]),
      ...(r.base.queries === r.scaled.queries ? [] : [`queries ${r.path}: ${r.base.queries} → ${r.scaled.queries}`]),
      ...(r.base.non2xx || r.scaled.non2xx ? [`non-2xx ${r.path}: ${r.base.non2xx}/${r.scaled.non2xx}`] : []),
    ]);
    writeFileSync(
      join(root, "bench-scale-results.json"),
      `${JSON.stringify({ date: new Date().toISOString(), scale, target: { p50Ratio: P50_RATIO }, base, scaled: big, misses }, null, 2)}\n`,
    );
    console.log(
      misses.length
        ? `\n✗ ${misses.length} target(s) missed:\n${misses.map((m) => `  - ${m}`).join("\n")}`
        : "\n✓ every page within the target",
    );
    console.log(`\nResults written to bench-scale-results.json (${((Date.now() - started) / 1000).toFixed(0)} s).`);
  } catch (e) {
    console.error(`\n✗ bench failed: ${e instanceof Error ? e.message : e}`);
    const log = lastServerOutput();
    if (log) console.error(`\nlast server output:\n${log.slice(-3000)}`);
  }
}
