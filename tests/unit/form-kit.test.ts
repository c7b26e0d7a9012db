import * as v from "valibot";
import { describe, expect, it } from "vitest";

import {
  applyRowIntent,
  bannerMessage,
  constraintsOf,
  fieldName,
  MAX_ROWS,
  parseFieldName,
  parseFormFields,
  parseRowIntent,
  validateAll,
} from "../../domain/shared/form-kit";

/** A form shaped like the project form: nested objects, a repeating list, bounds and optionals. */
const schema = v.object({
  title: v.pipe(v.string(), v.trim(), v.nonEmpty("Project title is required"), v.maxLength(120, "At most 120")),
  shortDescription: v.optional(v.pipe(v.string(), v.maxLength(150, "Short description is at most 150 characters"))),
  fundingGoal: v.pipe(v.number(), v.minValue(5000, "Funding goal must be at least $5,000"), v.multipleOf(1000)),
  equity: v.pipe(v.number(), v.minValue(0), v.maxValue(100), v.metadata({ step: 0.01 })),
  creatorInfo: v.object({
    name: v.pipe(v.string(), v.nonEmpty("Creator name is required")),
    bio: v.pipe(v.string(), v.nonEmpty("Creator bio is required")),
  }),
  team: v.array(
    v.object({
      name: v.pipe(v.string(), v.nonEmpty("Name is required")),
      role: v.optional(v.string()),
    }),
  ),
  website: v.optional(v.pipe(v.string(), v.url("Please enter a valid URL for website"))),
  featured: v.boolean(),
});

describe("form names", () => {
  it("reads dotted and indexed names into paths and back", () => {
    expect(parseFieldName("title")).toEqual(["title"]);
    expect(parseFieldName("creatorInfo.name")).toEqual(["creatorInfo", "name"]);
    expect(parseFieldName("team[2].role")).toEqual(["team", 2, "role"]);
    expect(parseFieldName("details.financials.revenueProjections.year1")).toEqual([
      "details",
      "financials",
      "revenueProjections",
      "year1",
    ]);
    for (const name of ["title", "creatorInfo.name", "team[2].role", "details.traction[0].metric"]) {
      expect(fieldName(parseFieldName(name)!)).toBe(name);
    }
  });

  it("refuses names that could pollute objects, grow lists without bound, or are malformed", () => {
    for (const name of [
      "__proto__.polluted",
      "a.constructor.prototype",
      "team[0].__proto__",
      `team[${MAX_ROWS}].name`,
      "[0]",
      "a..b",
      "a.",
      ".a",
      "a[x]",
      "a[-1]",
      "",
      "a b[",
    ]) {
      expect(parseFieldName(name), name).toBeNull();
    }
  });
});

describe("parseFormFields", () => {
  it("builds the nested object the API speaks, keeping row numbers", () => {
    const out = parseFormFields([
      ["title", "LabLink"],
      ["creatorInfo.name", "Ada"],
      ["creatorInfo.bio", "Engineer"],
      ["team[0].name", "Sam"],
      ["team[0].role", "CTO"],
      ["team[2].name", "Kai"],
      ["title", "second value ignored"],
    ]);
    expect(out).toEqual({
      title: "LabLink",
      creatorInfo: { name: "Ada", bio: "Engineer" },
      team: [{ name: "Sam", role: "CTO" }, undefined, { name: "Kai" }],
    });
  });

  it("ignores polluting names and names that clash with an earlier one", () => {
    const out = parseFormFields([
      ["__proto__.polluted", "yes"],
      ["constructor.prototype.polluted", "yes"],
      ["a", "text"],
      ["a.b", "group"],
      ["team[0]", "text row"],
      ["team[0].name", "x"],
    ]);
    expect(out).toEqual({ a: "text", team: ["text row"] });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("validateAll", () => {
  it("returns every field's first error at once, keyed by its form name", () => {
    const result = validateAll(schema, {
      title: "   ",
      fundingGoal: 4000,
      equity: 5,
      creatorInfo: { name: "", bio: "Engineer" },
      team: [{ name: "Sam" }, { name: "" }],
      website: "not a url",
      featured: false,
    });
    expect(result).toEqual({
      ok: false,
      count: 5,
      errors: {
        title: "Project title is required",
        fundingGoal: "Funding goal must be at least $5,000",
        "creatorInfo.name": "Creator name is required",
        "team[1].name": "Name is required",
        website: "Please enter a valid URL for website",
      },
    });
  });

  it("returns the parsed value when everything holds", () => {
    const result = validateAll(schema, {
      title: " LabLink ",
      fundingGoal: 10000,
      equity: 12.5,
      creatorInfo: { name: "Ada", bio: "Engineer" },
      team: [],
      featured: true,
    });
    expect(result).toMatchObject({ ok: true, value: { title: "LabLink", fundingGoal: 10000 } });
  });

  it("words the banner as the spec does", () => {
    expect(bannerMessage(3)).toBe("Please fix the 3 validation errors highlighted below");
    expect(bannerMessage(1)).toBe("Please fix the 1 validation error highlighted below");
  });
});

describe("constraintsOf: the markup's limits come from the schema", () => {
  const cases: [string, object][] = [
    ["title", { required: true, maxLength: 120 }],
    ["shortDescription", { maxLength: 150 }],
    ["fundingGoal", { required: true, min: 5000, step: 1000 }],
    ["equity", { required: true, min: 0, max: 100, step: 0.01 }],
    ["creatorInfo.name", { required: true }],
    ["team[3].name", { required: true }],
    ["team[0].role", {}],
    ["website", {}],
    ["featured", {}],
    ["nothing.here", {}],
  ];
  for (const [name, expected] of cases) {
    it(`${name} → ${JSON.stringify(expected)}`, () => {
      expect(constraintsOf(schema, name)).toEqual(expected);
    });
  }
});

describe("row intents (add and remove rows without JavaScript)", () => {
  const blank = () => ({ name: "", role: "" });

  it("reads add:<list> and remove:<list>:<n>, nothing else", () => {
    expect(parseRowIntent("add:team")).toEqual({ kind: "add", list: "team" });
    expect(parseRowIntent("add:details.traction")).toEqual({ kind: "add", list: "details.traction" });
    expect(parseRowIntent("remove:team:2")).toEqual({ kind: "remove", list: "team", index: 2 });
    for (const bad of ["", "save", "add:", "remove:team", "remove:team:x", "add:__proto__[0]", 7, null]) {
      expect(parseRowIntent(bad), String(bad)).toBeNull();
    }
  });

  it("adds an empty row and keeps what was typed", () => {
    const values = { title: "LabLink", team: [{ name: "Sam", role: "CTO" }] };
    const out = applyRowIntent(values, { kind: "add", list: "team" }, blank);
    expect(out).toEqual({ changed: true, values: { title: "LabLink", team: [{ name: "Sam", role: "CTO" }, blank()] } });
    expect(values.team).toHaveLength(1); // the input is not changed
  });

  it("adds to a nested list, creating it", () => {
    const out = applyRowIntent({}, { kind: "add", list: "details.traction" }, () => ({ metric: "", value: "" }));
    expect(out.values).toEqual({
      details: {
        traction: [
          { metric: "", value: "" },
          { metric: "", value: "" },
        ],
      },
    });
  });

  it("removes the chosen row, but never the last one", () => {
    const two = { team: [{ name: "Sam" }, { name: "Kai" }] };
    expect(applyRowIntent(two, { kind: "remove", list: "team", index: 0 }, blank).values).toEqual({
      team: [{ name: "Kai" }],
    });
    const one = { team: [{ name: "Sam" }] };
    expect(applyRowIntent(one, { kind: "remove", list: "team", index: 0 }, blank)).toEqual({
      changed: false,
      values: one,
    });
  });

  it(`stops adding at ${MAX_ROWS} rows`, () => {
    const full = { team: Array.from({ length: MAX_ROWS }, blank) };
    expect(applyRowIntent(full, { kind: "add", list: "team" }, blank).changed).toBe(false);
  });
});

describe("Field: one field with its label, hint, error and constraints", () => {
  it("ties the hint, the length counter and the error to the control; a length limit is a counter, never maxlength", async () => {
    const { createElement } = await import("react");
    const { renderToStaticMarkup } = await import("react-dom/server");
    const { Field } = await import("../../app/components/form/Field");
    const html = renderToStaticMarkup(
      createElement(Field, {
        name: "title",
        label: "Project title",
        hint: "What your startup is called",
        errors: { title: "Project title is required" },
        schema,
        children: (props) => createElement("input", props),
      }),
    );
    expect(html).toBe(
      '<div class="field"><label for="f-title">Project title</label>' +
        '<input id="f-title" required="" aria-invalid="true" aria-describedby="f-title-hint f-title-count f-title-error" name="title"/>' +
        '<p class="field-hint" id="f-title-hint">What your startup is called</p>' +
        '<p class="field-hint field-count" id="f-title-count">Up to 120 characters</p>' +
        '<span class="visually-hidden" aria-live="polite"></span>' +
        '<p class="field-error" id="f-title-error">Project title is required</p></div>',
    );
    const ok = renderToStaticMarkup(
      createElement(Field, {
        name: "team[2].role",
        label: "Role",
        errors: {},
        schema,
        children: (p) => createElement("input", p),
      }),
    );
    expect(ok).toBe(
      '<div class="field"><label for="f-team-2-role">Role</label><input id="f-team-2-role" name="team[2].role"/></div>',
    );
  });
});

describe("the service contract for large forms", () => {
  it("validateFields returns the value, or throws a 400 with the banner and every field's error", async () => {
    const { validateFields, ServiceError } = await import("../../worker/services/shared/errors");
    expect(() => validateFields(schema, { title: "" })).toThrow(ServiceError);
    try {
      validateFields(schema, {
        title: "",
        fundingGoal: 6000,
        equity: 10,
        creatorInfo: { name: "A", bio: "B" },
        team: [],
        featured: false,
      });
      expect.unreachable();
    } catch (e) {
      const err = e as InstanceType<typeof ServiceError>;
      expect(err.status).toBe(400);
      expect(err.message).toBe("Please fix the 1 validation error highlighted below");
      expect(err.errors).toEqual({ title: "Project title is required" });
    }
  });
});
