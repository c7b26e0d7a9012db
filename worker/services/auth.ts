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

import { and, eq, sql } from "drizzle-orm";

import { DAY_MS } from "../../domain/dates";
import { MESSAGES, SigninSchema, signupSchema } from "../../domain/schemas";
import type { SessionUser, UserDTO } from "../../domain/types";
import type { Database } from "../../db/client";
import { projects, sessions, signInNetworks, trustedDevices, users } from "../../db/schema";
import { constraintFailed, ServiceError, validateFirst } from "./errors";
import { passwordRefusal } from "./passwords";
import { clearStatements, keyPart, releaseStatements, reserve, type RateLimit, type Slot } from "./rate-limit";

export const SESSION_COOKIE = "campusfund_session";
export const DEVICE_COOKIE = "campusfund_device";
/** A session ends after this long without use… */
export const SESSION_INACTIVITY_MS = 30 * DAY_MS;
/** …and, however often it is used, this long after sign-in (ADR 013). */
export const SESSION_ABSOLUTE_MS = 90 * DAY_MS;
export const SESSION_REFRESH_MS = 60 * 60 * 1000;
/** Signing in on an eleventh browser ends the least recently used session. */
export const MAX_SESSIONS_PER_USER = 10;
/** Device cookies (OWASP): kept a year; at most this many per account. */
export const DEVICE_LIFETIME_MS = 365 * DAY_MS;
export const MAX_DEVICES_PER_USER = 10;
/**
 * Networks (an IPv4 address or an IPv6 /64) an account signed in from: known for 90 days after
 * their last sign-in, at most this many per account (issue 16, ADR 026).
 */
export const NETWORK_LIFETIME_MS = 90 * DAY_MS;
export const MAX_NETWORKS_PER_USER = 10;

/** scrypt parameters (OWASP: N=2^15, r=8, p=3). Pinned by a test; raise by adding a new prefix. */
export const SCRYPT = { N: 2 ** 15, r: 8, p: 3, keyLength: 32, saltLength: 16 } as const;

const MINUTE = 60 * 1000;
/**
 * Sign-in limits (ADR 013, OWASP's device cookies). Every attempt reserves a slot of each key it
 * counts against before the password is checked; a right password gives its slots back.
 * - From a browser with a device cookie for the account: 5 per device.
 * - From a network (IPv4 address or IPv6 /64) the account signed in from in the last 90 days:
 *   5 per account from that network only, so the owner at home or on campus, even on a new
 *   browser, is not locked out by guesses from elsewhere (issue 16).
 * - From anywhere else: 5 per account from one address, and 10 per account from all unknown
 *   browsers together, so guesses spread over many addresses stay few while the owner, on a
 *   browser or network they signed in with before, is never locked out by them.
 * - 30 per address across all accounts (password spraying).
 */
export const LOGIN_LIMITS = {
  device: { max: 5, windowMs: 15 * MINUTE, message: MESSAGES.tooManyAttempts },
  accountFromAddress: { max: 5, windowMs: 15 * MINUTE, message: MESSAGES.tooManyAttempts },
  accountUntrusted: { max: 10, windowMs: 15 * MINUTE, message: MESSAGES.tooManyAttempts },
  address: { max: 30, windowMs: 15 * MINUTE, message: MESSAGES.tooManyAttempts },
} as const satisfies Record<string, RateLimit>;

/** Accounts created per client address (each costs a scrypt hash). */
export const SIGNUP_LIMIT = {
  max: 10,
  windowMs: 60 * MINUTE,
  message: MESSAGES.tooManySignups,
} as const satisfies RateLimit;

// ---------------------------------------------------------------------------------------------
// bytes helpers

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

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

/**
 * The header bell's count, folded into the session lookup (issue 10 §4): no extra D1 query per
 * page. Served by notifications_unread_idx (user_id, read_at). Written out: drizzle renders bare
 * column names inside a subquery.
 */
const unreadNotifications = sql<number>`(select count(*) from notifications n where n.user_id = "users"."id" and n.read_at is null)`;

/** The two tables that hold `id.secret` tokens of a user, and the column of their last use. */
const TOKEN_TABLES = { sessions: "last_verified_at", trusted_devices: "last_used_at" } as const;

/**
 * Stores a new `id.secret` token of a user (only SHA-256 of the secret) and ends the user's least
 * recently used ones beyond `cap`: two statements for the caller's batch.
 */
async function storeToken(
  db: Database,
  table: keyof typeof TOKEN_TABLES,
  token: string,
  userId: string,
  now: number,
  cap: number,
): Promise<D1PreparedStatement[]> {
  const [id, secret] = token.split(".");
  const used = TOKEN_TABLES[table];
  const d1 = db.$client;
  return [
    d1
      .prepare(`insert into ${table} (id, secret_hash, user_id, created_at, ${used}) values (?1, ?2, ?3, ?4, ?4)`)
      .bind(id, await sha256Hex(secret), userId, now),
    d1
      .prepare(
        `delete from ${table} where user_id = ?1 and id not in (
           select id from ${table} where user_id = ?1 order by ${used} desc, created_at desc limit ?2)`,
      )
      .bind(userId, cap),
  ];
}

/** A new session's token and its statements (at most MAX_SESSIONS_PER_USER stay). */
async function sessionStatements(db: Database, userId: string, now: number) {
  const token = generateSessionToken();
  return { token, statements: await storeToken(db, "sessions", token, userId, now, MAX_SESSIONS_PER_USER) };
}

/**
 * The device cookie after a successful sign-in: the same device, touched, or a new one (at most
 * MAX_DEVICES_PER_USER stay).
 */
async function deviceStatements(db: Database, userId: string, known: string | null, now: number) {
  if (known) {
    return {
      token: null,
      statements: [db.$client.prepare("update trusted_devices set last_used_at = ?2 where id = ?1").bind(known, now)],
    };
  }
  const token = `${randomToken(16)}.${randomToken(32)}`;
  return { token, statements: await storeToken(db, "trusted_devices", token, userId, now, MAX_DEVICES_PER_USER) };
}

/** Remembers the network of a successful sign-in (or sign-up): at most MAX_NETWORKS_PER_USER stay. */
function networkStatements(db: Database, userId: string, network: string, now: number): D1PreparedStatement[] {
  if (network === "unknown") return [];
  const d1 = db.$client;
  return [
    d1
      .prepare(
        `insert into sign_in_networks (user_id, network, last_used_at) values (?1, ?2, ?3)
         on conflict (user_id, network) do update set last_used_at = excluded.last_used_at`,
      )
      .bind(userId, network, now),
    d1
      .prepare(
        `delete from sign_in_networks where user_id = ?1 and network not in (
           select network from sign_in_networks where user_id = ?1 order by last_used_at desc limit ?2)`,
      )
      .bind(userId, MAX_NETWORKS_PER_USER),
  ];
}

export interface SignedIn {
  /** The session token: the cookie for browsers, the bearer token for API clients. */
  token: string;
  user: SessionUser;
  /** A new device cookie value to set, or null when the browser's device cookie stays. */
  deviceToken: string | null;
}

/**
 * Sign-up, the whole rule as both doors receive it: validation (400 with the spec's message, then
 * whitespace-only and common passwords), the per-address limit (429, reserved before the costly
 * hash), then the account, its first session and a device cookie in one batch (409 when the email
 * is taken).
 */
export async function registerUser(
  db: Database,
  fields: Record<string, unknown>,
  options: { clientIp: string; requireConfirm: boolean; now?: number },
): Promise<SignedIn> {
  const input = validateFirst(signupSchema({ requireConfirm: options.requireConfirm }), fields);
  const weak = await passwordRefusal(input.password, input);
  if (weak) throw new ServiceError(400, weak, "weak_password");

  const now = options.now ?? Date.now();
  await reserve(db, [{ key: `signup:ip:${options.clientIp}`, limit: SIGNUP_LIMIT }], now);

  const id = crypto.randomUUID();
  const passwordHash = await hashPassword(input.password);
  const session = await sessionStatements(db, id, now);
  const device = await deviceStatements(db, id, null, now);
  const d1 = db.$client;
  try {
    // One atomic batch: the account, its first session and its first device.
    await d1.batch([
      d1
        .prepare(
          "insert into users (id, email, password_hash, first_name, last_name, birth_date, role, created_at) values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        )
        .bind(id, input.email, passwordHash, input.firstName, input.lastName, input.birthDate, input.role, now),
      ...session.statements,
      ...device.statements,
      ...networkStatements(db, id, options.clientIp, now),
    ]);
  } catch (e) {
    if (constraintFailed(e, /UNIQUE constraint failed: users\.email/i)) {
      throw new ServiceError(409, MESSAGES.emailTaken, "email_taken");
    }
    throw e;
  }
  return {
    token: session.token,
    deviceToken: device.token,
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
 * Signs in (ADR 013). The answer for an unknown email and for a wrong password is the same (401,
 * same message, same work). Before the password is checked, the attempt reserves a slot of every
 * limit it counts against, so concurrent guesses cannot slip past them: from a browser holding a
 * device cookie for this account, the device's own limit; from anywhere else, the account's
 * per-address and all-unknown-browsers limits. Every attempt also counts against its address.
 * A right password gives back the attempt's slots and clears its account or device counter.
 */
export async function login(
  db: Database,
  fields: Record<string, unknown>,
  options: { clientIp: string; deviceToken?: string | null; now?: number },
): Promise<SignedIn> {
  const { email, password } = validateFirst(SigninSchema, fields);
  const now = options.now ?? Date.now();

  const device = parseToken(options.deviceToken ?? null);
  const rows = await db
    .select({
      ...userWithProjectColumns,
      deviceId: trustedDevices.id,
      deviceSecretHash: trustedDevices.secretHash,
      deviceUsedAt: trustedDevices.lastUsedAt,
      networkUsedAt: signInNetworks.lastUsedAt,
    })
    .from(users)
    .leftJoin(projects, eq(projects.founderId, users.id))
    .leftJoin(
      trustedDevices,
      sql`${trustedDevices.id} = ${device?.id ?? null} and ${trustedDevices.userId} = ${users.id}`,
    )
    .leftJoin(
      signInNetworks,
      sql`${signInNetworks.userId} = ${users.id} and ${signInNetworks.network} = ${options.clientIp}`,
    )
    .where(eq(users.email, email))
    .limit(1);
  const row = rows[0];
  const trusted =
    !!row?.deviceId &&
    !!device &&
    now - (row.deviceUsedAt ?? 0) < DEVICE_LIFETIME_MS &&
    constantTimeEqualHex(await sha256Hex(device.secret), row.deviceSecretHash ?? "");

  const knownNetwork =
    !trusted &&
    options.clientIp !== "unknown" &&
    row?.networkUsedAt != null &&
    now - row.networkUsedAt < NETWORK_LIFETIME_MS;

  const account = await keyPart(email);
  const addressSlot: Slot = { key: `login:ip:${options.clientIp}`, limit: LOGIN_LIMITS.address };
  const accountSlots: Slot[] = trusted
    ? [{ key: `login:device:${row.deviceId}`, limit: LOGIN_LIMITS.device }]
    : knownNetwork
      ? [{ key: `login:acct-ip:${account}:${options.clientIp}`, limit: LOGIN_LIMITS.accountFromAddress }]
      : [
          { key: `login:acct-ip:${account}:${options.clientIp}`, limit: LOGIN_LIMITS.accountFromAddress },
          { key: `login:acct:${account}`, limit: LOGIN_LIMITS.accountUntrusted },
        ];
  await reserve(db, [...accountSlots, addressSlot], now);

  dummyHash ??= hashPassword(randomToken(16));
  const ok = await verifyPassword(password, row?.user.passwordHash ?? (await dummyHash));
  if (!row || !ok) throw new ServiceError(401, MESSAGES.invalidCredentials, "invalid_credentials");

  const session = await sessionStatements(db, row.user.id, now);
  const nextDevice = await deviceStatements(db, row.user.id, trusted ? row.deviceId : null, now);
  // The per-account or per-device counter starts over; the all-browsers and address counters
  // only get this attempt's slot back (a right password is not a guess).
  const [perAccount, ...shared] = accountSlots;
  await db.$client.batch([
    ...session.statements,
    ...nextDevice.statements,
    ...networkStatements(db, row.user.id, options.clientIp, now),
    ...clearStatements(db, [perAccount.key]),
    ...releaseStatements(db, [...shared, addressSlot], now),
  ]);
  return {
    token: session.token,
    deviceToken: nextDevice.token,
    user: toSessionUser({
      ...row.user,
      ownedProjectId: row.ownedProjectId,
      ownedProjectSlug: row.ownedProjectSlug,
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// sessions

/** `id.secret`: a 120-bit id and a 160-bit secret (ASVS asks for at least 128 bits), base32. */
export function generateSessionToken(): string {
  return `${randomToken(24)}.${randomToken(32)}`;
}

function parseToken(token: string | null): { id: string; secret: string } | null {
  if (!token || token.length > 200) return null;
  const parts = token.split(".");
  if (parts.length !== 2 || !/^[a-z2-9]{8,64}$/.test(parts[0]) || !/^[a-z2-9]{16,64}$/.test(parts[1])) return null;
  return { id: parts[0], secret: parts[1] };
}

export interface ValidatedSession {
  sessionId: string;
  user: SessionUser;
  /** True when the expiry was pushed forward: the cookie should be re-sent. */
  refreshed: boolean;
  /** When the session ends if not used again (the earlier of the two lifetimes). */
  expiresAt: number;
}

/**
 * Looks up a token: one read (session + user + owned project). Sessions idle past the inactivity
 * window or older than the absolute lifetime are deleted; live ones have their inactivity window
 * extended at most hourly.
 */
export async function validateSessionToken(
  db: Database,
  token: string,
  now: number = Date.now(),
): Promise<ValidatedSession | null> {
  const parsed = parseToken(token);
  if (!parsed) return null;
  const { id, secret } = parsed;
  const rows = await db
    .select({ session: sessions, ...userWithProjectColumns, unread: unreadNotifications })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(projects, eq(projects.founderId, users.id))
    .where(eq(sessions.id, id))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  if (!constantTimeEqualHex(await sha256Hex(secret), row.session.secretHash)) return null;
  const absoluteEnd = row.session.createdAt + SESSION_ABSOLUTE_MS;
  if (now - row.session.lastVerifiedAt >= SESSION_INACTIVITY_MS || now >= absoluteEnd) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  let refreshed = false;
  let lastVerifiedAt = row.session.lastVerifiedAt;
  if (now - row.session.lastVerifiedAt >= SESSION_REFRESH_MS) {
    await db.update(sessions).set({ lastVerifiedAt: now }).where(eq(sessions.id, id));
    refreshed = true;
    lastVerifiedAt = now;
  }
  return {
    sessionId: id,
    refreshed,
    expiresAt: Math.min(lastVerifiedAt + SESSION_INACTIVITY_MS, absoluteEnd),
    user: {
      ...toSessionUser({
        ...row.user,
        ownedProjectId: row.ownedProjectId,
        ownedProjectSlug: row.ownedProjectSlug,
      }),
      unreadNotifications: Number(row.unread ?? 0),
    },
  };
}

/** Ends a session on the server (logout). Accepts the full token and checks its secret. */
export async function invalidateSession(db: Database, token: string): Promise<void> {
  const parsed = parseToken(token);
  if (!parsed) return;
  await db
    .delete(sessions)
    .where(and(eq(sessions.id, parsed.id), eq(sessions.secretHash, await sha256Hex(parsed.secret))));
}

export async function invalidateAllSessions(db: Database, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** The session cookie; `expiresAt` shortens it when the absolute lifetime ends sooner. */
export function sessionCookie(token: string, secure: boolean, expiresAt?: number, now: number = Date.now()): string {
  const until = expiresAt ?? now + SESSION_INACTIVITY_MS;
  const maxAge = Math.max(0, Math.floor((until - now) / 1000));
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? "; Secure" : ""}`;
}

export function clearSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? "; Secure" : ""}`;
}

/** The device cookie: only ever sent to our own sign-in (SameSite=Strict), kept a year. */
export function deviceCookie(token: string, secure: boolean): string {
  const maxAge = Math.floor(DEVICE_LIFETIME_MS / 1000);
  return `${DEVICE_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure ? "; Secure" : ""}`;
}

/** The headers a successful sign-in or sign-up page answer sets: the session, and a new device cookie. */
export function signedInHeaders(result: SignedIn, secure: boolean): Headers {
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(result.token, secure));
  if (result.deviceToken) headers.append("Set-Cookie", deviceCookie(result.deviceToken, secure));
  return headers;
}

/** One cookie's value from a request, or null. */
export function readCookie(request: Request, name: string): string | null {
  const cookie = request.headers.get("Cookie");
  if (!cookie) return null;
  for (const part of cookie.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

/** Reads the session token from `Authorization: Bearer` (API clients) or the cookie (browsers). */
export function readSessionToken(request: Request): { token: string; via: "bearer" | "cookie" } | null {
  const auth = request.headers.get("Authorization");
  if (auth?.toLowerCase().startsWith("bearer ")) {
    const token = auth.slice(7).trim();
    if (token) return { token, via: "bearer" };
  }
  const token = readCookie(request, SESSION_COOKIE);
  return token ? { token, via: "cookie" } : null;
}
