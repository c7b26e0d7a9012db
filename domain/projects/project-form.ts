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

import { addDays, isoDay } from "../shared/dates";
import { acrossFields, issueField } from "../shared/form-kit";
import { toCents } from "../shared/money";
import { FIELD_MESSAGES } from "../shared/fields";

import { PROJECT_LIMITS, PROJECT_MESSAGES } from "./project-form-messages";
import { projectFields, type ProjectFormOutput } from "./project-form-fields";
import { documentItem } from "./project-form-rows";
import { type ProjectInput, toProjectInput } from "./project-input";

const { invalidUrl } = FIELD_MESSAGES;

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
