/**
 * A project's Discussion (ADR 055): threads of posts with nested replies, one vote per person per
 * post, the founder's pin, and reports for the admin's queue. It replaced questions and answers:
 * every question became a thread (same id) and its answer the founder's reply (migrations/0037).
 * Part of the one schema (db/schema.ts re-exports every table; conventions there).
 */
import { sql } from "drizzle-orm";
import {
  type AnySQLiteColumn,
  check,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";

import { now } from "./schema-columns";
import { users } from "./schema-accounts";
import { projects } from "./schema-projects";

/**
 * One post. A thread is its root (`parent_id` null, `depth` 0, `thread_id` its own id); a reply
 * names its parent and its thread and sits one level deeper, at most `depth` 2 (a reply to a
 * second-level reply stays at level 2, under the same parent). Kept figures: `vote_count` (the
 * votes of discussion_votes), `reply_count` (a root's replies, all levels), `last_activity_at`
 * (a root's newest reply or itself). `by_founder`: written by the project's founder (marked).
 */
export const discussionPosts = sqliteTable(
  "discussion_posts",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    threadId: text("thread_id").notNull(),
    parentId: text("parent_id").references((): AnySQLiteColumn => discussionPosts.id, { onDelete: "cascade" }),
    depth: integer("depth").notNull().default(0),
    authorId: text("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    byFounder: integer("by_founder", { mode: "boolean" }).notNull().default(false),
    /** The founder's pin (one thread per project): only roots. */
    pinnedAt: integer("pinned_at"),
    voteCount: integer("vote_count").notNull().default(0),
    replyCount: integer("reply_count").notNull().default(0),
    /** Hidden by an admin from a report (or by the founder): shown to nobody but its author's view of "hidden", the founder and admins. */
    hiddenAt: integer("hidden_at"),
    hiddenNote: text("hidden_note"),
    hiddenBy: text("hidden_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at").notNull().default(now),
    editedAt: integer("edited_at"),
    lastActivityAt: integer("last_activity_at").notNull().default(now),
  },
  (t) => [
    // A project's threads, top first (votes, then newest) and newest first: a page walks an index in order.
    index("discussion_threads_top_idx").on(t.projectId, t.depth, t.voteCount, t.createdAt, t.id),
    index("discussion_threads_new_idx").on(t.projectId, t.depth, t.createdAt, t.id),
    // A thread's replies in order (the page reads the replies of its threads only).
    index("discussion_thread_idx").on(t.threadId, t.createdAt, t.id),
    index("discussion_parent_idx").on(t.parentId),
    // One author's posts, oldest first (Download my data; the posting limits).
    index("discussion_author_idx").on(t.authorId, t.createdAt, t.id),
    // The pinned thread of a project.
    index("discussion_pinned_idx").on(t.projectId, t.pinnedAt),
    // The admins' "Recently hidden" list, newest first: hidden posts only (few), so a partial index.
    index("discussion_hidden_idx")
      .on(t.hiddenAt)
      .where(sql`${t.hiddenAt} is not null`),
    check("discussion_posts_body_length", sql`length(${t.body}) between 1 and 5000`),
    check("discussion_posts_depth_range", sql`${t.depth} between 0 and 2`),
    check("discussion_posts_counts_nonneg", sql`${t.voteCount} >= 0 and ${t.replyCount} >= 0`),
  ],
);

/** One person's upvote of one post: voting twice is one row; undoing deletes it. */
export const discussionVotes = sqliteTable(
  "discussion_votes",
  {
    postId: text("post_id")
      .notNull()
      .references(() => discussionPosts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index("discussion_votes_user_idx").on(t.userId, t.createdAt)],
);

export const REPORT_REASONS = ["spam", "abuse", "misleading", "off_topic", "other"] as const;
export const REPORT_RESOLUTIONS = ["hidden", "dismissed"] as const;

/** A report of a post, for the admin's queue; one per person per post. */
export const discussionReports = sqliteTable(
  "discussion_reports",
  {
    id: text("id").primaryKey(),
    postId: text("post_id")
      .notNull()
      .references(() => discussionPosts.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: REPORT_REASONS }).notNull(),
    detail: text("detail"),
    createdAt: integer("created_at").notNull().default(now),
    resolvedAt: integer("resolved_at"),
    resolution: text("resolution", { enum: REPORT_RESOLUTIONS }),
    resolvedBy: text("resolved_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("discussion_reports_unique").on(t.postId, t.reporterId),
    // The admin's queue: open reports, oldest first.
    index("discussion_reports_queue_idx").on(t.resolvedAt, t.createdAt, t.id),
    index("discussion_reports_reporter_idx").on(t.reporterId, t.createdAt),
    check("discussion_reports_detail_length", sql`${t.detail} is null or length(${t.detail}) <= 500`),
  ],
);
