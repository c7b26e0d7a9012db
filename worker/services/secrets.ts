/**
 * Secrets: random tokens, their SHA-256 for storage and a constant-time comparison, and password
 * hashes (scrypt from node:crypto, native in workerd, into a self-describing string so the
 * parameters can be raised later).
 */
import { scrypt as scryptCb, timingSafeEqual } from "node:crypto";

/** scrypt parameters (OWASP: N=2^15, r=8, p=3). Pinned by a test; raise by adding a new prefix. */
export const SCRYPT = { N: 2 ** 15, r: 8, p: 3, keyLength: 32, saltLength: 16 } as const;

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

function scrypt(password: string, salt: Uint8Array, params: { N: number; r: number; p: number; keyLength: number }) {
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

/** `scrypt$N$r$p$salt$hash` (base64), so parameters can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SCRYPT.saltLength));
  const key = await scrypt(password, salt, SCRYPT);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${b64(salt)}$${b64(key)}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash, ...more] = stored.split("$");
  if (kind !== "scrypt" || hash === undefined || salt === undefined || more.length) return false;
  const expected = unb64(hash);
  const key = await scrypt(password, unb64(salt), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    keyLength: expected.length,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
