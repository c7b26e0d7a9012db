/** Coming soon's pure rules (domain/raises/reservations.ts, ADR 055): amounts, shares, launch dates and the lapse. */
import { describe, expect, it } from "vitest";

import { DAY_MS } from "../../domain/shared/dates";
import {
  launchDateProblem,
  parseReservationAmount,
  RESERVATION_MESSAGES,
  reservationAmountProblem,
  reservationLapsesAt,
  reservedShares,
} from "../../domain/raises/reservations";

const NOW = Date.parse("2026-12-03T14:00:00Z");

describe("a reservation's amount", () => {
  it("reads whole dollars, with a dollar sign or thousands separators, and nothing else", () => {
    expect(["500", " $1,000 ", 250, "12.50", "-5", "0", "abc", "", null].map(parseReservationAmount)).toEqual([
      500,
      1_000,
      250,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it("is at least the minimum investment (and a share's price), at most $1,000,000", () => {
    expect([
      reservationAmountProblem(99, 100, 10),
      reservationAmountProblem(100, 100, 10),
      reservationAmountProblem(200, 100, 250),
      reservationAmountProblem(1_000_001, 100, 10),
    ]).toEqual([
      RESERVATION_MESSAGES.belowMinimum(100),
      null,
      RESERVATION_MESSAGES.belowMinimum(250),
      RESERVATION_MESSAGES.aboveMaximum,
    ]);
  });

  it("buys whole shares at the price, rounded down", () => {
    expect([reservedShares(500, 30), reservedShares(500, 2.5), reservedShares(99, 100)]).toEqual([16, 200, 0]);
  });
});

describe("a launch date and the lapse", () => {
  it("is after today and before the deadline", () => {
    expect([
      launchDateProblem("2026-12-03", "2027-01-31", NOW),
      launchDateProblem("2026-12-04", "2027-01-31", NOW),
      launchDateProblem("2027-01-31", "2027-01-31", NOW),
    ]).toEqual([RESERVATION_MESSAGES.launchNotFuture, null, RESERVATION_MESSAGES.launchAfterDeadline("2027-01-31")]);
  });

  it("lapses 7 days after the opening, or when the raise closes if that is sooner", () => {
    expect([reservationLapsesAt(NOW, "2027-01-31") - NOW, reservationLapsesAt(NOW, "2026-12-05")]).toEqual([
      7 * DAY_MS,
      Date.parse("2026-12-05T00:00:00Z"),
    ]);
  });
});
