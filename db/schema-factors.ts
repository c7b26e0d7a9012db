/**
 * Second factors and the steps of a sign-in (ADR 054): the authenticator app's secret, the
 * one-time recovery codes, passkeys (WebAuthn credentials), the single-use WebAuthn challenges and a
 * sign-in waiting for its second factor.
 * Part of the one schema (db/schema.ts re-exports every table; conventions there).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

import { users } from "./schema-accounts";

/**
 * An account's authenticator app (TOTP, RFC 6238: SHA-1, 6 digits, 30-second steps). A row with
 * `confirmed_at` null is an enrolment waiting for its first code; two-step sign-in is on only once
 * it is confirmed. `last_step` is the time step of the last code accepted: a code of that step or an
 * earlier one is never accepted again (a conditional update, so two requests with one code cannot
 * both pass).
 */
export const totpFactors = sqliteTable(
  "totp_factors",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The shared secret, base32 (RFC 4648), 160 bits. */
    secret: text("secret").notNull(),
    createdAt: integer("created_at").notNull(),
    confirmedAt: integer("confirmed_at"),
    lastStep: integer("last_step").notNull().default(0),
  },
  (t) => [check("totp_factors_last_step", sql`${t.lastStep} >= 0`)],
);

/** Ten one-time recovery codes per account: only SHA-256 of each is stored; a used one keeps `used_at`. */
export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    createdAt: integer("created_at").notNull(),
    usedAt: integer("used_at"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/** A passkey (a WebAuthn credential) of an account: signs in without a password, or serves as a second factor. */
export const passkeys = sqliteTable(
  "passkeys",
  {
    /** The credential id, base64url. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    /** The authenticator's signature counter (0 for most passkeys, which do not count). */
    counter: integer("counter").notNull().default(0),
    transports: text("transports", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    deviceType: text("device_type").notNull(),
    backedUp: integer("backed_up", { mode: "boolean" }).notNull().default(false),
    /** The owner's name for it ("Work laptop"). */
    name: text("name").notNull(),
    createdAt: integer("created_at").notNull(),
    lastUsedAt: integer("last_used_at"),
  },
  (t) => [index("passkeys_user_idx").on(t.userId, t.createdAt)],
);

/**
 * A WebAuthn challenge handed to a browser: single use (deleted when answered) and short-lived
 * (`expires_at`). `user_id` is null for a passkey sign-in, where the person is not yet known.
 */
export const webauthnChallenges = sqliteTable(
  "webauthn_challenges",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["register", "sign-in", "second-factor", "confirm"] }).notNull(),
    challenge: text("challenge").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("webauthn_challenges_expires_idx").on(t.expiresAt)],
);

/**
 * A sign-in whose password was right and whose second factor is still to come (ADR 054): a token
 * `id.secret` (only SHA-256 of the secret stored) held by the browser in a short cookie or by an API
 * client, good for PENDING_SIGN_IN_MS. What the session will record rides along.
 */
export const pendingSignIns = sqliteTable(
  "pending_sign_ins",
  {
    id: text("id").primaryKey(),
    secretHash: text("secret_hash").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    /** `browser` or `api`: the kind of session it becomes. */
    kind: text("kind", { enum: ["browser", "api"] }).notNull(),
    /** The password step's trusted device (its id), when the browser had one for the account. */
    deviceId: text("device_id"),
    /** Neither a known device nor a known network: the finished sign-in is announced by mail (ADR 054). */
    newDevice: integer("new_device", { mode: "boolean" }).notNull().default(false),
    network: text("network"),
    userAgent: text("user_agent"),
    country: text("country"),
    city: text("city"),
  },
  (t) => [index("pending_sign_ins_user_idx").on(t.userId), index("pending_sign_ins_expires_idx").on(t.expiresAt)],
);
