/**
 * The answers of a Discussion's moderation (worker/api/reports.ts), with their examples (ADR 042):
 * a filed report, the admins' queue, a hide, a dismissal, a restore, a lifted posting suspension.
 */
import * as v from "valibot";

import { REPORT_REASONS } from "../../../domain/conversation/moderation";
import { ok } from "./common";

const isoTimestamp = v.pipe(v.string(), v.isoTimestamp());
const reason = v.picklist(REPORT_REASONS);

export const ReportAnswer = v.object({
  success: ok,
  message: v.string(),
  report: v.object({
    id: v.string(),
    postId: v.string(),
    reason,
    detail: v.nullable(v.string()),
    createdAt: isoTimestamp,
  }),
});

const QueueEntryAnswer = v.object({
  post: v.object({
    id: v.string(),
    body: v.string(),
    createdAt: isoTimestamp,
    isThread: v.pipe(
      v.boolean(),
      v.description("A thread (not a reply): hiding it takes it off the project's threads"),
    ),
    link: v.pipe(v.string(), v.description("The post on its project's Discussion")),
  }),
  author: v.object({
    id: v.string(),
    name: v.string(),
    postingSuspendedUntil: v.nullable(isoTimestamp),
  }),
  project: v.object({ id: v.string(), slug: v.string(), title: v.string() }),
  reports: v.pipe(v.number(), v.integer(), v.minValue(1), v.description("Open reports of the post")),
  reasons: v.array(v.object({ reason, label: v.string(), count: v.pipe(v.number(), v.integer(), v.minValue(1)) })),
  details: v.pipe(v.array(v.string()), v.description("What reporters wrote, oldest first")),
  firstReportedAt: isoTimestamp,
});

const HiddenPostAnswer = v.object({
  id: v.string(),
  body: v.string(),
  note: v.string(),
  hiddenAt: isoTimestamp,
  hiddenBy: v.nullable(v.string()),
  author: v.object({ id: v.string(), name: v.string() }),
  project: v.object({ slug: v.string(), title: v.string() }),
  link: v.string(),
});

export const ReportQueueAnswer = v.object({ queue: v.array(QueueEntryAnswer), hidden: v.array(HiddenPostAnswer) });

export const HiddenAnswer = v.object({
  success: ok,
  postId: v.string(),
  hiddenAt: isoTimestamp,
  note: v.string(),
  reportsResolved: v.pipe(v.number(), v.integer(), v.minValue(0)),
  postingSuspendedUntil: v.pipe(
    v.nullable(isoTimestamp),
    v.description("When this hide suspended the author's posting (their third hidden post in 30 days): its end"),
  ),
});

export const DismissedAnswer = v.object({
  success: ok,
  postId: v.string(),
  reportsResolved: v.pipe(v.number(), v.integer(), v.minValue(1)),
});

export const RestoredAnswer = v.object({ success: ok, postId: v.string(), link: v.string() });

export const LiftedAnswer = v.object({ success: ok, userId: v.string(), postingSuspendedUntil: v.null() });

const POST_ID = "3b9c1a52-8d0e-4f7a-9c21-5e6d7f8a9b0c";
const AT = "2026-12-03T15:04:05.000Z";

export const MODERATION_EXAMPLES = {
  reportBody: { reason: "other", detail: "It shares a classmate's phone number." },
  report: {
    success: true,
    message: "Thanks: your report was sent to CampusFund's moderators",
    report: {
      id: "8a7b6c5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d",
      postId: POST_ID,
      reason: "other",
      detail: "It shares a classmate's phone number.",
      createdAt: AT,
    },
  },
  queue: {
    queue: [
      {
        post: {
          id: POST_ID,
          body: "DM me for a guaranteed 10x: buy my course first.",
          createdAt: "2026-12-01T10:00:00.000Z",
          isThread: true,
          link: `/project/sundorm?tab=discussion#post-${POST_ID}`,
        },
        author: { id: "user-42", name: "Sam Spammer", postingSuspendedUntil: null },
        project: { id: "proj-sundorm", slug: "sundorm", title: "SunDorm" },
        reports: 3,
        reasons: [
          { reason: "spam", label: "Spam or advertising", count: 2 },
          { reason: "misleading", label: "Misleading or false", count: 1 },
        ],
        details: [],
        firstReportedAt: "2026-12-02T09:00:00.000Z",
      },
    ],
    hidden: [],
  },
  hideBody: { note: "Advertising is not allowed in discussions." },
  hidden: {
    success: true,
    postId: POST_ID,
    hiddenAt: AT,
    note: "Advertising is not allowed in discussions.",
    reportsResolved: 3,
    postingSuspendedUntil: null,
  },
  dismissed: { success: true, postId: POST_ID, reportsResolved: 2 },
  restored: { success: true, postId: POST_ID, link: `/project/sundorm?tab=discussion#post-${POST_ID}` },
  lifted: { success: true, userId: "user-42", postingSuspendedUntil: null },
} as const;
