/**
 * What a build knows about itself (worker/observability/release.ts): the commit it was built from
 * and the newest migration it expects. Read by vite.config.ts and vitest.config.ts as `define`s.
 */
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";

function commit(root: string): string {
  if (process.env.RELEASE) return process.env.RELEASE;
  try {
    return execFileSync("git", ["rev-parse", "--short=12", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
  } catch {
    return "dev";
  }
}

function latestMigration(root: string): string {
  const files = readdirSync(join(root, "migrations"))
    .filter((f) => /^\d{4}_.+\.sql$/.test(f))
    .sort();
  return files.at(-1) ?? "";
}

export function buildDefines(root: string): Record<string, string> {
  return {
    __RELEASE__: JSON.stringify(commit(root)),
    __LATEST_MIGRATION__: JSON.stringify(latestMigration(root)),
  };
}
