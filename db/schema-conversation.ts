/**
 * Founders and investors talk (ADR 022): follows, updates, questions, notifications and their preferences.
 * Part of the one schema (db/schema.ts re-exports every table; conventions there).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { now } from "./schema-columns";
import { users } from "./schema-accounts";
import { projects } from "./schema-projects";

/** Who follows which project (the watchlist). Following twice is one row. */
export const projectFollows = sqliteTable(
  "project_follows",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.projectId] }),
    // A project's followers, newest first (the founder's Followers tab, the fan-outs' audience).
    index("project_follows_project_idx").on(t.projectId, t.createdAt, t.userId),
    // A user's watchlist, most recently followed first, a page at a time.
    index("project_follows_user_idx").on(t.userId, t.createdAt, t.projectId),
  ],
);

/** A founder's update to a project: plain text, public or for the project's investors only. */
export const projectUpdates = sqliteTable(
  "project_updates",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    body: text("body").notNull(),
    investorsOnly: integer("investors_only", { mode: "boolean" }).notNull().default(false),
    /** Hidden by an admin (moderation): shown to nobody but its founder and admins. */
    hidden: integer("hidden", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [
    index("project_updates_project_idx").on(t.projectId, t.createdAt, t.id),
    // One author's updates, oldest first (Download my data, ADR 046).
    index("project_updates_author_idx").on(t.authorId, t.createdAt, t.id),
    check("project_updates_title_length", sql`length(${t.title}) between 1 and 120`),
    check("project_updates_body_length", sql`length(${t.body}) between 1 and 10000`),
  ],
);

/**
 * `deadline`: a project moved its funding deadline later, told to every active investor
 * regardless of preferences (a material change to the offering). TypeScript only: no CHECK in SQL.
 */
export const NOTIFICATION_KINDS = [
  "update",
  "answer",
  "question",
  "investment",
  "goal",
  "closing",
  "deadline",
  "review",
  "settlement",
  "commitment",
  "reconfirm",
  "valuation",
  // the exchange (ADR 053): an order of one's own filled, expired, or was cancelled by a halt or an exit
  "market",
  // the account's own security (ADR 054): a sign-in from a new device or network, a password, email or second-factor change
  "security",
  // a Discussion post of one's own hidden by a moderator, with the note (and a posting suspension) (ADR 055)
  "moderation",
  // a raise one reserved in opened (ADR 055): confirm the reservation before it lapses
  "reservation",
  // the Discussion (ADR 055): a reply to one's post, a post naming the founder; in the bell always, mail by `replies`
  "reply",
  "mention",
  // a funded company's founder who has posted no update for 90 days (ADR 055)
  "update_reminder",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * One notification for one user. `event_key` names the event that caused it (`update:<id>`,
 * `goal:<projectId>` …); the unique index on (user_id, event_key) makes a repeated fan-out a no-op,
 * so nobody is told twice about the same event.
 */
export const notifications = sqliteTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    eventKey: text("event_key").notNull(),
    projectId: text("project_id").references(() => projects.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    link: text("link").notNull(),
    createdAt: integer("created_at").notNull().default(now),
    readAt: integer("read_at"),
  },
  (t) => [
    // Event first: the same uniqueness (ON CONFLICT names the columns in any order), and it also
    // finds one event's notifications for all users (deleting an update's) without a scan.
    uniqueIndex("notifications_event_unique").on(t.eventKey, t.userId),
    index("notifications_user_idx").on(t.userId, t.createdAt, t.id),
    index("notifications_unread_idx").on(t.userId, t.readAt),
  ],
);

/** Which events a user wants to hear about; no row means every kind is on (the default). */
export const notificationPreferences = sqliteTable(
  "notification_preferences",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    updates: integer("updates", { mode: "boolean" }).notNull().default(true),
    answers: integer("answers", { mode: "boolean" }).notNull().default(true),
    questions: integer("questions", { mode: "boolean" }).notNull().default(true),
    investments: integer("investments", { mode: "boolean" }).notNull().default(true),
    goals: integer("goals", { mode: "boolean" }).notNull().default(true),
    closing: integer("closing", { mode: "boolean" }).notNull().default(true),
    /** Replies to one's posts and mentions in a Discussion, also by mail (ADR 055); in the bell always. */
    replies: integer("replies", { mode: "boolean" }).notNull().default(true),
    /** The exchange's notices (an order filled, expired, cancelled by a halt) also by mail; in the bell always. */
    marketMails: integer("market_mails", { mode: "boolean" }).notNull().default(true),
    /** A mail of unread notifications (the digest, ADR 045): `off` (the default), `daily` or `weekly`. TypeScript only: no CHECK in SQL. */
    digest: text("digest", { enum: ["off", "daily", "weekly"] })
      .notNull()
      .default("off"),
    /** The last period a digest was sent or skipped for (`2026-11-28` daily, `2026-W48` weekly): at most one mail per period. */
    digestPeriod: text("digest_period"),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [
    // The digest job's read: who wants one and has not had this period's yet.
    index("notification_preferences_digest_idx").on(t.digest, t.digestPeriod),
  ],
);
