/**
 * Accounts and sessions, after Lucia's reference design (ADR 002; the `lucia` package is
 * deprecated and not used):
 * - a session token is `id.secret`, both halves from a CSPRNG; only SHA-256(secret) is stored and
 *   it is compared in constant time;
 * - sessions expire after SESSION_INACTIVITY_MS without use; `last_verified_at` is refreshed at
 *   most once per SESSION_REFRESH_MS, so most requests cost one read and no write;
 * - the same token is the HttpOnly cookie for pages and the bearer token for the API.
 * Passwords are hashed with scrypt (node:crypto, native in workerd) into a self-describing string.
 */
import { scrypt as scryptCb, timingSafeEqual } from "node:crypto";

import { and, eq } from "drizzle-orm";

import { MESSAGES, type SigninInput, type SignupInput } from "../../app/lib/schemas";
import type { SessionUser, UserDTO } from "../../app/lib/types";
import type { Database } from "../../db/client";
import { projects, sessions, users } from "../../db/schema";
import { ServiceError } from "./errors";
import { checkLimit, hitLimit, resetLimit } from "./rate-limit";

export const SESSION_COOKIE = "campusfund_session";
export const SESSION_INACTIVITY_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_REFRESH_MS = 60 * 60 * 1000;

/** scrypt parameters (OWASP: N=2^15, r=8, p=3). Pinned by a test; raise by adding a new prefix. */
export const SCRYPT = { N: 2 ** 15, r: 8, p: 3, keyLength: 32, saltLength: 16 } as const;

export const LOGIN_LIMIT = { perEmail: 5, perIp: 30, windowMs: 15 * 60 * 1000 } as const;

// ---------------------------------------------------------------------------------------------
// bytes helpers

const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

function randomToken(bytes: number): string {
  const buf = crypto.getRandomValues(new Uint8Array(bytes));
  // base32 (lower case, no padding): URL- and cookie-safe
  const alphabet = "abcdefghijkmnpqrstuvwxyz23456789";
  let out = "";
  for (const b of buf) out += alphabet[b & 31];
  return out;
}

async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
  return hex(new Uint8Array(digest));
}

function constantTimeEqualHex(a: string, b: string): boolean {
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

// ---------------------------------------------------------------------------------------------
// passwords

/** `scrypt$N$r$p$salt$hash` (base64), so parameters can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SCRYPT.saltLength));
  const key = await scrypt(password, salt, SCRYPT);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${b64(salt)}$${b64(key)}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [, n, r, p, salt, hash] = parts;
  const expected = unb64(hash);
  const key = await scrypt(password, unb64(salt), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    keyLength: expected.length,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

// A hash of a random password, computed once per isolate: sign-in attempts for unknown emails
// verify against it so they take as long as real ones.
let dummyHash: Promise<string> | null = null;

// ---------------------------------------------------------------------------------------------
// users

type UserWithProject = typeof users.$inferSelect & {
  ownedProjectId: string | null;
  ownedProjectSlug: string | null;
};

/** The spec's user object (section 7) of a signed-in user: never the hash or the session. */
export function publicUser(u: SessionUser): UserDTO {
  const { id, email, firstName, lastName, birthDate, role, ownedProject } = u;
  return { id, email, firstName, lastName, birthDate, role, ownedProject };
}

function toUserDTO(u: UserWithProject): UserDTO {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    birthDate: u.birthDate,
    role: u.role,
    ownedProject: u.ownedProjectId,
  };
}

function toSessionUser(u: UserWithProject): SessionUser {
  return { ...toUserDTO(u), ownedProjectSlug: u.ownedProjectSlug };
}

const userWithProjectColumns = {
  user: users,
  ownedProjectId: projects.id,
  ownedProjectSlug: projects.slug,
};

export async function createUser(
  db: Database,
  input: SignupInput,
): Promise<{ token: string; user: SessionUser }> {
  const id = crypto.randomUUID();
  const passwordHash = await hashPassword(input.password);
  const token = generateSessionToken();
  const now = Date.now();
  const [sessionId, secret] = token.split(".");
  try {
    // One atomic batch: the account and its first session.
    await db.batch([
      db.insert(users).values({
        id,
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        birthDate: input.birthDate,
        role: input.role,
      }),
      db.insert(sessions).values({
        id: sessionId,
        secretHash: await sha256Hex(secret),
        userId: id,
        createdAt: now,
        lastVerifiedAt: now,
      }),
    ]);
  } catch (e) {
    if (/UNIQUE constraint failed: users\.email/i.test(String((e as Error)?.message ?? e) + String((e as { cause?: Error }).cause?.message ?? ""))) {
      throw new ServiceError(409, MESSAGES.emailTaken, "email_taken");
    }
    throw e;
  }
  return {
    token,
    user: {
      id,
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      birthDate: input.birthDate,
      role: input.role,
      ownedProject: null,
      ownedProjectSlug: null,
    },
  };
}

/**
 * Signs in. The answer for an unknown email and for a wrong password is the same (401, same
 * message, same work); repeated failures per email and per client address are limited (429).
 */
export async function login(
  db: Database,
  input: SigninInput,
  clientIp: string,
): Promise<{ token: string; user: SessionUser }> {
  const keys = [`login:email:${input.email}`, `login:ip:${clientIp}`];
  const limits = [LOGIN_LIMIT.perEmail, LOGIN_LIMIT.perIp];
  const [rows, blocked] = await Promise.all([
    db
      .select(userWithProjectColumns)
      .from(users)
      .leftJoin(projects, eq(projects.founderId, users.id))
      .where(eq(users.email, input.email))
      .limit(1),
    checkLimit(db, keys, limits, LOGIN_LIMIT.windowMs),
  ]);
  if (blocked) throw new ServiceError(429, MESSAGES.tooManyAttempts, "rate_limited");

  const row = rows[0];
  dummyHash ??= hashPassword(randomToken(16));
  const ok = await verifyPassword(input.password, row?.user.passwordHash ?? (await dummyHash));
  if (!row || !ok) {
    await hitLimit(db, keys, LOGIN_LIMIT.windowMs);
    throw new ServiceError(401, MESSAGES.invalidCredentials, "invalid_credentials");
  }
  const token = await createSession(db, row.user.id);
  await resetLimit(db, keys[0]);
  return {
    token,
    user: toSessionUser({
      ...row.user,
      ownedProjectId: row.ownedProjectId,
      ownedProjectSlug: row.ownedProjectSlug,
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// sessions

export function generateSessionToken(): string {
  return `${randomToken(24)}.${randomToken(24)}`;
}

export async function createSession(db: Database, userId: string): Promise<string> {
  const token = generateSessionToken();
  const [id, secret] = token.split(".");
  const now = Date.now();
  await db.insert(sessions).values({
    id,
    secretHash: await sha256Hex(secret),
    userId,
    createdAt: now,
    lastVerifiedAt: now,
  });
  return token;
}

export interface ValidatedSession {
  sessionId: string;
  user: SessionUser;
  /** True when the expiry was pushed forward: the cookie should be re-sent. */
  refreshed: boolean;
}

/**
 * Looks up a token: one read (session + user + owned project). Expired sessions are deleted;
 * live ones have their inactivity window extended at most hourly.
 */
export async function validateSessionToken(
  db: Database,
  token: string,
  now: number = Date.now(),
): Promise<ValidatedSession | null> {
  const parts = token.split(".");
  if (parts.length !== 2 || !parts[0] || !parts[1] || token.length > 200) return null;
  const [id, secret] = parts;
  const rows = await db
    .select({ session: sessions, ...userWithProjectColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(projects, eq(projects.founderId, users.id))
    .where(eq(sessions.id, id))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  if (!constantTimeEqualHex(await sha256Hex(secret), row.session.secretHash)) return null;
  if (now - row.session.lastVerifiedAt >= SESSION_INACTIVITY_MS) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  let refreshed = false;
  if (now - row.session.lastVerifiedAt >= SESSION_REFRESH_MS) {
    await db.update(sessions).set({ lastVerifiedAt: now }).where(eq(sessions.id, id));
    refreshed = true;
  }
  return {
    sessionId: id,
    refreshed,
    user: toSessionUser({
      ...row.user,
      ownedProjectId: row.ownedProjectId,
      ownedProjectSlug: row.ownedProjectSlug,
    }),
  };
}

/** Ends a session on the server (logout). Accepts the full token and checks its secret. */
export async function invalidateSession(db: Database, token: string): Promise<void> {
  const [id, secret] = token.split(".");
  if (!id || !secret) return;
  await db
    .delete(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.secretHash, await sha256Hex(secret))));
}

export async function invalidateAllSessions(db: Database, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export function sessionCookie(token: string, secure: boolean): string {
  const maxAge = Math.floor(SESSION_INACTIVITY_MS / 1000);
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? "; Secure" : ""}`;
}

export function clearSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? "; Secure" : ""}`;
}

/** Reads the session token from `Authorization: Bearer` (API clients) or the cookie (browsers). */
export function readSessionToken(request: Request): { token: string; via: "bearer" | "cookie" } | null {
  const auth = request.headers.get("Authorization");
  if (auth?.toLowerCase().startsWith("bearer ")) {
    const token = auth.slice(7).trim();
    if (token) return { token, via: "bearer" };
  }
  const cookie = request.headers.get("Cookie");
  if (cookie) {
    for (const part of cookie.split(";")) {
      const [name, ...rest] = part.trim().split("=");
      if (name === SESSION_COOKIE && rest.length) {
        const token = rest.join("=");
        if (token) return { token, via: "cookie" };
      }
    }
  }
  return null;
}

