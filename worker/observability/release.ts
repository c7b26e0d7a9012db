/**
 * What was built (ADR 056): the build's commit (`git rev-parse --short=12 HEAD` at build time,
 * scripts/build-info.ts, set by vite.config.ts and vitest.config.ts), or `RELEASE` from the
 * environment when there is no git, or "dev". Written on every captured error and job run.
 */
declare const __RELEASE__: string;
declare const __LATEST_MIGRATION__: string;

export const RELEASE: string = typeof __RELEASE__ === "string" ? __RELEASE__ : "dev";

/** The newest migration's file name in this build (`0039_observability.sql`): /api/health compares D1's. */
export const LATEST_MIGRATION: string = typeof __LATEST_MIGRATION__ === "string" ? __LATEST_MIGRATION__ : "";
