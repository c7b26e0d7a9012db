// `npm run test:contract` (also a step of `npm test`): the API checked against its own OpenAPI
// document by tools nobody here wrote (ADR 042). On the built app served the way the browser tests
// serve it (a fresh, seeded local D1 behind `wrangler dev`):
//   1. the document is read from /api/openapi.json and linted by Redocly's CLI with its
//      recommended rules (redocly.yaml; what is turned off, and why, is in ADR 042);
//   2. Portman turns it into a Postman collection (tests/contract/portman-config.json): a contract
//      test of every operation (status, content type, JSON schema of the answer), variation tests
//      of the documented refusals (no session → 401, a body that is not JSON → 415) and fuzzed
//      bodies (missing required fields, values past their limits → 400), run by Newman.
// `--no-build` reuses the build (npm test has just made it). Prints the operations counted and the
// time each part took; exits non-zero when either tool finds a problem.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { contractFixtures } from "../tests/contract/fixtures.mjs";
import { bin, root, run } from "./lib.mjs";

// Its own port (the benchmark's server module reads it when imported).
process.env.BENCH_PORT = process.env.CONTRACT_PORT ?? "8796";
const { BASE, startServer, stopServerAndWait } = await import("./bench-lib.mjs");
const tmp = join(root, ".tmp", "contract");
mkdirSync(tmp, { recursive: true });
// Redocly's CLI asks the network for nothing when told so (no usage data, no update check).
const quiet = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };

/** Runs a tool to completion with its output shown; throws when it fails (the server is still stopped). */
function tool(name, args, env = process.env) {
  const res = spawnSync(bin(name), args, { cwd: root, stdio: "inherit", env });
  if (res.status !== 0) throw new Error(`${name} failed (exit ${res.status ?? res.signal})`);
}

const seconds = (t) => `${((Date.now() - t) / 1000).toFixed(1)} s`;
const started = Date.now();
if (!process.argv.includes("--no-build")) run(bin("react-router"), ["build"]);
await startServer({ state: "contract-state" });
let failed = false;
try {
  const doc = await (await fetch(`${BASE}/api/openapi.json`)).json();
  const file = join(tmp, "openapi.json");
  writeFileSync(file, JSON.stringify(doc, null, 2));
  const operations = Object.values(doc.paths).flatMap((item) =>
    Object.keys(item).filter((m) => ["get", "post", "put", "patch", "delete"].includes(m)),
  ).length;
  console.log(`\n▶ the document: ${operations} operations, version ${doc.info.version}`);

  let t = Date.now();
  console.log("\n▶ Redocly lint (recommended rules, redocly.yaml)");
  tool("redocly", ["lint", file, "--config", join(root, "redocly.yaml"), "--max-problems", "50"], quiet);
  console.log(`✓ lint (${seconds(t)})`);

  // Operations whose requests the run cannot make yet (tests/contract/pending.json, which only
  // shrinks) are left out of Portman's copy, and counted.
  const pending = new Set(JSON.parse(readFileSync(join(root, "tests", "contract", "pending.json"), "utf8")));
  for (const item of Object.values(doc.paths)) {
    for (const [method, op] of Object.entries(item)) if (pending.has(op.operationId)) delete item[method];
  }
  for (const [path, item] of Object.entries(doc.paths)) if (!Object.keys(item).length) delete doc.paths[path];
  const runFile = join(tmp, "openapi-run.json");
  writeFileSync(runFile, JSON.stringify(doc, null, 2));

  // The people and projects the requests name (tests/contract/fixtures.mjs), made through the API.
  const variables = await contractFixtures(BASE);

  const junitFile = join(tmp, "newman.xml");
  t = Date.now();
  console.log(
    `\n▶ Portman: contract, variation and fuzz tests of ${operations - pending.size} operations, run by Newman`,
  );
  if (pending.size) console.log(`  (${pending.size} not in the run yet: tests/contract/pending.json)`);
  tool(
    "portman",
    [
      "--local",
      runFile,
      "--baseUrl",
      `${BASE}/api`,
      "--portmanConfigFile",
      join(root, "tests", "contract", "portman-config.json"),
      "--output",
      join(tmp, "collection.json"),
      "--runNewman",
      "--newmanRunOptions",
      // Every request runs (Portman stops at the first failure by default): one run reports all.
      JSON.stringify({
        abortOnFailure: false,
        reporters: ["cli", "junit"],
        reporter: { junit: { export: junitFile } },
      }),
    ],
    { ...process.env, ...variables },
  );
  // Newman's JUnit report: one test case per request, one failure per assertion that failed.
  const junit = readFileSync(junitFile, "utf8");
  const requests = (junit.match(/<testcase\b/g) ?? []).length;
  const failures = (junit.match(/<failure\b/g) ?? []).length;
  console.log(`✓ Portman ran (${seconds(t)}): ${requests} requests, ${failures} failed assertions`);
  if (failures || !requests) throw new Error("Portman's tests found answers that differ from the document (above)");
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
} finally {
  await stopServerAndWait();
}
console.log(`\n${failed ? "✗ the contract run failed" : "✓ the contract run passed"} in ${seconds(started)}`);
process.exit(failed ? 1 : 0);
