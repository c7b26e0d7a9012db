// `npm run lighthouse`: Lighthouse's scores for the pages a new visitor and a
// returning investor open first, on the built app served the way the browser tests serve it (a
// fresh, seeded local D1 behind `wrangler dev`), in the Debian Chromium the browser tests use
// (CHROME_PATH, else /usr/bin/chromium), mobile and desktop. Prints performance, accessibility,
// best practices and SEO per page, with the first contentful and largest contentful paint, and
// writes lighthouse-results.json. A measurement, not a test: exits 0 (not part of `npm test`).
import { writeFileSync } from "node:fs";
import { join } from "node:path";

import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";

import { BASE, signInCookie, startServer, stopServerAndWait, table } from "./bench-lib.mjs";
import { DEMO_PASSWORD } from "../db/seed-data.ts";
import { bin, root, run } from "./lib.mjs";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

console.log("▶ build");
run(bin("react-router"), ["build"]);
console.log("▶ serve");
await startServer({ state: "lighthouse-state" });

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
const rows = [];
const results = [];
try {
  const cookie = await signInCookie("investor@campusfund.dev", DEMO_PASSWORD);
  const list = await (await fetch(`${BASE}/api/projects?pageSize=1`)).json();
  const slug = list.projects[0].slug;
  const pages = [
    ["home", "/", {}],
    ["project browser", "/demo", {}],
    ["project", `/project/${slug}`, {}],
    ["about", "/about", {}],
    ["portfolio (signed in)", "/portfolio", { Cookie: cookie }],
  ];
  for (const [formFactor, config] of [
    ["mobile", undefined],
    ["desktop", desktopConfig],
  ]) {
    for (const [name, path, extraHeaders] of pages) {
      console.log(`  ${formFactor} ${path} …`);
      // A trace Lighthouse could not record (NO_NAVSTART, a known flake of headless runs) is run again, twice at most.
      let runner;
      for (let attempt = 1; attempt <= 3; attempt++) {
        runner = await lighthouse(
          BASE + path,
          { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES, extraHeaders },
          config,
        );
        if (!runner.lhr.runtimeError) break;
        console.log(`    ${runner.lhr.runtimeError.code}: again`);
      }
      const lhr = runner.lhr;
      const score = (c) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
      const ms = (audit) => lhr.audits[audit]?.numericValue ?? NaN;
      const out = {
        page: name,
        path,
        formFactor,
        ...Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])),
        fcpMs: Math.round(ms("first-contentful-paint")),
        lcpMs: Math.round(ms("largest-contentful-paint")),
        renderBlocking:
          lhr.audits["render-blocking-insight"]?.details?.items?.length ??
          lhr.audits["render-blocking-resources"]?.details?.items?.length ??
          0,
        runtimeError: lhr.runtimeError?.message ?? null,
      };
      results.push(out);
      rows.push([
        formFactor,
        name,
        ...CATEGORIES.map((c) => String(out[c])),
        String(out.fcpMs),
        String(out.lcpMs),
        String(out.renderBlocking),
      ]);
    }
  }
} finally {
  await chrome.kill();
  await stopServerAndWait();
}
console.log(
  table(["form", "page", "perf", "a11y", "best pr.", "SEO", "FCP ms", "LCP ms", "blocking"], rows, [
    "l",
    "l",
    "r",
    "r",
    "r",
    "r",
    "r",
    "r",
    "r",
  ]),
);
writeFileSync(join(root, "lighthouse-results.json"), JSON.stringify(results, null, 2));
console.log("Results written to lighthouse-results.json");
