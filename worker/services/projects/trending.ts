/**
 * The Trending rail's kept figures (ADR 055): a project's activity by UTC day
 * (project_activity_days) and its momentum (projects.trend_score, with the day it was computed
 * for in projects.trend_day), the formula in domain/projects/trending.ts.
 *
 * A purchase, a new follow and a cancellation add their statements to their own batch
 * (`activityStatements`): the day's row, then the project's score recomputed for today. The
 * daily job (`refreshTrendScores`) recomputes every project with activity in the last
 * TREND_DAYS + 1 days, so scores decay and a day that left the window stops counting.
 */
import type { Database } from "../../../db/client";
import { addDays, isoDay } from "../../../domain/shared/dates";
import { TREND_DAYS, trendScoreSql, trendWindowStart } from "../../../domain/projects/trending";

/** A condition on the batch so far (`?5` onward: its binds), as in rate-limit.ts `onlyIf`. */
export interface OnlyIf {
  sql: string;
  binds: unknown[];
}

/**
 * The statements that record a change of a project's activity and recompute its score, for the
 * cause's batch. `investedCents` may be negative (a cancellation, on `day`, the day it was bought):
 * it is taken from that day's row only while that day is in today's window. `onlyIf`: both
 * statements do nothing unless it holds (the purchase was made, the follow is new).
 */
export function activityStatements(
  db: Database,
  projectId: string,
  now: number,
  change: { investedCents?: number; newFollowers?: number; day?: string; onlyIf?: OnlyIf },
): D1PreparedStatement[] {
  const d1 = db.$client;
  const today = isoDay(now);
  const day = change.day ?? today;
  const cents = Math.round(change.investedCents ?? 0);
  const followers = change.newFollowers ?? 0;
  if (day > today || day < trendWindowStart(today)) return [];
  const guard = change.onlyIf ? `(${change.onlyIf.sql})` : "1 = 1";
  const guardBinds = change.onlyIf?.binds ?? [];
  const record =
    cents < 0
      ? d1
          .prepare(
            `update project_activity_days
             set invested_cents = invested_cents + ?3, new_followers = new_followers + ?4
             where project_id = ?1 and day = ?2 and ${guard}`,
          )
          .bind(projectId, day, cents, followers, ...guardBinds)
      : d1
          .prepare(
            `insert into project_activity_days (project_id, day, invested_cents, new_followers)
             select ?1, ?2, ?3, ?4 where ${guard}
             on conflict (project_id, day) do update
               set invested_cents = invested_cents + excluded.invested_cents,
                   new_followers = new_followers + excluded.new_followers`,
          )
          .bind(projectId, day, cents, followers, ...guardBinds);
  return [record, recomputeStatement(db, projectId, today, change.onlyIf)];
}

/** One project's score recomputed for `today` (only if `onlyIf` holds). */
function recomputeStatement(db: Database, projectId: string, today: string, onlyIf?: OnlyIf): D1PreparedStatement {
  const guard = onlyIf ? `(${onlyIf.sql})` : "1 = 1";
  // The guard numbers its binds from ?5: ?3 and ?4 are unused, bound to null.
  return db.$client
    .prepare(
      `update projects set trend_score = ${trendScoreSql("projects.id", today)}, trend_day = ?2
       where id = ?1 and ${guard}`,
    )
    .bind(projectId, today, ...(onlyIf ? [null, null, ...onlyIf.binds] : []));
}

/** Projects one statement of the daily job recomputes. */
const REFRESH_CHUNK = 50;
/** Statements per batch of the daily job. */
const REFRESH_BATCH = 20;

/**
 * The daily job: every project with activity in the last TREND_DAYS + 1 days (the day that just
 * left the window included, so its weight goes to 0) gets its score for today. Reads
 * project_activity_days_day_idx for those days only: the work is the recent activity's, not
 * the catalogue's. Returns how many projects were recomputed.
 */
export async function refreshTrendScores(db: Database, now: number = Date.now()): Promise<number> {
  const d1 = db.$client;
  const today = isoDay(now);
  const since = addDays(today, -TREND_DAYS);
  const { results } = await d1
    .prepare("select distinct project_id as id from project_activity_days where day between ?1 and ?2")
    .bind(since, today)
    .all<{ id: string }>();
  const ids = results.map((r) => r.id);
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < ids.length; i += REFRESH_CHUNK) {
    const chunk = ids.slice(i, i + REFRESH_CHUNK);
    statements.push(
      d1
        .prepare(
          `update projects set trend_score = ${trendScoreSql("projects.id", today)}, trend_day = ?1
           where id in (${chunk.map((_, j) => `?${j + 2}`).join(", ")})`,
        )
        .bind(today, ...chunk),
    );
  }
  for (let i = 0; i < statements.length; i += REFRESH_BATCH) {
    await d1.batch(statements.slice(i, i + REFRESH_BATCH));
  }
  return ids.length;
}
