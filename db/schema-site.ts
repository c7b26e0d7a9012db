/**
 * The public site and its operators: the supporters list, contact messages, the admin audit log
 * (ADR 030) and who is drawing a share image now (ADR 039).
 * Part of the one schema (db/schema.ts re-exports every table; conventions there).
 */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { ADMIN_ACTIONS, AUDIT_TARGETS } from "../domain/operator/admin";
import { now } from "./schema-columns";
import { projects } from "./schema-projects";

export const supporters = sqliteTable(
  "supporters",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message"),
    showPublicly: integer("show_publicly", { mode: "boolean" }).notNull().default(true),
    createdAt: integer("created_at").notNull().default(now),
  },
  // One row per supporter email, compared case-insensitively: a second sign-up updates the row.
  (t) => [
    uniqueIndex("supporters_email_lower_uq").on(sql`lower(${t.email})`),
    index("supporters_created_idx").on(t.createdAt),
    // The public list: the newest of those who chose to be shown, without walking the others.
    index("supporters_public_idx").on(t.showPublicly, t.createdAt),
  ],
);

export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject", { enum: ["general", "support", "business", "other"] }),
    message: text("message").notNull(),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [
    index("contact_messages_created_idx").on(t.createdAt),
    // An account's erasure (ADR 046) deletes the messages sent from its address.
    index("contact_messages_email_idx").on(sql`lower(trim(${t.email}))`),
  ],
);

/**
 * Every admin action, append-only (ADR 030): who, what, which record, the reason, when. Nothing
 * updates or deletes a row here; the admin's id stays even if their account goes.
 */
export const adminAudit = sqliteTable(
  "admin_audit",
  {
    id: text("id").primaryKey(),
    adminId: text("admin_id").notNull(),
    action: text("action", { enum: ADMIN_ACTIONS }).notNull(),
    targetType: text("target_type", { enum: AUDIT_TARGETS }).notNull(),
    targetId: text("target_id").notNull(),
    /**
     * The record's name when it was acted on (a project's, an update's title; a question's words):
     * null for a person, whose name is read from their account (so an erasure leaves none here).
     */
    targetName: text("target_name"),
    /** An edit's changed fields as JSON: `[{ field, before, after }]` (domain/operator/admin.ts AuditChange). */
    changes: text("changes"),
    reason: text("reason"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("admin_audit_created_idx").on(t.createdAt), index("admin_audit_target_idx").on(t.targetId)],
);

/**
 * A project's share image being drawn (ADR 039): one row per project, the fingerprint being
 * rendered and until when that claim holds. The one request (of any isolate) whose guarded upsert
 * claims it renders; the others wait for the stored copy. Kept small: one row per project, ever.
 */
export const shareImageRenders = sqliteTable("share_image_renders", {
  projectId: text("project_id")
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
  fingerprint: text("fingerprint").notNull(),
  claimedUntil: integer("claimed_until").notNull(),
});
