/**
 * Password reset (ADR 044), the way OWASP's Forgot Password cheat sheet says:
 * - **asking** (`requestPasswordReset`): the answer and the work are the same whether or not the
 *   address has an account. Either way a token is drawn, the mail rendered and one D1 batch run:
 *   the rate-limit slots (per client address and per recipient address, `reserveAndRun`, so they
 *   hold under concurrent requests), the token's row and the outbox row, both written by SQL only
 *   when the address has an account (`insert … select … where exists`). The send runs after the
 *   response. A new request replaces the account's token (one row per account).
 * - **the token**: 32 random bytes, base64url (256 bits); only its SHA-256 is stored; it works
 *   once, for RESET_TOKEN_LIFETIME_MS.
 * - **resetting** (`resetPassword`): the sign-up page's password rules, then ONE batch that spends
 *   the token (a conditional UPDATE marking it with this reset's nonce) and, only if this reset
 *   spent it, sets the new hash, ends every session and remembered device of the account, clears
 *   its sign-in lockout (the per-account failed sign-in counters) and queues the "your password was
 *   changed" mail. No session is made: the person signs in with the new password.
 * A locked-out owner's way back in is the same link: the reset clears the lockout (README, ADR 044).
 */
import { eq } from "drizzle-orm";

import {
  RESET_MESSAGES,
  RESET_TOKEN_LIFETIME_MS,
  RESET_TOKEN_PATTERN,
  validateForgotPassword,
  validateNewPassword,
} from "../../../domain/accounts/password-reset";
import type { Database } from "../../../db/client";
import { passwordResets, users } from "../../../db/schema";
import { outboxStatement, type Mailer } from "../../mail/mailer";
import { passwordChangedMail, passwordResetMail } from "../../mail/templates";
import { ServiceError, validOrThrow } from "../shared/errors";
import { passwordRefusal } from "./internal/passwords";
import { keyPart, reserveAndRun, type RateLimit, type Slot } from "../shared/rate-limit";
import { hashPassword, sha256Hex } from "./internal/secrets";
import { HOUR_MS } from "../../../domain/shared/dates";

/** Reset requests: 5 an hour per recipient address, 20 an hour per client address. */
export const RESET_LIMITS = {
  address: { max: 5, windowMs: HOUR_MS, message: RESET_MESSAGES.tooManyForAddress },
  client: { max: 20, windowMs: HOUR_MS, message: RESET_MESSAGES.tooManyFromClient },
} as const satisfies Record<string, RateLimit>;

/** 32 bytes from the CSPRNG, base64url without padding. */
export function newResetToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

export interface ResetRequestOptions {
  clientIp: string;
  /** Sends the mail; its `origin` (the configured site address) is the link's (`${origin}/reset-password/${token}`). */
  mailer: Mailer;
  now?: number;
}

/**
 * Asks for a reset link. Returns the same answer for every well-formed address (the mail goes
 * only to an account's); throws 400 for a malformed one and 429 past a limit.
 */
export async function requestPasswordReset(
  db: Database,
  fields: Record<string, unknown>,
  options: ResetRequestOptions,
): Promise<{ message: string }> {
  const { email } = validOrThrow(validateForgotPassword(fields), "first");
  const now = options.now ?? Date.now();
  const token = newResetToken();
  const tokenHash = await sha256Hex(token);
  const mail = await passwordResetMail(`${options.mailer.origin}/reset-password/${token}`);
  const mailId = crypto.randomUUID();
  const expiresAt = now + RESET_TOKEN_LIFETIME_MS;
  const slots: Slot[] = [
    { key: `reset:addr:${await keyPart(email)}`, limit: RESET_LIMITS.address },
    { key: `reset:ip:${options.clientIp}`, limit: RESET_LIMITS.client },
  ];
  const d1 = db.$client;
  const hasAccount = "exists (select 1 from users where email = ?9 and suspended_at is null)";
  await reserveAndRun(
    db,
    slots,
    [
      // One row per account: a new request replaces the token (and its expiry, and un-spends it).
      d1
        .prepare(
          `insert into password_resets (user_id, token_hash, created_at, expires_at)
           select id, ?2, ?3, ?4 from users where email = ?1 and suspended_at is null
           on conflict (user_id) do update set token_hash = excluded.token_hash, created_at = excluded.created_at,
             expires_at = excluded.expires_at, used_at = null, consumed_by = null`,
        )
        .bind(email, tokenHash, now, expiresAt),
      outboxStatement(db, mailId, email, mail, { now, expiresAt, onlyIf: { sql: hasAccount, binds: [email] } }),
    ],
    now,
  );
  // Either way: for an unknown address the claim finds no row and nothing is sent.
  options.mailer.sendLater([mailId]);
  return { message: RESET_MESSAGES.requested };
}

/** The account a live token belongs to, or the 404 every unusable link gets. */
export async function checkResetToken(
  db: Database,
  token: string,
  now: number = Date.now(),
): Promise<{ userId: string; email: string; firstName: string; lastName: string }> {
  const refused = new ServiceError(404, RESET_MESSAGES.invalidLink, "invalid_reset_link");
  if (!RESET_TOKEN_PATTERN.test(token)) throw refused;
  const row = (
    await db
      .select({
        userId: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        expiresAt: passwordResets.expiresAt,
        usedAt: passwordResets.usedAt,
        suspendedAt: users.suspendedAt,
      })
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.userId))
      .where(eq(passwordResets.tokenHash, await sha256Hex(token)))
      .limit(1)
  )[0];
  if (!row || row.usedAt !== null || row.expiresAt <= now || row.suspendedAt !== null) throw refused;
  return { userId: row.userId, email: row.email, firstName: row.firstName, lastName: row.lastName };
}

export interface ResetOptions {
  mailer: Mailer;
  now?: number;
}

/**
 * Sets a new password with a reset token (400 with field errors for a refused password, 404 for a
 * link that does not work). Returns the account's email; the caller does not sign anyone in.
 */
export async function resetPassword(
  db: Database,
  fields: Record<string, unknown>,
  options: ResetOptions,
): Promise<{ email: string; endedSessions: number }> {
  const now = options.now ?? Date.now();
  const token = typeof fields.token === "string" ? fields.token : "";
  const account = await checkResetToken(db, token, now);
  const { password } = validOrThrow(validateNewPassword(fields), "first");
  const weak = await passwordRefusal(password, account);
  if (weak) throw new ServiceError(400, weak, "weak_password", { errors: { password: weak } });

  const passwordHash = await hashPassword(password);
  const tokenHash = await sha256Hex(token);
  const nonce = crypto.randomUUID();
  const mail = await passwordChangedMail(options.mailer.origin);
  const mailId = crypto.randomUUID();
  const acct = await keyPart(account.email);
  const d1 = db.$client;
  // Every statement after the first runs only if the first spent the token for this reset.
  const spent = "exists (select 1 from password_resets where user_id = ?1 and consumed_by = ?2)";
  const results = await d1.batch([
    d1
      .prepare(
        `update password_resets set used_at = ?3, consumed_by = ?4
         where token_hash = ?1 and user_id = ?2 and used_at is null and expires_at > ?3`,
      )
      .bind(tokenHash, account.userId, now, nonce),
    d1
      .prepare(`update users set password_hash = ?3 where id = ?1 and ${spent}`)
      .bind(account.userId, nonce, passwordHash),
    d1.prepare(`delete from sessions where user_id = ?1 and ${spent}`).bind(account.userId, nonce),
    d1.prepare(`delete from trusted_devices where user_id = ?1 and ${spent}`).bind(account.userId, nonce),
    // The lockout: the account's failed sign-in counters (auth.ts LOGIN_LIMITS), from every address.
    d1
      .prepare(
        `delete from rate_limits where (key = 'login:acct:' || ?3
           or (key >= 'login:acct-ip:' || ?3 || ':' and key < 'login:acct-ip:' || ?3 || ';')) and ${spent}`,
      )
      .bind(account.userId, nonce, acct),
    outboxStatement(db, mailId, account.email, mail, {
      now,
      onlyIf: {
        sql: "exists (select 1 from password_resets where user_id = ?9 and consumed_by = ?10)",
        binds: [account.userId, nonce],
      },
    }),
  ]);
  if (results[0]?.meta.changes !== 1) throw new ServiceError(404, RESET_MESSAGES.invalidLink, "invalid_reset_link");
  options.mailer.sendLater([mailId]);
  return { email: account.email, endedSessions: results[2]?.meta.changes ?? 0 };
}
