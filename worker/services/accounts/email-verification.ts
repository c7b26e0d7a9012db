/**
 * Verified addresses (ADR 045), after the password reset's pattern (ADR 044):
 * - **the request**: one row per account in `email_verifications` (a new request replaces the old
 *   one and its wrong-code count): the address being proved (the account's own after sign-up, the
 *   new one after a change), SHA-256 of a 256-bit link token, SHA-256 of `userId:code` for the
 *   6-digit code, and an expiry 24 hours on. It goes into the caller's own batch with the outbox
 *   row of the "Confirm your CampusFund email address" mail; the send runs after the response.
 * - **proving** (`verifyEmailToken`, `verifyEmailCode`): one batch that sets the account's address
 *   to the row's and `email_verified_at`, and deletes the row, guarded in SQL (token or code,
 *   expiry, wrong-code bound), so concurrent requests cannot prove twice or count past the bound.
 *   An address taken by another account meanwhile is refused (409) and nothing changes.
 * - **wrong codes**: a guarded `update … set attempts = attempts + 1 where attempts < 5`, so six
 *   concurrent wrong codes count exactly five and the right one is refused after them.
 * - **only mail depends on it**: `onlyIfVerified` / `mailableUser` for the senders of notices.
 */
import { eq, sql } from "drizzle-orm";

import {
  MAX_CODE_ATTEMPTS,
  VERIFY_LIFETIME_MS,
  VERIFY_MESSAGES,
  VERIFY_TOKEN_PATTERN,
  validateCode,
  validateEmailChange,
} from "../../../domain/accounts/email-verification";
import { MESSAGES } from "../../../domain/shared/messages";
import { PASSWORD_MESSAGES } from "../../../domain/accounts/password-form";
import type { SessionUser } from "../../../domain/shared/types";
import type { Database } from "../../../db/client";
import { emailVerifications, users } from "../../../db/schema";
import { outboxStatement, type Mailer } from "../../mail/mailer";
import { emailChangingMail, verifyEmailMail } from "../../mail/templates";
import { requireSignedIn } from "../shared/access";
import { PASSWORD_CHANGE_LIMIT } from "./account-security";
import { confirmedByProof } from "./step-up";
import { constraintFailed, ServiceError, validOrThrow } from "../shared/errors";
import { newResetToken } from "./password-reset";
import { clearStatements, keyPart, reserve, reserveAndRun, type RateLimit, type Slot } from "../shared/rate-limit";
import { sha256Hex, verifyPassword } from "./internal/secrets";
import { HOUR_MS } from "../../../domain/shared/dates";
import { securityChangeStatements } from "./security-alerts";

/** Confirmation mails asked for again (and address changes): 5 an hour per account and per address. */
export const VERIFY_LIMITS = {
  account: { max: 5, windowMs: HOUR_MS, message: VERIFY_MESSAGES.tooManyForAccount },
  address: { max: 5, windowMs: HOUR_MS, message: VERIFY_MESSAGES.tooManyForAddress },
} as const satisfies Record<string, RateLimit>;

/**
 * The condition, for `outboxStatement`'s `onlyIf`, that the account's address is proved: mail
 * other than the password reset goes only to proved addresses. Its one bind is the user id (?9).
 */
export const VERIFIED_ADDRESS_SQL =
  "exists (select 1 from users where id = ?9 and email_verified_at is not null and deleted_at is null)";

/** `onlyIf` for a mail to `userId`'s address: written only while that address is proved. */
export function onlyIfVerified(userId: string): { sql: string; binds: unknown[] } {
  return { sql: VERIFIED_ADDRESS_SQL, binds: [userId] };
}

/** The address to mail `userId` at, or null when it is not proved (or the account is gone). */
export async function mailableUser(db: Database, userId: string): Promise<{ email: string } | null> {
  const row = (
    await db
      .select({ email: users.email, verifiedAt: users.emailVerifiedAt, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1)
  )[0];
  return row && row.verifiedAt !== null && row.deletedAt === null ? { email: row.email } : null;
}

/** A 6-digit code from the CSPRNG (rejection sampling: every code equally likely). */
export function newCode(): string {
  const buf = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buf);
    const n = buf[0] as number;
    if (n < 4_294_000_000) return String(n % 1_000_000).padStart(6, "0");
  }
}

export const codeHashOf = (userId: string, code: string) => sha256Hex(`${userId}:${code}`);

export interface VerificationMail {
  /** The statements for the caller's batch: the request's row, then its mail. */
  statements: D1PreparedStatement[];
  mailId: string;
}

/**
 * A new request for `userId` to prove `email`: its row (replacing any older one) and its mail,
 * for the caller's batch. The mail is written only when the row is (`onlyIf` the row's hash).
 */
export async function verificationStatements(
  db: Database,
  userId: string,
  email: string,
  origin: string,
  now: number,
): Promise<VerificationMail> {
  const token = newResetToken();
  const code = newCode();
  const tokenHash = await sha256Hex(token);
  const codeHash = await codeHashOf(userId, code);
  const expiresAt = now + VERIFY_LIFETIME_MS;
  const mail = await verifyEmailMail(`${origin}/verify-email/${token}`, code);
  const mailId = crypto.randomUUID();
  const d1 = db.$client;
  return {
    mailId,
    statements: [
      d1
        .prepare(
          `insert into email_verifications (user_id, email, token_hash, code_hash, attempts, created_at, expires_at)
           values (?1, ?2, ?3, ?4, 0, ?5, ?6)
           on conflict (user_id) do update set email = excluded.email, token_hash = excluded.token_hash,
             code_hash = excluded.code_hash, attempts = 0, created_at = excluded.created_at, expires_at = excluded.expires_at`,
        )
        .bind(userId, email, tokenHash, codeHash, now, expiresAt),
      outboxStatement(db, mailId, email, mail, {
        now,
        expiresAt,
        onlyIf: { sql: "exists (select 1 from email_verifications where token_hash = ?9)", binds: [tokenHash] },
      }),
    ],
  };
}

export interface Proved {
  userId: string;
  email: string;
  /** True when the proved address replaced another (an address change). */
  changed: boolean;
}

/** The row the guard matched, read before the batch (the batch re-checks everything in SQL). */
async function pendingBy(db: Database, where: ReturnType<typeof eq>) {
  return (
    await db
      .select({
        userId: emailVerifications.userId,
        email: emailVerifications.email,
        attempts: emailVerifications.attempts,
        expiresAt: emailVerifications.expiresAt,
        accountEmail: users.email,
      })
      .from(emailVerifications)
      .innerJoin(users, eq(users.id, emailVerifications.userId))
      .where(where)
      .limit(1)
  )[0];
}

/**
 * The proving batch: the account takes the row's address, proved, and the row goes, only where
 * `guard` (SQL over `email_verifications ev`, binds from ?3) holds. 409 when the address is taken.
 */
async function prove(db: Database, userId: string, guard: string, binds: unknown[], now: number) {
  const d1 = db.$client;
  const live = `exists (select 1 from email_verifications ev where ev.user_id = ?1 and ${guard})`;
  try {
    const results = await d1.batch([
      d1
        .prepare(
          `update users set email = (select email from email_verifications where user_id = ?1),
             email_verified_at = ?2 where id = ?1 and ${live}`,
        )
        .bind(userId, now, ...binds),
      d1.prepare(`delete from email_verifications where user_id = ?1 and ${live}`).bind(userId, now, ...binds),
    ]);
    return results[1]?.meta.changes === 1;
  } catch (e) {
    if (constraintFailed(e, /UNIQUE constraint failed: users\.email/i)) {
      throw new ServiceError(409, MESSAGES.emailTaken, "email_taken");
    }
    throw e;
  }
}

/**
 * A proved address that replaced another (ADR 054): the security alert, to the address it replaced
 * (where the owner still reads mail if someone else made the change). Its own batch after the
 * proving one, which only says whether it proved.
 */
async function alertEmailChanged(
  db: Database,
  userId: string,
  previous: string,
  now: number,
  mailer: Mailer | undefined,
): Promise<void> {
  const alert = await securityChangeStatements(db, { id: userId, email: previous }, "email", now);
  await db.$client.batch(alert.statements);
  mailer?.sendLater([alert.mailId]);
}

/** Proves an address with the mail's link (no session needed). 404 for a link that does not work. */
export async function verifyEmailToken(
  db: Database,
  token: string,
  now: number = Date.now(),
  mailer?: Mailer,
): Promise<Proved> {
  const refused = new ServiceError(404, VERIFY_MESSAGES.invalidLink, "invalid_verify_link");
  if (!VERIFY_TOKEN_PATTERN.test(token)) throw refused;
  const tokenHash = await sha256Hex(token);
  const row = await pendingBy(db, eq(emailVerifications.tokenHash, tokenHash));
  if (!row || row.expiresAt <= now) throw refused;
  const ok = await prove(db, row.userId, "ev.token_hash = ?3 and ev.expires_at > ?2", [tokenHash], now);
  if (!ok) throw refused;
  const changed = row.email !== row.accountEmail;
  if (changed) await alertEmailChanged(db, row.userId, row.accountEmail, now, mailer);
  return { userId: row.userId, email: row.email, changed };
}

/** Whether a link's token is live (the confirm page's GET: nothing is spent). */
export async function checkVerifyToken(db: Database, token: string, now: number = Date.now()): Promise<string> {
  const refused = new ServiceError(404, VERIFY_MESSAGES.invalidLink, "invalid_verify_link");
  if (!VERIFY_TOKEN_PATTERN.test(token)) throw refused;
  const row = await pendingBy(db, eq(emailVerifications.tokenHash, await sha256Hex(token)));
  if (!row || row.expiresAt <= now) throw refused;
  return row.email;
}

/**
 * Proves the signed-in account's waiting address with the mail's 6-digit code. A wrong code counts
 * (at most MAX_CODE_ATTEMPTS per mail, guarded in SQL); past the bound even the right code is refused.
 */
export async function verifyEmailCode(
  db: Database,
  viewer: SessionUser | null,
  fields: Record<string, unknown>,
  now: number = Date.now(),
  mailer?: Mailer,
): Promise<Proved> {
  requireSignedIn(viewer);
  const { code } = validOrThrow(validateCode(fields), "first");
  const codeHash = await codeHashOf(viewer.id, code);
  const row = await pendingBy(db, eq(emailVerifications.userId, viewer.id));
  if (!row) throw new ServiceError(400, VERIFY_MESSAGES.nothingPending, "nothing_pending");
  const d1 = db.$client;
  const guard = `ev.code_hash = ?3 and ev.attempts < ${MAX_CODE_ATTEMPTS} and ev.expires_at > ?2`;
  if (await prove(db, viewer.id, guard, [codeHash], now)) {
    const changed = row.email !== row.accountEmail;
    if (changed) await alertEmailChanged(db, viewer.id, row.accountEmail, now, mailer);
    return { userId: viewer.id, email: row.email, changed };
  }
  // Not proved: count the wrong code, guarded so concurrent ones never pass the bound.
  const counted = await d1
    .prepare(
      `update email_verifications set attempts = attempts + 1
       where user_id = ?1 and code_hash <> ?2 and attempts < ?3 and expires_at > ?4 returning attempts`,
    )
    .bind(viewer.id, codeHash, MAX_CODE_ATTEMPTS, now)
    .first<{ attempts: number }>();
  const fail = (message: string, code: string) => new ServiceError(400, message, code, { errors: { code: message } });
  if (counted) {
    const left = MAX_CODE_ATTEMPTS - counted.attempts;
    if (left <= 0) throw fail(VERIFY_MESSAGES.tooManyCodes, "too_many_codes");
    throw fail(VERIFY_MESSAGES.wrongCode(left), "wrong_code");
  }
  const now2 = await pendingBy(db, eq(emailVerifications.userId, viewer.id));
  if (!now2) throw new ServiceError(400, VERIFY_MESSAGES.nothingPending, "nothing_pending");
  if (now2.expiresAt <= now) throw fail(VERIFY_MESSAGES.codeExpired, "code_expired");
  throw fail(VERIFY_MESSAGES.tooManyCodes, "too_many_codes");
}

export interface SendOptions {
  mailer: Mailer;
  now?: number;
}

/** Rate-limit slots of a confirmation mail: the account's and the recipient address's. */
async function mailSlots(userId: string, email: string): Promise<Slot[]> {
  return [
    { key: `verify:acct:${userId}`, limit: VERIFY_LIMITS.account },
    { key: `verify:addr:${await keyPart(email)}`, limit: VERIFY_LIMITS.address },
  ];
}

/**
 * "Send a new link": a new token and code for the waiting address (the account's own when nothing
 * waits and it is not proved), replacing the old ones. 400 when nothing is left to prove, 429 past
 * a limit (5 an hour per account and per address, held under concurrent requests).
 */
export async function resendVerification(
  db: Database,
  viewer: SessionUser | null,
  options: SendOptions,
): Promise<{ email: string }> {
  requireSignedIn(viewer);
  const now = options.now ?? Date.now();
  const row = (
    await db
      .select({ email: users.email, verifiedAt: users.emailVerifiedAt, pending: emailVerifications.email })
      .from(users)
      .leftJoin(emailVerifications, eq(emailVerifications.userId, users.id))
      .where(eq(users.id, viewer.id))
      .limit(1)
  )[0];
  const email = row?.pending ?? (row && row.verifiedAt === null ? row.email : null);
  if (!email) throw new ServiceError(400, VERIFY_MESSAGES.nothingPending, "nothing_pending");
  const request = await verificationStatements(db, viewer.id, email, options.mailer.origin, now);
  await reserveAndRun(db, await mailSlots(viewer.id, email), request.statements, now);
  options.mailer.sendLater([request.mailId]);
  return { email };
}

/**
 * Settings → Login & Security, "Email address": the new address gets the confirmation mail, the old
 * one a notice; the account keeps the old address until the new one is proved. The current
 * password is checked as the password change checks it (same message, same lockout counter).
 * 400 for the sign-up's email rules or a wrong password, 409 for an address in use, 429 past a limit.
 */
export async function requestEmailChange(
  db: Database,
  viewer: SessionUser | null,
  fields: Record<string, unknown>,
  options: SendOptions,
): Promise<{ email: string; message: string }> {
  requireSignedIn(viewer);
  const now = options.now ?? Date.now();
  const { email, currentPassword } = validOrThrow(validateEmailChange(fields), "first");
  const account = (
    await db
      .select({ email: users.email, hash: users.passwordHash })
      .from(users)
      .where(eq(users.id, viewer.id))
      .limit(1)
  )[0];
  if (!account) throw new ServiceError(401, MESSAGES.authRequired, "auth_required");
  if (email === account.email) {
    throw new ServiceError(400, VERIFY_MESSAGES.sameAddress, "same_address", {
      errors: { email: VERIFY_MESSAGES.sameAddress },
    });
  }
  // The password change's lockout: one slot per check, given back by a right password.
  const slot: Slot = { key: `password:acct:${viewer.id}`, limit: PASSWORD_CHANGE_LIMIT };
  await reserve(db, [slot], now);
  if (!(await verifyPassword(currentPassword, account.hash))) {
    throw new ServiceError(400, PASSWORD_MESSAGES.wrongCurrent, "wrong_password", {
      errors: { currentPassword: PASSWORD_MESSAGES.wrongCurrent },
    });
  }
  const taken = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.email} = ${email}`)
    .limit(1);
  if (taken.length) {
    throw new ServiceError(409, MESSAGES.emailTaken, "email_taken", { errors: { email: MESSAGES.emailTaken } });
  }
  const request = await verificationStatements(db, viewer.id, email, options.mailer.origin, now);
  const notice = await emailChangingMail(options.mailer.origin, email);
  const noticeId = crypto.randomUUID();
  await reserveAndRun(
    db,
    await mailSlots(viewer.id, email),
    [
      ...request.statements,
      outboxStatement(db, noticeId, account.email, notice, { now }),
      ...clearStatements(db, [slot.key]),
      // The right current password is the step-up's confirmation (ADR 054), and it counts.
      ...confirmedByProof(db, viewer, now),
    ],
    now,
  );
  options.mailer.sendLater([request.mailId, noticeId]);
  return { email, message: VERIFY_MESSAGES.changeRequested(email) };
}
