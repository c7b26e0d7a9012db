/** The incomplete draft's rules (ADR 033): which errors a draft may keep, and which it may not. */
import { describe, expect, it } from "vitest";

import { draftBodyOf, REQUIRED_FIELDS, validateDraft } from "../../domain/projects/project-draft";
import { PROJECT_MESSAGES } from "../../domain/projects/project-form-messages";

const TODAY = "2026-11-27";
const complete = {
  title: "Campus Keys",
  shortDescription: "Smart locks.",
  description: "Phones open dorm doors.",
  category: "Technology",
  projectDuration: 12,
  fundingGoal: 50_000,
  fundingDeadline: "2027-02-01",
  sharePrice: 10,
  creatorInfo: { name: "Fiona", bio: "Builds locks." },
  image: "https://cdn.example.org/a.png",
};

describe("validateDraft", () => {
  it("calls a body with every required field filled complete", () => {
    const result = validateDraft(complete, { today: TODAY });
    expect(result.ok && result.complete).toBe(true);
  });

  it("lists every empty required field, whitespace included, in the form's order", () => {
    const result = validateDraft({ title: "   " }, { today: TODAY });
    expect(result).toEqual({
      ok: true,
      complete: false,
      missing: REQUIRED_FIELDS.map((field) => expect.objectContaining({ field })),
    });
  });

  it("does not need a share price when total shares are given", () => {
    const result = validateDraft({ ...complete, sharePrice: "", totalShares: 5_000, title: "" }, { today: TODAY });
    expect(result).toEqual({ ok: true, complete: false, missing: [{ field: "title", label: "Project title" }] });
  });

  it("refuses what is filled in wrong, with its message, and never lists it as missing", () => {
    const result = validateDraft({ fundingGoal: 5_500, fundingDeadline: "2020-01-01" }, { today: TODAY });
    expect(result).toEqual({
      ok: false,
      count: 2,
      errors: { fundingGoal: PROJECT_MESSAGES.fundingGoalStep, fundingDeadline: PROJECT_MESSAGES.fundingDeadlinePast },
    });
  });
});

describe("draftBodyOf", () => {
  it("keeps the form's fields (the API's shapes normalised) and drops anything else", () => {
    expect(
      draftBodyOf({ title: "x", images: { main: "https://a.example/b.png" }, status: "active", founderId: "u1" }),
    ).toEqual({ title: "x", image: "https://a.example/b.png" });
  });
});
