/**
 * An incomplete draft (ADR 033): a founder may save the project form with required
 * fields still empty. Every other rule applies to what is filled in; the required fields are
 * enforced when the project is saved for real (created, or its draft updated) and when it is
 * submitted for review. Pure: the working-copy service (worker/services/projects/project-drafts.ts), the
 * form's action and the form's status line share it.
 */
import { FORM_SECTIONS, valueAt } from "./project-form-sections";
import { normalizeProjectBody, validateProject, type ProjectFormOptions } from "./project-form";
import { type ProjectInput } from "./project-input";
import type { FieldErrors } from "../shared/form-kit";

/** The label each required field goes by in "still to fill in" lists (the form's own labels). */
export const REQUIRED_LABELS: Record<string, string> = {
  title: "Project title",
  shortDescription: "Short description",
  description: "Description",
  category: "Category",
  projectDuration: "Project duration",
  fundingGoal: "Funding goal",
  fundingDeadline: "Funding deadline",
  sharePrice: "Share price",
  "creatorInfo.name": "Creator name",
  "creatorInfo.bio": "Creator bio",
  image: "Main image",
};

/** Every required field, in the form's order (FORM_SECTIONS). */
export const REQUIRED_FIELDS: readonly string[] = FORM_SECTIONS.flatMap((s) => s.required);

/** A required field that is still empty: its form name (the anchor `#field-<name>`) and label. */
export interface MissingField {
  field: string;
  label: string;
}

export const DRAFT_MESSAGES = {
  saved: "Progress saved: only you can see it.",
  tooLarge: "This draft is too large to save. Shorten some of its texts and try again.",
  notDraft: "Only a draft can be saved with required fields empty. Fill them in to save your changes to this project.",
  none: "You have no saved draft",
  pending:
    "Your latest changes are saved only as your progress in the form. Save them to your project (every required field filled in) before you submit it for review.",
  discarded: "Your saved progress was discarded.",
} as const;

/** At most this many bytes of JSON per working copy (the project form's budget for its text fields). */
export const DRAFT_MAX_BYTES = 256 * 1024;

const isBlank = (x: unknown) => x === undefined || x === null || (typeof x === "string" && x.trim() === "");

/** Is the required field `field` empty in `body`? A share price is needed only without total shares. */
function isMissing(body: Record<string, unknown>, field: string): boolean {
  if (!isBlank(valueAt(body, field))) return false;
  if (field === "sharePrice") return isBlank(body.totalShares);
  return true;
}

export type DraftValidation =
  | { ok: true; complete: true; value: ProjectInput; missing: [] }
  | { ok: true; complete: false; missing: MissingField[] }
  | { ok: false; errors: FieldErrors; count: number };

/**
 * The project form's rules for a draft: complete (the project can be saved), incomplete (only
 * required fields are empty: a draft can keep it), or refused with every error that is not an
 * empty required field.
 */
export function validateDraft(rawBody: Record<string, unknown>, options: ProjectFormOptions = {}): DraftValidation {
  const result = validateProject(rawBody, options);
  if (result.ok) return { ok: true, complete: true, value: result.value, missing: [] };
  const body = normalizeProjectBody(rawBody);
  const missing: MissingField[] = [];
  const errors: FieldErrors = {};
  for (const [field, message] of Object.entries(result.errors)) {
    if (!(REQUIRED_FIELDS.includes(field) && isMissing(body, field))) errors[field] = message;
  }
  const count = Object.keys(errors).length;
  if (count) return { ok: false, errors, count };
  // Every error was an empty required field. Listed are all of them, in the form's order: a rule
  // across fields (a share price or total shares) speaks only once the goal is filled in.
  for (const field of REQUIRED_FIELDS) {
    if (isMissing(body, field)) missing.push({ field, label: REQUIRED_LABELS[field] ?? field });
  }
  return { ok: true, complete: false, missing };
}

/** The fields a working copy keeps: the project form's, nothing a client added besides. */
const DRAFT_KEYS = [...new Set(FORM_SECTIONS.flatMap((s) => s.fields.map((f) => f.split(/[.[]/)[0] as string)))];

/** The working copy of a posted body: its form fields (API shapes normalised), as JSON. */
export function draftBodyOf(rawBody: Record<string, unknown>): Record<string, unknown> {
  const body = normalizeProjectBody(rawBody);
  const out: Record<string, unknown> = {};
  for (const key of DRAFT_KEYS) if (body[key] !== undefined) out[key] = body[key];
  return out;
}
