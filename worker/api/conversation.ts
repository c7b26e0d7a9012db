/**
 * The conversation's API (ADR 022): following, founder updates, questions and
 * notifications. Each route is a thin door onto its service, which holds every rule; errors are
 * the services' messages (thrown, answered once by `apiErrorResponse`).
 */
import { Hono, type Context } from "hono";

import { listWatchlist, setFollowing } from "../services/follows";
import { getPreferences, listNotifications, markRead, savePreferences } from "../services/notifications";
import { answerQuestion, askQuestion, listQuestions, setQuestionHidden } from "../services/questions";
import { deleteUpdate, editUpdate, listUpdates, postUpdate } from "../services/updates";
import { requireSignedIn } from "../services/access";
import { apiPageParam } from "../services/list-page";
import type { HonoEnv } from "../types";
import { readBody } from "./util";

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
  door(async (c) => c.json(await setFollowing(c.get("db"), c.get("user"), param(c, "id"), true)), false),
);
/** DELETE /api/projects/{id}/follow → { following: false, followers }. */
projectConversationApi.delete(
  "/:id/follow",
  door(async (c) => c.json(await setFollowing(c.get("db"), c.get("user"), param(c, "id"), false)), false),
);

/**
 * GET /api/projects/{id}/updates?page= → { updates, total, page, pageCount, pageSize }: a page (20),
 * newest first (investors-only ones without title and body for others).
 */
projectConversationApi.get(
  "/:id/updates",
  door(
    async (c) =>
      c.json(await listUpdates(c.get("db"), c.get("user"), param(c, "id"), apiPageParam(c.req.query("page")))),
    false,
  ),
);
/** POST /api/projects/{id}/updates { title, body, investorsOnly } → 201 the update (its founder or an admin). */
projectConversationApi.post(
  "/:id/updates",
  door(async (c, body) => c.json(await postUpdate(c.get("db"), c.get("user"), param(c, "id"), body), 201)),
);
/** PUT /api/projects/{id}/updates/{updateId} { title, body, investorsOnly } → the update. */
projectConversationApi.put(
  "/:id/updates/:updateId",
  door(async (c, body) =>
    c.json(await editUpdate(c.get("db"), c.get("user"), param(c, "id"), param(c, "updateId"), body)),
  ),
);
/** DELETE /api/projects/{id}/updates/{updateId} → { success: true }. */
projectConversationApi.delete(
  "/:id/updates/:updateId",
  door(async (c) => {
    await deleteUpdate(c.get("db"), c.get("user"), param(c, "id"), param(c, "updateId"));
    return c.json({ success: true });
  }, false),
);

/**
 * GET /api/projects/{id}/questions?page= → { questions, total, page, pageCount, pageSize }: a page
 * (20), newest first (hidden ones for the founder and admins only).
 */
projectConversationApi.get(
  "/:id/questions",
  door(
    async (c) =>
      c.json(await listQuestions(c.get("db"), c.get("user"), param(c, "id"), apiPageParam(c.req.query("page")))),
    false,
  ),
);
/** POST /api/projects/{id}/questions { question } → 201 the question (5 an hour per user). */
projectConversationApi.post(
  "/:id/questions",
  door(async (c, body) => c.json(await askQuestion(c.get("db"), c.get("user"), param(c, "id"), body), 201)),
);

/** Mounted at /api/questions. */
export const questionsApi = new Hono<HonoEnv>();
/** POST /api/questions/{id}/answer { answer } → the question with its answer (the project's founder or an admin). */
questionsApi.post(
  "/:id/answer",
  door(async (c, body) => c.json(await answerQuestion(c.get("db"), c.get("user"), param(c, "id"), body))),
);
/** POST /api/questions/{id}/hide { hidden?: boolean } → the question (hidden unless `hidden: false`). */
questionsApi.post(
  "/:id/hide",
  door(async (c, body) => c.json(await setQuestionHidden(c.get("db"), c.get("user"), param(c, "id"), body))),
);

/** Mounted at /api/notifications. */
export const notificationsApi = new Hono<HonoEnv>();
/**
 * GET /api/notifications?page= → { notifications, unread, total, page, pageCount, pageSize }: a
 * page (50) of the caller's notifications, newest first.
 */
notificationsApi.get(
  "/",
  door(async (c) => {
    const user = c.get("user");
    requireSignedIn(user);
    return c.json(await listNotifications(c.get("db"), user, apiPageParam(c.req.query("page"))));
  }, false),
);
/** POST /api/notifications/read { ids } → { unread } (an empty body marks all). */
notificationsApi.post(
  "/read",
  door(async (c, body) => c.json(await markRead(c.get("db"), c.get("user"), body))),
);
/** GET /api/notifications/preferences → which events the caller hears of. */
notificationsApi.get(
  "/preferences",
  door(async (c) => c.json(await getPreferences(c.get("db"), c.get("user"))), false),
);
/** PUT /api/notifications/preferences { updates?, answers?, … } (booleans; what is left out is kept). */
notificationsApi.put(
  "/preferences",
  door(async (c, body) => c.json(await savePreferences(c.get("db"), c.get("user"), body, { partial: true }))),
);

/**
 * Mounted at /api/users/me/watchlist: GET ?page= → { projects, total, page, pageCount, pageSize }:
 * a page (20) of the projects the caller follows, most recently followed first.
 */
export const watchlistApi = new Hono<HonoEnv>();
watchlistApi.get(
  "/",
  door(async (c) => {
    const user = c.get("user");
    requireSignedIn(user);
    return c.json(await listWatchlist(c.get("db"), user, apiPageParam(c.req.query("page"))));
  }, false),
);
