/**
 * Secrets: random tokens, their SHA-256 for storage and a constant-time comparison, and password
 * hashes (scrypt from node:crypto, native in workerd, into a self-describing string so the
 * parameters can be raised later).
 */
import { scrypt as scryptCb, timingSafeEqual } from "node:crypto";

import { env } from "cloudflare:workers";

type ScryptCost = { readonly N: number; readonly r: number; readonly p: number; readonly keyLength: number };

/** scrypt parameters (OWASP: N=2^15, r=8, p=3). Pinned by a test; raise by adding a new prefix. */
export const SCRYPT = { N: 2 ** 15, r: 8, p: 3, keyLength: 32, saltLength: 16 } as const;

/**
 * The test runs' cost (N=2^4: microseconds instead of a third of a CPU-second), for the thousand
 * throw-away accounts the suites create. Selected only by `APP_ENV = "test"`, which the test
 * configurations set (vitest.config.ts, vitest.app.config.ts, scripts/e2e-server.mjs) and no
 * wrangler.toml environment does: development and production always hash at `SCRYPT`.
 */
export const TEST_SCRYPT = { N: 2 ** 4, r: 8, p: 1, keyLength: 32, saltLength: 16 } as const;

/** The cost a deployment hashes new passwords with (a test pins both answers). */
export function passwordCost(config: { APP_ENV?: string }): ScryptCost {
  return config.APP_ENV === "test" ? TEST_SCRYPT : SCRYPT;
}

/** The lowest N a stored hash may have and still verify: production's 2^15 outside test runs. */
export function passwordFloor(config: { APP_ENV?: string }): number {
  return config.APP_ENV === "test" ? TEST_SCRYPT.N : 2 ** 15;
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

export function randomToken(bytes: number): string {
  const buf = crypto.getRandomValues(new Uint8Array(bytes));
  // base32 (lower case, no padding): URL- and cookie-safe
  const alphabet = "abcdefghijkmnpqrstuvwxyz23456789";
  let out = "";
  for (const b of buf) out += alphabet[b & 31];
  return out;
}

export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
  return hex(new Uint8Array(digest));
}

export function constantTimeEqualHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  return timingSafeEqual(new TextEncoder().encode(a), new TextEncoder().encode(b));
}

function scrypt(password: string, salt: Uint8Array, params: ScryptCost) {
  return new Promise<Uint8Array>((resolve, reject) => {
    scryptCb(
      password.normalize("NFKC"),
      salt,
      params.keyLength,
      { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r },
      (err, key) => (err ? reject(err) : resolve(new Uint8Array(key))),
    );
  });
}

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

/**
 * `scrypt$N$r$p$salt$hash` (base64), so parameters can be raised later. The cost is the
 * deployment's (`passwordCost` of the Worker's configuration) unless a caller names one.
 */
export async function hashPassword(password: string, cost: ScryptCost = passwordCost(env)): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SCRYPT.saltLength));
  const key = await scrypt(password, salt, cost);
  return `scrypt$${cost.N}$${cost.r}$${cost.p}$${b64(salt)}$${b64(key)}`;
}

/**
 * Whether `password` is the one `stored` was made from. A hash below the deployment's floor (one
 * made at the test cost, found outside a test run) verifies nothing.
 */
export async function verifyPassword(
  password: string,
  stored: string,
  floor: number = passwordFloor(env),
): Promise<boolean> {
  const [kind, n, r, p, salt, hash, ...more] = stored.split("$");
  if (kind !== "scrypt" || hash === undefined || salt === undefined || more.length) return false;
  if (!(Number(n) >= floor)) return false;
  const expected = unb64(hash);
  const key = await scrypt(password, unb64(salt), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    keyLength: expected.length,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
