/**
 * Once per run, after every browser test: the server's output (scripts/e2e-server.mjs writes all
 * of it to <state>/server.log) holds no address and no password the run used (ADR 056). The
 * Worker's own JSON lines get the Workers suites' whole check (tests/shared/log-check.ts: no
 * address, no password, no field named for a secret, route patterns, no IP address); any other
 * line the Worker's isolate prints (an uncaught error) no address and no password. Left out:
 * `wrangler dev`'s own output, which production does not have: its banner and bindings (up to
 * "Ready on"), and each `[wrangler:…]` entry with its continuation lines (the local stand-in for
 * Cloudflare Email prints each mail's envelope, From and To, there). A problem fails the run, and
 * CI with it.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

import { logProblems, type LogLineLike } from "../shared/log-check";
import { EMAIL } from "../shared/log-rules";
import { DEMO_PASSWORD, TEST_PASSWORD } from "./helpers";

/** The same state directory scripts/e2e-server.mjs serves (`STATE_DIR`, "e2e-state" by default). */
export const serverLog = () => join(".wrangler", process.env.STATE_DIR ?? "e2e-state", "server.log");

/** A line that continues a `[wrangler:…]` entry: a mail's envelope, an error's stack, a blank. */
const WRANGLER_CONTINUATION = /^(?:(?:From|To|Cc|Bcc|Reply-To|Subject|Text|HTML|Raw): |Error: |\s+at |\s*$)/;

/** What is wrong with the server's output: one entry per line that breaks a rule. */
export function serverLogProblems(text: string, passwords: ReadonlySet<string>): string[] {
  const ours: LogLineLike[] = [];
  const problems: string[] = [];
  let ready = false;
  let wranglers = false;
  for (const line of text.split("\n")) {
    if (!ready) {
      ready = /\bReady on http/.test(line);
      continue;
    }
    if (line.startsWith("[wrangler:")) {
      wranglers = true;
      continue;
    }
    if (wranglers && WRANGLER_CONTINUATION.test(line)) continue;
    wranglers = false;
    if (line.startsWith('{"level":')) {
      try {
        ours.push({ text: line, fields: JSON.parse(line) as Record<string, unknown> });
        continue;
      } catch {
        // cut or not ours: checked as text below
      }
    }
    const email = EMAIL.exec(line);
    if (email) problems.push(`an email address (${email[0]}): ${line.slice(0, 600)}`);
    else if ([...passwords].some((p) => line.includes(p)))
      problems.push(`a password the run used: ${line.slice(0, 600)}`);
  }
  return [...logProblems(ours, passwords), ...problems];
}

export default function globalTeardown() {
  const path = serverLog();
  if (!existsSync(path)) {
    throw new Error(
      `no server output at ${path} to check for addresses and passwords: serve with scripts/e2e-server.mjs`,
    );
  }
  const problems = serverLogProblems(readFileSync(path, "utf8"), new Set([DEMO_PASSWORD, TEST_PASSWORD]));
  if (problems.length) {
    throw new Error(`the server logged what no log may (${path}):\n  - ${problems.slice(0, 20).join("\n  - ")}`);
  }
}
