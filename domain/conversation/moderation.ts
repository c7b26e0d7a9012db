/**
 * Moderating a Discussion (ADR 055): reports of a post, the admins' queue, hiding a post with a
 * note for its author, restoring it, and the posting suspension that repeated hidden posts bring.
 * The rules' numbers and shared messages are domain/conversation/discussion-rules.ts; this module
 * holds moderation's own words, the shapes its pages and API share, and the API's bodies (ADR 042).
 * Pure: valibot only (the services parse by hand with these limits: worker/services/conversation/reports.ts).
 */
import * as v from "valibot";

import { DISCUSSION_LIMITS, DISCUSSION_MESSAGES, REPORT_REASON_LABELS, type ReportReason } from "./discussion-rules";
import { quoted } from "../shared/quote";

export { REPORT_REASON_LABELS, type ReportReason };

/** The reasons, in the form's order (db/schema-discussion.ts REPORT_REASONS: the same list). */
export const REPORT_REASONS = Object.keys(REPORT_REASON_LABELS) as [ReportReason, ...ReportReason[]];

/** The reports queue's bounds: posts shown, and the oldest open reports they are grouped from. */
export const REPORT_QUEUE = { posts: 50, reports: 500, hiddenShown: 20, detailsShown: 5 } as const;

export const MODERATION_MESSAGES = {
  alreadyHidden: "This post is already hidden",
  notHidden: "This post is not hidden",
  noOpenReports: "This post has no open reports",
  notSuspended: "This person's posting is not suspended",
  userNotFound: "User not found",
  hidden: "The post is hidden and its author was told, with your note",
  hiddenAndSuspended:
    "The post is hidden and its author was told, with your note. It was their third hidden post in 30 days: their posting is suspended for 14 days.",
  dismissed: "The reports were dismissed: the post stays",
  restored: "The post is visible again",
  lifted: "The posting suspension is lifted: they can post in discussions again",
} as const;

/** Where a post is read: its project's Discussion, at the post. */
export const postLink = (slug: string, postId: string) =>
  `/project/${encodeURIComponent(slug)}?tab=discussion#post-${encodeURIComponent(postId)}`;

/** Where the report form lives (the Discussion's "Report" link on each post). */
export const reportPageHref = (postId: string) => `/discussion/report/${encodeURIComponent(postId)}`;

/**
 * The author's notice of a hidden post: the project, the moderator's note in full (a CampusFund
 * admin's words, quoted but never cut: at most 500 characters), and the suspension when this hide
 * brought one (`suspendedText`: DISCUSSION_MESSAGES.suspended of its end).
 */
export function hiddenNoticeText(projectTitle: string, note: string, suspendedText: string | null): string {
  const flat = note
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[“”„‟"]/g, "'");
  const told = `A CampusFund moderator hid your post on ${quoted(projectTitle)}. Their note: “${flat}”`;
  return suspendedText ? `${told} ${suspendedText}` : told;
}

/** One post in the admins' queue: the post, who wrote it where, and its open reports by reason. */
export interface ReportQueueEntry {
  post: {
    id: string;
    body: string;
    createdAt: string;
    isThread: boolean;
    link: string;
  };
  author: { id: string; name: string; postingSuspendedUntil: string | null };
  project: { id: string; slug: string; title: string };
  /** Open reports of the post (of the oldest REPORT_QUEUE.reports open reports). */
  reports: number;
  /** Each reason given, with how many gave it, most first. */
  reasons: { reason: ReportReason; label: string; count: number }[];
  /** What reporters wrote, oldest first (at most REPORT_QUEUE.detailsShown). */
  details: string[];
  firstReportedAt: string;
}

/** A post an admin hid, for the console's "Recently hidden" list (with Restore). */
export interface HiddenPostDTO {
  id: string;
  body: string;
  note: string;
  hiddenAt: string;
  hiddenBy: string | null;
  author: { id: string; name: string };
  project: { slug: string; title: string };
  link: string;
}

/** A report as filed (the API's answer). */
export interface ReportDTO {
  id: string;
  postId: string;
  reason: ReportReason;
  detail: string | null;
  createdAt: string;
  message: string;
}

/** The API's bodies, for its document; the service reads them by hand with the same limits. */
export const ReportBody = v.object({
  reason: v.pipe(v.picklist(REPORT_REASONS), v.description(`One of ${REPORT_REASONS.join(", ")}`)),
  detail: v.optional(
    v.pipe(
      v.string(),
      v.maxLength(DISCUSSION_LIMITS.reportDetail),
      v.description(`What is wrong with the post; required with "other". ${DISCUSSION_MESSAGES.detailTooLong}.`),
    ),
  ),
});

export const HidePostBody = v.object({
  note: v.pipe(
    v.string(),
    v.minLength(1),
    v.maxLength(DISCUSSION_LIMITS.hideNote),
    v.description("Told to the post's author (bell and mail) and shown to them on the post"),
  ),
});
