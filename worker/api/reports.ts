/**
 * A Discussion's moderation (ADR 055): reporting a post (mounted at /api/discussion) and the
 * admins' reports queue and acts (mounted at /api/admin). Thin doors onto
 * worker/services/conversation/reports.ts, the service the report page and /admin's forms call.
 */
import { Hono, type Context } from "hono";

import { DISCUSSION_LIMITS, POSTING_SUSPENSION } from "../../domain/conversation/discussion-rules";
import { HidePostBody, REPORT_QUEUE, ReportBody } from "../../domain/conversation/moderation";
import { mailerFor } from "../mail/mailer";
import { ADMIN_RATE_LIMIT } from "../services/operator/audit";
import {
  dismissReports,
  hidePost,
  liftPostingSuspension,
  listHiddenPosts,
  listReportQueue,
  reportPost,
  restorePost,
} from "../services/conversation/reports";
import type { HonoEnv } from "../types";
import {
  DismissedAnswer,
  HiddenAnswer,
  LiftedAnswer,
  MODERATION_EXAMPLES as EXAMPLES,
  ReportAnswer,
  ReportQueueAnswer,
  RestoredAnswer,
} from "./answers/moderation";
import { operation } from "./openapi";
import { readBody } from "./util";

const param = (c: Context<HonoEnv>, name: string): string => c.req.param(name) ?? "";
const POST = { id: "The post's id." };
const ADMINS_ONLY = "Admins only (403 for any other account).";
const RATE_LIMITED = `Each admin may take ${ADMIN_RATE_LIMIT.max} actions an hour (429 past it).`;
const DAYS = (ms: number) => Math.round(ms / 86_400_000);

/** Mounted at /api/discussion. */
export const discussionReportsApi = new Hono<HonoEnv>();

/** POST /api/discussion/posts/{id}/reports { reason, detail? } → 201 the report. */
discussionReportsApi.post(
  "/posts/:id/reports",
  operation({
    operationId: "reportPost",
    tag: "Conversation",
    summary: "Report a post",
    description:
      "Sends a post to CampusFund's moderators with a reason (`spam`, `abuse`, `misleading`, `off_topic`, or `other` " +
      `with \`detail\`, at most ${DISCUSSION_LIMITS.reportDetail} characters). One report per person per post (409 for a ` +
      "second); not one's own post (403); a hidden post is a 404. A person whose posting is suspended may still report. " +
      `At most ${DISCUSSION_LIMITS.reportsPerHour} reports an hour per person.`,
    access: "signed-in",
    params: POST,
    body: { schema: ReportBody, example: EXAMPLES.reportBody },
    ok: { 201: { description: "Reported", schema: ReportAnswer, example: EXAMPLES.report } },
    refusals: [400, 401, 403, 404, 409, 415, 429],
  }),
  async (c) => {
    const {
      message,
      slug: _slug,
      ...report
    } = await reportPost(c.get("db"), c.get("user"), param(c, "id"), await readBody(c));
    return c.json({ success: true as const, message, report }, 201);
  },
);

/** Mounted at /api/admin beside adminApi. */
export const reportsAdminApi = new Hono<HonoEnv>();

/** GET /api/admin/reports → { queue, hidden }: open reports by post, oldest first; the posts hidden lately. */
reportsAdminApi.get(
  "/reports",
  operation({
    operationId: "listReportQueue",
    tag: "Admin",
    summary: "Reported discussion posts",
    description:
      `Open reports grouped by post, the post reported longest ago first (at most ${REPORT_QUEUE.posts} posts, from the ` +
      `oldest ${REPORT_QUEUE.reports} open reports), each with its author, project, reasons and their counts; and the ` +
      `posts hidden most recently (at most ${REPORT_QUEUE.hiddenShown}). ${ADMINS_ONLY}`,
    access: "signed-in",
    ok: { 200: { description: "The queue", schema: ReportQueueAnswer, example: EXAMPLES.queue } },
    refusals: [401, 403],
  }),
  async (c) => {
    const [queue, hidden] = await Promise.all([
      listReportQueue(c.get("db"), c.get("user")),
      listHiddenPosts(c.get("db"), c.get("user")),
    ]);
    return c.json({ queue, hidden });
  },
);

/** POST /api/admin/reports/{postId}/hide { note } → the hide (its reports resolved, its author told). */
reportsAdminApi.post(
  "/reports/:id/hide",
  operation({
    operationId: "hidePost",
    tag: "Admin",
    summary: "Hide a discussion post with a note",
    description:
      `With a note for its author (required, at most ${DISCUSSION_LIMITS.hideNote} characters): the post is hidden, ` +
      "every open report of it resolved as hidden, and its author told by bell and mail with the note. An author with " +
      `${POSTING_SUSPENSION.hiddenPosts} posts hidden within ${DAYS(POSTING_SUSPENSION.windowMs)} days (this one counted) ` +
      `may not post for ${DAYS(POSTING_SUSPENSION.suspensionMs)} days, and is told so. 409 when it is already hidden. ` +
      `${ADMINS_ONLY} ${RATE_LIMITED}`,
    access: "signed-in",
    params: POST,
    body: { schema: HidePostBody, example: EXAMPLES.hideBody },
    ok: { 200: { description: "Hidden", schema: HiddenAnswer, example: EXAMPLES.hidden } },
    refusals: [400, 401, 403, 404, 409, 415, 429],
  }),
  async (c) =>
    c.json({
      success: true as const,
      ...(await hidePost(
        c.get("db"),
        c.get("user"),
        param(c, "id"),
        await readBody(c),
        mailerFor(c.env, c.executionCtx, c.get("db")),
      )),
    }),
);

/** POST /api/admin/reports/{postId}/dismiss → the post's open reports dismissed; the post stays. */
reportsAdminApi.post(
  "/reports/:id/dismiss",
  operation({
    operationId: "dismissReports",
    tag: "Admin",
    summary: "Dismiss a post's reports",
    description: `Every open report of the post is resolved as dismissed; the post stays. 409 when it has none. ${ADMINS_ONLY} ${RATE_LIMITED}`,
    access: "signed-in",
    params: POST,
    ok: { 200: { description: "Dismissed", schema: DismissedAnswer, example: EXAMPLES.dismissed } },
    refusals: [401, 403, 404, 409, 429],
  }),
  async (c) =>
    c.json({ success: true as const, ...(await dismissReports(c.get("db"), c.get("user"), param(c, "id"))) }),
);

/** POST /api/admin/discussion/posts/{id}/restore → the post, visible again. */
reportsAdminApi.post(
  "/discussion/posts/:id/restore",
  operation({
    operationId: "restorePost",
    tag: "Admin",
    summary: "Restore a hidden discussion post",
    description: `The post is visible again (a thread counts among its project's threads again). 409 when it is not hidden. ${ADMINS_ONLY} ${RATE_LIMITED}`,
    access: "signed-in",
    params: POST,
    ok: { 200: { description: "Restored", schema: RestoredAnswer, example: EXAMPLES.restored } },
    refusals: [401, 403, 404, 409, 429],
  }),
  async (c) => c.json({ success: true as const, ...(await restorePost(c.get("db"), c.get("user"), param(c, "id"))) }),
);

/** DELETE /api/admin/users/{id}/posting-suspension → the person may post again. */
reportsAdminApi.delete(
  "/users/:id/posting-suspension",
  operation({
    operationId: "liftPostingSuspension",
    tag: "Admin",
    summary: "Lift a posting suspension",
    description: `The person may post in discussions again at once. 409 when their posting is not suspended. ${ADMINS_ONLY} ${RATE_LIMITED}`,
    access: "signed-in",
    params: { id: "The account's id." },
    ok: { 200: { description: "Lifted", schema: LiftedAnswer, example: EXAMPLES.lifted } },
    refusals: [401, 403, 404, 409, 429],
  }),
  async (c) =>
    c.json({ success: true as const, ...(await liftPostingSuspension(c.get("db"), c.get("user"), param(c, "id"))) }),
);
