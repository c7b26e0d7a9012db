/**
 * The answers of the conversation's API (worker/api/conversation.ts): following, founder updates,
 * notifications and the watchlist, with their examples (ADR 042). The shapes are the
 * services' DTOs (domain/conversation/conversation.ts, worker/services/conversation/notifications.ts, follows.ts).
 */
import * as v from "valibot";

import { NOTIFICATION_TEXT } from "../../../domain/conversation/notification-text";
import { DEFAULT_PREFERENCES, DIGEST_CHOICES } from "../../../domain/conversation/notification-preferences";
import { NOTIFICATION_KINDS } from "../../../db/schema-conversation";
import { LIST_PAGE_SIZE } from "../../services/shared/list-page";
import { NOTIFICATIONS_PAGE } from "../../services/conversation/notifications";
import { ok } from "./common";
import { EXAMPLE_PROJECT, ProjectAnswer } from "./projects";

const int = v.pipe(v.number(), v.integer());
const count = v.pipe(int, v.minValue(0));
const instant = v.pipe(v.string(), v.isoTimestamp());

/** The paging fields every list answers beside its items (worker/services/shared/list-page.ts `PageInfo`). */
const pageInfo = {
  total: v.pipe(count, v.description("How many items the caller may see, every page.")),
  page: v.pipe(int, v.minValue(1), v.description("This page's number.")),
  pageCount: v.pipe(int, v.minValue(1), v.description("How many pages there are (1 when the list is empty).")),
  pageSize: v.pipe(int, v.minValue(1), v.description("Items a page.")),
};

// ---- following ----

/** worker/services/conversation/follows.ts `FollowState`. */
export const FollowAnswer = v.object({
  projectId: v.string(),
  slug: v.string(),
  title: v.string(),
  following: v.boolean(),
  followers: count,
});

export const WatchlistAnswer = v.object({
  projects: v.array(
    v.object({ ...ProjectAnswer.entries, followedAt: v.pipe(instant, v.description("When the caller followed it.")) }),
  ),
  ...pageInfo,
});

// ---- updates ----

/** domain/conversation/conversation.ts `UpdateDTO`: an investors-only update the caller may not read has no title or body. */
export const UpdateAnswer = v.object({
  id: v.string(),
  projectId: v.string(),
  investorsOnly: v.boolean(),
  hidden: v.pipe(v.boolean(), v.description("Hidden by an admin: listed only to the project's founder and admins.")),
  readable: v.pipe(
    v.boolean(),
    v.description("False for an investors-only update the caller may not read: `title` and `body` are then null."),
  ),
  title: v.nullable(v.string()),
  body: v.nullable(v.string()),
  createdAt: instant,
  updatedAt: instant,
  edited: v.boolean(),
});

export const UpdatesPageAnswer = v.object({ updates: v.array(UpdateAnswer), ...pageInfo });

export const DeletedAnswer = v.object({ success: ok });

// ---- notifications ----

/** worker/services/conversation/notifications.ts `NotificationDTO`. */
export const NotificationAnswer = v.object({
  id: v.string(),
  kind: v.picklist(NOTIFICATION_KINDS),
  text: v.string(),
  link: v.pipe(v.string(), v.description("Where it points: a path on this site.")),
  projectId: v.nullable(v.string()),
  createdAt: instant,
  read: v.boolean(),
});

export const NotificationsPageAnswer = v.object({
  notifications: v.array(NotificationAnswer),
  unread: v.pipe(count, v.description("Unread notifications, every page.")),
  ...pageInfo,
});

export const UnreadAnswer = v.object({ unread: count });

const preference = v.boolean();
export const PreferencesAnswer = v.object({
  updates: preference,
  answers: preference,
  questions: preference,
  investments: preference,
  goals: preference,
  closing: preference,
  marketMails: v.pipe(
    preference,
    v.description(
      "The exchange's notices (an order filled, expired or was cancelled) also by mail; always in the bell.",
    ),
  ),
  replies: v.pipe(
    preference,
    v.description(
      "Replies to the caller's posts and mentions of them in a Discussion also by mail; always in the bell.",
    ),
  ),
  digest: v.pipe(
    v.picklist(DIGEST_CHOICES),
    v.description("The email digest of unread notifications: off (the default), daily or weekly."),
  ),
});

/**
 * The body of `POST /notifications/read`, for the document (worker/services/conversation/notifications.ts
 * `markRead` holds the rule and its message): the ids to mark, or nothing for all of them.
 */
const notificationId = v.pipe(v.string(), v.maxLength(64));
export const MarkReadBody = v.object({
  ids: v.optional(
    v.pipe(
      v.union([v.pipe(v.array(notificationId), v.maxLength(NOTIFICATIONS_PAGE)), notificationId]),
      v.description(
        `At most ${NOTIFICATIONS_PAGE} notification ids (one id may come as a string); an empty list marks none, leaving ids out marks all.`,
      ),
    ),
  ),
});

// ---- examples ----

const PROJECT_ID = EXAMPLE_PROJECT.id;
const UPDATE_ID = "c2a4e6f8-1b3d-4f5a-9c7e-0d2b4f6a8c1e";
const POST_ID = "e7d5c3b1-a9f8-4e6d-8c4b-2a0f9e8d7c6b";

const EXAMPLE_UPDATE = {
  id: UPDATE_ID,
  projectId: PROJECT_ID,
  investorsOnly: false,
  hidden: false,
  readable: true,
  title: "We are live on three campuses",
  body: "Quietly now maps every library on three campuses. Thank you to everyone who tested the beta.",
  createdAt: "2026-11-20T09:30:00.000Z",
  updatedAt: "2026-11-20T09:30:00.000Z",
  edited: false,
};

const page = (total: number, pageSize: number) => ({
  total,
  page: 1,
  pageCount: Math.max(1, Math.ceil(total / pageSize)),
  pageSize,
});

export const EXAMPLES = {
  followed: { projectId: PROJECT_ID, slug: "quietly", title: "Quietly", following: true, followers: 42 },
  unfollowed: { projectId: PROJECT_ID, slug: "quietly", title: "Quietly", following: false, followers: 41 },
  watchlist: { projects: [{ ...EXAMPLE_PROJECT, followedAt: "2026-11-02T10:15:00.000Z" }], ...page(1, LIST_PAGE_SIZE) },
  updateBody: {
    title: "We are live on three campuses",
    body: "Quietly now maps every library on three campuses. Thank you to everyone who tested the beta.",
    investorsOnly: false,
  },
  update: EXAMPLE_UPDATE,
  editedUpdate: { ...EXAMPLE_UPDATE, updatedAt: "2026-11-20T11:05:42.000Z", edited: true },
  updates: {
    updates: [
      {
        ...EXAMPLE_UPDATE,
        id: "f1e2d3c4-b5a6-4978-8a6b-5c4d3e2f1a0b",
        investorsOnly: true,
        readable: false,
        title: null,
        body: null,
        createdAt: "2026-11-24T08:00:00.000Z",
        updatedAt: "2026-11-24T08:00:00.000Z",
      },
      EXAMPLE_UPDATE,
    ],
    ...page(2, LIST_PAGE_SIZE),
  },
  deleted: { success: true },
  notifications: {
    notifications: [
      {
        id: "8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b",
        kind: "reply",
        text: NOTIFICATION_TEXT.reply("Maya C.", "Quietly", "Each reading expires after 30 minutes."),
        link: `/project/quietly?tab=discussion#post-${POST_ID}`,
        projectId: PROJECT_ID,
        createdAt: "2026-11-21T16:40:00.000Z",
        read: false,
      },
      {
        id: "5b0d1c6e2f7a4b8c9d0e1f2a3b4c5d6e",
        kind: "update",
        text: NOTIFICATION_TEXT.update("Quietly", "We are live on three campuses"),
        link: `/project/quietly?tab=updates#update-${UPDATE_ID}`,
        projectId: PROJECT_ID,
        createdAt: "2026-11-20T09:30:00.000Z",
        read: true,
      },
    ],
    unread: 1,
    ...page(2, NOTIFICATIONS_PAGE),
  },
  markReadBody: { ids: ["5b0d1c6e2f7a4b8c9d0e1f2a3b4c5d6e"] },
  unread: { unread: 0 },
  preferences: { ...DEFAULT_PREFERENCES, closing: false, digest: "weekly" as const },
  preferencesBody: { closing: false, digest: "weekly" as const },
} as const;
