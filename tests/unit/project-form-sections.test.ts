import { describe, expect, it } from "vitest";

import { sectionStates } from "../../domain/projects/project-form-sections";

describe("the builder's section states", () => {
  it("errors, missing required fields, complete, and optional sections left empty", () => {
    const states = sectionStates(
      {
        title: "Campus Keys",
        shortDescription: "Smart locks.",
        description: "",
        category: "Technology",
        projectDuration: "12",
        fundingGoal: "50000",
        fundingDeadline: "2027-01-01",
        sharePrice: "3",
        creatorInfo: { name: "Fiona", bio: "Builds locks." },
        image: "https://cdn.example.org/a.png",
        team: [{ name: "", role: "", bio: "" }],
        documents: [{ name: "Investor Deck", type: "pdf", url: "" }],
        faqs: [{ question: "Who?", answer: "Us." }],
      },
      { sharePrice: "The share price must divide the funding goal into a whole number of shares" },
    );
    expect(states).toEqual({
      basic: "incomplete",
      funding: "errors",
      creator: "complete",
      media: "complete",
      social: "optional-empty",
      business: "optional-empty",
      team: "optional-empty",
      traction: "optional-empty",
      roadmap: "optional-empty",
      documents: "optional-empty",
      faqs: "complete",
    });
  });
});
