// Serves the built app for browser tests and the benchmark: a fresh local D1 (its own state
// directory, so `npm start` data is untouched), migrated and seeded, behind `wrangler dev`.
// APP_ENV is "test" (passwords hashed at the test cost: worker/services/accounts/internal/secrets.ts passwordCost)
// unless SERVER_APP_ENV names another (the benchmark measures at production's cost).
import { createWriteStream, rmSync } from "node:fs";
import { join } from "node:path";

import { bin, migrate, root, run, serverLogPath, start } from "./lib.mjs";

const port = process.env.PORT ?? "8790";
const state = join(root, ".wrangler", process.env.STATE_DIR ?? "e2e-state");

const appEnv = process.env.SERVER_APP_ENV ?? "test";
// KEEP_STATE=1 serves the state directory as it is: a restart after a crash (the exchange's load
// test kills the server and starts it again on the same D1).
if (process.env.KEEP_STATE !== "1") {
  rmSync(state, { recursive: true, force: true });
  migrate(state);
  // SEED_SCALE=N (the benchmark's scale mode) adds N times the demo's size of synthetic data.
  const scale = process.env.SEED_SCALE ? [`--scale=${process.env.SEED_SCALE}`] : [];
  const testCost = appEnv === "test" ? ["--test-cost"] : [];
  run(process.execPath, ["scripts/seed.mjs", "--persist-to", state, ...scale, ...testCost]);
}

const child = start(
  bin("wrangler"),
  [
    "dev",
    "--port",
    port,
    "--ip",
    "127.0.0.1",
    "--persist-to",
    state,
    "--show-interactive-dev-session=false",
    // The Worker's own lines are `console.log` JSON (worker/observability/log.ts): shown at "log",
    // which the browser suite's check of the output needs (SERVER_LOG_LEVEL=warn hides them).
    "--log-level",
    process.env.SERVER_LOG_LEVEL ?? "log",
    // GET /cdn-cgi/handler/scheduled?cron=… runs the scheduled handler (the digest spec triggers the mail job).
    "--test-scheduled",
    // The mails' links name this run's own address.
    "--var",
    `APP_ORIGIN:http://127.0.0.1:${port}`,
    "--var",
    `APP_ENV:${appEnv}`,
  ],
  { env: { WRANGLER_SEND_METRICS: "false" }, stdio: ["inherit", "pipe", "pipe"] },
);
// Everything the server prints also goes to <state>/server.log, which the browser suite scans for
// addresses and passwords after its run (tests/e2e/global-teardown.ts, ADR 056).
const log = createWriteStream(serverLogPath(state), { flags: "a" });
child.stdout.pipe(process.stdout);
child.stderr.pipe(process.stderr);
child.stdout.pipe(log);
child.stderr.pipe(log);
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
