/**
 * A founder (or an admin) moves a live raise's deadline (ADR 043), one service for the founder
 * dashboard's forms and `POST /api/projects/{id}/close-early` and `/extend`:
 *
 * - `closeEarly`: the rules of domain/raises/raise-dates.ts `earlyCloseProblem`; the new deadline, every
 *   active investment's cancel cutoff moved to 48 hours before it (the one case a cutoff moves
 *   earlier: the regulation's, with five business days' notice), and every investor's notice, in
 *   one batch.
 * - `extendDeadline`: `extensionProblem`'s rules; the later deadline and every investor's notice
 *   (their cutoffs follow the deadline: domain/money/cancellation.ts `investmentCancelDeadline`).
 *
 * Refusals: 401/403/404 as for any edit (`loadWithInvestors`); 409 when the raise cannot move its
 * deadline now (not live, ended, already closing early, goal not reached, open under 21 days); 400
 * with `errors.deadline` for a date the rules refuse. The UPDATE repeats the state it read (still
 * active, the same deadline, not closed early, and for an early close the goal still reached), so
 * a raise that changed meanwhile is refused rather than moved twice.
 */
import { cancelDeadline } from "../../../domain/money/cancellation";
import { NOTIFICATION_TEXT } from "../../../domain/conversation/notification-text";
import { PROJECT_MESSAGES } from "../../../domain/projects/project-form-messages";
import {
  deadlineChangeBlocked,
  earlyCloseBlocked,
  earlyCloseProblem,
  extensionProblem,
  parseDay,
  RAISE_DATE_MESSAGES,
  type RaiseDates,
} from "../../../domain/raises/raise-dates";
import type { ProjectDTO, SessionUser } from "../../../domain/shared/types";
import type { ProjectRow } from "../../../db/schema";
import { runBatch, type Database } from "../../../db/client";
import { ServiceError } from "../shared/errors";
import { notifyDeadlineMoved } from "../conversation/notifications";
import { loadWithInvestors } from "../projects/project-editor";
import { getProject } from "../projects/projects";
import { markPublicContentChanged } from "../visitors/public-content";
import { overseeing } from "../operator/audit";

export type DeadlineChange = "close-early" | "extend";

const datesOf = (row: ProjectRow): RaiseDates => ({
  status: row.status,
  fundingDeadline: row.fundingDeadline,
  publishedAt: row.publishedAt,
  fundingCurrentCents: row.fundingCurrentCents,
  fundingGoalCents: row.fundingGoalCents,
  closedEarlyAt: row.closedEarlyAt,
});

/** The body's `deadline`, a real day; else 400 with the field's message. */
function deadlineOf(body: unknown): string {
  const raw = body && typeof body === "object" ? (body as Record<string, unknown>).deadline : undefined;
  const day = parseDay(raw);
  if (!day) {
    throw new ServiceError(400, RAISE_DATE_MESSAGES.invalidDate, "invalid_deadline", {
      errors: { deadline: RAISE_DATE_MESSAGES.invalidDate },
    });
  }
  return day;
}

/** Moves the raise's deadline as `change` says, or refuses; answers the project as it now is. */
export async function changeDeadline(
  db: Database,
  viewer: SessionUser | null,
  idOrSlug: unknown,
  body: unknown,
  change: DeadlineChange,
  now: number = Date.now(),
): Promise<ProjectDTO> {
  const { project: row } = await loadWithInvestors(db, viewer, idOrSlug);
  const deadline = deadlineOf(body);
  const dates = datesOf(row);
  // What the raise's state refuses (409), before what the chosen date does (400, on the field).
  const blocked = change === "close-early" ? earlyCloseBlocked(dates, now) : deadlineChangeBlocked(dates, now);
  if (blocked) throw new ServiceError(409, blocked, "deadline_locked");
  const problem =
    change === "close-early" ? earlyCloseProblem(dates, deadline, now) : extensionProblem(dates, deadline, now);
  if (problem) throw new ServiceError(400, problem, "invalid_deadline", { errors: { deadline: problem } });

  const d1 = db.$client;
  const cutoff = cancelDeadline(deadline);
  const statements: D1PreparedStatement[] = [
    d1
      .prepare(
        `update projects set funding_deadline = ?2, updated_at = ?3,
           closed_early_at = case when ?5 then ?3 else closed_early_at end
         where id = ?1 and status = 'active' and funding_deadline = ?4 and closed_early_at is null
           and (not ?5 or funding_goal_cents <= 0 or funding_current_cents >= funding_goal_cents)
         returning id`,
      )
      .bind(row.id, deadline, now, row.fundingDeadline, change === "close-early" ? 1 : 0),
  ];
  // An admin moving someone else's raise: on the record, with the deadline before and after.
  const oversight = await overseeing(db, viewer, row.founderId, now);
  statements.push(
    ...oversight.audit({
      action: change === "close-early" ? "close_early" : "extend_raise",
      targetType: "project",
      targetId: row.id,
      targetName: row.title,
      changes: [{ field: "fundingDeadline", before: row.fundingDeadline, after: deadline }],
    }),
  );
  if (change === "close-early") {
    statements.push(
      d1
        .prepare(
          `update investments set cancel_cutoff_at = ?2
           where project_id = ?1 and status = 'active'
             and exists (select 1 from projects where id = ?1 and updated_at = ?3 and funding_deadline = ?4)`,
        )
        .bind(row.id, cutoff, now, deadline),
    );
  }
  const text =
    change === "close-early"
      ? NOTIFICATION_TEXT.earlyClose(row.title, deadline, cutoff)
      : NOTIFICATION_TEXT.deadline(row.title, deadline, cutoff);
  statements.push(notifyDeadlineMoved(db, { projectId: row.id, fundingDeadline: deadline, text, now }));
  const [updated] = await runBatch(d1, statements as [D1PreparedStatement, ...D1PreparedStatement[]]);
  if (!updated.results?.length) throw new ServiceError(409, PROJECT_MESSAGES.changedMeanwhile, "changed_meanwhile");
  markPublicContentChanged();
  return (await getProject(db, row.id, viewer))!;
}
