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
import { projects, signInNetworks, trustedDevices, users } from "../../../db/schema";
import { cancelOnSignInStatement } from "./account-deletion";
import { constraintFailed, ServiceError, validateFirst } from "../shared/errors";
import { passwordRefusal } from "./internal/passwords";
import { clearStatements, keyPart, releaseStatements, reserve, type RateLimit, type Slot } from "../shared/rate-limit";
import { constantTimeEqualHex, hashPassword, randomToken, sha256Hex, verifyPassword } from "./internal/secrets";
import type { Mailer } from "../../mail/mailer";
import { verificationStatements } from "./email-verification";
import {
  DEVICE_LIFETIME_MS,
  parseToken,
  sessionStatements,
  storeToken,
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
  options: { clientIp: string; requireConfirm: boolean; mailer: Mailer; now?: number },
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
  // Said only after the right password, so it tells a guesser nothing (ADR 030). The attempt's
  // slots stay taken: a suspended account is not a sign-in.
  if (row.user.suspendedAt !== null) throw new ServiceError(403, REVIEW_MESSAGES.suspended, "suspended");

  const session = await sessionStatements(db, row.user.id, now);
  const nextDevice = await deviceStatements(db, row.user.id, trusted ? row.deviceId : null, now);
  // The per-account or per-device counter starts over; the all-browsers and address counters
  // only get this attempt's slot back (a right password is not a guess).
  const [perAccount, ...shared] = accountSlots as [Slot, ...Slot[]];
  const results = await db.$client.batch([
    // Signing in within the grace period keeps the account (ADR 046).
    cancelOnSignInStatement(db, row.user.id),
    ...session.statements,
    ...nextDevice.statements,
    ...networkStatements(db, row.user.id, options.clientIp, now),
    ...clearStatements(db, [perAccount.key]),
    ...releaseStatements(db, [...shared, addressSlot], now),
  ]);
  return {
    token: session.token,
    deviceToken: nextDevice.token,
    deletionCanceled: results[0]?.meta.changes === 1,
    user: toSessionUser({
      ...row.user,
      ownedProjectId: row.ownedProjectId,
      ownedProjectSlug: row.ownedProjectSlug,
    }),
  };
}
