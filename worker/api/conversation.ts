/**
 * The conversation's API (ADR 022): following, founder updates and
 * notifications (the Discussion: discussion.ts). Each route is a thin door onto its service, which holds every rule; errors are
 * the services' messages (thrown, answered once by `apiErrorResponse`).
 */
import { Hono, type Context } from "hono";

import { FOLLOW_RATE_LIMIT, listWatchlist, setFollowing } from "../services/conversation/follows";
import {
  getPreferences,
  listNotifications,
  markRead,
  NOTIFICATIONS_PAGE,
  savePreferences,
} from "../services/conversation/notifications";
import { deleteUpdate, editUpdate, listUpdates, postUpdate } from "../services/conversation/updates";
import { requireSignedIn } from "../services/shared/access";
import { apiPageParam, LIST_PAGE_SIZE } from "../services/shared/list-page";
import type { HonoEnv } from "../types";
import { PageQuery } from "./answers/common";
import { NotificationPreferencesBody } from "../../domain/conversation/notification-preferences";
import { UPDATE_LIMITS, updateFormSchema } from "../../domain/conversation/update-form";
import {
  DeletedAnswer,
  EXAMPLES,
  FollowAnswer,
  MarkReadBody,
  NotificationsPageAnswer,
  PreferencesAnswer,
  UnreadAnswer,
  UpdateAnswer,
  UpdatesPageAnswer,
  WatchlistAnswer,
} from "./answers/conversation";
import { operation } from "./openapi";
import { readBody } from "./util";

/** The path parameters, as the document describes them. */
const PROJECT = { id: "The project's id or slug." };
const UPDATE = { ...PROJECT, updateId: "The update's id." };

const param = (c: Context<HonoEnv>, name: string): string => c.req.param(name) ?? "";

type Handler = (c: Context<HonoEnv>, body: Record<string, unknown>) => Promise<Response>;

/** Reads the body (when `withBody`) and runs `fn`; a refusal is thrown and answered by `apiErrorResponse`. */
const door =
  (fn: Handler, withBody = true) =>
  async (c: Context<HonoEnv>) => {
    const body = withBody ? await readBody(c) : {};
    return fn(c, body);
  };

/** Mounted at /api/projects beside projectsApi. */
export const projectConversationApi = new Hono<HonoEnv>();

/** POST /api/projects/{id}/follow → { following: true, followers } (following twice is one follow). */
projectConversationApi.post(
  "/:id/follow",
  operation({
    operationId: "followProject",
    tag: "Conversation",
    summary: "Follow a project",
    description:
      "Adds a published project to the caller's watchlist; following twice is one follow (and is not counted " +
      `against the limit of ${FOLLOW_RATE_LIMIT.max} follow changes an hour).`,
    access: "signed-in",
    params: PROJECT,
    ok: { 200: { description: "Followed, with the follower count", schema: FollowAnswer, example: EXAMPLES.followed } },
    refusals: [401, 404, 429],
  }),
  door(async (c) => c.json(await setFollowing(c.get("db"), c.get("user"), param(c, "id"), true)), false),
);
/** DELETE /api/projects/{id}/follow → { following: false, followers }. */
projectConversationApi.delete(
  "/:id/follow",
  operation({
    operationId: "unfollowProject",
    tag: "Conversation",
    summary: "Stop following a project",
    description: "Unfollowing a project the caller does not follow changes nothing.",
    access: "signed-in",
    params: PROJECT,
    ok: {
      200: { description: "Not followed, with the follower count", schema: FollowAnswer, example: EXAMPLES.unfollowed },
    },
    refusals: [401, 404, 429],
  }),
  door(async (c) => c.json(await setFollowing(c.get("db"), c.get("user"), param(c, "id"), false)), false),
);

/**
 * GET /api/projects/{id}/updates?page= → { updates, total, page, pageCount, pageSize }: a page (20),
 * newest first (investors-only ones without title and body for others).
 */
projectConversationApi.get(
  "/:id/updates",
  operation({
    operationId: "listProjectUpdates",
    tag: "Conversation",
    summary: "A project's updates",
    description:
      `A page of ${LIST_PAGE_SIZE}, newest first. An investors-only update is listed to everyone, but only its project's ` +
      "investors, founder and admins read its title and body (`readable`). Hidden updates are listed to the " +
      "founder and admins only.",
    access: "optional",
    params: PROJECT,
    query: PageQuery,
    ok: { 200: { description: "A page of updates", schema: UpdatesPageAnswer, example: EXAMPLES.updates } },
    refusals: [400, 404],
  }),
  door(
    async (c) =>
      c.json(await listUpdates(c.get("db"), c.get("user"), param(c, "id"), apiPageParam(c.req.query("page")))),
    false,
  ),
);
/** POST /api/projects/{id}/updates { title, body, investorsOnly } → 201 the update (its founder or an admin). */
projectConversationApi.post(
  "/:id/updates",
  operation({
    operationId: "postProjectUpdate",
    tag: "Conversation",
    summary: "Post an update",
    description:
      "The project's founder (or an admin) posts an update; its investors (and, for a public update, its " +
      `followers) are notified. A project posts at most ${UPDATE_LIMITS.perDay} updates a day.`,
    access: "signed-in",
    params: PROJECT,
    body: { schema: updateFormSchema, example: EXAMPLES.updateBody },
    ok: { 201: { description: "Posted", schema: UpdateAnswer, example: EXAMPLES.update } },
    refusals: [400, 401, 403, 404, 415, 429],
  }),
  door(async (c, body) => c.json(await postUpdate(c.get("db"), c.get("user"), param(c, "id"), body), 201)),
);
/** PUT /api/projects/{id}/updates/{updateId} { title, body, investorsOnly } → the update. */
projectConversationApi.put(
  "/:id/updates/:updateId",
  operation({
    operationId: "editProjectUpdate",
    tag: "Conversation",
    summary: "Edit an update",
    description: "Replaces the title, body and audience; nobody is notified again.",
    access: "signed-in",
    params: UPDATE,
    body: { schema: updateFormSchema, example: EXAMPLES.updateBody },
    ok: { 200: { description: "Saved", schema: UpdateAnswer, example: EXAMPLES.editedUpdate } },
    refusals: [400, 401, 403, 404, 415],
  }),
  door(async (c, body) =>
    c.json(await editUpdate(c.get("db"), c.get("user"), param(c, "id"), param(c, "updateId"), body)),
  ),
);
/** DELETE /api/projects/{id}/updates/{updateId} → { success: true }. */
projectConversationApi.delete(
  "/:id/updates/:updateId",
  operation({
    operationId: "deleteProjectUpdate",
    tag: "Conversation",
    summary: "Delete an update",
    description: "Deletes the update and the notifications that pointed at it.",
    access: "signed-in",
    params: UPDATE,
    ok: { 200: { description: "Deleted", schema: DeletedAnswer, example: EXAMPLES.deleted } },
    refusals: [401, 403, 404],
  }),
  door(async (c) => {
    await deleteUpdate(c.get("db"), c.get("user"), param(c, "id"), param(c, "updateId"));
    return c.json({ success: true });
  }, false),
);

/** Mounted at /api/notifications. */
export const notificationsApi = new Hono<HonoEnv>();
/**
 * GET /api/notifications?page= → { notifications, unread, total, page, pageCount, pageSize }: a
 * page (50) of the caller's notifications, newest first.
 */
notificationsApi.get(
  "/",
  operation({
    operationId: "listNotifications",
    tag: "Conversation",
    summary: "The caller's notifications",
    description: `A page of ${NOTIFICATIONS_PAGE}, newest first, with the unread count.`,
    access: "signed-in",
    query: PageQuery,
    ok: {
      200: { description: "A page of notifications", schema: NotificationsPageAnswer, example: EXAMPLES.notifications },
    },
    refusals: [400, 401],
  }),
  door(async (c) => {
    const user = c.get("user");
    requireSignedIn(user);
    return c.json(await listNotifications(c.get("db"), user, apiPageParam(c.req.query("page"))));
  }, false),
);
/** POST /api/notifications/read { ids } → { unread } (a body without `ids` marks all; `ids: []` marks none). */
notificationsApi.post(
  "/read",
  operation({
    operationId: "markNotificationsRead",
    tag: "Conversation",
    summary: "Mark notifications read",
    description:
      "Marks the named notifications read (another user's ids match nothing; an empty list names none), " +
      "or all of them when `ids` is left out.",
    access: "signed-in",
    body: { schema: MarkReadBody, example: EXAMPLES.markReadBody, required: false },
    ok: { 200: { description: "How many are still unread", schema: UnreadAnswer, example: EXAMPLES.unread } },
    refusals: [400, 401, 415],
  }),
  door(async (c, body) => c.json(await markRead(c.get("db"), c.get("user"), body))),
);
/** GET /api/notifications/preferences → which events the caller hears of. */
notificationsApi.get(
  "/preferences",
  operation({
    operationId: "getNotificationPreferences",
    tag: "Conversation",
    summary: "Which notifications the caller gets",
    access: "signed-in",
    ok: { 200: { description: "The switches", schema: PreferencesAnswer, example: EXAMPLES.preferences } },
    refusals: [401],
  }),
  door(async (c) => c.json(await getPreferences(c.get("db"), c.get("user"))), false),
);
/** PUT /api/notifications/preferences { updates?, answers?, … } (booleans; what is left out is kept). */
notificationsApi.put(
  "/preferences",
  operation({
    operationId: "saveNotificationPreferences",
    tag: "Conversation",
    summary: "Change which notifications the caller gets",
    description: "Each switch sent is true or false; a switch left out is kept. Answers every switch.",
    access: "signed-in",
    body: { schema: NotificationPreferencesBody, example: EXAMPLES.preferencesBody },
    ok: { 200: { description: "Saved", schema: PreferencesAnswer, example: EXAMPLES.preferences } },
    refusals: [400, 401, 415],
  }),
  door(async (c, body) => c.json(await savePreferences(c.get("db"), c.get("user"), body, { partial: true }))),
);

/**
 * Mounted at /api/users/me/watchlist: GET ?page= → { projects, total, page, pageCount, pageSize }:
 * a page (20) of the projects the caller follows, most recently followed first.
 */
export const watchlistApi = new Hono<HonoEnv>();
watchlistApi.get(
  "/",
  operation({
    operationId: "listWatchlist",
    tag: "Conversation",
    summary: "The projects the caller follows",
    description: `A page of ${LIST_PAGE_SIZE} published projects, most recently followed first.`,
    access: "signed-in",
    query: PageQuery,
    ok: { 200: { description: "A page of followed projects", schema: WatchlistAnswer, example: EXAMPLES.watchlist } },
    refusals: [400, 401],
  }),
  door(async (c) => {
    const user = c.get("user");
    requireSignedIn(user);
    return c.json(await listWatchlist(c.get("db"), user, apiPageParam(c.req.query("page"))));
  }, false),
);
