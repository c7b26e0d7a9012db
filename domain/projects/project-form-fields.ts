/**
 * The project form's fields, each with its own rules: the object under the schema's cross-field
 * checks (project-form.ts), and `ProjectFormOutput`, what they parse to, which project-input.ts
 * converts. Pure, as the schema is.
 */
import * as v from "valibot";

import { PROJECT_CATEGORIES } from "./categories";
import { isCleanLine, normalizeText } from "../shared/text";
import {
  charCount,
  decimals,
  FIELD_MESSAGES,
  optionalNumber,
  requiredNumber,
  requiredText,
  rows,
  text,
  toNumber,
  url,
} from "../shared/fields";
import type { RegulationType } from "../shared/types";

import { SOCIAL_LINKS } from "./social-links";
import { PROJECT_LIMITS, PROJECT_MESSAGES, REGULATION_TYPES, RISK_LEVELS } from "./project-form-messages";
import { DocumentRow, FaqRow, RoadmapRow, TeamRow, TractionRow } from "./project-form-rows";

const { badCharacters, mustBeNumber, mustBeText } = FIELD_MESSAGES;

/** The form's fields, each with its own rules (the object under the cross-field checks). */
export function projectFields() {
  return v.object({
    // Basic Information
    title: requiredText("Project title", PROJECT_LIMITS.title, PROJECT_MESSAGES.titleRequired),
    shortDescription: v.pipe(
      requiredText("Short description", PROJECT_LIMITS.description, PROJECT_MESSAGES.shortDescriptionRequired, {
        kind: "multiline",
      }),
      v.metadata({ maxLength: PROJECT_LIMITS.shortDescription }),
      v.check((x) => charCount(x) <= PROJECT_LIMITS.shortDescription, PROJECT_MESSAGES.shortDescriptionMax),
    ),
    description: requiredText("Description", PROJECT_LIMITS.description, PROJECT_MESSAGES.descriptionRequired, {
      kind: "multiline",
    }),
    category: v.pipe(
      requiredText("Category", PROJECT_LIMITS.line, PROJECT_MESSAGES.categoryRequired),
      v.transform((x) => x.toLowerCase()),
      v.check((x) => PROJECT_CATEGORIES.some((c) => c.toLowerCase() === x), PROJECT_MESSAGES.categoryUnknown),
    ),
    about: text("About", PROJECT_LIMITS.about, { kind: "multiline" }),
    tags: v.optional(
      v.pipe(
        v.unknown(),
        v.transform((x) => {
          const list = Array.isArray(x) ? x : typeof x === "string" ? x.split(",") : x == null ? [] : [x];
          const seen = new Set<string>();
          const out: unknown[] = [];
          for (const item of list) {
            if (typeof item !== "string") {
              out.push(item);
              continue;
            }
            const tag = normalizeText(item).trim().replace(/\s+/g, " ");
            if (tag && !seen.has(tag.toLowerCase())) {
              seen.add(tag.toLowerCase());
              out.push(tag);
            }
          }
          return out;
        }),
        v.check((x) => x.every((t) => typeof t === "string"), mustBeText("Tags")),
        v.transform((x) => x as string[]),
        v.check((x) => x.every((t) => isCleanLine(t)), badCharacters("Tags")),
        v.check((x) => x.every((t) => t.length <= PROJECT_LIMITS.tag), PROJECT_MESSAGES.tagTooLong),
        // A count of tags, not of characters: a check, so the form never renders it as the
        // input's maxLength (which cut "edtech, study groups, campus" to 10 characters).
        v.check((x) => x.length <= PROJECT_LIMITS.tags, PROJECT_MESSAGES.tooManyTags),
      ),
      [],
    ),
    location: text("Location", PROJECT_LIMITS.line),
    university: text("University", PROJECT_LIMITS.line),
    riskLevel: v.optional(
      v.pipe(
        v.unknown(),
        v.transform((x) => (x == null || x === "" ? "medium" : typeof x === "string" ? x.trim().toLowerCase() : x)),
        v.picklist(RISK_LEVELS, PROJECT_MESSAGES.riskLevel),
      ),
      "medium",
    ),
    returnRate: optionalNumber(
      "Return rate",
      v.pipe(
        v.number(),
        v.minValue(0, PROJECT_MESSAGES.returnRateRange),
        v.maxValue(100, PROJECT_MESSAGES.returnRateRange),
      ),
    ),
    projectDuration: v.pipe(
      requiredNumber("Project duration", PROJECT_MESSAGES.projectDurationRequired),
      v.integer(PROJECT_MESSAGES.projectDurationMin),
      v.minValue(PROJECT_LIMITS.minDuration, PROJECT_MESSAGES.projectDurationMin),
      v.maxValue(PROJECT_LIMITS.maxDuration, PROJECT_MESSAGES.projectDurationMax),
    ),

    // Funding Details
    fundingGoal: v.pipe(
      requiredNumber("Funding goal", PROJECT_MESSAGES.fundingGoalRequired),
      v.minValue(PROJECT_LIMITS.minGoal, PROJECT_MESSAGES.fundingGoalMin),
      v.maxValue(PROJECT_LIMITS.maxGoal, PROJECT_MESSAGES.fundingGoalMax),
      v.multipleOf(PROJECT_LIMITS.goalStep, PROJECT_MESSAGES.fundingGoalStep),
    ),
    fundingDeadline: v.pipe(
      requiredText("Funding deadline", 10, PROJECT_MESSAGES.fundingDeadlineRequired),
      v.check(
        (x) => /^\d{4}-\d{2}-\d{2}$/.test(x) && new Date(`${x}T00:00:00Z`).toISOString().startsWith(x),
        PROJECT_MESSAGES.fundingDeadlineInvalid,
      ),
    ),
    sharePrice: optionalNumber(
      "Share price",
      v.pipe(
        v.number(),
        v.minValue(0.01, PROJECT_MESSAGES.sharePriceMin),
        v.check((x) => decimals(x) <= 2, PROJECT_MESSAGES.sharePriceStep),
        v.metadata({ step: 0.01 }),
      ),
    ),
    totalShares: optionalNumber(
      "Total shares",
      v.pipe(
        v.number(),
        v.integer(PROJECT_MESSAGES.totalSharesWhole),
        v.minValue(1, PROJECT_MESSAGES.totalSharesWhole),
        v.maxValue(PROJECT_LIMITS.maxTotalShares, `Total shares must be at most 1,000,000,000`),
      ),
    ),
    regulationType: v.optional(
      v.pipe(
        v.unknown(),
        // spec: anything but SAFE, RegA+ or RegCF is normalised to SAFE
        v.transform((x): RegulationType => {
          const t = typeof x === "string" ? x.trim() : "";
          return (REGULATION_TYPES as readonly string[]).includes(t) ? (t as RegulationType) : "SAFE";
        }),
      ),
      "SAFE",
    ),
    investmentTerms: v.optional(
      v.pipe(
        v.unknown(),
        v.transform((x) => (x && typeof x === "object" && !Array.isArray(x) ? x : {})),
        v.object({
          equityPercentage: v.optional(
            v.pipe(
              v.unknown(),
              v.transform((x) => toNumber(x) ?? 10),
              v.check((x) => Number.isFinite(x), mustBeNumber("Equity offered")),
              v.number(),
              v.check((x) => x > 0, PROJECT_MESSAGES.equityRange),
              v.maxValue(100, PROJECT_MESSAGES.equityRange),
              v.check((x) => decimals(x) <= 2, PROJECT_MESSAGES.equityStep),
              v.metadata({ step: 0.01, min: 0.01 }),
            ),
            10,
          ),
          minInvestment: v.optional(
            v.pipe(
              v.unknown(),
              v.transform((x) => toNumber(x) ?? 100),
              v.check((x) => Number.isFinite(x), mustBeNumber("Minimum investment")),
              v.number(),
              v.minValue(PROJECT_LIMITS.minInvestment, PROJECT_MESSAGES.minInvestmentMin),
              v.check((x) => decimals(x) <= 2, "Minimum investment can have at most 2 decimal places"),
            ),
            100,
          ),
        }),
      ),
      { equityPercentage: 10, minInvestment: 100 },
    ),

    // Creator Information
    creatorInfo: v.optional(
      v.pipe(
        v.unknown(),
        v.transform((x) => (x && typeof x === "object" && !Array.isArray(x) ? x : {})),
        v.object({
          name: requiredText("Creator name", PROJECT_LIMITS.line, PROJECT_MESSAGES.creatorNameRequired),
          bio: requiredText("Creator bio", PROJECT_LIMITS.longText, PROJECT_MESSAGES.creatorBioRequired, {
            kind: "multiline",
          }),
          image: url("Creator photo", { image: true }),
          experience: text("Creator experience", PROJECT_LIMITS.line),
          university: text("Creator university", PROJECT_LIMITS.line),
        }),
      ),
      {},
    ),

    // Media & Images
    image: v.pipe(
      url("Main image", { image: true }),
      v.check((x) => x !== "", PROJECT_MESSAGES.imageRequired),
    ),
    logo: url("Logo", { image: true }),
    gallery: v.optional(
      v.pipe(
        v.unknown(),
        v.transform((x) => (x == null ? [] : Array.isArray(x) ? x : [x])),
        v.check((x) => x.length <= 50, PROJECT_MESSAGES.tooManyRows),
        v.array(url("Gallery image", { image: true })),
        v.transform((x) => x.filter((u) => u !== "")),
      ),
      [],
    ),

    // Social Links
    socialLinks: v.optional(
      v.pipe(
        v.unknown(),
        v.transform((x) => (x && typeof x === "object" && !Array.isArray(x) ? x : {})),
        v.object(
          Object.fromEntries(SOCIAL_LINKS.map((s) => [s.key, url(s.label)])) as Record<
            (typeof SOCIAL_LINKS)[number]["key"],
            ReturnType<typeof url>
          >,
        ),
      ),
      {},
    ),

    // Business Details, Traction & Metrics, Roadmap
    teamDescription: text("Team description", PROJECT_LIMITS.longText, { kind: "multiline" }),
    details: v.optional(
      v.pipe(
        v.unknown(),
        v.transform((x) => (x && typeof x === "object" && !Array.isArray(x) ? x : {})),
        v.object({
          overview: text("Overview", PROJECT_LIMITS.longText, { kind: "multiline" }),
          problem: text("Problem", PROJECT_LIMITS.longText, { kind: "multiline" }),
          solution: text("Solution", PROJECT_LIMITS.longText, { kind: "multiline" }),
          marketSize: text("Market size", PROJECT_LIMITS.longText, { kind: "multiline" }),
          competition: text("Competition", PROJECT_LIMITS.longText, { kind: "multiline" }),
          businessModel: text("Business model", PROJECT_LIMITS.longText, { kind: "multiline" }),
          traction: rows("Traction", TractionRow),
          roadmap: rows("Roadmap", RoadmapRow),
          financials: v.optional(
            v.pipe(
              v.unknown(),
              v.transform((x) => (x && typeof x === "object" && !Array.isArray(x) ? x : {})),
              v.object({
                revenueProjections: v.optional(
                  v.pipe(
                    v.unknown(),
                    v.transform((x) => (x && typeof x === "object" && !Array.isArray(x) ? x : {})),
                    v.object({
                      year1: optionalNumber(
                        "Year 1 revenue",
                        v.pipe(v.number(), v.minValue(0, "Revenue cannot be negative")),
                      ),
                      year2: optionalNumber(
                        "Year 2 revenue",
                        v.pipe(v.number(), v.minValue(0, "Revenue cannot be negative")),
                      ),
                      year3: optionalNumber(
                        "Year 3 revenue",
                        v.pipe(v.number(), v.minValue(0, "Revenue cannot be negative")),
                      ),
                    }),
                  ),
                  {},
                ),
                burnRate: optionalNumber(
                  "Burn rate",
                  v.pipe(v.number(), v.minValue(0, "Burn rate cannot be negative")),
                ),
                breakEvenPoint: text("Break-even point", PROJECT_LIMITS.line),
                runwayPostFunding: text("Runway after funding", PROJECT_LIMITS.line),
              }),
            ),
            {},
          ),
        }),
      ),
      {},
    ),

    // Team Members, Documents, FAQs
    team: rows("Team members", TeamRow),
    documents: rows("Documents", DocumentRow),
    faqs: rows("FAQs", FaqRow),
  });
}

/** What the schema's fields parse to, before toProjectInput (project-input.ts) converts it. */
export type ProjectFormOutput = v.InferOutput<ReturnType<typeof projectFields>>;
