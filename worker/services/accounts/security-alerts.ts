/**
 * Security alerts (ADR 054): a bell notification (kind `security`, never switched off) and its
 * mail, written in the batch of the event they tell of, as the other notices are:
 * - a sign-in from a new device or network (`newSignInStatements`, called by auth.ts
 *   `startSession`): the mail's "End That Session" link carries a random 256-bit token whose
 *   SHA-256 is stored on the session (`sessions.alert_token_hash`), so the link ends exactly that
 *   session, without being signed in (session-list.ts `endSessionByAlertLink`);
 * - a change to the password, the email address or the second factors (`securityChangeStatements`).
 * Mail goes only to a proved address (ADR 045, `onlyIfVerified`); the caller runs
 * `mailer.sendLater([mailId])` after its batch, or leaves the row to the outbox's drain.
 */
import {
  LOGIN_SECURITY_PATH,
  newSignInText,
  SESSIONS_PATH,
  type SecurityChange,
  SECURITY_CHANGE_COPY,
} from "../../../domain/accounts/security-alerts";
import { placeText } from "../../../domain/accounts/sessions";
import { describeUserAgent } from "../../../domain/accounts/user-agent";
import type { Database } from "../../../db/client";
import { type Mailer, ORIGIN_MARK, outboxStatement } from "../../mail/mailer";
import { MAILABLE } from "../../mail/notices";
import { newSignInMail, securityChangeMail } from "../../mail/templates";
import { INSERT, NEW_ID, NO_REPEAT } from "../conversation/notifications";
import { newResetToken } from "./password-reset";
import { sha256Hex } from "./internal/secrets";
import type { SessionOrigin } from "./sessions";

/** An alert's statements for the caller's batch, and its mail's id for `mailer.sendLater`. */
export interface AlertStatements {
  statements: D1PreparedStatement[];
  mailId: string;
}

/**
 * `onlyIf` for a mail to the account `userId`: its address proved and the account not deleted (as
 * email-verification.ts `onlyIfVerified`, which this file cannot import: that service calls this one).
 */
const mailable = (userId: string) => ({
  sql: `exists (select 1 from users u where u.id = ?9 and ${MAILABLE})`,
  binds: [userId],
});

/** The bell's notification of one security event (`eventKey` unique per user). */
function notificationStatement(
  db: Database,
  userId: string,
  eventKey: string,
  text: string,
  link: string,
  now: number,
): D1PreparedStatement {
  return db.$client
    .prepare(`${INSERT} select ${NEW_ID}, ?1, 'security', ?2, null, ?3, ?4, ?5 ${NO_REPEAT}`)
    .bind(userId, eventKey, text, link, now);
}

/**
 * The alert of a sign-in from a new device or network: the session's alert token, the notification
 * and the mail with the link that ends that session. `origin` is the site's address for the link
 * (`mailer.origin`); without one the mail names ORIGIN_MARK, filled when it is sent.
 */
export async function newSignInStatements(
  db: Database,
  user: { id: string; email: string },
  session: { id: string; origin: SessionOrigin },
  now: number,
  origin: string = ORIGIN_MARK,
): Promise<AlertStatements & { endToken: string }> {
  const endToken = newResetToken();
  const text = newSignInText(
    describeUserAgent(session.origin.userAgent),
    session.origin.network && session.origin.network !== "unknown" ? session.origin.network : null,
    placeText(session.origin.city, session.origin.country),
  );
  const mail = await newSignInMail(text, `${origin}/end-session/${endToken}`, `${origin}${SESSIONS_PATH}`);
  const mailId = crypto.randomUUID();
  return {
    endToken,
    mailId,
    statements: [
      db.$client
        .prepare("update sessions set alert_token_hash = ?2 where id = ?1")
        .bind(session.id, await sha256Hex(endToken)),
      notificationStatement(db, user.id, `security:sign-in:${session.id}`, text, SESSIONS_PATH, now),
      outboxStatement(db, mailId, user.email, mail, { now, onlyIf: mailable(user.id) }),
    ],
  };
}

/**
 * The alert of a change to the account's security: a notification and a mail to `user.email` (for
 * an address change, pass the address it replaced, so the owner hears of it where they still read
 * mail). The second factors' services call this in their own batches.
 */
export async function securityChangeStatements(
  db: Database,
  user: { id: string; email: string },
  change: SecurityChange,
  now: number,
): Promise<AlertStatements> {
  const copy = SECURITY_CHANGE_COPY[change];
  const link = change === "password" ? SESSIONS_PATH : LOGIN_SECURITY_PATH;
  const mail = await securityChangeMail(change, `${ORIGIN_MARK}${link}`);
  const mailId = crypto.randomUUID();
  return {
    mailId,
    statements: [
      notificationStatement(db, user.id, `security:${change}:${now}`, copy.text, link, now),
      outboxStatement(db, mailId, user.email, mail, { now, onlyIf: mailable(user.id) }),
    ],
  };
}

/**
 * Tells the owner of a change to their second factors once it is made (ADR 054): the alert in a
 * batch of its own, after the change's (a change its guards refused is never announced), its mail
 * sent after the response with `mailer`, or by the outbox's drain without one.
 */
export async function announceSecurityChange(
  db: Database,
  user: { id: string; email: string },
  change: SecurityChange,
  now: number,
  mailer?: Mailer,
): Promise<void> {
  const alert = await securityChangeStatements(db, user, change, now);
  await db.$client.batch(alert.statements);
  mailer?.sendLater([alert.mailId]);
}
