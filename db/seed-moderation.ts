/**
 * The demo's moderation (ADR 055): Discussion posts on LabLink that people reported, each with an
 * open report, waiting in /admin's Reports section. Their ids are fixed so the tests that act on
 * them name them: `seed-post-reported` (the browser test with JavaScript), `seed-post-reported-nojs`
 * (without it) and `seed-post-contract` (the API's contract run), each by a different author so
 * that hiding all three suspends nobody. Written after the projects (db/seed-sql.ts
 * `demoStatements`), whose thread counts are then recounted. Imports nothing but types.
 */
import type { discussionPosts, discussionReports } from "./schema";

export type DiscussionPostRow = typeof discussionPosts.$inferSelect;
export type DiscussionReportRow = typeof discussionReports.$inferSelect;

export const SEED_REPORTED_POST_IDS = ["seed-post-reported", "seed-post-reported-nojs", "seed-post-contract"] as const;
export const SEED_REPORTED_PROJECT = "proj-lablink";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const POSTS: { id: (typeof SEED_REPORTED_POST_IDS)[number]; authorId: string; reporterId: string; body: string }[] = [
  {
    id: "seed-post-reported",
    authorId: "user-demo-backer-1",
    reporterId: "user-demo-member-1",
    body: "Want a guaranteed 10x? Skip this raise and buy my trading course first: DM me for the link.",
  },
  {
    id: "seed-post-reported-nojs",
    authorId: "user-demo-backer-2",
    reporterId: "user-demo-member-2",
    body: "Everyone who invested here is an idiot. Enjoy losing your money.",
  },
  {
    id: "seed-post-contract",
    authorId: "user-demo-backer-3",
    reporterId: "user-demo-member-3",
    body: "I heard the lab equipment is stolen, so the whole company is a fraud.",
  },
];

export function buildModerationDemo(now: number): {
  reportedPosts: DiscussionPostRow[];
  reports: DiscussionReportRow[];
} {
  const reportedPosts: DiscussionPostRow[] = POSTS.map((p, i) => {
    const createdAt = now - (3 - i) * DAY_MS;
    return {
      id: p.id,
      projectId: SEED_REPORTED_PROJECT,
      threadId: p.id,
      parentId: null,
      depth: 0,
      authorId: p.authorId,
      body: p.body,
      byFounder: false,
      pinnedAt: null,
      voteCount: 0,
      replyCount: 0,
      hiddenAt: null,
      hiddenNote: null,
      hiddenBy: null,
      createdAt,
      editedAt: null,
      lastActivityAt: createdAt,
    };
  });
  const reports: DiscussionReportRow[] = POSTS.map((p, i) => ({
    id: `seed-report-${p.id}`,
    postId: p.id,
    reporterId: p.reporterId,
    reason: i === 1 ? "abuse" : i === 2 ? "misleading" : "spam",
    detail: null,
    createdAt: now - (2 - i) * DAY_MS - HOUR_MS,
    resolvedAt: null,
    resolution: null,
    resolvedBy: null,
  }));
  return { reportedPosts, reports };
}
