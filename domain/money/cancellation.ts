import { HOUR_MS } from "../shared/dates.ts";
/**
 * The Reg CF cancellation window (17 CFR 227.304): an investor may cancel an investment
 * until 48 hours before the offering's deadline. Funding ends at 00:00 UTC of `fundingDeadline`
 * (the day `daysLeft` reaches 0 and the purchase SQL stops selling), so the last moment to cancel
 * is 48 hours before that. Pure: the service enforces it, the pages show it.
 */
export const CANCEL_CUTOFF_MS = 48 * HOUR_MS;

/** The instant (ms since epoch) after which an investment in this offering can no longer be cancelled. */
export function cancelDeadline(fundingDeadline: string): number {
  const end = Date.parse(`${fundingDeadline}T00:00:00Z`);
  return Number.isNaN(end) ? 0 : end - CANCEL_CUTOFF_MS;
}

/**
 * An investment's own cutoff: the later of the cutoff stored at purchase (48 hours
 * before the deadline the offering stated then) and the current deadline's. No edit can shorten
 * it; a later deadline extends it. A row without a stored cutoff falls back to the deadline's.
 */
export function investmentCancelDeadline(fundingDeadline: string, storedCutoff: number | null | undefined): number {
  return Math.max(storedCutoff ?? 0, cancelDeadline(fundingDeadline));
}

/** `cancelDeadline` in SQL, over the project row `proj`: 48 hours before 00:00 UTC of its deadline. */
export const deadlineCutoffSql = (proj: string) => `unixepoch(${proj}.funding_deadline) * 1000 - ${CANCEL_CUTOFF_MS}`;

/**
 * `investmentCancelDeadline` in SQL, for guards that read the investment row `inv` and its project
 * row `proj` in the statement: the last instant (ms) it may be cancelled.
 */
export const cancelCutoffSql = (inv: string, proj: string) =>
  `max(coalesce(${inv}.cancel_cutoff_at, 0), ${deadlineCutoffSql(proj)})`;

/** True while an investment in this offering may still be cancelled. */
export function canStillCancel(
  fundingDeadline: string,
  now: number = Date.now(),
  storedCutoff: number | null = null,
): boolean {
  return now < investmentCancelDeadline(fundingDeadline, storedCutoff);
}

/** How an instant is written (its UTC half here; app/components/portfolio/LocalTime.tsx the reader's). */
export const INSTANT_FORMAT: Intl.DateTimeFormatOptions = {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
};

const cutoffFormat = new Intl.DateTimeFormat("en-US", { ...INSTANT_FORMAT, timeZone: "UTC" });

/**
 * The cutoff as the pages and messages say it, to the minute and in UTC so that every reader
 * (and the server) names the same instant: "Dec 18, 2026, 00:00 UTC". Empty for an unreadable
 * deadline.
 */
export function cancelDeadlineText(fundingDeadline: string): string {
  return cutoffText(cancelDeadline(fundingDeadline));
}

/** A cutoff instant (ms) as the pages and messages say it; empty for 0. */
export function cutoffText(at: number): string {
  return at ? `${cutoffFormat.format(at)} UTC` : "";
}
