/**
 * Accounts: sign-up and sign-in, with their limits (ADR 013, ADR 026) and what a successful one
 * stores (a session, the device cookie, the network). Sessions themselves live in sessions.ts,
 * tokens and password hashes in secrets.ts.
 */
import { REVIEW_MESSAGES } from "../../../domain/projects/review";
import { eq, sql } from "drizzle-orm";

import { DAY_MS, HOUR_MS, MINUTE_MS } from "../../../domain/shared/dates";
import { MESSAGES } from "../../../domain/shared/messages";
import { SigninSchema, signupSchema } from "../../../domain/shared/schemas";
import type { Database } from "../../../db/client";
import { pendingSignIns, projects, signInNetworks, totpFactors, trustedDevices, users } from "../../../db/schema";
import { PENDING_SIGN_IN_MS, TWO_FACTOR_MESSAGES } from "../../../domain/accounts/two-factor";
import type { SessionUser } from "../../../domain/shared/types";
import type { ClientInfo } from "../shared/client";
import { checkSecondFactor } from "./second-factor";
import { cancelOnSignInStatement } from "./account-deletion";
import { constraintFailed, ServiceError, validateFirst } from "../shared/errors";
import { passwordRefusal } from "./internal/passwords";
import { clearStatements, keyPart, releaseStatements, reserve, type RateLimit, type Slot } from "../shared/rate-limit";
import { constantTimeEqualHex, hashPassword, randomToken, sha256Hex, verifyPassword } from "./internal/secrets";
import type { Mailer } from "../../mail/mailer";
import { verificationStatements } from "./email-verification";
import { newSignInStatements } from "./security-alerts";
import {
  DEVICE_LIFETIME_MS,
  parseToken,
  sessionStatements,
  storeToken,
  USER_AGENT_MAX,
  type SessionOrigin,
  toSessionUser,
  userWithProjectColumns,
  type SignedIn,
} from "./sessions";

/** Device cookies (OWASP, DEVICE_LIFETIME_MS in sessions.ts): at most this many per account. */
export const MAX_DEVICES_PER_USER = 10;
/**
 * Networks (an IPv4 address or an IPv6 /64) an account signed in from: known for 90 days after
 * their last sign-in, at most this many per account (ADR 026).
 */
export const NETWORK_LIFETIME_MS = 90 * DAY_MS;
export const MAX_NETWORKS_PER_USER = 10;
/**
 * Sign-in limits (ADR 013, OWASP's device cookies). Every attempt reserves a slot of each key it
 * counts against before the password is checked; a right password gives its slots back.
 * - From a browser with a device cookie for the account: 5 per device.
 * - From a network (IPv4 address or IPv6 /64) the account signed in from in the last 90 days:
 *   5 per account from that network only, so the owner at home or on campus, even on a new
 *   browser, is not locked out by guesses from elsewhere.
 * - From anywhere else: 5 per account from one address, and 10 per account from all unknown
 *   browsers together, so guesses spread over many addresses stay few while the owner, on a
 *   browser or network they signed in with before, is never locked out by them.
 * - 30 per address across all accounts (password spraying).
 */
export const LOGIN_LIMITS = {
  device: { max: 5, windowMs: 15 * MINUTE_MS, message: MESSAGES.tooManyAttempts },
  accountFromAddress: { max: 5, windowMs: 15 * MINUTE_MS, message: MESSAGES.tooManyAttempts },
  accountUntrusted: { max: 10, windowMs: 15 * MINUTE_MS, message: MESSAGES.tooManyAttempts },
  address: { max: 30, windowMs: 15 * MINUTE_MS, message: MESSAGES.tooManyAttempts },
} as const satisfies Record<string, RateLimit>;

/** Accounts created per client address (each costs a scrypt hash). */
export const SIGNUP_LIMIT = {
  max: 10,
  windowMs: HOUR_MS,
  message: MESSAGES.tooManySignups,
} as const satisfies RateLimit;

// A hash of a random password, computed once per isolate: sign-in attempts for unknown emails
// verify against it so they take as long as real ones.
let dummyHash: Promise<string> | null = null;

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

/**
 * Sign-up, the whole rule as both doors receive it: validation (400 with the spec's message, then
 * whitespace-only and common passwords), the per-address limit (429, reserved before the costly
 * hash), then the account, its first session and a device cookie in one batch (409 when the email
 * is taken).
 */
export async function registerUser(
  db: Database,
  fields: Record<string, unknown>,
  options: {
    clientIp: string;
    requireConfirm: boolean;
    mailer: Mailer;
    now?: number;
    client?: ClientInfo;
    kind?: "browser" | "api";
  },
): Promise<SignedIn> {
  const input = validateFirst(signupSchema({ requireConfirm: options.requireConfirm }), fields);
  const weak = await passwordRefusal(input.password, input);
  if (weak) throw new ServiceError(400, weak, "weak_password");

  const now = options.now ?? Date.now();
  await reserve(db, [{ key: `signup:ip:${options.clientIp}`, limit: SIGNUP_LIMIT }], now);

  const id = crypto.randomUUID();
  const passwordHash = await hashPassword(input.password);
  const session = await sessionStatements(db, id, now, {
    ...originOf(options),
    network: options.clientIp,
    secondFactor: null,
  });
  const device = await deviceStatements(db, id, null, now);
  // The confirmation mail (ADR 045): its request and outbox row ride in the sign-up's batch.
  const verification = await verificationStatements(db, id, input.email, options.mailer.origin, now);
  const d1 = db.$client;
  try {
    // One atomic batch: the account, its first session and its first device, the confirmation mail.
    await d1.batch([
      d1
        .prepare(
          "insert into users (id, email, password_hash, first_name, last_name, birth_date, role, created_at) values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        )
        .bind(id, input.email, passwordHash, input.firstName, input.lastName, input.birthDate, input.role, now),
      ...session.statements,
      ...device.statements,
      ...networkStatements(db, id, options.clientIp, now),
      ...verification.statements,
    ]);
  } catch (e) {
    if (constraintFailed(e, /UNIQUE constraint failed: users\.email/i)) {
      throw new ServiceError(409, MESSAGES.emailTaken, "email_taken");
    }
    throw e;
  }
  // Sent after the response: a failed send is logged and retried, the account stands.
  options.mailer.sendLater([verification.mailId]);
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
      emailVerified: false,
      pendingEmail: null,
    },
  };
}

/** What a sign-in's read found of the browser's device cookie and the network, for `knownOrigin`. */
export interface OriginRow {
  deviceId: string | null;
  deviceSecretHash: string | null;
  deviceUsedAt: number | null;
  networkUsedAt: number | null;
}

/**
 * Where a sign-in comes from, as the account knows it: `trusted`, a live device cookie of this
 * account (ADR 013); else `knownNetwork`, a network it signed in from in the last 90 days (ADR 026).
 * Neither is a new device or network (ADR 054's alert). Every way to sign in reads it here.
 */
export async function knownOrigin(
  row: OriginRow | undefined,
  device: { secret: string } | null,
  clientIp: string,
  now: number,
): Promise<{ trusted: boolean; knownNetwork: boolean }> {
  const trusted =
    !!row?.deviceId &&
    !!device &&
    now - (row.deviceUsedAt ?? 0) < DEVICE_LIFETIME_MS &&
    constantTimeEqualHex(await sha256Hex(device.secret), row.deviceSecretHash ?? "");
  const knownNetwork =
    !trusted && clientIp !== "unknown" && row?.networkUsedAt != null && now - row.networkUsedAt < NETWORK_LIFETIME_MS;
  return { trusted, knownNetwork };
}

/** What a sign-in records of its client (ADR 054); `kind` is `browser` unless the API was called. */
function originOf(options: { client?: ClientInfo; kind?: "browser" | "api" }) {
  const client = options.client ?? { userAgent: null, country: null, city: null };
  return { kind: options.kind ?? ("browser" as const), ...client };
}

/** A right password whose account has two-step sign-in on: the second step's token (ADR 054). */
export interface PendingSignIn {
  pendingToken: string;
  expiresAt: number;
  /** What the second step accepts: always a code or a recovery code; a passkey when the account has one. */
  methods: ("totp" | "recovery" | "passkey")[];
}

export interface SignInOptions {
  clientIp: string;
  deviceToken?: string | null;
  now?: number;
  client?: ClientInfo;
  kind?: "browser" | "api";
  /** Sends a new-device alert after the response; without one the outbox's drain sends it. */
  mailer?: Mailer;
}

/**
 * Signs in (ADR 013). The answer for an unknown email and for a wrong password is the same (401,
 * same message, same work). Before the password is checked, the attempt reserves a slot of every
 * limit it counts against, so concurrent guesses cannot slip past them: from a browser holding a
 * device cookie for this account, the device's own limit; from anywhere else, the account's
 * per-address and all-unknown-browsers limits. Every attempt also counts against its address.
 * A right password gives back the attempt's slots and clears its account or device counter.
 * With two-step sign-in on (ADR 054), a right password answers a PendingSignIn instead of a
 * session: `completeSignIn` (a code) or the passkey step finishes it.
 */
export async function login(
  db: Database,
  fields: Record<string, unknown>,
  options: SignInOptions,
): Promise<SignedIn | PendingSignIn> {
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
      totpOn: totpFactors.confirmedAt,
      passkeys: sql<number>`(select count(*) from passkeys pk where pk.user_id = "users"."id")`,
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
    .leftJoin(totpFactors, eq(totpFactors.userId, users.id))
    .where(eq(users.email, email))
    .limit(1);
  const row = rows[0];
  const { trusted, knownNetwork } = await knownOrigin(row, device, options.clientIp, now);

  const account = await keyPart(email);
  const addressSlot: Slot = { key: `login:ip:${options.clientIp}`, limit: LOGIN_LIMITS.address };
  const accountSlots: Slot[] = trusted
    ? [{ key: `login:device:${row?.deviceId}`, limit: LOGIN_LIMITS.device }]
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
  // Said only after the right password, so it tells a guesser nothing (ADR 030). The attempt's
  // slots stay taken: a suspended account is not a sign-in.
  if (row.user.suspendedAt !== null) throw new ServiceError(403, REVIEW_MESSAGES.suspended, "suspended");

  // The per-account or per-device counter starts over; the all-browsers and address counters
  // only get this attempt's slot back (a right password is not a guess).
  const [perAccount, ...shared] = accountSlots as [Slot, ...Slot[]];
  const passwordRight = [
    ...clearStatements(db, [perAccount.key]),
    ...releaseStatements(db, [...shared, addressSlot], now),
  ];
  const origin = originOf(options);
  const newDevice = !trusted && !knownNetwork;

  if (row.totpOn !== null) {
    const pending = `${randomToken(24)}.${randomToken(32)}`;
    const [id, secret = ""] = pending.split(".");
    const expiresAt = now + PENDING_SIGN_IN_MS;
    await db.$client.batch([
      db.$client
        .prepare(
          `insert into pending_sign_ins (id, secret_hash, user_id, created_at, expires_at, kind, device_id, new_device,
             network, user_agent, country, city) values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)`,
        )
        .bind(
          id,
          await sha256Hex(secret),
          row.user.id,
          now,
          expiresAt,
          origin.kind,
          trusted ? row.deviceId : null,
          newDevice ? 1 : 0,
          options.clientIp,
          origin.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
          origin.country,
          origin.city,
        ),
      // Old unfinished second steps of anyone go: the table stays small.
      db.$client.prepare("delete from pending_sign_ins where expires_at <= ?1").bind(now),
      ...passwordRight,
    ]);
    return {
      pendingToken: pending,
      expiresAt,
      methods: Number(row.passkeys) > 0 ? ["totp", "recovery", "passkey"] : ["totp", "recovery"],
    };
  }

  return startSession(
    db,
    toSessionUser({ ...row.user, ownedProjectId: row.ownedProjectId, ownedProjectSlug: row.ownedProjectSlug }),
    {
      now,
      origin: { ...origin, network: options.clientIp, secondFactor: null },
      trustedDeviceId: trusted ? row.deviceId : null,
      newDevice,
      extra: passwordRight,
      mailer: options.mailer,
    },
  );
}

/**
 * The one place a sign-in becomes a session (ADR 054), after the password alone or the second
 * step: the session (recording its origin and second factor), the device cookie, the network, the
 * account's deletion canceled (ADR 046), and the caller's `extra` statements, in one batch. A
 * sign-in from a new device or network also writes its alert (security-alerts.ts: a notification,
 * and a mail whose link ends this session), sent after the response with `mailer`.
 */
export async function startSession(
  db: Database,
  user: SessionUser,
  options: {
    now: number;
    origin: SessionOrigin;
    trustedDeviceId: string | null;
    newDevice: boolean;
    extra?: D1PreparedStatement[];
    mailer?: Mailer;
  },
): Promise<SignedIn> {
  const { now, origin } = options;
  const session = await sessionStatements(db, user.id, now, origin);
  const nextDevice = await deviceStatements(db, user.id, options.trustedDeviceId, now);
  const alert = options.newDevice
    ? await newSignInStatements(db, user, { id: session.sessionId, origin }, now, options.mailer?.origin)
    : null;
  const results = await db.$client.batch([
    // Signing in within the grace period keeps the account (ADR 046).
    cancelOnSignInStatement(db, user.id),
    ...session.statements,
    ...nextDevice.statements,
    ...networkStatements(db, user.id, origin.network ?? "unknown", now),
    ...(options.extra ?? []),
    ...(alert?.statements ?? []),
  ]);
  if (alert) options.mailer?.sendLater([alert.mailId]);
  return {
    token: session.token,
    deviceToken: nextDevice.token,
    deletionCanceled: results[0]?.meta.changes === 1,
    user,
  };
}

/** The pending sign-in a token names, still good, or a 401 that says to start again. */
export async function readPendingSignIn(db: Database, token: unknown, now: number = Date.now()) {
  const parsed = parseToken(typeof token === "string" ? token : null);
  const row = parsed
    ? (await db.select().from(pendingSignIns).where(eq(pendingSignIns.id, parsed.id)).limit(1))[0]
    : undefined;
  if (
    !parsed ||
    !row ||
    row.expiresAt <= now ||
    !constantTimeEqualHex(await sha256Hex(parsed.secret), row.secretHash)
  ) {
    throw new ServiceError(401, TWO_FACTOR_MESSAGES.pendingExpired, "sign_in_expired");
  }
  return row;
}

export type PendingSignInRow = typeof pendingSignIns.$inferSelect;

/**
 * Finishes a pending sign-in whose second factor was checked (`method`): the pending row is
 * claimed (deleted) first, so it makes one session however many answers arrive at once.
 */
export async function finishPendingSignIn(
  db: Database,
  pending: PendingSignInRow,
  method: "totp" | "recovery" | "passkey",
  now: number = Date.now(),
  mailer?: Mailer,
): Promise<SignedIn> {
  const claimed = await db.$client.prepare("delete from pending_sign_ins where id = ?1").bind(pending.id).run();
  if (claimed.meta.changes !== 1) throw new ServiceError(401, TWO_FACTOR_MESSAGES.pendingExpired, "sign_in_expired");
  const row = (
    await db
      .select(userWithProjectColumns)
      .from(users)
      .leftJoin(projects, eq(projects.founderId, users.id))
      .where(eq(users.id, pending.userId))
      .limit(1)
  )[0];
  if (!row) throw new ServiceError(401, TWO_FACTOR_MESSAGES.pendingExpired, "sign_in_expired");
  if (row.user.suspendedAt !== null) throw new ServiceError(403, REVIEW_MESSAGES.suspended, "suspended");
  return startSession(
    db,
    toSessionUser({ ...row.user, ownedProjectId: row.ownedProjectId, ownedProjectSlug: row.ownedProjectSlug }),
    {
      now,
      origin: {
        kind: pending.kind,
        network: pending.network,
        userAgent: pending.userAgent,
        country: pending.country,
        city: pending.city,
        secondFactor: method,
      },
      trustedDeviceId: pending.deviceId,
      newDevice: pending.newDevice,
      mailer,
    },
  );
}

/**
 * The second step with a code (ADR 054): `{ pendingToken, code }`, the code an authenticator's or a
 * recovery code. A wrong one is a 400 and the pending sign-in stays for another try (within the
 * account's limits); a right one makes the session.
 */
export async function completeSignIn(
  db: Database,
  pendingToken: unknown,
  code: unknown,
  now: number = Date.now(),
  mailer?: Mailer,
): Promise<SignedIn> {
  const pending = await readPendingSignIn(db, pendingToken, now);
  const method = await checkSecondFactor(db, pending.userId, code, { now, network: pending.network });
  return finishPendingSignIn(db, pending, method, now, mailer);
}
