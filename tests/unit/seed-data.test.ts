import { describe, expect, it } from "vitest";

import { cancelDeadline } from "../../domain/cancellation";
import { SECTORS, sectorForCategory } from "../../domain/categories";
import { shapeProblems } from "../../domain/project-shapes";
import { buildDemoData, validateDemoData } from "../../db/seed-data";

describe("demo data", () => {
  const today = new Date();
  const data = buildDemoData(today, sectorForCategory);

  it("passes the seed's own checks (money, shares, sectors, states)", () => {
    expect(
      validateDemoData(
        data,
        today,
        SECTORS.map((s) => s.id),
      ),
    ).toEqual([]);
  });

  it("stores every JSON column in the shape the app reads", () => {
    expect(data.projects.flatMap((p) => shapeProblems(p).map((problem) => `${p.id}: ${problem}`))).toEqual([]);
  });

  it("gives every investment the cancellation cutoff of its project's deadline", () => {
    const deadlineOf = new Map(data.projects.map((p) => [p.id, p.fundingDeadline]));
    expect(
      data.investments.filter((i) => i.cancelCutoffAt !== cancelDeadline(deadlineOf.get(i.projectId) ?? "")),
    ).toEqual([]);
  });
});
