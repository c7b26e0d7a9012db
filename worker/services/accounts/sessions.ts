/**
 * Sessions, after Lucia's reference design (ADR 002; the `lucia` package is deprecated and not
 * used):
 * - a session token is `id.secret`, both halves from a CSPRNG; only SHA-256(secret) is stored and
 *   it is compared in constant time;
 * - sessions expire after SESSION_INACTIVITY_MS without use; `last_verified_at` is refreshed at
 *   most once per SESSION_REFRESH_MS, so most requests cost one read and no write;
 * - the same token is the HttpOnly cookie for pages and the bearer token for the API.
 * Also the user as a session carries it (`publicUser`, the session lookup's one read) and the
 * cookies.
 */
import { and, eq } from "drizzle-orm";

import { DAY_MS, HOUR_MS } from "../../../domain/shared/dates";
import type { Role, SessionInfo, SessionUser, UserDTO } from "../../../domain/shared/types";
import type { Database } from "../../../db/client";
import { projects, sessions, users } from "../../../db/schema";
import { constantTimeEqualHex, randomToken, sha256Hex } from "./internal/secrets";

export const SESSION_COOKIE = "campusfund_session";
export const DEVICE_COOKIE = "campusfund_device";
/** A session ends after this long without use… */
export const SESSION_INACTIVITY_MS = 30 * DAY_MS;
/** …and, however often it is used, this long after sign-in (ADR 013). */
export const SESSION_ABSOLUTE_MS = 90 * DAY_MS;
export const SESSION_REFRESH_MS = HOUR_MS;
/** Device cookies (OWASP): kept a year. */
export const DEVICE_LIFETIME_MS = 365 * DAY_MS;
/** Signing in on an eleventh browser ends the least recently used session. */
export const MAX_SESSIONS_PER_USER = 10;

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

export function toSessionUser(u: UserWithProject): SessionUser {
  return {
    ...toUserDTO(u),
    ownedProjectSlug: u.ownedProjectSlug,
    deletionRequestedAt: u.deletionRequestedAt ?? null,
    emailVerified: u.emailVerifiedAt !== null,
  };
}

export const userWithProjectColumns = {
  user: users,
  ownedProjectId: projects.id,
  ownedProjectSlug: projects.slug,
};

/**
 * The session lookup every signed-in request makes (ADR 057): one fixed statement, written once
 * (no query building per request) and read as positional rows (no row-to-object mapping), with
 * only the columns a request uses: the session's checks, the user the pages and the API see, the
 * owned project, and the header's two figures folded in (the bell's unread count, served by
 * notifications_unread_idx, and an address change waiting for its confirmation).
 */
const SESSION_READ = `select s.secret_hash, s.created_at, s.last_verified_at, s.kind, s.confirmed_at, s.second_factor,
  u.id, u.email, u.first_name, u.last_name, u.birth_date, u.role, u.suspended_at, u.email_verified_at,
  u.deletion_requested_at, p.id, p.slug,
  (select count(*) from notifications n where n.user_id = u.id and n.read_at is null),
  (select ev.email from email_verifications ev where ev.user_id = u.id and ev.email <> u.email)
from sessions s join users u on u.id = s.user_id left join projects p on p.founder_id = u.id
where s.id = ?1 limit 1`;

/** SESSION_READ's columns, in order. */
type SessionReadRow = [
  secretHash: string,
  createdAt: number,
  lastVerifiedAt: number,
  kind: SessionInfo["kind"],
  confirmedAt: number,
  secondFactor: SessionInfo["secondFactor"],
  userId: string,
  email: string,
  firstName: string,
  lastName: string,
  birthDate: string,
  role: Role,
  suspendedAt: number | null,
  emailVerifiedAt: number | null,
  deletionRequestedAt: number | null,
  ownedProjectId: string | null,
  ownedProjectSlug: string | null,
  unread: number,
  pendingEmail: string | null,
];

/** The two tables that hold `id.secret` tokens of a user, and the column of their last use. */
const TOKEN_TABLES = { sessions: "last_verified_at", trusted_devices: "last_used_at" } as const;

/**
 * Stores a new `id.secret` token of a user (only SHA-256 of the secret) and ends the user's least
 * recently used ones beyond `cap`: two statements for the caller's batch.
 */
export async function storeToken(
  db: Database,
  table: keyof typeof TOKEN_TABLES,
  token: string,
  userId: string,
  now: number,
  cap: number,
): Promise<D1PreparedStatement[]> {
  const [id, secret = ""] = token.split(".");
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

/**
 * Where and how a session began (ADR 054): what Settings lists, and what tells a sign-in from a new
 * device or network.
 */
export interface SessionOrigin {
  kind: "browser" | "api" | "token";
  /** An API token's name (kind `token`). */
  name?: string | null;
  network: string | null;
  userAgent: string | null;
  country: string | null;
  city: string | null;
  /** The second factor the sign-in proved, or null (a password alone). */
  secondFactor: "totp" | "recovery" | "passkey" | null;
}

/** At most this many characters of a User-Agent header are kept. */
export const USER_AGENT_MAX = 300;

/**
 * A new session's token and its statements. Browser and API sign-ins keep at most
 * MAX_SESSIONS_PER_USER together (the least recently used ends); named API tokens are counted
 * apart (MAX_API_TOKENS_PER_USER) and never ended by sign-ins. The sign-in itself proves who the
 * person is: `confirmed_at` starts at `now`.
 */
export async function sessionStatements(db: Database, userId: string, now: number, origin: SessionOrigin) {
  const token = generateSessionToken();
  const [id, secret = ""] = token.split(".");
  const d1 = db.$client;
  const tokens = origin.kind === "token";
  return {
    token,
    sessionId: id as string,
    statements: [
      d1
        .prepare(
          `insert into sessions (id, secret_hash, user_id, created_at, last_verified_at, kind, name, user_agent, network,
             country, city, confirmed_at, second_factor)
           values (?1, ?2, ?3, ?4, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?4, ?11)`,
        )
        .bind(
          id,
          await sha256Hex(secret),
          userId,
          now,
          origin.kind,
          origin.name ?? null,
          origin.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
          origin.network,
          origin.country,
          origin.city,
          origin.secondFactor,
        ),
      d1
        .prepare(
          `delete from sessions where user_id = ?1 and (kind = 'token') = ?3 and id not in (
             select id from sessions where user_id = ?1 and (kind = 'token') = ?3
             order by last_verified_at desc, created_at desc limit ?2)`,
        )
        .bind(userId, tokens ? MAX_API_TOKENS_PER_USER : MAX_SESSIONS_PER_USER, tokens ? 1 : 0),
    ],
  };
}

/** Named API tokens an account may hold at once. */
export const MAX_API_TOKENS_PER_USER = 10;

export interface SignedIn {
  /** The session token: the cookie for browsers, the bearer token for API clients. */
  token: string;
  user: SessionUser;
  /** A new device cookie value to set, or null when the browser's device cookie stays. */
  deviceToken: string | null;
  /** Signing in canceled the account's deletion (ADR 046). */
  deletionCanceled?: boolean;
}

/** `id.secret`: a 120-bit id and a 160-bit secret (ASVS asks for at least 128 bits), base32. */
export function generateSessionToken(): string {
  return `${randomToken(24)}.${randomToken(32)}`;
}

export function parseToken(token: string | null): { id: string; secret: string } | null {
  if (!token || token.length > 200) return null;
  const [id, secret, ...more] = token.split(".");
  if (id === undefined || secret === undefined || more.length) return null;
  if (!/^[a-z2-9]{8,64}$/.test(id) || !/^[a-z2-9]{16,64}$/.test(secret)) return null;
  return { id, secret };
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
  const rows = await db.$client.prepare(SESSION_READ).bind(id).raw<SessionReadRow>();
  const row = rows[0];
  if (!row) return null;
  const [
    secretHash,
    createdAt,
    sessionLastVerifiedAt,
    kind,
    confirmedAt,
    secondFactor,
    userId,
    email,
    firstName,
    lastName,
    birthDate,
    role,
    suspendedAt,
    emailVerifiedAt,
    deletionRequestedAt,
    ownedProjectId,
    ownedProjectSlug,
    unread,
    pendingEmail,
  ] = row;
  if (!constantTimeEqualHex(await sha256Hex(secret), secretHash)) return null;
  const absoluteEnd = createdAt + SESSION_ABSOLUTE_MS;
  // A suspended account's sessions are deleted when it is suspended; one made by a sign-in racing
  // the suspension ends here (ADR 030).
  if (now - sessionLastVerifiedAt >= SESSION_INACTIVITY_MS || now >= absoluteEnd || suspendedAt !== null) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  let refreshed = false;
  let lastVerifiedAt = sessionLastVerifiedAt;
  if (now - sessionLastVerifiedAt >= SESSION_REFRESH_MS) {
    await db.update(sessions).set({ lastVerifiedAt: now }).where(eq(sessions.id, id));
    refreshed = true;
    lastVerifiedAt = now;
  }
  return {
    sessionId: id,
    refreshed,
    expiresAt: Math.min(lastVerifiedAt + SESSION_INACTIVITY_MS, absoluteEnd),
    user: {
      id: userId,
      email,
      firstName,
      lastName,
      birthDate,
      role,
      ownedProject: ownedProjectId,
      ownedProjectSlug,
      deletionRequestedAt,
      emailVerified: emailVerifiedAt !== null,
      unreadNotifications: unread,
      pendingEmail,
      session: { id, kind, confirmedAt, secondFactor },
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

/** A sign-in waiting for its second factor (ADR 054): the pending token, for 10 minutes, HttpOnly. */
export const PENDING_COOKIE = "campusfund_pending";

export function pendingCookie(token: string, secure: boolean, maxAgeMs: number): string {
  const maxAge = Math.max(0, Math.floor(maxAgeMs / 1000));
  return `${PENDING_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? "; Secure" : ""}`;
}

export function clearPendingCookie(secure: boolean): string {
  return `${PENDING_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? "; Secure" : ""}`;
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
