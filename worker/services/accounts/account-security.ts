/**
 * Login & Security (account settings): change password and sign out of every other device.
 * The current password is checked with the sign-in's scrypt; wrong guesses are limited per
 * account like sign-in (ADR 013: a slot is reserved before the check, a right password gives it
 * back and clears the counter). On success every other session of the user ends; the one that
 * asked stays.
 */
import { and, eq, ne } from "drizzle-orm";

import { PASSWORD_MESSAGES, validatePasswordChange } from "../../../domain/accounts/password-form";
import type { SessionUser } from "../../../domain/shared/types";
import type { Database } from "../../../db/client";
import { sessions, users } from "../../../db/schema";
import { requireSignedIn } from "../shared/access";
import { hashPassword, verifyPassword } from "./internal/secrets";
import { ServiceError, validOrThrow } from "../shared/errors";
import { passwordRefusal } from "./internal/passwords";
import { clearStatements, reserve, type RateLimit, type Slot } from "../shared/rate-limit";
import { MINUTE_MS } from "../../../domain/shared/dates";
import { confirmedByProof } from "./step-up";
import type { Mailer } from "../../mail/mailer";
import { securityChangeStatements } from "./security-alerts";

/** Wrong current passwords: 5 per account in 15 minutes (as sign-in from one browser). */
export const PASSWORD_CHANGE_LIMIT = {
  max: 5,
  windowMs: 15 * MINUTE_MS,
  message: PASSWORD_MESSAGES.tooManyAttempts,
} as const satisfies RateLimit;

/** The session id of an `id.secret` token. */
const sessionIdOf = (token: string | null) => (token ? (token.split(".")[0] ?? "") : "");

/** Ends every session of the user but `keepToken`'s; returns how many ended. */
async function endOtherSessions(db: Database, userId: string, keepToken: string | null): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, sessionIdOf(keepToken))))
    .returning({ id: sessions.id });
  return ended.length;
}

/**
 * The current password, checked as the password change checks it (Delete my account too): a slot of
 * the account's wrong-guess limit is reserved first (429 past it), a wrong password is a 400 naming
 * `field`. A right one answers the slot, whose counter the caller clears in its own batch.
 */
export async function checkCurrentPassword(
  db: Database,
  userId: string,
  password: string,
  field: string,
  now: number,
): Promise<Slot> {
  const slot: Slot = { key: `password:acct:${userId}`, limit: PASSWORD_CHANGE_LIMIT };
  await reserve(db, [slot], now);
  const row = (await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1))[0];
  if (!row || !(await verifyPassword(password, row.hash))) {
    throw new ServiceError(400, PASSWORD_MESSAGES.wrongCurrent, "wrong_password", {
      errors: { [field]: PASSWORD_MESSAGES.wrongCurrent },
    });
  }
  return slot;
}

export async function changePassword(
  db: Database,
  viewer: SessionUser | null,
  sessionToken: string | null,
  body: Record<string, unknown>,
  now: number = Date.now(),
  mailer?: Mailer,
): Promise<{ endedSessions: number }> {
  requireSignedIn(viewer);
  const { currentPassword, newPassword } = validOrThrow(validatePasswordChange(body), "first");
  const weak = await passwordRefusal(newPassword, viewer);
  if (weak) throw new ServiceError(400, weak, "weak_password", { errors: { newPassword: weak } });

  const slot = await checkCurrentPassword(db, viewer.id, currentPassword, "currentPassword", now);
  const hash = await hashPassword(newPassword);
  const alert = await securityChangeStatements(db, viewer, "password", now);
  // One batch: the new hash, every other session ended, the wrong-guess counter cleared, the alert.
  // The right current password is the step-up's confirmation (ADR 054): not asked twice, and it counts.
  const results = await db.$client.batch([
    db.$client.prepare("update users set password_hash = ?2 where id = ?1").bind(viewer.id, hash),
    db.$client
      .prepare("delete from sessions where user_id = ?1 and id <> ?2")
      .bind(viewer.id, sessionIdOf(sessionToken)),
    ...clearStatements(db, [slot.key]),
    ...confirmedByProof(db, viewer, now),
    ...alert.statements,
  ]);
  mailer?.sendLater([alert.mailId]);
  return { endedSessions: results[1]?.meta.changes ?? 0 };
}

/** 'Sign out of all other devices': every session of the user but this one ends. */
export async function signOutOtherSessions(
  db: Database,
  viewer: SessionUser | null,
  sessionToken: string | null,
): Promise<{ endedSessions: number }> {
  requireSignedIn(viewer);
  return { endedSessions: await endOtherSessions(db, viewer.id, sessionToken) };
}
