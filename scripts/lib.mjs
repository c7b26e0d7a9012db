// Helpers shared by the project's scripts (start, seed, test, bench, e2e server).
import { spawn, spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..");
export const bin = (name) => join(root, "node_modules", ".bin", name);

/** Runs a command to completion with inherited output; exits the script on failure. */
export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...opts.env } });
  if (res.status !== 0) {
    console.error(`\n✗ ${[cmd, ...args].join(" ")} failed (exit ${res.status ?? res.signal})`);
    process.exit(res.status ?? 1);
  }
}

/** Starts a long-running command; returns the child. */
export function start(cmd, args, opts = {}) {
  return spawn(cmd, args, {
    cwd: root,
    stdio: opts.stdio ?? "inherit",
    env: { ...process.env, ...opts.env },
    detached: opts.detached ?? false,
  });
}

/** Resolves once `url` answers (any status), or rejects after `timeoutMs`. */
export async function waitForHttp(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await fetch(url, { redirect: "manual" });
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** Where scripts/e2e-server.mjs writes what its server prints: inside its state directory, made fresh each start. */
export const serverLogPath = (stateDir) => join(stateDir, "server.log");

/** Applies the D1 migrations locally (optionally into a separate state directory). */
export function migrate(persistTo) {
  const args = ["d1", "migrations", "apply", "DB", "--local"];
  if (persistTo) args.push("--persist-to", persistTo);
  run(bin("wrangler"), args, { env: { CI: "true", WRANGLER_SEND_METRICS: "false" } });
}
