/**
 * `cloudflare:workers` for plain Node (vitest.unit.config.ts aliases it here): a module the unit
 * suite reaches only through imports that never run in it (worker/services/accounts/internal/secrets.ts reads the
 * Worker's configuration when it hashes). An empty configuration, as a Worker with no vars has.
 */
export const env: Record<string, unknown> = {};
