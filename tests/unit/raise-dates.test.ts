/** The early close and extension rules (domain/raises/raise-dates.ts, ADR 043), on a fixed clock. */
import { describe, expect, it } from "vitest";

import {
  closingEarly,
  earliestEarlyDeadline,
  earlyCloseProblem,
  extensionProblem,
  parseDay,
  RAISE_DATE_MESSAGES,
  type RaiseDates,
} from "../../domain/raises/raise-dates";

// Monday 2026-11-30, 10:00 UTC.
const MONDAY = Date.parse("2026-11-30T10:00:00Z");
const DAY = 86_400_000;

/** A raise that opened 30 days before MONDAY, at its $10,000 goal, closing 2027-01-31. */
const raise = (over: Partial<RaiseDates> = {}): RaiseDates => ({
  status: "active",
  fundingDeadline: "2027-01-31",
  publishedAt: MONDAY - 30 * DAY,
  fundingCurrentCents: 1_000_000,
  fundingGoalCents: 1_000_000,
  closedEarlyAt: null,
  ...over,
});

describe("five business days of notice", () => {
  it.each([
    ["Monday", "2026-11-30T10:00:00Z", "2026-12-08"], // Tue–Fri, Mon: closes 00:00 Tue
    ["Friday", "2026-12-04T23:59:00Z", "2026-12-12"], // Mon–Fri: closes 00:00 Sat
    ["Saturday", "2026-12-05T09:00:00Z", "2026-12-12"],
    ["Sunday", "2026-12-06T09:00:00Z", "2026-12-12"],
  ])("asked on a %s the earliest early deadline is the day after the fifth business day", (_d, now, earliest) => {
    expect(earliestEarlyDeadline(Date.parse(now))).toBe(earliest);
  });
});

describe("closing early", () => {
  it("accepted: goal reached, open 30 days, a deadline 5 business days away and before the current one", () => {
    expect(earlyCloseProblem(raise(), "2026-12-08", MONDAY)).toBeNull();
  });

  it("refused with 4 business days of notice, naming the earliest date", () => {
    expect(earlyCloseProblem(raise(), "2026-12-07", MONDAY)).toBe(RAISE_DATE_MESSAGES.tooSoon("2026-12-08"));
  });

  it("refused before the goal is reached, even by a cent", () => {
    expect(earlyCloseProblem(raise({ fundingCurrentCents: 999_999 }), "2026-12-08", MONDAY)).toBe(
      RAISE_DATE_MESSAGES.notReached,
    );
  });

  it("refused before 21 days open, naming the first day it may", () => {
    expect(earlyCloseProblem(raise({ publishedAt: MONDAY - 20 * DAY }), "2026-12-08", MONDAY)).toBe(
      RAISE_DATE_MESSAGES.tooYoung("2026-12-01"),
    );
  });

  it("accepted on the 21st day", () => {
    expect(earlyCloseProblem(raise({ publishedAt: MONDAY - 21 * DAY }), "2026-12-08", MONDAY)).toBeNull();
  });

  it("refused on or after the current deadline: that is an extension", () => {
    expect(earlyCloseProblem(raise({ fundingDeadline: "2026-12-10" }), "2026-12-10", MONDAY)).toBe(
      RAISE_DATE_MESSAGES.notEarlier("2026-12-10"),
    );
  });

  it("refused for a raise that has ended or is not live", () => {
    expect(earlyCloseProblem(raise({ fundingDeadline: "2026-11-30" }), "2026-12-08", MONDAY)).toBe(
      RAISE_DATE_MESSAGES.ended,
    );
    expect(earlyCloseProblem(raise({ status: "in_review" }), "2026-12-08", MONDAY)).toBe(RAISE_DATE_MESSAGES.notLive);
  });
});

describe("extending", () => {
  it("accepted: a later date within 730 days of launch", () => {
    expect(extensionProblem(raise(), "2027-03-01", MONDAY)).toBeNull();
  });

  it("refused: the same date or an earlier one", () => {
    expect(extensionProblem(raise(), "2027-01-31", MONDAY)).toBe(RAISE_DATE_MESSAGES.notLater("2027-01-31"));
    expect(extensionProblem(raise(), "2027-01-01", MONDAY)).toBe(RAISE_DATE_MESSAGES.notLater("2027-01-31"));
  });

  it("refused past 730 days from launch (2028 has a Feb 29), naming the last day allowed", () => {
    expect(extensionProblem(raise(), "2028-11-01", MONDAY)).toBe(RAISE_DATE_MESSAGES.tooLate("2028-10-30"));
  });

  it("does not need the goal reached", () => {
    expect(extensionProblem(raise({ fundingCurrentCents: 0 }), "2027-03-01", MONDAY)).toBeNull();
  });
});

describe("after an early close the deadline is final", () => {
  // Closed early a day ago, to 2026-12-10.
  const closed = raise({ fundingDeadline: "2026-12-10", closedEarlyAt: MONDAY - DAY });

  it("a second early close is refused, naming the date that holds", () => {
    expect(earlyCloseProblem(closed, "2026-12-08", MONDAY)).toBe(RAISE_DATE_MESSAGES.closedEarly("2026-12-10"));
  });

  it("an extension is refused, naming the date that holds", () => {
    expect(extensionProblem(closed, "2027-03-01", MONDAY)).toBe(RAISE_DATE_MESSAGES.closedEarly("2026-12-10"));
  });

  it("the message names the day as every notice does", () => {
    expect(RAISE_DATE_MESSAGES.closedEarly("2026-12-10")).toBe(
      "This raise is already closing early, on Dec 10, 2026: its deadline cannot change again",
    );
  });

  it("closingEarly holds while the raise is live, and not once it has ended", () => {
    expect([closingEarly(closed, MONDAY), closingEarly(closed, Date.parse("2026-12-10T00:00:00Z"))]).toEqual([
      true,
      false,
    ]);
  });
});

describe("reading a date", () => {
  it.each([
    ["2026-12-08", "2026-12-08"],
    [" 2026-12-08 ", "2026-12-08"],
    ["2026-02-30", null],
    ["12/08/2026", null],
    ["", null],
    [20261208, null],
  ])("%j → %j", (input, day) => {
    expect(parseDay(input)).toBe(day);
  });
});
