/**
 * The project form (spec section 5, "Project form"): one valibot schema for the create and edit
 * pages, `POST /api/projects/create` and `PUT /api/projects/{id}`. The form's field names are the
 * API's JSON paths (`creatorInfo.name`, `investmentTerms.minInvestment`, `team[2].role`,
 * `details.financials.burnRate`), so one error key serves both doors (ADR 016).
 *
 * Money terms (ADR 018): the founder gives the funding goal, the equity offered, the minimum
 * investment and the share price (API clients may give `totalShares` instead); the rest is
 * derived in integer cents: total shares = goal ÷ price, valuation = goal ÷ equity × 100.
 *
 * Pure: no I/O, shared by the server (which enforces it) and the form (constraints, counters).
 */
import * as v from "valibot";

import { PROJECT_CATEGORIES } from "./categories";
import { addDays, isoDay } from "../shared/dates";
import { acrossFields, issueField } from "../shared/form-kit";
import { toCents } from "../shared/money";
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
import { DocumentRow, documentItem, FaqRow, RoadmapRow, TeamRow, TractionRow } from "./project-form-rows";
import { type ProjectInput, toProjectInput } from "./project-input";

const { badCharacters, invalidUrl, mustBeNumber, mustBeText } = FIELD_MESSAGES;

// ---------- the schema ----------

export interface ProjectFormOptions {
  /** Today as an ISO date (tests pin it). */
  today?: string;
  /**
   * The stored deadline when editing: keeping it is always allowed (a closed project's founder
   * can still fix its description); a new deadline must be in the future.
   */
  currentDeadline?: string;
}

/**
 * Raw body → the nested input. Accepts the API's shapes as well as the form's: `images.main` /
 * `images.gallery` for `image` / `gallery`, `tags` as a list or comma-separated text,
 * `university` as text or `{ name }`.
 */
export function normalizeProjectBody(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...body };
  const images = body.images;
  if (images && typeof images === "object" && !Array.isArray(images)) {
    const im = images as Record<string, unknown>;
    if (out.image == null && out.mainImage == null) out.image = im.main;
    if (out.gallery == null) out.gallery = im.gallery;
  }
  if (out.image == null && out.mainImage != null) out.image = out.mainImage;
  const uni = body.university;
  if (uni && typeof uni === "object" && !Array.isArray(uni)) out.university = (uni as Record<string, unknown>).name;
  return out;
}

/** The form's fields, each with its own rules (the object under the cross-field checks). */
function projectFields() {
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

export function projectFormSchema(options: ProjectFormOptions = {}) {
  const today = options.today ?? isoDay();
  return v.pipe(
    projectFields(),

    // Rules across fields: each reported on the field the founder should change.
    v.forward(
      acrossFields<ProjectFormOutput>(
        ["fundingGoal", "regulationType"],
        (i) => i.regulationType !== "RegCF" || i.fundingGoal <= PROJECT_LIMITS.maxRegCfGoal,
        PROJECT_MESSAGES.fundingGoalRegCf,
      ),
      ["fundingGoal"],
    ),
    v.forward(
      acrossFields<ProjectFormOutput>(
        ["fundingDeadline"],
        (i) => i.fundingDeadline === options.currentDeadline || i.fundingDeadline > today,
        PROJECT_MESSAGES.fundingDeadlinePast,
      ),
      ["fundingDeadline"],
    ),
    v.forward(
      acrossFields<ProjectFormOutput>(
        ["fundingDeadline"],
        (i) =>
          i.fundingDeadline === options.currentDeadline ||
          i.fundingDeadline <= addDays(today, PROJECT_LIMITS.maxDeadlineDays),
        PROJECT_MESSAGES.fundingDeadlineFar,
      ),
      ["fundingDeadline"],
    ),
    v.forward(
      acrossFields<ProjectFormOutput>(
        ["fundingGoal", "investmentTerms.minInvestment"],
        (i) => i.investmentTerms.minInvestment <= i.fundingGoal,
        PROJECT_MESSAGES.minInvestmentAboveGoal,
      ),
      ["investmentTerms", "minInvestment"],
    ),
    v.forward(
      acrossFields<ProjectFormOutput>(
        ["fundingGoal", "sharePrice", "totalShares"],
        (i) => i.sharePrice === null || i.totalShares !== null || toCents(i.fundingGoal) % toCents(i.sharePrice) === 0,
        PROJECT_MESSAGES.sharePriceDivides,
      ),
      ["sharePrice"],
    ),
    v.forward(
      acrossFields<ProjectFormOutput>(
        ["fundingGoal", "sharePrice", "totalShares"],
        (i) => i.sharePrice !== null || i.totalShares === null || toCents(i.fundingGoal) % i.totalShares === 0,
        PROJECT_MESSAGES.totalSharesDivides,
      ),
      ["totalShares"],
    ),
    v.forward(
      acrossFields<ProjectFormOutput>(
        ["fundingGoal", "sharePrice", "totalShares"],
        (i) =>
          i.sharePrice === null ||
          i.totalShares === null ||
          toCents(i.sharePrice) * i.totalShares === toCents(i.fundingGoal),
        PROJECT_MESSAGES.termsDisagree,
      ),
      ["sharePrice"],
    ),
    v.forward(
      acrossFields<ProjectFormOutput>(
        ["fundingGoal", "sharePrice", "totalShares"],
        (i) => i.sharePrice !== null || i.totalShares !== null,
        PROJECT_MESSAGES.sharePriceMin,
      ),
      ["sharePrice"],
    ),
    v.transform((i) => toProjectInput(i)),
  );
}

/** What the schema's fields parse to, before toProjectInput (project-input.ts) converts it. */
export type ProjectFormOutput = v.InferOutput<ReturnType<typeof projectFields>>;

/**
 * Field errors the schema cannot word alone: a FAQ with only one half (spec message on the half
 * that is missing) and a document URL (the message names the document). Run with the schema.
 */
export function crossRowErrors(body: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  const faqs = Array.isArray(body.faqs) ? body.faqs : [];
  faqs.forEach((row, index) => {
    if (!row || typeof row !== "object") return;
    const r = row as Record<string, unknown>;
    const q = typeof r.question === "string" ? r.question.trim() : "";
    const a = typeof r.answer === "string" ? r.answer.trim() : "";
    if (q && !a) errors[`faqs[${index}].answer`] = PROJECT_MESSAGES.faqIncomplete;
    if (a && !q) errors[`faqs[${index}].question`] = PROJECT_MESSAGES.faqIncomplete;
  });
  return errors;
}

/** Replaces the placeholder document URL message with the document's spec wording. */
export function documentUrlMessage(body: Record<string, unknown>, key: string): string {
  const m = /^documents\[(\d+)\]\.url$/.exec(key);
  const docs = Array.isArray(body.documents) ? body.documents : [];
  const row = m ? (docs[Number(m[1])] as Record<string, unknown> | undefined) : undefined;
  const name = row && typeof row.name === "string" ? row.name : row && typeof row.title === "string" ? row.title : "";
  return invalidUrl(documentItem(name.trim()));
}

export type ProjectValidation =
  { ok: true; value: ProjectInput } | { ok: false; errors: Record<string, string>; count: number };

/**
 * The whole project form's check, for every door: the schema's errors, the FAQ pairs and the
 * documents' worded URL messages, every field's first message keyed by its form name.
 */
export function validateProject(rawBody: Record<string, unknown>, options: ProjectFormOptions = {}): ProjectValidation {
  const body = normalizeProjectBody(rawBody);
  const result = v.safeParse(projectFormSchema(options), body, { abortEarly: false, abortPipeEarly: false });
  const errors: Record<string, string> = {};
  if (!result.success) {
    for (const issue of result.issues) {
      const key = issueField(issue);
      if (key in errors) continue;
      errors[key] = issue.message === "__document_url__" ? documentUrlMessage(body, key) : issue.message;
    }
  }
  for (const [key, message] of Object.entries(crossRowErrors(body))) if (!(key in errors)) errors[key] = message;
  const count = Object.keys(errors).length;
  if (count || !result.success) return { ok: false, errors, count: Math.max(count, 1) };
  return { ok: true, value: result.output };
}
