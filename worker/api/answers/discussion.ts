/**
 * The Discussion's answers for the API document (ADR 042, ADR 055), with their examples: the
 * shapes are worker/services/conversation/discussion.ts `DiscussionPostDTO`, `DiscussionThreadDTO`
 * and `DiscussionPage`.
 */
import * as v from "valibot";

import { DISCUSSION_LIMITS, DISCUSSION_ORDERS } from "../../../domain/conversation/discussion-rules";
import { EXAMPLE_PROJECT } from "./projects";

const int = v.pipe(v.number(), v.integer());
const count = v.pipe(int, v.minValue(0));
const instant = v.pipe(v.string(), v.isoTimestamp());

const post = {
  id: v.string(),
  projectId: v.string(),
  threadId: v.pipe(v.string(), v.description("The thread's root post (its own id for a thread).")),
  parentId: v.pipe(v.nullable(v.string()), v.description("The post replied to; null for a thread.")),
  depth: v.pipe(int, v.minValue(0), v.maxValue(DISCUSSION_LIMITS.maxDepth)),
  authorName: v.pipe(v.string(), v.description('First name and last initial ("Deleted account" once erased).')),
  byFounder: v.pipe(v.boolean(), v.description("Written by the project's founder.")),
  byAdmin: v.pipe(
    v.boolean(),
    v.description("Written by a CampusFund admin, not for the founder (a post is marked one way at most)."),
  ),
  body: v.string(),
  voteCount: count,
  replyCount: v.pipe(count, v.description("A thread's replies, all levels; 0 for a reply.")),
  pinned: v.boolean(),
  hidden: v.pipe(
    v.boolean(),
    v.description("Hidden by a moderator: listed to its author, the founder and admins only."),
  ),
  createdAt: instant,
  lastActivityAt: instant,
  voted: v.pipe(v.boolean(), v.description("True when the caller upvoted it.")),
  mine: v.pipe(v.boolean(), v.description("True when the caller wrote it.")),
};

export const DiscussionPostAnswer = v.object(post);
export const DiscussionThreadAnswer = v.object({
  ...post,
  replies: v.pipe(
    v.array(DiscussionPostAnswer),
    v.description(
      `The first replies in order: ${DISCUSSION_LIMITS.repliesShown} in a page of threads, up to ${DISCUSSION_LIMITS.repliesPerThreadPage} in a thread's own read.`,
    ),
  ),
});
export const DiscussionPageAnswer = v.object({
  order: v.picklist(DISCUSSION_ORDERS.map((o) => o.id)),
  threads: v.array(DiscussionThreadAnswer),
  total: v.pipe(count, v.description("How many threads the caller may see, every page.")),
  page: v.pipe(int, v.minValue(1)),
  pageCount: v.pipe(int, v.minValue(1)),
  pageSize: v.pipe(int, v.minValue(1)),
});
export const VoteAnswer = v.object({ voted: v.boolean(), voteCount: count });
export const PinAnswer = v.object({ pinned: v.boolean() });

/** The body of a thread or a reply. */
export const PostBody = v.object({
  body: v.pipe(
    v.string(),
    v.minLength(1),
    v.maxLength(DISCUSSION_LIMITS.body),
    v.description("1 to 5,000 characters."),
  ),
});

export const DiscussionQuery = v.object({
  order: v.pipe(
    v.optional(v.picklist(DISCUSSION_ORDERS.map((o) => o.id))),
    v.description("top (the default) or newest."),
  ),
  page: v.pipe(v.optional(v.string()), v.description("The page, a whole number (default 1).")),
});

const THREAD_ID = "a3c5e7f9-2b4d-4c6e-8f0a-1b3d5f7a9c2e";
const REPLY_ID = "b4d6f8a0-3c5e-4d7f-9a1b-2c4e6a8b0d3f";

const EXAMPLE_THREAD = {
  id: THREAD_ID,
  projectId: EXAMPLE_PROJECT.id,
  threadId: THREAD_ID,
  parentId: null,
  depth: 0,
  authorName: "Ada L.",
  byFounder: false,
  byAdmin: false,
  body: "How will you keep the noise data accurate overnight?",
  voteCount: 4,
  replyCount: 1,
  pinned: false,
  hidden: false,
  createdAt: "2026-11-21T14:02:11.000Z",
  lastActivityAt: "2026-11-21T16:40:00.000Z",
  voted: true,
  mine: false,
};
const EXAMPLE_REPLY = {
  ...EXAMPLE_THREAD,
  id: REPLY_ID,
  parentId: THREAD_ID,
  depth: 1,
  authorName: "Maya C.",
  byFounder: true,
  body: "Each reading expires after 30 minutes, so a quiet room at 3 a.m. only shows when someone is there.",
  voteCount: 2,
  replyCount: 0,
  createdAt: "2026-11-21T16:40:00.000Z",
  lastActivityAt: "2026-11-21T16:40:00.000Z",
  voted: false,
};

export const DISCUSSION_EXAMPLES = {
  page: {
    order: "top" as const,
    threads: [{ ...EXAMPLE_THREAD, replies: [EXAMPLE_REPLY] }],
    total: 1,
    page: 1,
    pageCount: 1,
    pageSize: DISCUSSION_LIMITS.threadsPerPage,
  },
  thread: { ...EXAMPLE_THREAD, replies: [EXAMPLE_REPLY] },
  threadBody: { body: EXAMPLE_THREAD.body },
  newThread: {
    ...EXAMPLE_THREAD,
    voteCount: 0,
    replyCount: 0,
    voted: false,
    mine: true,
    lastActivityAt: EXAMPLE_THREAD.createdAt,
  },
  replyBody: { body: EXAMPLE_REPLY.body },
  reply: { ...EXAMPLE_REPLY, voteCount: 0, mine: true },
  voted: { voted: true, voteCount: 5 },
  unvoted: { voted: false, voteCount: 4 },
  pinned: { pinned: true },
  unpinned: { pinned: false },
} as const;
