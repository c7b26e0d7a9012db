/**
 * A project's Discussion (ADR 055): its limits, orders and messages, in a module without valibot
 * (components import these; the form schemas build on them). Shared by the posting side
 * (worker/services/conversation/discussion.ts) and moderation (worker/services/conversation/reports.ts).
 */
import { DAY_MS, HOUR_MS } from "../shared/dates";

/**
 * Per person per hour, reserved in the write's own batch (worker/services/shared/rate-limit.ts
 * `reserveAndRun`), so requests sent at once cannot pass them: new threads, replies, votes (an undo
 * counts too), reports. A post is 1 to 5,000 characters; replies nest two levels below a thread.
 */
export const DISCUSSION_LIMITS = {
  body: 5_000,
  threadsPerHour: 5,
  repliesPerHour: 30,
  votesPerHour: 120,
  reportsPerHour: 10,
  reportDetail: 500,
  hideNote: 500,
  maxDepth: 2,
  threadsPerPage: 20,
  /** Replies shown under a thread on the project page; the thread's own page shows up to `repliesPerThreadPage`. */
  repliesShown: 5,
  repliesPerThreadPage: 200,
} as const;

/**
 * Repeated abuse: an author with `hiddenPosts` posts hidden by an admin within `windowMs` may not
 * post for `suspensionMs` (users.posting_suspended_until), set in the hide's batch.
 */
export const POSTING_SUSPENSION = { hiddenPosts: 3, windowMs: 30 * DAY_MS, suspensionMs: 14 * DAY_MS } as const;

export const DISCUSSION_ORDERS = [
  { id: "top", label: "Top" },
  { id: "newest", label: "Newest" },
] as const;
export type DiscussionOrder = (typeof DISCUSSION_ORDERS)[number]["id"];

export const REPORT_REASON_LABELS = {
  spam: "Spam or advertising",
  abuse: "Harassment or abuse",
  misleading: "Misleading or false",
  off_topic: "Off topic",
  other: "Something else",
} as const;
export type ReportReason = keyof typeof REPORT_REASON_LABELS;

/** The suspension's end in words people read ("December 17, 2026"). */
function untilText(until: number): string {
  return new Date(until).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}

export const DISCUSSION_MESSAGES = {
  bodyRequired: "Please write your post",
  bodyTooLong: `A post must be at most ${DISCUSSION_LIMITS.body.toLocaleString("en-US")} characters`,
  notFound: "Post not found",
  draft: "The discussion opens once the project is published",
  tooManyThreads: `You can start at most ${DISCUSSION_LIMITS.threadsPerHour} threads an hour. Please try again later.`,
  tooManyReplies: `You can post at most ${DISCUSSION_LIMITS.repliesPerHour} replies an hour. Please try again later.`,
  tooManyVotes: `You can vote at most ${DISCUSSION_LIMITS.votesPerHour} times an hour. Please try again later.`,
  tooManyReports: `You can report at most ${DISCUSSION_LIMITS.reportsPerHour} posts an hour. Please try again later.`,
  onlyFounderPins: "Only this project's founder can pin a thread",
  onlyThreadsPin: "Only a thread (not a reply) can be pinned",
  suspended: (until: number) =>
    `You cannot post in discussions until ${untilText(until)}: several of your posts were hidden after reports.`,
  hiddenByModerator: "Hidden by a CampusFund moderator",
  posted: "Your post was published",
  replied: "Your reply was published",
  reported: "Thanks: your report was sent to CampusFund's moderators",
  reasonRequired: "Please choose a reason",
  detailRequired: "Please say what is wrong with this post",
  detailTooLong: `Please keep the details to at most ${DISCUSSION_LIMITS.reportDetail} characters`,
  noteRequired: "Please write a note for the author",
  noteTooLong: `The note must be at most ${DISCUSSION_LIMITS.hideNote} characters`,
  alreadyReported: "You have already reported this post",
  ownPost: "You cannot report your own post",
} as const;

/** Whether posting is suspended at `now` (users.posting_suspended_until). */
export function postingSuspended(until: number | null | undefined, now: number): until is number {
  return typeof until === "number" && until > now;
}

export { HOUR_MS };
