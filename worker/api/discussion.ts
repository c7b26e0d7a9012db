/**
 * A project's Discussion through the API (ADR 055): threads, replies, votes and the founder's pin.
 * Thin doors onto worker/services/conversation/discussion.ts, which holds every rule.
 */
import { Hono, type Context } from "hono";

import { DISCUSSION_LIMITS } from "../../domain/conversation/discussion-rules";
import {
  discussionOrderOf,
  listDiscussion,
  readThread,
  replyTo,
  setPinned,
  setVote,
  startThread,
} from "../services/conversation/discussion";
import { apiPageParam } from "../services/shared/list-page";
import type { HonoEnv } from "../types";
import {
  DISCUSSION_EXAMPLES as EXAMPLES,
  DiscussionPageAnswer,
  DiscussionPostAnswer,
  DiscussionQuery,
  DiscussionThreadAnswer,
  PinAnswer,
  PostBody,
  VoteAnswer,
} from "./answers/discussion";
import { operation } from "./openapi";
import { readBody } from "./util";

const PROJECT = { id: "The project's id or slug." };
const POST = { id: "The post's id." };
const THREAD = { id: "The thread's id (its root post's)." };

const param = (c: Context<HonoEnv>, name: string): string => c.req.param(name) ?? "";

/** Mounted at /api/projects beside projectsApi. */
export const projectDiscussionApi = new Hono<HonoEnv>();

/** GET /api/projects/{id}/discussion?order=&page= → a page of threads with their first replies. */
projectDiscussionApi.get(
  "/:id/discussion",
  operation({
    operationId: "listProjectDiscussion",
    tag: "Conversation",
    summary: "A project's Discussion",
    description:
      `A page of ${DISCUSSION_LIMITS.threadsPerPage} threads, each with its first ${DISCUSSION_LIMITS.repliesShown} replies. ` +
      "`top` (the default): the pinned thread first (on the first page), then by votes, then newest; `newest`: newest first. " +
      "Hidden posts are listed to their author, the project's founder and admins only.",
    access: "optional",
    params: PROJECT,
    query: DiscussionQuery,
    ok: { 200: { description: "A page of threads", schema: DiscussionPageAnswer, example: EXAMPLES.page } },
    refusals: [400, 404],
  }),
  async (c) =>
    c.json(
      await listDiscussion(
        c.get("db"),
        c.get("user"),
        param(c, "id"),
        discussionOrderOf(c.req.query("order"), true),
        apiPageParam(c.req.query("page")),
      ),
    ),
);

/** POST /api/projects/{id}/discussion { body } → 201 the new thread. */
projectDiscussionApi.post(
  "/:id/discussion",
  operation({
    operationId: "startDiscussionThread",
    tag: "Conversation",
    summary: "Start a thread",
    description:
      "Starts a thread on a published project (409 before it is published); its founder is notified. " +
      `At most ${DISCUSSION_LIMITS.threadsPerHour} threads an hour per person; refused (403) while posting is suspended.`,
    access: "signed-in",
    params: PROJECT,
    body: { schema: PostBody, example: EXAMPLES.threadBody },
    ok: { 201: { description: "Started", schema: DiscussionPostAnswer, example: EXAMPLES.newThread } },
    refusals: [400, 401, 403, 404, 409, 415, 429],
  }),
  async (c) => c.json(await startThread(c.get("db"), c.get("user"), param(c, "id"), await readBody(c)), 201),
);

/** Mounted at /api/discussion. */
export const discussionApi = new Hono<HonoEnv>();

/** GET /api/discussion/threads/{id} → the thread with its replies. */
discussionApi.get(
  "/threads/:id",
  operation({
    operationId: "readDiscussionThread",
    tag: "Conversation",
    summary: "A thread and its replies",
    description: `The thread with up to ${DISCUSSION_LIMITS.repliesPerThreadPage} replies in order (nested by \`parentId\`).`,
    access: "optional",
    params: THREAD,
    ok: { 200: { description: "The thread", schema: DiscussionThreadAnswer, example: EXAMPLES.thread } },
    refusals: [404],
  }),
  async (c) => c.json(await readThread(c.get("db"), c.get("user"), param(c, "id"))),
);

/** POST /api/discussion/posts/{id}/replies { body } → 201 the reply. */
discussionApi.post(
  "/posts/:id/replies",
  operation({
    operationId: "replyToDiscussionPost",
    tag: "Conversation",
    summary: "Reply to a post",
    description:
      `Replies to a thread or a reply, nesting at most ${DISCUSSION_LIMITS.maxDepth} levels (a reply to the deepest level sits beside it). ` +
      `The author replied to is notified. At most ${DISCUSSION_LIMITS.repliesPerHour} replies an hour per person.`,
    access: "signed-in",
    params: POST,
    body: { schema: PostBody, example: EXAMPLES.replyBody },
    ok: { 201: { description: "Replied", schema: DiscussionPostAnswer, example: EXAMPLES.reply } },
    refusals: [400, 401, 403, 404, 409, 415, 429],
  }),
  async (c) => c.json(await replyTo(c.get("db"), c.get("user"), param(c, "id"), await readBody(c)), 201),
);

const voteDescription = `One vote per person per post. At most ${DISCUSSION_LIMITS.votesPerHour} votes and undos an hour per person.`;

/** PUT /api/discussion/posts/{id}/vote → { voted: true, voteCount } (voting twice is one vote). */
discussionApi.put(
  "/posts/:id/vote",
  operation({
    operationId: "upvoteDiscussionPost",
    tag: "Conversation",
    summary: "Upvote a post",
    description: voteDescription,
    access: "signed-in",
    params: POST,
    ok: { 200: { description: "Voted", schema: VoteAnswer, example: EXAMPLES.voted } },
    refusals: [401, 404, 409, 429],
  }),
  async (c) => c.json(await setVote(c.get("db"), c.get("user"), param(c, "id"), true)),
);
/** DELETE /api/discussion/posts/{id}/vote → { voted: false, voteCount }. */
discussionApi.delete(
  "/posts/:id/vote",
  operation({
    operationId: "removeDiscussionVote",
    tag: "Conversation",
    summary: "Take back an upvote",
    description: voteDescription,
    access: "signed-in",
    params: POST,
    ok: { 200: { description: "Not voted", schema: VoteAnswer, example: EXAMPLES.unvoted } },
    refusals: [401, 404, 409, 429],
  }),
  async (c) => c.json(await setVote(c.get("db"), c.get("user"), param(c, "id"), false)),
);

/** PUT /api/discussion/threads/{id}/pin → { pinned: true } (the founder only; one per project). */
discussionApi.put(
  "/threads/:id/pin",
  operation({
    operationId: "pinDiscussionThread",
    tag: "Conversation",
    summary: "Pin a thread",
    description: "The project's founder pins one thread on top of the Discussion; pinning another unpins it.",
    access: "signed-in",
    params: THREAD,
    ok: { 200: { description: "Pinned", schema: PinAnswer, example: EXAMPLES.pinned } },
    refusals: [401, 403, 404, 409],
  }),
  async (c) => c.json(await setPinned(c.get("db"), c.get("user"), param(c, "id"), true)),
);
/** DELETE /api/discussion/threads/{id}/pin → { pinned: false }. */
discussionApi.delete(
  "/threads/:id/pin",
  operation({
    operationId: "unpinDiscussionThread",
    tag: "Conversation",
    summary: "Unpin a thread",
    description: "The project's founder takes the pin off a thread.",
    access: "signed-in",
    params: THREAD,
    ok: { 200: { description: "Unpinned", schema: PinAnswer, example: EXAMPLES.unpinned } },
    refusals: [401, 403, 404, 409],
  }),
  async (c) => c.json(await setPinned(c.get("db"), c.get("user"), param(c, "id"), false)),
);
