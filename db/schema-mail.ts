/**
 * Email (ADR 044): the outbox every mail is written to before it is sent, and the
 * password-reset tokens. Part of the one schema (db/schema.ts re-exports every table).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { users } from "./schema-accounts";
import { now } from "./schema-columns";

/**
 * One row per mail (worker/mail/mailer.ts). Written in the batch of the request that causes it,
 * sent after the response; a failed send leaves it `pending` for the daily job, which tries again
 * until `attempts` reaches the mailer's bound (then `failed`). A mail past `expires_at` (a reset
 * link that no longer works) is not sent any more (`expired`). The bodies are erased once the row
 * is done and an hour old: they may hold a one-time link.
 */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: text("id").primaryKey(),
    /** What kind of mail (a template's name): `password-reset`, `password-changed`. */
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    status: text("status", { enum: ["pending", "sent", "failed", "expired"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** When the last attempt started: a send in flight is not claimed again for a few minutes. */
    lastAttemptAt: integer("last_attempt_at"),
    lastError: text("last_error"),
    messageId: text("message_id"),
    createdAt: integer("created_at").notNull().default(now),
    sentAt: integer("sent_at"),
    /** Past this, the mail is not worth sending (null: always worth it). */
    expiresAt: integer("expires_at"),
    /** Extra headers as a JSON object (`List-Unsubscribe`, `List-Unsubscribe-Post` for a digest); null: none. */
    headers: text("headers", { mode: "json" }).$type<Record<string, string>>(),
  },
  (t) => [
    // The retry job's read: pending rows, oldest first.
    index("mail_outbox_pending_idx").on(t.status, t.createdAt),
    // An account's deletion erases the mails still kept for its address (ADR 046).
    index("mail_outbox_to_idx").on(t.toAddress),
    check("mail_outbox_status", sql`${t.status} in ('pending', 'sent', 'failed', 'expired')`),
  ],
);

/**
 * A password-reset token per account (a new request replaces the old one): only SHA-256 of the
 * token is stored. `used_at` marks it spent; `consumed_by` is the nonce of the reset that spent it,
 * which the rest of that reset's batch checks (so a token spent by a concurrent reset does nothing).
 */
export const passwordResets = sqliteTable(
  "password_resets",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    consumedBy: text("consumed_by"),
  },
  (t) => [uniqueIndex("password_resets_token_uq").on(t.tokenHash)],
);

/**
 * An address waiting to be proved (ADR 045), one per account: at sign-up the account's own, after a
 * change the new one, which becomes the account's address only when proved. A new request replaces
 * the old. The mail carries a link (only SHA-256 of its token is stored) and a short code for another
 * device (SHA-256 of the code and the account, with a bound on wrong tries).
 */
export const emailVerifications = sqliteTable(
  "email_verifications",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The address being proved, lower-cased and trimmed like users.email. */
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    codeHash: text("code_hash").notNull(),
    /** Wrong codes typed against this request. */
    attempts: integer("attempts").notNull().default(0),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [uniqueIndex("email_verifications_token_uq").on(t.tokenHash)],
);
