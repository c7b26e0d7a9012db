/**
 * Moving a live raise's deadline (ADR 043), one rule for the founder dashboard and the API:
 *
 * - **Early close** (17 CFR 227.304(b)): only once the goal is reached and the raise has been open
 *   at least 21 days, to a new deadline before the current one and at least 5 business days away,
 *   so every investor has that notice and keeps the right to cancel until 48 hours before it.
 * - **Extension**: later only, and never past 730 days after the raise opened (the longest raise
 *   the project form lets a founder start: `PROJECT_LIMITS.maxDeadlineDays`).
 * - **One story**: an early close is final. Once a raise is closing early its deadline moves no
 *   more, by either door (a second early close, an extension, the project form), so its investors
 *   are told one early end date and it stays true; an extension before the close is fine (the
 *   close then names the one date that holds).
 *
 * A deadline is a day (YYYY-MM-DD): the raise closes at 00:00 UTC of it. Business days are Monday
 * to Friday (public holidays are not counted out: the notice is then a day longer, never shorter).
 * Pure: no I/O.
 */
import { addDays, DAY_MS, isoDay } from "../shared/dates";
import { formatDate } from "../shared/format";
import { PROJECT_LIMITS } from "../projects/project-form-messages";
import { raiseEnded } from "./settlement";

/** Days a raise must have been open before it may close early. */
export const EARLY_CLOSE_MIN_OPEN_DAYS = 21;
/** Business days of notice before an early deadline. */
export const EARLY_CLOSE_NOTICE_BUSINESS_DAYS = 5;

const shown = (day: string) => formatDate(`${day}T00:00:00Z`);

export const RAISE_DATE_MESSAGES = {
  invalidDate: "Please enter the new deadline as a date",
  notLive: "Only a live raise can change its deadline",
  ended: "This raise has already ended",
  notReached: "You can close early only once the raise has reached its goal",
  closedEarly: (deadline: string) =>
    `This raise is already closing early, on ${shown(deadline)}: its deadline cannot change again`,
  tooYoung: (from: string) =>
    `You can close early only after the raise has been open ${EARLY_CLOSE_MIN_OPEN_DAYS} days: from ${shown(from)}`,
  tooSoon: (earliest: string) =>
    `The new deadline must be at least ${EARLY_CLOSE_NOTICE_BUSINESS_DAYS} business days away: ${shown(earliest)} or later`,
  notEarlier: (current: string) =>
    `Closing early needs a date before the current deadline (${shown(current)}); to give more time, extend it`,
  notLater: (current: string) => `The new deadline must be later than the current one (${shown(current)})`,
  tooLate: (latest: string) =>
    `A raise can run at most ${PROJECT_LIMITS.maxDeadlineDays} days from its launch: ${shown(latest)} or earlier`,
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD, or null. */
export function parseDay(value: unknown): string | null {
  if (typeof value !== "string" || !DAY.test(value.trim())) return null;
  const day = value.trim();
  const at = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(at) || isoDay(at) !== day ? null : day;
}

const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/**
 * The earliest deadline an early close may choose at `now`: the day after the fifth business day
 * after today, so five whole business days pass before the raise closes at 00:00 UTC of it.
 */
export function earliestEarlyDeadline(now: number = Date.now()): string {
  let day = isoDay(now);
  for (let counted = 0; counted < EARLY_CLOSE_NOTICE_BUSINESS_DAYS;) {
    day = addDays(day, 1);
    const w = weekday(day);
    if (w !== 0 && w !== 6) counted += 1;
  }
  return addDays(day, 1);
}

/** The figures of a raise the rules read. */
export interface RaiseDates {
  status: string;
  fundingDeadline: string;
  /** When it went live (ms); null for a draft. */
  publishedAt: number | null;
  fundingCurrentCents: number;
  fundingGoalCents: number;
  /** When the founder closed it early (ms); null while it keeps a deadline it may still move. */
  closedEarlyAt: number | null;
}

/** Why the raise is not live now (not approved, or ended), or null. */
function notLiveProblem(p: RaiseDates, now: number): string | null {
  if (p.status !== "active" || p.publishedAt === null) return RAISE_DATE_MESSAGES.notLive;
  if (raiseEnded(p.fundingDeadline, now)) return RAISE_DATE_MESSAGES.ended;
  return null;
}

/** Why the raise cannot change its deadline at all now (not live, ended, or closing early), or null. */
export function deadlineChangeBlocked(p: RaiseDates, now: number = Date.now()): string | null {
  return (
    notLiveProblem(p, now) ?? (p.closedEarlyAt !== null ? RAISE_DATE_MESSAGES.closedEarly(p.fundingDeadline) : null)
  );
}

/** A live raise that its founder closed early: its deadline is final (the dashboard says so, with no forms). */
export function closingEarly(p: RaiseDates, now: number = Date.now()): boolean {
  return p.closedEarlyAt !== null && notLiveProblem(p, now) === null;
}

/** The first day the raise may close early (21 days after it opened). */
export function earlyCloseOpensOn(publishedAt: number): string {
  return isoDay(publishedAt + EARLY_CLOSE_MIN_OPEN_DAYS * DAY_MS);
}

/**
 * Whether the raise may close early at all now (goal reached, open 21 days): null when it may,
 * else why not. The dashboard offers the form only when this is null.
 */
export function earlyCloseBlocked(p: RaiseDates, now: number = Date.now()): string | null {
  const live = deadlineChangeBlocked(p, now);
  if (live) return live;
  if (p.fundingGoalCents > 0 && p.fundingCurrentCents < p.fundingGoalCents) return RAISE_DATE_MESSAGES.notReached;
  if (now < p.publishedAt! + EARLY_CLOSE_MIN_OPEN_DAYS * DAY_MS) {
    return RAISE_DATE_MESSAGES.tooYoung(earlyCloseOpensOn(p.publishedAt!));
  }
  return null;
}

/** Why `deadline` cannot be the raise's early deadline now, or null. */
export function earlyCloseProblem(p: RaiseDates, deadline: string, now: number = Date.now()): string | null {
  const blocked = earlyCloseBlocked(p, now);
  if (blocked) return blocked;
  const earliest = earliestEarlyDeadline(now);
  if (deadline < earliest) return RAISE_DATE_MESSAGES.tooSoon(earliest);
  if (deadline >= p.fundingDeadline) return RAISE_DATE_MESSAGES.notEarlier(p.fundingDeadline);
  return null;
}

/** The latest deadline the raise may be extended to. */
export function latestDeadline(publishedAt: number): string {
  return isoDay(publishedAt + PROJECT_LIMITS.maxDeadlineDays * DAY_MS);
}

/** Why `deadline` cannot be the raise's extended deadline now, or null. */
export function extensionProblem(p: RaiseDates, deadline: string, now: number = Date.now()): string | null {
  const live = deadlineChangeBlocked(p, now);
  if (live) return live;
  if (deadline <= p.fundingDeadline) return RAISE_DATE_MESSAGES.notLater(p.fundingDeadline);
  const latest = latestDeadline(p.publishedAt!);
  if (deadline > latest) return RAISE_DATE_MESSAGES.tooLate(latest);
  return null;
}
