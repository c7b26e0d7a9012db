/**
 * Who may post in a Discussion right now (ADR 055): signed in, and not suspended from posting
 * (users.posting_suspended_until, set by moderation in worker/services/conversation/reports.ts
 * after repeated hidden posts). Every post, reply and report checks this first.
 */
import { DISCUSSION_MESSAGES, postingSuspended } from "../../../domain/conversation/discussion-rules";
import type { SessionUser } from "../../../domain/shared/types";
import type { Database } from "../../../db/client";
import { requireSignedIn } from "../shared/access";
import { ServiceError } from "../shared/errors";

export async function requirePostingAllowed(
  db: Database,
  viewer: SessionUser | null,
  now: number = Date.now(),
): Promise<SessionUser> {
  requireSignedIn(viewer);
  const row = await db.$client
    .prepare("select posting_suspended_until as until from users where id = ?1")
    .bind(viewer.id)
    .first<{ until: number | null }>();
  if (postingSuspended(row?.until, now)) {
    throw new ServiceError(403, DISCUSSION_MESSAGES.suspended(row.until), "posting_suspended");
  }
  return viewer;
}
