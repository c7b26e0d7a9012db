/**
 * The project form's rules (spec section 5 "Project form", section 9 limits), pure: through
 * `validateProject` (what every door runs) and `constraintsOf` (what the form renders).
 * Today is pinned so the deadline rules are stable.
 */
import { describe, expect, it } from "vitest";

import { bannerMessage, constraintsOf } from "../../domain/shared/form-kit";
import { PROJECT_MESSAGES as M } from "../../domain/projects/project-form-messages";
import { projectFormSchema, validateProject } from "../../domain/projects/project-form";
import { type ProjectInput } from "../../domain/projects/project-input";
import { derivedTerms, sharesUnavailableReason } from "../../domain/projects/project-terms";
import { PROJECT_REQUIRED_FIELDS as REQUIRED } from "../shared/required-fields";

const TODAY = "2026-06-01";
const DEADLINE = "2026-12-31";

/** A complete, valid body as the API receives it: $50,000 at $10 a share, 10% equity. */
function validBody(): Record<string, unknown> {
  return {
    title: "Campus Keys",
    shortDescription: "Smart locks for dorm rooms.",
    description: "Campus Keys replaces dorm keys with phones.",
    category: "Technology",
    fundingGoal: 50_000,
    fundingDeadline: DEADLINE,
    projectDuration: 12,
    image: "https://cdn.example.org/campus-keys.png",
    creatorInfo: { name: "Fiona Founder", bio: "Builds locks." },
    sharePrice: 10,
    investmentTerms: { equityPercentage: 10, minInvestment: 100 },
  };
}

/** The body with a dotted path set (`creatorInfo.name`, `investmentTerms.minInvestment`) or removed. */
function withField(path: string, value: unknown, body = validBody()): Record<string, unknown> {
  const parts = path.split(".");
  let node = body;
  for (const key of parts.slice(0, -1)) {
    node[key] = { ...(node[key] ?? {}) };
    node = node[key] as Record<string, unknown>;
  }
  const last = parts.at(-1)!;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return body;
}

const check = (body: Record<string, unknown>) => validateProject(body, { today: TODAY });

/** The stored input of a body that must pass. */
function accepted(body: Record<string, unknown>): ProjectInput {
  const result = check(body);
  if (!result.ok) throw new Error(`expected the body to pass, got ${JSON.stringify(result.errors)}`);
  return result.value;
}

/** The one refusal expected: exactly this field with exactly this message. */
const refusedWith = (key: string, message: string) => ({ ok: false, errors: { [key]: message }, count: 1 });

describe("the ten required fields", () => {
  it("a valid body passes", () => {
    expect(check(validBody()).ok).toBe(true);
  });

  for (const [key, message] of REQUIRED) {
    for (const [how, value] of [
      ["missing", undefined],
      ["empty", ""],
      ["only spaces", "   "],
    ] as const) {
      it(`${key} ${how} → '${message}' on ${key}`, () => {
        expect(check(withField(key, value))).toEqual(refusedWith(key, message));
      });
    }
  }

  it("an empty body → exactly the ten required errors, and the banner counts 10", () => {
    const result = check({});
    expect(result).toEqual({ ok: false, errors: Object.fromEntries(REQUIRED), count: 10 });
    expect(bannerMessage(10)).toBe("Please fix the 10 validation errors highlighted below");
  });
});

describe("bounds (spec section 9)", () => {
  it("fundingGoal 4,999 → 'Funding goal must be at least $5,000'", () => {
    expect(check(withField("fundingGoal", 4_999))).toEqual(refusedWith("fundingGoal", M.fundingGoalMin));
  });

  it("fundingGoal 5,000 is accepted (500 shares at $10)", () => {
    const input = accepted(withField("fundingGoal", 5_000));
    expect([input.fundingGoalCents, input.totalShares]).toEqual([500_000, 500]);
  });

  it("fundingGoal 5,500 is off the $1,000 step", () => {
    expect(check(withField("fundingGoal", 5_500))).toEqual(
      refusedWith("fundingGoal", "Funding goal must be a multiple of $1,000"),
    );
  });

  it("fundingGoal 'abc' → 'Funding goal must be a number'", () => {
    expect(check(withField("fundingGoal", "abc"))).toEqual(refusedWith("fundingGoal", "Funding goal must be a number"));
  });

  it("projectDuration 2 → 'Project duration must be at least 3 months'", () => {
    expect(check(withField("projectDuration", 2))).toEqual(
      refusedWith("projectDuration", "Project duration must be at least 3 months"),
    );
  });

  it("projectDuration 2.5 (not a whole number of months) → the same message", () => {
    expect(check(withField("projectDuration", 2.5))).toEqual(
      refusedWith("projectDuration", "Project duration must be at least 3 months"),
    );
  });

  it("projectDuration 3 is accepted", () => {
    expect(accepted(withField("projectDuration", 3)).projectDuration).toBe(3);
  });

  it("minInvestment 99 → 'Minimum investment amount must be at least $100'", () => {
    expect(check(withField("investmentTerms.minInvestment", 99))).toEqual(
      refusedWith("investmentTerms.minInvestment", "Minimum investment amount must be at least $100"),
    );
  });

  it("minInvestment 100 is accepted (10,000 cents)", () => {
    expect(accepted(withField("investmentTerms.minInvestment", 100)).minInvestmentCents).toBe(10_000);
  });

  it("minInvestment omitted defaults to $100", () => {
    expect(accepted(withField("investmentTerms.minInvestment", undefined)).minInvestmentCents).toBe(10_000);
  });

  it("investmentTerms omitted altogether: minimum $100 and equity 10%", () => {
    const input = accepted(withField("investmentTerms", undefined));
    expect([input.minInvestmentCents, input.equityPercentage]).toEqual([10_000, 10]);
  });

  it("minInvestment above the funding goal is refused on the minimum", () => {
    expect(check(withField("investmentTerms.minInvestment", 50_010))).toEqual(
      refusedWith("investmentTerms.minInvestment", "Minimum investment cannot be more than the funding goal"),
    );
  });

  it("shortDescription of 150 characters is accepted", () => {
    expect(accepted(withField("shortDescription", "s".repeat(150))).shortDescription).toHaveLength(150);
  });

  it("shortDescription of 151 characters → 'Short description must be at most 150 characters'", () => {
    expect(check(withField("shortDescription", "s".repeat(151)))).toEqual(
      refusedWith("shortDescription", "Short description must be at most 150 characters"),
    );
  });

  for (const rate of [-1, 101]) {
    it(`returnRate ${rate} → 'Return rate must be between 0 and 100'`, () => {
      expect(check(withField("returnRate", rate))).toEqual(
        refusedWith("returnRate", "Return rate must be between 0 and 100"),
      );
    });
  }

  for (const rate of [0, 100]) {
    it(`returnRate ${rate} is accepted`, () => {
      expect(accepted(withField("returnRate", rate)).returnRate).toBe(rate);
    });
  }

  it("returnRate left empty is stored as null", () => {
    expect(accepted(withField("returnRate", "")).returnRate).toBe(null);
  });

  for (const equity of [0, 100.01]) {
    it(`equity ${equity} → 'Equity offered must be more than 0 and at most 100'`, () => {
      expect(check(withField("investmentTerms.equityPercentage", equity))).toEqual(
        refusedWith("investmentTerms.equityPercentage", "Equity offered must be more than 0 and at most 100"),
      );
    });
  }

  for (const equity of [0.01, 100]) {
    it(`equity ${equity} is accepted`, () => {
      expect(accepted(withField("investmentTerms.equityPercentage", equity)).equityPercentage).toBe(equity);
    });
  }

  it("equity 12.345 is off the 0.01 step", () => {
    expect(check(withField("investmentTerms.equityPercentage", 12.345))).toEqual(
      refusedWith("investmentTerms.equityPercentage", "Equity offered can have at most 2 decimal places"),
    );
  });

  it("a share price that does not divide the goal ($50,000 at $3) is refused on sharePrice", () => {
    expect(check(withField("sharePrice", 3))).toEqual(
      refusedWith("sharePrice", "The share price must divide the funding goal into a whole number of shares"),
    );
  });

  it("totalShares instead of sharePrice: the price is derived in cents ($50,000 / 2,000 = $25)", () => {
    const input = accepted(withField("totalShares", 2_000, withField("sharePrice", undefined)));
    expect([input.sharePriceCents, input.totalShares]).toEqual([2_500, 2_000]);
  });

  it("totalShares that do not divide the goal into whole cents are refused on totalShares", () => {
    expect(check(withField("totalShares", 3, withField("sharePrice", undefined)))).toEqual(
      refusedWith("totalShares", "Total shares must divide the funding goal into whole cents"),
    );
  });

  it("neither sharePrice nor totalShares → 'Share price must be at least $0.01'", () => {
    expect(check(withField("sharePrice", undefined))).toEqual(
      refusedWith("sharePrice", "Share price must be at least $0.01"),
    );
  });

  it("sharePrice and totalShares that disagree with the goal are refused", () => {
    expect(check(withField("totalShares", 4_000))).toEqual(
      refusedWith("sharePrice", "Share price × total shares must equal the funding goal"),
    );
  });

  it("a RegCF goal of $5,001,000 → 'A RegCF raise can be at most $5,000,000'", () => {
    const body = withField("regulationType", "RegCF", withField("fundingGoal", 5_001_000));
    expect(check(body)).toEqual(refusedWith("fundingGoal", "A RegCF raise can be at most $5,000,000"));
  });

  it("a RegCF goal of exactly $5,000,000 is accepted", () => {
    const body = withField("regulationType", "RegCF", withField("fundingGoal", 5_000_000));
    expect(accepted(body).fundingGoalCents).toBe(500_000_000);
  });

  it("the same $5,001,000 goal under RegA+ is accepted", () => {
    const body = withField("regulationType", "RegA+", withField("fundingGoal", 5_001_000));
    expect(accepted(body).fundingGoalCents).toBe(500_100_000);
  });

  it("a deadline that is not in the future is refused", () => {
    expect(check(withField("fundingDeadline", TODAY))).toEqual(
      refusedWith("fundingDeadline", "Funding deadline must be in the future"),
    );
  });

  it("an impossible date is refused", () => {
    expect(check(withField("fundingDeadline", "2026-02-30"))).toEqual(
      refusedWith("fundingDeadline", "Please enter a valid funding deadline"),
    );
  });

  it("a category outside the form's list is refused", () => {
    expect(check(withField("category", "Crypto"))).toEqual(
      refusedWith("category", "Please choose one of the listed categories"),
    );
  });

  it("a listed category is stored lower case", () => {
    expect(accepted(withField("category", "Food & Beverage")).category).toBe("food & beverage");
  });
});

describe("URL checks", () => {
  const SOCIAL: [string, string][] = [
    ["website", "Website"],
    ["twitter", "Twitter"],
    ["facebook", "Facebook"],
    ["linkedin", "LinkedIn"],
    ["instagram", "Instagram"],
  ];
  for (const [key, item] of SOCIAL) {
    for (const bad of ["javascript:alert(1)", "ftp://x.org/f"]) {
      it(`socialLinks.${key} '${bad}' → 'Please enter a valid URL for ${item}'`, () => {
        expect(check(withField(`socialLinks.${key}`, bad))).toEqual(
          refusedWith(`socialLinks.${key}`, `Please enter a valid URL for ${item}`),
        );
      });
    }
    it(`socialLinks.${key} with an https URL is stored`, () => {
      const link = `https://example.org/${key}`;
      expect(accepted(withField(`socialLinks.${key}`, link)).socialLinks).toEqual({ [key]: link });
    });
  }

  const DOCS: [string, string][] = [
    ["Investor Deck", "Investor Deck"],
    ["Technical Whitepaper", "Whitepaper"],
    ["Financial Projections", "Financials"],
    ["Market Analysis Report", "Market Analysis"],
  ];
  /** The form's four document rows, in order, with `url` on row `index` and the others left empty. */
  const documents = (index: number, url: string) =>
    DOCS.map(([name], i) => ({ name, type: "pdf", url: i === index ? url : "" }));

  DOCS.forEach(([name, item], index) => {
    for (const bad of ["javascript:alert(1)", "ftp://x.org/f"]) {
      it(`documents[${index}] (${name}) '${bad}' → 'Please enter a valid URL for ${item}'`, () => {
        expect(check(withField("documents", documents(index, bad)))).toEqual(
          refusedWith(`documents[${index}].url`, `Please enter a valid URL for ${item}`),
        );
      });
    }
    it(`documents[${index}] (${name}) with an https URL is stored; the empty rows are not`, () => {
      const url = `https://example.org/${index}.pdf`;
      expect(accepted(withField("documents", documents(index, url))).documents).toEqual([{ name, type: "pdf", url }]);
    });
  });

  const IMAGE_FIELDS: [string, string][] = [
    ["image", "Main image"],
    ["logo", "Logo"],
    ["creatorInfo.image", "Creator photo"],
  ];
  for (const [key, item] of IMAGE_FIELDS) {
    it(`${key} accepts an uploaded file's path`, () => {
      const path = "/uploads/3f2b8c1e-9a4d-4e7f-8b6a-2c1d0e9f8a7b.png";
      const input = accepted(withField(key, path));
      expect(key === "creatorInfo.image" ? input.creatorInfo.image : input[key as "image" | "logo"]).toBe(path);
    });
    it(`${key} accepts an https URL`, () => {
      const url = "https://cdn.example.org/x.png";
      const input = accepted(withField(key, url));
      expect(key === "creatorInfo.image" ? input.creatorInfo.image : input[key as "image" | "logo"]).toBe(url);
    });
    it(`${key} refuses javascript: → 'Please enter a valid URL for ${item}'`, () => {
      expect(check(withField(key, "javascript:alert(1)"))).toEqual(
        refusedWith(key, `Please enter a valid URL for ${item}`),
      );
    });
  }

  it("a gallery image with javascript: is refused on its row", () => {
    expect(check(withField("gallery", ["/uploads/a.png", "javascript:alert(1)"]))).toEqual(
      refusedWith("gallery[1]", "Please enter a valid URL for Gallery image"),
    );
  });

  it("a team member photo with javascript: is refused on its row", () => {
    expect(check(withField("team", [{ name: "Ann", role: "CTO", image: "javascript:alert(1)" }]))).toEqual(
      refusedWith("team[0].image", "Please enter a valid URL for Team member photo"),
    );
  });

  it("an image path of ours longer than a web address may be (2,048 characters) is refused", () => {
    expect(check(withField("logo", `/images/${"a".repeat(2_041)}`))).toEqual(
      refusedWith("logo", "Please enter a valid URL for Logo"),
    );
  });

  it("a document path of ours longer than 2,048 characters is refused on its row", () => {
    expect(check(withField("documents", [{ name: "Deck", type: "pdf", url: `/docs/${"a".repeat(2_043)}` }]))).toEqual(
      refusedWith("documents[0].url", "Please enter a valid URL for Deck"),
    );
  });

  it("an image path that climbs out of /uploads is refused", () => {
    expect(check(withField("image", "/uploads/../secrets.png"))).toEqual(
      refusedWith("image", "Please enter a valid URL for Main image"),
    );
  });
});

describe("repeating rows, tags and regulation type", () => {
  it("a FAQ with only a question → the message on its answer", () => {
    expect(check(withField("faqs", [{ question: "When do you launch?", answer: "  " }]))).toEqual(
      refusedWith("faqs[0].answer", "Please complete both question and answer for all FAQs"),
    );
  });

  it("a FAQ with only an answer → the message on its question", () => {
    const faqs = [
      { question: "Q1", answer: "A1" },
      { question: "", answer: "In the fall." },
    ];
    expect(check(withField("faqs", faqs))).toEqual(
      refusedWith("faqs[1].question", "Please complete both question and answer for all FAQs"),
    );
  });

  it("FAQ rows with both halves empty are dropped", () => {
    const faqs = [{ question: "", answer: "" }, { question: "Q1", answer: "A1" }, {}];
    expect(accepted(withField("faqs", faqs)).faqs).toEqual([{ question: "Q1", answer: "A1" }]);
  });

  it("team rows are kept only with both name and role", () => {
    const team = [
      { name: "Ann", role: "CTO", bio: "" },
      { name: "Ben", role: "" },
      { name: "", role: "Designer", bio: "No name" },
      {},
    ];
    expect(accepted(withField("team", team)).team).toEqual([{ name: "Ann", role: "CTO" }]);
  });

  it("traction rows need metric and value; roadmap rows need date and milestone", () => {
    const details = {
      traction: [{ metric: "Users", value: "1,200" }, { metric: "MRR" }, { value: "5" }],
      roadmap: [
        { date: "2026 Q3", milestone: "Launch" },
        { date: "2026 Q4", milestone: "" },
        { milestone: "Scale", completed: true },
        { date: "2027 Q1", milestone: "Three campuses", completed: true },
      ],
    };
    const input = accepted(withField("details", details));
    expect({ traction: input.details.traction, roadmap: input.details.roadmap }).toEqual({
      traction: [{ metric: "Users", value: "1,200" }],
      roadmap: [
        { date: "2026 Q3", milestone: "Launch" },
        { date: "2027 Q1", milestone: "Three campuses", completed: true },
      ],
    });
  });

  it("tags 'a, ,b,,a' → ['a', 'b']", () => {
    expect(accepted(withField("tags", "a, ,b,,a")).tags).toEqual(["a", "b"]);
  });

  it("regulationType 'Reg D' is normalised to SAFE", () => {
    expect(accepted(withField("regulationType", "Reg D")).regulationType).toBe("SAFE");
  });

  it("a 60-row team list → 'A list can have at most 50 rows'", () => {
    const team = Array.from({ length: 60 }, (_, i) => ({ name: `N${i}`, role: "R" }));
    expect(check(withField("team", team))).toEqual(refusedWith("team", "A list can have at most 50 rows"));
  });
});

describe("money terms in integer cents", () => {
  it("goal $50,000 at $10 with 12.5% equity → 5,000 shares, valuation $400,000", () => {
    const input = accepted(withField("investmentTerms.equityPercentage", 12.5));
    expect({
      fundingGoalCents: input.fundingGoalCents,
      sharePriceCents: input.sharePriceCents,
      totalShares: input.totalShares,
      valuationCents: input.valuationCents,
    }).toEqual({ fundingGoalCents: 5_000_000, sharePriceCents: 1_000, totalShares: 5_000, valuationCents: 40_000_000 });
  });

  it("cents survive float arithmetic: $0.07 a share on $7,000 → 100,000 shares", () => {
    const input = accepted(withField("sharePrice", 0.07, withField("fundingGoal", 7_000)));
    expect([input.sharePriceCents, input.totalShares]).toEqual([7, 100_000]);
  });

  it("numbers as text from a form ('$50,000', '12', '10.00', '12.5') are read as numbers", () => {
    const body = {
      ...validBody(),
      fundingGoal: "$50,000",
      projectDuration: "12",
      sharePrice: "10.00",
      investmentTerms: { equityPercentage: "12.5", minInvestment: "250" },
      returnRate: "8",
    };
    const input = accepted(body);
    expect([
      input.fundingGoalCents,
      input.projectDuration,
      input.sharePriceCents,
      input.equityPercentage,
      input.minInvestmentCents,
      input.returnRate,
    ]).toEqual([5_000_000, 12, 1_000, 12.5, 25_000, 8]);
  });

  it("derivedTerms shows the form the same derived numbers", () => {
    expect(
      derivedTerms({ fundingGoal: "50000", sharePrice: "10", investmentTerms: { equityPercentage: "12.5" } }),
    ).toEqual({
      totalShares: 5_000,
      sharePrice: 10,
      valuation: 400_000,
    });
  });
});

describe("wrong types never pass and never throw", () => {
  const CASES: [string, unknown, string][] = [
    ["title", { text: "x" }, "Project title must be text"],
    ["description", ["x"], "Description must be text"],
    ["category", 7, "Category must be text"],
    ["fundingDeadline", { date: DEADLINE }, "Funding deadline must be text"],
    ["about", 5, "About must be text"],
    ["location", { city: "Ithaca" }, "Location must be text"],
    ["creatorInfo.name", { first: "F" }, "Creator name must be text"],
    ["tags", [{ tag: "x" }], "Tags must be text"],
    ["fundingGoal", { amount: 50_000 }, "Funding goal must be a number"],
    ["investmentTerms.equityPercentage", [10], "Equity offered must be a number"],
  ];
  for (const [key, value, message] of CASES) {
    it(`${key} = ${JSON.stringify(value)} → '${message}'`, () => {
      expect(check(withField(key, value))).toEqual(refusedWith(key, message));
    });
  }
});

describe("constraintsOf: the HTML constraints the form renders", () => {
  const schema = projectFormSchema({ today: TODAY });
  const CASES: [string, Record<string, unknown>][] = [
    ["title", { required: true, maxLength: 120 }],
    ["fundingGoal", { required: true, min: 5_000, max: 75_000_000, step: 1_000 }],
    ["shortDescription", { required: true, maxLength: 150 }],
    ["investmentTerms.minInvestment", { min: 100 }],
    ["investmentTerms.equityPercentage", { min: 0.01, max: 100, step: 0.01 }],
    ["projectDuration", { required: true, min: 3, max: 120 }],
    ["creatorInfo.name", { required: true, maxLength: 200 }],
    // At most 10 tags is a count of items: never a character limit on the text input.
    ["tags", {}],
  ];
  for (const [name, expected] of CASES) {
    it(`${name} → ${JSON.stringify(expected)}`, () => {
      expect(constraintsOf(schema, name)).toEqual(expected);
    });
  }
});

describe("every rule in one pass", () => {
  it("a past deadline, a price that does not divide the goal and an empty title are reported together", () => {
    const body = withField("title", "", withField("sharePrice", 3, withField("fundingDeadline", "2026-05-01")));
    const result = check(body);
    expect(result.ok ? {} : result.errors).toEqual({
      title: "Project title is required",
      fundingDeadline: "Funding deadline must be in the future",
      sharePrice: "The share price must divide the funding goal into a whole number of shares",
    });
  });

  it("a rule across fields is not reported when a field it reads has its own error", () => {
    const result = check(withField("fundingGoal", "lots", withField("sharePrice", 3)));
    expect(result.ok ? {} : result.errors).toEqual({ fundingGoal: "Funding goal must be a number" });
  });
});

describe("why the share count cannot be worked out", () => {
  it("names what is missing, then the nearest prices that divide the goal", () => {
    expect([
      sharesUnavailableReason({ fundingGoal: "", sharePrice: "3" }),
      sharesUnavailableReason({ fundingGoal: "50000", sharePrice: "" }),
      sharesUnavailableReason({ fundingGoal: "50000", sharePrice: "3" }),
      sharesUnavailableReason({ fundingGoal: "50000", sharePrice: "2.5" }),
    ]).toEqual([
      "Enter the funding goal to see the number of shares",
      "Enter a share price to see the number of shares",
      "$50,000 ÷ $3 is 16,666.67 shares, not a whole number: $2.50 or $3.20 would work",
      null,
    ]);
  });
});
