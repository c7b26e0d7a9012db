// `npm run test:contract` (also a step of `npm test`): the API checked against its own OpenAPI
// document by tools nobody here wrote (ADR 042). On the built app served the way the browser tests
// serve it (a fresh, seeded local D1 behind `wrangler dev`):
//   1. the document is read from /api/openapi.json and linted by Redocly's CLI with its
//      recommended rules (redocly.yaml; what is turned off, and why, is in ADR 042);
//   2. Portman turns it into a Postman collection (tests/contract/portman-config.json): a contract
//      test of every operation (status, content type, JSON schema of the answer), variation tests
//      of the documented refusals (no session → 401, a body that is not JSON → 415) and fuzzed
//      bodies (missing required fields, values past their limits → 400), run by Newman (the
//      uploads' file parts given real files first: `withUploadFiles`).
// `--no-build` reuses the build; `--base-url` checks a server already running (npm test's). Prints
// the operations counted and the time each part took; exits non-zero when either tool finds a problem.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { contractFixtures } from "../tests/contract/fixtures.mjs";
import { startAppServer, stopServerAndWait } from "./app-server.mjs";
import { bin, root, run } from "./lib.mjs";

// `--base-url URL` checks a server that is already running (npm test's, shared with the browser
// tests); otherwise the run serves the build itself, on its own port, from a fresh seeded D1.
const at = process.argv.indexOf("--base-url");
const given = at > 0 ? process.argv[at + 1] : undefined;
const PORT = Number(process.env.CONTRACT_PORT ?? 8796);
const BASE = given ?? `http://127.0.0.1:${PORT}`;
const tmp = join(root, ".tmp", "contract");
mkdirSync(tmp, { recursive: true });
// Redocly's CLI asks the network for nothing when told so (no usage data, no update check).
const quiet = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };

/** Runs a tool to completion with its output shown; throws when it fails (the server is still stopped). */
function tool(name, args, env = process.env) {
  const res = spawnSync(bin(name), args, { cwd: root, stdio: "inherit", env });
  if (res.status !== 0) throw new Error(`${name} failed (exit ${res.status ?? res.signal})`);
}

/** The smallest files the upload operations accept: a 1×1 PNG and a one-page PDF. */
const UPLOAD_FILES = {
  "pixel.png": Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
    "base64",
  ),
  "deck.pdf": Buffer.from("%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"),
};

/**
 * Portman writes a multipart body's file part without a file (an OpenAPI document has no bytes to
 * give): each gets its fixture (a document upload the PDF, an image upload the PNG), and the bare
 * `Content-Type: multipart/form-data` it sets is dropped so Newman writes the type with its boundary.
 * A variation that sends another type sends a plain-text body with it.
 */
function withUploadFiles(collection) {
  const files = {};
  for (const [name, bytes] of Object.entries(UPLOAD_FILES)) {
    files[name] = join(tmp, name);
    writeFileSync(files[name], bytes);
  }
  const visit = (items) => {
    for (const item of items) {
      if (item.item) visit(item.item);
      const request = item.request;
      if (request?.body?.mode !== "formdata") continue;
      const type = (request.header ?? []).find((h) => h.key.toLowerCase() === "content-type");
      if (type && type.value !== "multipart/form-data") {
        // A variation's other type (`text/plain`): Newman would still send a form, with its own
        // type; the body becomes plain text, so the request is what the variation says.
        request.body = { mode: "raw", raw: "not a form" };
        continue;
      }
      const path = (request.url?.path ?? []).join("/");
      for (const part of request.body.formdata) {
        if (part.type === "file") part.src = path.endsWith("documents") ? files["deck.pdf"] : files["pixel.png"];
      }
      request.header = (request.header ?? []).filter((h) => h !== type);
    }
  };
  visit(collection.item);
  return collection;
}

const seconds = (t) => `${((Date.now() - t) / 1000).toFixed(1)} s`;
const started = Date.now();
if (!given) {
  if (!process.argv.includes("--no-build")) run(bin("react-router"), ["build"]);
  // A test run's server: passwords at the test cost (worker/services/accounts/internal/secrets.ts passwordCost).
  await startAppServer({ port: PORT, state: "contract-state", appEnv: "test" });
}
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

  // The people and projects the requests name (tests/contract/fixtures.mjs), made through the API.
  const variables = await contractFixtures(BASE);

  const junitFile = join(tmp, "newman.xml");
  t = Date.now();
  console.log(`\n▶ Portman: contract, variation and fuzz tests of ${operations} operations, run by Newman`);
  const collectionFile = join(tmp, "collection.json");
  tool(
    "portman",
    [
      "--local",
      file,
      "--baseUrl",
      `${BASE}/api`,
      "--portmanConfigFile",
      join(root, "tests", "contract", "portman-config.json"),
      "--output",
      collectionFile,
    ],
    { ...process.env, ...variables },
  );
  // The uploads' `file` parts name no file in Portman's copy: each gets a real one (a PNG, a PDF).
  writeFileSync(collectionFile, JSON.stringify(withUploadFiles(JSON.parse(readFileSync(collectionFile, "utf8")))));
  // Every request runs (Newman's default; Portman's own run stops at the first failure): one run reports all.
  tool("newman", ["run", collectionFile, "--reporters", "cli,junit", "--reporter-junit-export", junitFile]);
  // Newman's JUnit report: a test suite per request, a test case per assertion, a failure per
  // assertion that failed.
  const junit = readFileSync(junitFile, "utf8");
  const requests = (junit.match(/<testsuite\b/g) ?? []).length;
  const assertions = (junit.match(/<testcase\b/g) ?? []).length;
  const failures = (junit.match(/<failure\b/g) ?? []).length;
  console.log(`✓ Portman ran (${seconds(t)}): ${requests} requests, ${assertions} assertions, ${failures} failed`);
  if (failures || !requests) throw new Error("Portman's tests found answers that differ from the document (above)");
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
} finally {
  await stopServerAndWait();
}
console.log(`\n${failed ? "✗ the contract run failed" : "✓ the contract run passed"} in ${seconds(started)}`);
process.exit(failed ? 1 : 0);
