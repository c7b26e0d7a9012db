// `npm run bench:compare -- <other checkout>`: this checkout's build against another's (say, the
// commit before a change: `git worktree add --detach ../base <commit>`), served side by side the way
// the benchmark serves one (scripts/bench-lib.mjs: a fresh local D1 each, migrated and seeded by its own checkout's scripts,
// passwords at production's cost; served by scripts/serve-built.mjs, wrangler's dev server with its
// devtools inspector off, as production runs), and measured in turns: each page is loaded on one, then
// the other, for ROUNDS rounds (the order swapping every round), so a machine that gets busier or
// quieter moves both alike. For each page and server it prints the median requests/s and p50 of
// the rounds (and their spread), and the server's CPU per request: the CPU time its whole process
// group used during the load (from /proc), divided by the requests answered, and workerd's alone. The last column is
// this checkout's figure over the other's. Both checkouts must be built (`npx react-router build`).
// BENCH_ROUNDS (3), BENCH_DURATION (5 s) and BENCH_PAGES (a comma-separated list of page names) tune it.
import {
  builtServer,
  CONNECTIONS,
  DURATION_S,
  fmt,
  killBuilt,
  measure,
  median,
  prepareBuilt,
  ROUNDS,
  serverLogs,
  signedInCookie,
  startBuilt,
  stopBuilt,
} from "./bench-lib.mjs";
import { root } from "./lib.mjs";

const other = process.argv[2];
if (!other) {
  console.error("✗ usage: npm run bench:compare -- <path of another built checkout>");
  process.exit(1);
}

const servers = [
  builtServer("other", other, Number(process.env.BENCH_OTHER_PORT ?? 8805)),
  builtServer("this", root, Number(process.env.BENCH_PORT ?? 8806)),
];
process.on("exit", () => killBuilt(servers));

console.log(`▶ serving ${servers.map((s) => `${s.name} (${s.dir}) on :${s.port}`).join(" and ")}`);
try {
  for (const s of servers) await prepareBuilt(s);
  await Promise.all(servers.map((s) => startBuilt(s)));
  for (const s of servers) {
    s.cookie = await signedInCookie("investor", s.base);
    const list = await (await fetch(`${s.base}/api/projects`)).json();
    s.project = list.projects.find((p) => p.status === "active" && p.daysLeft > 0) ?? list.projects[0];
  }
  const pages = [
    { name: "home (visitor)", path: () => "/", signedIn: false },
    { name: "browser (visitor)", path: () => "/demo", signedIn: false },
    { name: "project (visitor)", path: (s) => `/project/${s.project.slug}`, signedIn: false },
    { name: "API list", path: () => "/api/projects", signedIn: false },
    { name: "API refusal 404", path: () => "/api/projects/no-such-project", signedIn: false },
    { name: "browser (signed in)", path: () => "/demo", signedIn: true },
    { name: "project (signed in)", path: (s) => `/project/${s.project.slug}`, signedIn: true },
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
        const path = page.path(s);
        const r = await measure(s, path, page.signedIn ? { Cookie: s.cookie } : {});
        if (r.non2xx && !page.name.includes("refusal"))
          throw new Error(`${s.base}${path}: ${r.non2xx} answers were not 2xx`);
        per[s.name].rps.push(r.requestsPerSec);
        per[s.name].p50.push(r.p50Ms);
        per[s.name].cpuMs.push(r.cpuMs);
        per[s.name].workerdMs.push(r.workerdMs);
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
  console.error(serverLogs(servers));
  process.exitCode = 1;
} finally {
  await stopBuilt(servers);
}
