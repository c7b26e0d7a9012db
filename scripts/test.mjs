// `npm test`: every check the project has, as one pipeline whose independent steps overlap
// (ADR 047). What runs, and after what:
//
//   chromium            Debian's chromium for the browser tests, installed when missing (apt-get)
//   types               wrangler types, the API's client types, React Router's route types
//   typecheck, lint     tsc; eslint, dependency-cruiser, prettier            (after types)
//   unit tests          the pure rules in plain Node
//   build               react-router build                                   (after types)
//   workers tests       services and the API in workerd with real D1         (after unit tests)
//   server              a fresh, migrated, seeded D1 behind `wrangler dev`   (after build)
//   app tests           the built Worker's pages, actions and fuzz suite     (after build, workers)
//   browser tests       Playwright, JavaScript on and off, against server    (after app, server, chromium)
//   contract tests      Redocly and Portman against the same server          (after browser tests)
//
// A step starts as soon as what it needs has passed; at most two heavy steps (the test suites, the
// build) run at once, one per core of CI's machine. The first failure stops the run (the server is
// stopped with it). Each step's time and the total are printed at the end. Arguments choose steps
// by their first word (`node scripts/test.mjs lint unit`); what a chosen step needs runs too.
import { spawn } from "node:child_process";

import { startAppServer, stopServerAndWait } from "./app-server.mjs";
import { bin, root } from "./lib.mjs";

const PORT = Number(process.env.E2E_PORT ?? 8790);
const BASE = `http://127.0.0.1:${PORT}`;

const running = new Set();

/** Runs a command; resolves when it exits 0, rejects otherwise. Output is shown as it comes. */
function exec(cmd, args, env = {}) {
  return new Promise((resolve, reject) => {
    // Its own process group, so a failure elsewhere stops it with its children (workerd, chromium).
    const child = spawn(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env }, detached: true });
    running.add(child);
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      running.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`${[cmd, ...args].join(" ")} failed (exit ${code ?? signal})`));
    });
  });
}

function stopAll() {
  for (const child of running) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      /* gone */
    }
  }
}
process.on("exit", stopAll);
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => process.exit(130));
const node = (script, ...args) => exec(process.execPath, [script, ...args]);
const tool = (name, ...args) => exec(bin(name), args);

// [name, what it needs, heavy (takes a core for minutes), the work]
const steps = [
  ["chromium", [], false, () => node("-e", "import('./scripts/chromium.mjs').then((m) => m.ensureChromium())")],
  [
    "types",
    [],
    false,
    async () => {
      await tool("wrangler", "types");
      await exec("npm", ["run", "-s", "api:types"]);
      await tool("react-router", "typegen");
    },
  ],
  ["typecheck", ["types"], false, () => tool("tsc", "-b")],
  [
    "lint",
    ["types"],
    false,
    () =>
      Promise.all([
        tool("eslint", ".", "--max-warnings=0"),
        tool("depcruise", "domain", "db", "worker", "app", "--config", ".dependency-cruiser.cjs"),
        tool("prettier", "--check", "--log-level", "warn", "**/*.{ts,tsx,js,mjs,css}"),
      ]),
  ],
  ["unit tests", [], false, () => tool("vitest", "run", "--config", "vitest.unit.config.ts")],
  ["build", ["types"], true, () => tool("react-router", "build")],
  ["workers tests", ["unit tests"], true, () => tool("vitest", "run", "--config", "vitest.config.ts")],
  // Started early, used by the last two steps; it idles meanwhile.
  ["server", ["build"], false, () => startAppServer({ port: PORT, state: "e2e-state", appEnv: "test" })],
  ["app tests", ["build", "workers tests"], true, () => tool("vitest", "run", "--config", "vitest.app.config.ts")],
  ["browser tests", ["app tests", "server", "chromium"], true, () => tool("playwright", "test")],
  // The API against its OpenAPI document, by Redocly's lint and Portman's tests (ADR 042).
  ["contract tests", ["browser tests", "server"], false, () => node("scripts/contract.mjs", "--base-url", BASE)],
];

const byName = new Map(steps.map((s) => [s[0], s]));
const chosen = process.argv.slice(2);
const wanted = new Set();
const want = (name) => {
  if (wanted.has(name)) return;
  wanted.add(name);
  for (const need of byName.get(name)[1]) want(need);
};
for (const [name] of steps) if (!chosen.length || chosen.includes(name.split(" ")[0])) want(name);
// A chosen step's own needs run; a step that is only needed by an unchosen one does not.
if (chosen.length && ![...wanted].some((n) => n !== "server" && n !== "chromium")) {
  console.error(`✗ no step is called ${chosen.join(", ")}: ${steps.map((s) => s[0].split(" ")[0]).join(", ")}`);
  process.exit(2);
}

process.env.E2E_SERVER_RUNNING = "1"; // playwright.config.ts: the pipeline serves the app
process.env.E2E_PORT = String(PORT);

const started = Date.now();
const times = [];
const done = new Map();
let heavy = 0;
const waiting = [];
const takeCore = async () => {
  while (heavy >= 2) await new Promise((r) => waiting.push(r));
  heavy++;
};
const freeCore = () => {
  heavy--;
  waiting.shift()?.();
};

function runStep(name) {
  if (done.has(name)) return done.get(name);
  const [, needs, isHeavy, work] = byName.get(name);
  const promise = (async () => {
    await Promise.all(needs.filter((n) => wanted.has(n)).map(runStep));
    if (isHeavy) await takeCore();
    const t = Date.now();
    console.log(`\n▶ ${name}`);
    try {
      await work();
    } finally {
      if (isHeavy) freeCore();
    }
    const s = (Date.now() - t) / 1000;
    times.push([name, s]);
    console.log(`✓ ${name} (${s.toFixed(1)} s)`);
  })();
  done.set(name, promise);
  return promise;
}

let failure = null;
const stopAtFirstFailure = (e) => {
  if (failure) return;
  failure = e;
  console.error(`\n✗ ${e.message ?? e}: stopping the other steps`);
  stopAll();
};
await Promise.all([...wanted].map((n) => runStep(n).catch(stopAtFirstFailure)));
await stopServerAndWait();
const total = ((Date.now() - started) / 1000).toFixed(0);
console.log("\nStep times (overlapping steps share the machine):");
for (const [name, s] of times) console.log(`  ${name.padEnd(16)} ${s.toFixed(1).padStart(7)} s`);
if (failure) {
  console.error(`\n✗ ${failure.message ?? failure}\n  (after ${total} s)`);
  process.exit(1);
}
console.log(`\nAll checks passed in ${total} s.`);
