import { env } from "cloudflare:workers";
import { afterAll, beforeAll } from "vitest";

import { type StatementLog, startStatementLog, stopStatementLog } from "../../db/statement-log";
import { freshState, undoMocks } from "./fresh-state";
import { forgetFileAccounts } from "./helpers";
import { keptAggregateProblems } from "./kept-aggregates";
import { installLogCapture, takeLogLines } from "./log-capture";
import { logProblems } from "../shared/log-check";
import { planProblems } from "./query-plans";
import { takeSecretsSeen } from "./secrets-seen";

// The Worker's JSON log lines are kept, not printed (tests/workers/log-capture.ts).
installLogCapture();

// A fresh database, upload bucket and edge cache for this file (tests/workers/fresh-state.ts).
await freshState();
forgetFileAccounts();
afterAll(undoMocks);

// No secret or personal data in any log line (ADR 056, tests/shared/log-check.ts): every line
// this file's tests made the Worker write, against the rules and the secrets its doors saw.
takeLogLines();
takeSecretsSeen();
afterAll(() => {
  const problems = logProblems(takeLogLines(), takeSecretsSeen());
  if (problems.length) {
    throw new Error(`${problems.length} log line(s) carry what no log may:\n  - ${problems.join("\n  - ")}`);
  }
});

// The query-plan check (tests/workers/query-plans.ts): every statement the app sends while this
// file's tests run is explained afterwards; a full scan of a table that grows fails the file.
let log: StatementLog;
beforeAll(() => {
  log = startStatementLog();
});
afterAll(async () => {
  stopStatementLog();
  const problems = await planProblems(env.DB, log);
  if (problems.length) {
    throw new Error(`${problems.length} statement(s) read a whole growing table:\n  - ${problems.join("\n  - ")}`);
  }
});
// The kept sums (tests/workers/kept-aggregates.ts): after whatever this file bought, cancelled or
// inserted, every kept row still equals the active investments it stands for. The check sums every
// table on purpose: after the scale seed's file it took 2.5 s alone and over the default 10 s in a
// full run on two busy cores, hence its own minute.
const KEPT_CHECK_MS = 60_000;
afterAll(async () => {
  const problems = await keptAggregateProblems(env.DB);
  if (problems.length) throw new Error(`kept sums differ from the investments:\n  - ${problems.join("\n  - ")}`);
}, KEPT_CHECK_MS);
