/**
 * Coming soon and reservations (ADR 055), one rule for the pages and the API:
 *
 * - **Launch date**: a day (YYYY-MM-DD); the raise opens at 00:00 UTC of it. It must be after today
 *   and before the funding deadline (a raise opens before it closes). Set while the project is a
 *   draft, in review or Coming soon; approval with a launch date still ahead makes the project
 *   Coming soon (listed, reservable, not open for investment), else it opens at once.
 * - **A reservation**: a whole number of dollars, at least the minimum investment (and a share's
 *   price), at most RESERVATION_MAX_DOLLARS. Non-binding: no money moves. Confirming buys
 *   floor(amount ÷ price) whole shares at the raise's terms, every purchase rule applying.
 * - **Lapse**: when the raise opens, an active reservation may be confirmed for
 *   RESERVATION_CONFIRM_DAYS days, or until the raise closes (00:00 UTC of its deadline) if sooner;
 *   then it lapses.
 *
 * Pure: no I/O.
 */
import { addDays, DAY_MS, isoDay } from "../shared/dates";
import { formatDate, formatMoney } from "../shared/format";
import { toCents } from "../shared/money";

/** The most one person may reserve in one raise, in dollars. */
export const RESERVATION_MAX_DOLLARS = 1_000_000;
/** Days a reserver has to confirm once the raise opens. */
export const RESERVATION_CONFIRM_DAYS = 7;
/** The portfolio's reservations: the newest this many. */
export const RESERVATIONS_SHOWN = 50;

const shownDay = (day: string) => formatDate(`${day}T00:00:00Z`);

export const RESERVATION_MESSAGES = {
  amountInvalid: "Please enter the amount to reserve as a whole number of dollars",
  belowMinimum: (min: number) => `The minimum reservation is ${formatMoney(min)}, the minimum investment`,
  aboveMaximum: `You can reserve at most ${formatMoney(RESERVATION_MAX_DOLLARS)}`,
  notComingSoon: "Reservations are taken only while a raise is Coming soon",
  ownProject: "Founders cannot reserve in their own project",
  notFound: "Reservation not found",
  noneActive: "You have no active reservation in this project",
  notOpenYet: "This raise is not open yet: you can confirm your reservation once it opens",
  confirmed: "This reservation was already confirmed",
  canceled: "This reservation was canceled",
  lapsed: "This reservation has lapsed: you can still invest from the project page while the raise is open",
  noShares: "At the current share price this reservation buys no whole share",
  launchInvalid: "Please enter the launch date as a date",
  launchNotFuture: "The launch date must be after today",
  launchAfterDeadline: (deadline: string) =>
    `The launch date must be before the funding deadline (${shownDay(deadline)})`,
  deadlineBeforeLaunch: (launch: string) => `The funding deadline must be after the launch date (${shownDay(launch)})`,
  launchNotAllowed: "A launch date can be set only before the raise opens",
  launchRequired: "A raise that is Coming soon keeps a launch date: to open it now, use Open for Investment Now",
  openNotAllowed: "Only a raise that is Coming soon can be opened",
  reserved: (amount: number) => `You reserved ${formatMoney(amount)}. We will tell you when the raise opens.`,
  reservationCanceled: "Your reservation was canceled",
} as const;

const WHOLE_DOLLARS = /^\d{1,9}$/;

/** The amount a form or the API sent, in whole dollars, or null when it is none. */
export function parseReservationAmount(raw: unknown): number | null {
  const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim().replace(/^\$/, "") : "";
  const plain = text.replace(/,/g, "");
  if (!WHOLE_DOLLARS.test(plain)) return null;
  const n = Number(plain);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** What an amount (whole dollars) breaks for a project with this minimum and price, or null. */
export function reservationAmountProblem(amount: number, minInvestment: number, sharePrice: number): string | null {
  const floor = Math.max(minInvestment, sharePrice);
  if (amount < floor) return RESERVATION_MESSAGES.belowMinimum(floor);
  if (amount > RESERVATION_MAX_DOLLARS) return RESERVATION_MESSAGES.aboveMaximum;
  return null;
}

/** The whole shares a reservation of `amount` dollars buys at `sharePrice` (rounded down). */
export function reservedShares(amount: number, sharePrice: number): number {
  const price = toCents(sharePrice);
  return price > 0 ? Math.floor(toCents(amount) / price) : 0;
}

/** The instant (ms) a launch day opens: 00:00 UTC of it. */
export const launchInstant = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** What a launch day breaks for a raise with this deadline, now; or null. */
export function launchDateProblem(day: string, fundingDeadline: string, now: number): string | null {
  if (day <= isoDay(now)) return RESERVATION_MESSAGES.launchNotFuture;
  if (day >= fundingDeadline) return RESERVATION_MESSAGES.launchAfterDeadline(fundingDeadline);
  return null;
}

/** The earliest launch day a form offers: tomorrow. */
export const earliestLaunchDay = (now: number) => addDays(isoDay(now), 1);

/**
 * When the reservations of a raise opened at `openedAt` lapse: RESERVATION_CONFIRM_DAYS later, or
 * when the raise closes (00:00 UTC of its deadline) if that is sooner.
 */
export function reservationLapsesAt(openedAt: number, fundingDeadline: string): number {
  return Math.min(openedAt + RESERVATION_CONFIRM_DAYS * DAY_MS, launchInstant(fundingDeadline));
}

export type ReservationStatus = "active" | "canceled" | "confirmed" | "lapsed";

/** One reservation as the portfolio and the API show it (worker/services/raises/reservations.ts). */
export interface ReservationDTO {
  id: string;
  projectId: string;
  projectTitle: string;
  projectSlug: string;
  /** Dollars reserved (whole dollars). */
  amount: number;
  status: ReservationStatus;
  /** Whether the raise is open for investment now (an active reservation may then be confirmed). */
  raiseOpen: boolean;
  /** The raise's launch (Coming soon: when it opens; open: when it opened). */
  launchAt: string | null;
  /** The share price now, and the whole shares the amount buys at it (rounded down). */
  sharePrice: number;
  shares: number;
  createdAt: string;
  updatedAt: string;
  /** Set when the raise opened: an active reservation not confirmed by then lapses. */
  lapsesAt: string | null;
  confirmedAt: string | null;
  canceledAt: string | null;
  investmentId: string | null;
}
