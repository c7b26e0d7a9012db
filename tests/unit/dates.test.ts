/** Calendar days (domain/shared/dates.ts): the one DAY_MS / isoDay / addDays vocabulary, pure. */
import { describe, expect, it } from "vitest";

import { addDays, DAY_MS, isoDay } from "../../domain/shared/dates";

describe("DAY_MS", () => {
  it("is one day in milliseconds", () => {
    expect(DAY_MS).toBe(86_400_000);
  });
});

describe("isoDay", () => {
  it("writes a moment's UTC date as YYYY-MM-DD, from milliseconds or a Date", () => {
    expect(isoDay(Date.UTC(2026, 10, 21, 23, 59, 59))).toBe("2026-11-21");
    expect(isoDay(new Date("2026-11-22T00:00:00Z"))).toBe("2026-11-22");
    expect(isoDay(0)).toBe("1970-01-01");
  });

  it("is today (UTC) without an argument", () => {
    expect(isoDay()).toBe(new Date().toISOString().slice(0, 10));
  });

  it("throws on an invalid moment, as toISOString does", () => {
    expect(() => isoDay(Number.NaN)).toThrow(RangeError);
  });
});

describe("addDays", () => {
  it("moves a date by whole days across months, years and leap days", () => {
    expect(addDays("2026-11-21", 0)).toBe("2026-11-21");
    expect(addDays("2026-11-21", 1)).toBe("2026-11-22");
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(addDays("2026-11-21", 365)).toBe("2027-11-21");
  });
});
