/**
 * The demo account's one statement (domain/money/portfolio-account.ts): what is invested is the active
 * purchases, the statement's latest running total says the same, and a year's statement nets its
 * purchases against its refunds.
 */
import { describe, expect, it } from "vitest";

import { demoAccount, statementRows, yearStatement } from "../../domain/money/portfolio-account";

const bought = (id: string, amount: number, at: string, cancelledAt: string | null = null) => ({
  _id: id,
  projectTitle: `P ${id}`,
  amountInvested: amount,
  shares: amount / 10,
  status: cancelledAt ? ("cancelled" as const) : ("active" as const),
  investedAt: at,
  cancelledAt,
});

const INVESTMENTS = [
  bought("a", 120, "2025-12-30T10:00:00.000Z"),
  bought("b", 1_110.1, "2026-02-01T10:00:00.000Z"),
  bought("c", 500, "2026-03-01T10:00:00.000Z", "2026-03-02T10:00:00.000Z"),
];

describe("demoAccount and statementRows", () => {
  it("invested is the active purchases, in cents", () => {
    expect(demoAccount(INVESTMENTS).invested).toBe(1_230.1);
  });

  it("the statement's latest running total is what is invested", () => {
    expect(statementRows(INVESTMENTS)[0]!.runningTotal).toBe(demoAccount(INVESTMENTS).invested);
  });

  it("the credit line is never drawn", () => {
    expect(demoAccount(INVESTMENTS).credit).toEqual({ limit: 2_500, used: 0, available: 2_500, apr: 0.5 });
  });

  it("a year's statement nets that year's purchases against its refunds", () => {
    expect(yearStatement(statementRows(INVESTMENTS), 2026).net).toBe(1_110.1);
  });
});
