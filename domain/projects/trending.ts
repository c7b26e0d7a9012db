/**
 * The Trending rail's momentum (ADR 055): what a project's last days of activity
 * (project_activity_days) are worth today.
 *
 *   score = Σ over the last TREND_DAYS UTC days d (today is age 0, the oldest age 6) of
 *           (dollars_d + TREND_DOLLARS_PER_FOLLOWER × followers_d) × TREND_DECAY^age_d
 *
 * dollars_d: the dollars invested that day (less what was canceled of them within the window);
 * followers_d: the new follows that day (an unfollow takes nothing away). So $100 invested today
 * weighs as much as one new follower today, and a day's activity loses a quarter of its weight a
 * day until it leaves the window. Pure: the seeds, the service and the kept check share it.
 */

/** The ISO day `n` days after `iso` (domain/shared/dates.ts addDays: this module imports nothing, the seeds load it in plain Node). */
const addDays = (iso: string, n: number): string =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export const TREND_DAYS = 7;
export const TREND_DECAY = 0.75;
export const TREND_DOLLARS_PER_FOLLOWER = 100;

export interface ActivityDay {
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
  investedCents: number;
  newFollowers: number;
}

/** The first day of the window that ends with `today` (`TREND_DAYS` days, today included). */
export function trendWindowStart(today: string): string {
  return addDays(today, -(TREND_DAYS - 1));
}

/** A day's weight on `today`: TREND_DECAY^age inside the window, 0 outside it. */
export function trendWeight(day: string, today: string): number {
  const age = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)) / 86_400_000);
  return age >= 0 && age < TREND_DAYS ? TREND_DECAY ** age : 0;
}

/** The score of a project's activity days on `today`. */
export function trendScore(days: readonly ActivityDay[], today: string): number {
  let score = 0;
  for (const d of days) {
    score += (d.investedCents / 100 + TREND_DOLLARS_PER_FOLLOWER * d.newFollowers) * trendWeight(d.day, today);
  }
  return score;
}

/**
 * The same score in SQL, for the project whose id is the SQL expression `projectId`, on `today`:
 * a scalar subquery over project_activity_days (its primary key: one project's days in order).
 * The day literals come from `addDays` (`YYYY-MM-DD`), never from input.
 */
export function trendScoreSql(projectId: string, today: string): string {
  const weights = Array.from(
    { length: TREND_DAYS },
    (_, age) => `when '${addDays(today, -age)}' then ${TREND_DECAY ** age}`,
  );
  return `coalesce((select sum((a.invested_cents / 100.0 + ${TREND_DOLLARS_PER_FOLLOWER} * a.new_followers) *
      (case a.day ${weights.join(" ")} else 0 end))
    from project_activity_days a
    where a.project_id = ${projectId} and a.day between '${trendWindowStart(today)}' and '${today}'), 0)`;
}

/**
 * A project's activity days in the window that ends `today`, from its investments and follows as
 * stored (the seeds' truth): an investment counts on the day it was made unless it was canceled
 * (a cancellation within the window takes it back from its day); a follow on the day it began.
 */
export function activityDaysOf(
  investments: readonly { createdAt: number; amountCents: number; status: string }[],
  follows: readonly { createdAt: number }[],
  today: string,
): ActivityDay[] {
  const from = trendWindowStart(today);
  const days = new Map<string, ActivityDay>();
  const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);
  const row = (day: string) => {
    let d = days.get(day);
    if (!d) days.set(day, (d = { day, investedCents: 0, newFollowers: 0 }));
    return d;
  };
  for (const i of investments) {
    const day = dayOf(i.createdAt);
    if (day < from || day > today || i.status === "cancelled") continue;
    row(day).investedCents += i.amountCents;
  }
  for (const f of follows) {
    const day = dayOf(f.createdAt);
    if (day >= from && day <= today) row(day).newFollowers += 1;
  }
  return [...days.values()].sort((a, b) => (a.day < b.day ? -1 : 1));
}
