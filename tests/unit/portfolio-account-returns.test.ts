/**
 * The demo statement's returns (domain/money/portfolio-account.ts, ADR 043): a returned investment's
 * money comes back on the day its raise settled, told apart from a cancellation's refund, and
 * what is invested (the account's "Invested so far") drops it like the statement's running total.
 */
import { describe, expect, it } from "vitest";

import {
  demoAccount,
  statementLineTitle,
  statementLineType,
  statementRows,
  yearStatement,
} from "../../domain/money/portfolio-account";

const INVESTMENTS = [
  {
    _id: "kept",
    projectTitle: "Highlight Reel",
    amountInvested: 300,
    shares: 30,
    status: "confirmed" as const,
    investedAt: "2026-10-01T10:00:00.000Z",
    cancelledAt: null,
    settledAt: "2026-11-01T00:05:00.000Z",
  },
  {
    _id: "back",
    projectTitle: "CampusKeys",
    amountInvested: 250,
    shares: 25,
    status: "returned" as const,
    investedAt: "2026-10-02T10:00:00.000Z",
    cancelledAt: null,
    settledAt: "2026-11-02T00:05:00.000Z",
  },
];

describe("a returned investment in the demo statement", () => {
  it("gives a return line on the day it was settled, and the running total ends at what is held", () => {
    const rows = statementRows(INVESTMENTS);
    expect(rows.map((r) => [r.key, r.at, r.refund, r.returned, r.runningTotal])).toEqual([
      ["back-returned", "2026-11-02T00:05:00.000Z", true, true, 300],
      ["back", "2026-10-02T10:00:00.000Z", false, false, 550],
      ["kept", "2026-10-01T10:00:00.000Z", false, false, 300],
    ]);
    expect(demoAccount(INVESTMENTS).invested).toBe(300);
    expect(rows[0]!.runningTotal).toBe(demoAccount(INVESTMENTS).invested);
    expect(yearStatement(rows, 2026).net).toBe(300);
  });

  it("names a return apart from a cancellation's refund and a purchase", () => {
    const [ret, purchase] = statementRows(INVESTMENTS);
    expect([statementLineTitle(ret!), statementLineType(ret!)]).toEqual([
      "Returned: CampusKeys closed below its goal",
      "Returned (goal not reached)",
    ]);
    expect([statementLineTitle(purchase!), statementLineType(purchase!)]).toEqual(["CampusKeys", "Purchase"]);
    const refund = { projectTitle: "LabLink", refund: true, returned: false };
    expect([statementLineTitle(refund), statementLineType(refund)]).toEqual([
      "LabLink (canceled, refunded)",
      "Refund (canceled)",
    ]);
  });
});
