/**
 * The one status rule (domain/projects/project-status.ts) and the funding state and invest button derived
 * from it (domain/projects/project.ts): every status × (open, deadline passed, sold out), one expected
 * outcome per test. Pure functions, run here in workerd with the other tests.
 */
import { describe, expect, it } from "vitest";

import { closedLabel, fundingState, investButtonState } from "../../domain/projects/project";
import { daysLeftText, projectStatus, type ProjectStatus } from "../../domain/projects/project-status";
import type { Role } from "../../domain/shared/types";

/** Each situation's raise is below its goal (41%): an ended one is "Closed (goal not reached)". */
const BELOW_GOAL = { fundingCurrent: 41_000, fundingGoal: 100_000 };
const AT_GOAL = { fundingCurrent: 100_000, fundingGoal: 100_000 };
const SITUATIONS = {
  open: { daysLeft: 12, sharesRemaining: 500, ...BELOW_GOAL },
  "deadline passed": { daysLeft: 0, sharesRemaining: 500, ...BELOW_GOAL },
  "sold out": { daysLeft: 12, sharesRemaining: 0, ...BELOW_GOAL },
  "deadline passed and sold out": { daysLeft: 0, sharesRemaining: 0, ...BELOW_GOAL },
} as const;
type Situation = keyof typeof SITUATIONS;

const ACTIVE: ProjectStatus = { key: "active", label: "Active", tone: "success", open: true };
const SOLD_OUT: ProjectStatus = { key: "sold-out", label: "Sold Out", tone: "info", open: false };
const CLOSED: ProjectStatus = { key: "closed", label: "Closed (goal not reached)", tone: "muted", open: false };
const FUNDED: ProjectStatus = { key: "funded", label: "Funded", tone: "info", open: false };
const COMPLETED: ProjectStatus = { key: "completed", label: "Completed", tone: "muted", open: false };
const CANCELLED: ProjectStatus = { key: "cancelled", label: "Canceled", tone: "danger", open: false };
const DRAFT: ProjectStatus = { key: "draft", label: "Draft", tone: "warning", open: false };
const UPCOMING: ProjectStatus = { key: "upcoming", label: "Upcoming", tone: "warning", open: false };
const COMING_SOON: ProjectStatus = { key: "coming-soon", label: "Coming Soon", tone: "info", open: false };

/** Stored status → what each situation shows. Anything unknown is upcoming (spec section 3). */
const EXPECTED: Record<string, Record<Situation, ProjectStatus>> = {
  active: {
    open: ACTIVE,
    "deadline passed": CLOSED,
    "sold out": SOLD_OUT,
    "deadline passed and sold out": SOLD_OUT,
  },
  funded: { open: CLOSED, "deadline passed": CLOSED, "sold out": CLOSED, "deadline passed and sold out": CLOSED },
  completed: { open: CLOSED, "deadline passed": CLOSED, "sold out": CLOSED, "deadline passed and sold out": CLOSED },
  cancelled: {
    open: CANCELLED,
    "deadline passed": CANCELLED,
    "sold out": CANCELLED,
    "deadline passed and sold out": CANCELLED,
  },
  draft: { open: DRAFT, "deadline passed": DRAFT, "sold out": DRAFT, "deadline passed and sold out": DRAFT },
  upcoming: {
    open: UPCOMING,
    "deadline passed": UPCOMING,
    "sold out": UPCOMING,
    "deadline passed and sold out": UPCOMING,
  },
  // approved with a launch date ahead (ADR 055): shown, never open for investment
  coming_soon: {
    open: COMING_SOON,
    "deadline passed": COMING_SOON,
    "sold out": COMING_SOON,
    "deadline passed and sold out": COMING_SOON,
  },
  pending: {
    open: UPCOMING,
    "deadline passed": UPCOMING,
    "sold out": UPCOMING,
    "deadline passed and sold out": UPCOMING,
  },
  "": { open: UPCOMING, "deadline passed": UPCOMING, "sold out": UPCOMING, "deadline passed and sold out": UPCOMING },
};

/** What fundingState said before it was derived from projectStatus: callers keep this behaviour. */
const EXPECTED_FUNDING: Record<string, Record<Situation, "open" | "closed" | "sold-out">> = {
  active: {
    open: "open",
    "deadline passed": "closed",
    "sold out": "sold-out",
    "deadline passed and sold out": "sold-out",
  },
};
const NOT_ACTIVE_FUNDING = {
  open: "closed",
  "deadline passed": "closed",
  "sold out": "sold-out",
  "deadline passed and sold out": "sold-out",
} as const;

const name = (status: string) => (status ? `'${status}'` : "an empty status");

describe("projectStatus: every status × situation", () => {
  for (const [status, bySituation] of Object.entries(EXPECTED)) {
    for (const [situation, expected] of Object.entries(bySituation) as [Situation, ProjectStatus][]) {
      it(`${name(status)}, ${situation}: ${expected.label}${expected.open ? " (open)" : ""}`, () => {
        expect(projectStatus({ status, ...SITUATIONS[situation] })).toEqual(expected);
      });
    }
  }
});

describe("fundingState derives from projectStatus (sold out first, then closed)", () => {
  for (const status of Object.keys(EXPECTED)) {
    for (const situation of Object.keys(SITUATIONS) as Situation[]) {
      const expected = (EXPECTED_FUNDING[status] ?? NOT_ACTIVE_FUNDING)[situation];
      it(`${name(status)}, ${situation}: ${expected}`, () => {
        expect(fundingState({ status, ...SITUATIONS[situation] })).toBe(expected);
      });
    }
  }
});

describe("the badge and the invest button never disagree", () => {
  const roles: (Role | null)[] = [null, "investor", "founder", "admin"];
  const terms = { sharePrice: 10, investmentTerms: { valuation: 0, equityPercentage: 10, minInvestment: 100 } };
  for (const status of Object.keys(EXPECTED)) {
    for (const situation of Object.keys(SITUATIONS) as Situation[]) {
      it(`${name(status)}, ${situation}: an Active badge only beside a button that can lead to a purchase`, () => {
        const p = { status, ...SITUATIONS[situation], ...terms };
        const badge = projectStatus(p).label;
        const buttons = roles.map((role) => investButtonState(p, 10, role, (n) => `$${n}`).kind);
        // Every role's button is Funding Closed / Sold Out exactly when the badge is not Active.
        const closed = buttons.map((k) => k === "closed" || k === "sold-out");
        expect(closed).toEqual(roles.map(() => badge !== "Active"));
      });
    }
  }
});

describe("the rule's details", () => {
  it("reads the stored status without regard to case or surrounding spaces", () => {
    expect(projectStatus({ status: " Active ", daysLeft: 3, sharesRemaining: 1 })).toEqual(ACTIVE);
  });

  it("an active raise past its deadline that reached its goal is Funded", () => {
    expect(projectStatus({ status: "active", daysLeft: 0, sharesRemaining: 10, ...AT_GOAL })).toEqual(FUNDED);
  });

  it("a stored completed raise that reached its goal stays Completed", () => {
    expect(projectStatus({ status: "completed", daysLeft: 0, sharesRemaining: 0, ...AT_GOAL })).toEqual(COMPLETED);
  });

  it("a stored completed raise at 78% of its goal is Closed", () => {
    const p = { status: "completed", daysLeft: 0, sharesRemaining: 10, fundingCurrent: 78, fundingGoal: 100 };
    expect(projectStatus(p)).toEqual(CLOSED);
  });

  it("without the raise's figures an ended raise keeps its stored word", () => {
    expect(projectStatus({ status: "funded", daysLeft: 0, sharesRemaining: 0 })).toEqual(FUNDED);
  });

  it("the invest button of an active project past its deadline says Funding Closed beside a Closed badge", () => {
    const p = {
      status: "active",
      daysLeft: 0,
      sharesRemaining: 10,
      ...BELOW_GOAL,
      sharePrice: 5,
      investmentTerms: { valuation: 0, equityPercentage: 10, minInvestment: 5 },
    };
    expect([projectStatus(p).label, investButtonState(p, 1, "investor", String).label]).toEqual([
      "Closed (goal not reached)",
      "Funding Closed",
    ]);
  });

  it("the invest button of a sold-out active project says what the badge says", () => {
    const p = {
      status: "active",
      daysLeft: 9,
      sharesRemaining: 0,
      ...BELOW_GOAL,
      sharePrice: 5,
      investmentTerms: { valuation: 0, equityPercentage: 10, minInvestment: 5 },
    };
    expect(investButtonState(p, 1, "investor", String).label).toBe(projectStatus(p).label);
  });
});

describe("daysLeftText: the Days left figure", () => {
  const cases: [string, Situation, number | string][] = [
    ["active", "open", 12],
    ["active", "deadline passed", "Closed (goal not reached)"],
    // sold out before its deadline, the raise still runs (all or nothing): its days still count
    ["active", "sold out", 12],
    ["active", "deadline passed and sold out", "Funding completed"],
    ["funded", "sold out", "Closed (goal not reached)"],
    ["completed", "deadline passed", "Closed (goal not reached)"],
    ["cancelled", "open", "Canceled"],
    ["draft", "open", "Not open yet"],
    ["upcoming", "open", "Not open yet"],
  ];
  for (const [status, situation, expected] of cases) {
    it(`${status}, ${situation}: ${expected}`, () => {
      expect(daysLeftText({ status, ...SITUATIONS[situation] })).toBe(expected);
    });
  }

  it("a raise that ended at its goal says Funding completed", () => {
    expect(daysLeftText({ status: "completed", daysLeft: 0, sharesRemaining: 0, ...AT_GOAL })).toBe(
      "Funding completed",
    );
  });

  it("the card's shorter wording for a raise that ended below its goal (its badge names the status)", () => {
    expect(daysLeftText({ status: "closed", daysLeft: 0, sharesRemaining: 5, ...BELOW_GOAL }, "Ended", "Ended")).toBe(
      "Ended",
    );
  });

  it("the card's shorter wording for a raise that ended at its goal", () => {
    expect(daysLeftText({ status: "active", daysLeft: 0, sharesRemaining: 5, ...AT_GOAL }, "Ended")).toBe("Ended");
  });
});

describe("the closed button's words (closedLabel)", () => {
  const open = { daysLeft: 30, sharesRemaining: 100 };
  it("a draft (its founder's preview) has not opened yet", () => {
    expect(closedLabel({ status: "draft", ...open })).toBe("Not Open Yet");
  });
  it("an upcoming project has not opened yet", () => {
    expect(closedLabel({ status: "coming-soon", ...open })).toBe("Not Open Yet");
  });
  it("an active project past its deadline has closed", () => {
    expect(closedLabel({ status: "active", daysLeft: 0, sharesRemaining: 100 })).toBe("Funding Closed");
  });
  it("a completed project has closed", () => {
    expect(closedLabel({ status: "completed", ...open })).toBe("Funding Closed");
  });
});
