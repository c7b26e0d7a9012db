/**
 * Keeping investors informed (ADR 055): a funded company's founder is reminded (bell and mail) when
 * no update has been posted for 90 days (counted from the funding when there is none), again every
 * 90 days while the company stays quiet, never twice for the same quiet stretch within 90 days; the
 * project page says how long ago the last update was; the admin sees the companies overdue.
 *
 * A funded company: stored status `funded` or `completed`, not exited (an acquired or shut-down
 * company has no one left to inform). Pure: no I/O.
 */
import { DAY_MS } from "../shared/dates";

export const UPDATE_REMINDER_DAYS = 90;
export const UPDATE_REMINDER_MS = UPDATE_REMINDER_DAYS * DAY_MS;
/** Reminders a daily run writes at most (the rest wait for the next day, oldest first). */
export const REMINDERS_PER_RUN = 200;
/** The admin's "Updates overdue" list: this many, oldest first. */
export const OVERDUE_LIST_SIZE = 20;
/** The stored statuses of a company whose investors are waiting for news. */
export const FUNDED_STATUSES = ["funded", "completed"] as const;

/** Whole days between `at` and `now` (0 on the same day). */
export const daysSince = (at: number, now: number) => Math.max(0, Math.floor((now - at) / DAY_MS));

/** The project page's line: "Last update 12 days ago", "Last update today", or "No updates yet". */
export function lastUpdateText(lastUpdateAt: number | null, now: number): string {
  if (lastUpdateAt === null) return "No updates yet";
  const days = daysSince(lastUpdateAt, now);
  if (days === 0) return "Last update today";
  return `Last update ${days} day${days === 1 ? "" : "s"} ago`;
}

export const UPDATE_REMINDER_TEXT = {
  /** The founder's bell and mail; `days` since the last update (or the funding). */
  reminder: (title: string, days: number, hadUpdate: boolean) =>
    `${hadUpdate ? `Your last update on ${title} was ${days} days ago` : `${title} was funded ${days} days ago and has no update yet`}. Your investors are waiting to hear how it is going: post an update.`,
} as const;

/** The same text written by SQL over a project `p` (its title, the days and whether it has an update). */
export const UPDATE_REMINDER_SQL = (title: string, days: string, hadUpdate: string) =>
  `case when ${hadUpdate} then 'Your last update on ' || ${title} || ' was ' || ${days} || ' days ago'
        else ${title} || ' was funded ' || ${days} || ' days ago and has no update yet' end
   || '. Your investors are waiting to hear how it is going: post an update.'`;
