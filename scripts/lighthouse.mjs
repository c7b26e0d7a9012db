// `npm run lighthouse`: Lighthouse's scores for the pages a new visitor and a
// returning investor open first, on the built app served the way the browser tests serve it (a
// fresh, seeded local D1 behind `wrangler dev`), in the Debian Chromium the browser tests use
// (CHROME_PATH, else /usr/bin/chromium), mobile and desktop. Prints performance, accessibility,
// best practices and SEO per page and run, with the first contentful and largest contentful paint,
// then each page's median over its runs, and writes lighthouse-results.json. A measurement, not a
// test: exits 0 (not part of `npm test`).
//
// Simulated throttling scales with the host's CPU, so the load average is printed with the scores.
// Options (environment):
//   LH_PAGES   page names to run, comma-separated (home, browser, project, about, portfolio): all by default
//   LH_RUNS    runs of each page (default 1); pages are interleaved, run after run
//   LH_FORMS   mobile, desktop or both (default mobile,desktop)
//   LH_REPORTS a folder to write each run's full Lighthouse report to (JSON), e.g. .wrangler/lh
//   LH_NO_BUILD=1 serves the existing build
//   LH_COMPARE another built checkout (say, the commit before a change) to measure in turns with
//              this one: each page on one, then the other (the order swapping every run), so a
//              machine that gets busier or quieter moves both alike. Both are then served by
//              scripts/serve-built.mjs (a fresh D1 each, migrated and seeded by its own checkout)
//   BENCH_PORT the server's port (LH_COMPARE's server: BENCH_PORT + 1)
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";

import { BASE, PORT, startServer, stopServerAndWait, table } from "./bench-lib.mjs";
import { DEMO_PASSWORD } from "../db/seed-data.ts";
import { bin, root, run, waitForHttp } from "./lib.mjs";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 1));
const FORMS = (process.env.LH_FORMS ?? "mobile,desktop").split(",").map((f) => f.trim());
const WANTED = process.env.LH_PAGES?.split(",").map((p) => p.trim());
const REPORTS = process.env.LH_REPORTS ? join(root, process.env.LH_REPORTS) : null;
const COMPARE = process.env.LH_COMPARE ? resolve(process.env.LH_COMPARE) : null;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

if (process.env.LH_NO_BUILD !== "1") {
  console.log("▶ build");
  run(bin("react-router"), ["build"]);
}
if (REPORTS) mkdirSync(REPORTS, { recursive: true });

/** The servers measured: this checkout, and with LH_COMPARE the other one. */
const targets = COMPARE
  ? [
      { name: "this", dir: root, port: PORT },
      { name: "other", dir: COMPARE, port: PORT + 1 },
    ]
  : [{ name: "this", dir: root, port: PORT, base: BASE }];

/** Serves `t`'s build through scripts/serve-built.mjs from a fresh D1 its own checkout migrates and seeds. */
async function serveBuilt(t) {
  const state = join(root, ".wrangler", `lighthouse-${t.name}-state`);
  rmSync(state, { recursive: true, force: true });
  const { migrate } = await import(pathToFileURL(join(t.dir, "scripts", "lib.mjs")).href);
  migrate(state);
  const seeded = spawnSync(process.execPath, ["scripts/seed.mjs", "--persist-to", state], {
    cwd: t.dir,
    stdio: "inherit",
  });
  if (seeded.status !== 0) throw new Error(`seeding ${t.dir} failed`);
  t.child = spawn(process.execPath, [join(root, "scripts", "serve-built.mjs")], {
    cwd: t.dir,
    env: { ...process.env, PORT: String(t.port), PERSIST: state, SERVER_APP_ENV: "development" },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  t.base = `http://127.0.0.1:${t.port}`;
  await waitForHttp(`${t.base}/api/projects`, 300_000);
}
const stopBuilt = () => {
  for (const t of targets) {
    try {
      if (t.child) process.kill(-t.child.pid, "SIGTERM");
    } catch {
      /* gone */
    }
  }
};
process.on("exit", stopBuilt);

console.log("▶ serve");
if (COMPARE) for (const t of targets) await serveBuilt(t);
else await startServer({ state: "lighthouse-state" });

/** The investor's session cookie on `base` (the demo investor has no second step). */
async function investorCookie(base) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "investor@campusfund.dev", password: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in on ${base} failed: ${res.status} ${await res.text()}`);
  return `campusfund_session=${(await res.json()).token}`;
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
const rows = [];
const results = [];
const loadBefore = load();
try {
  for (const t of targets) {
    const cookie = await investorCookie(t.base);
    const list = await (await fetch(`${t.base}/api/projects?pageSize=1`)).json();
    t.pages = [
      ["home", "/", {}],
      ["browser", "/demo", {}],
      ["project", `/project/${list.projects[0].slug}`, {}],
      ["about", "/about", {}],
      ["portfolio", "/portfolio", { Cookie: cookie }],
    ].filter(([name]) => !WANTED || WANTED.includes(name));
  }
  for (const formFactor of FORMS) {
    const config = formFactor === "desktop" ? desktopConfig : undefined;
    for (let round = 1; round <= RUNS; round++) {
      for (let p = 0; p < targets[0].pages.length; p++) {
        // With two servers, each page on both in turn, the order swapping every run.
        const order = round % 2 ? targets : [...targets].reverse();
        for (const t of order) {
          const [name, path, extraHeaders] = t.pages[p];
          console.log(`  ${t.name} ${formFactor} ${path} (run ${round}, load ${load()}) …`);
          // A trace Lighthouse could not record (NO_NAVSTART, a known flake of headless runs) is run again, twice at most.
          let runner;
          for (let attempt = 1; attempt <= 3; attempt++) {
            runner = await lighthouse(
              t.base + path,
              { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES, extraHeaders },
              config,
            );
            if (!runner.lhr.runtimeError) break;
            console.log(`    ${runner.lhr.runtimeError.code}: again`);
          }
          const lhr = runner.lhr;
          if (REPORTS) writeFileSync(join(REPORTS, `${t.name}-${formFactor}-${name}-${round}.json`), runner.report);
          const score = (c) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
          const ms = (audit) => lhr.audits[audit]?.numericValue ?? NaN;
          const out = {
            server: t.name,
            page: name,
            path,
            formFactor,
            run: round,
            load: load(),
            ...Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])),
            fcpMs: Math.round(ms("first-contentful-paint")),
            lcpMs: Math.round(ms("largest-contentful-paint")),
            tbtMs: Math.round(ms("total-blocking-time")),
            renderBlocking:
              lhr.audits["render-blocking-insight"]?.details?.items?.length ??
              lhr.audits["render-blocking-resources"]?.details?.items?.length ??
              0,
            runtimeError: lhr.runtimeError?.message ?? null,
          };
          results.push(out);
          rows.push([
            t.name,
            formFactor,
            name,
            String(round),
            ...CATEGORIES.map((c) => String(out[c])),
            String(out.fcpMs),
            String(out.lcpMs),
            String(out.tbtMs),
            String(out.renderBlocking),
            out.load.split(" ")[0],
          ]);
        }
      }
    }
  }
} finally {
  await chrome.kill();
  if (COMPARE) stopBuilt();
  else await stopServerAndWait();
}
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
console.log(
  table(
    [
      "server",
      "form",
      "page",
      "run",
      "perf",
      "a11y",
      "best pr.",
      "SEO",
      "FCP ms",
      "LCP ms",
      "TBT ms",
      "blocking",
      "load",
    ],
    rows,
    ["l", "l", "l", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r"],
  ),
);
if (RUNS > 1) {
  const groups = Map.groupBy(results, (r) => `${r.server}\t${r.formFactor}\t${r.page}`);
  console.log(`\nMedians of ${RUNS} runs:`);
  console.log(
    table(
      ["server", "form", "page", "perf", "min–max", "FCP ms", "LCP ms", "TBT ms"],
      [...groups].map(([key, rs]) => {
        const perf = rs.map((r) => r.performance);
        return [
          ...key.split("\t"),
          String(median(perf)),
          `${Math.min(...perf)}–${Math.max(...perf)}`,
          String(Math.round(median(rs.map((r) => r.fcpMs)))),
          String(Math.round(median(rs.map((r) => r.lcpMs)))),
          String(Math.round(median(rs.map((r) => r.tbtMs)))),
        ];
      }),
      ["l", "l", "l", "r", "r", "r", "r", "r"],
    ),
  );
}
if (COMPARE) console.log(`\n"this" is ${root}, "other" ${COMPARE}`);
console.log(`\nLoad average (1, 5, 15 min): ${loadBefore} at the start, ${load()} at the end`);
writeFileSync(join(root, "lighthouse-results.json"), JSON.stringify(results, null, 2));
console.log("Results written to lighthouse-results.json");
