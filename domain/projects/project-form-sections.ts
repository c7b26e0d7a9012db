/**
 * The project builder's eleven sections (spec section 5) as steps: which form names each one
 * holds, which of them are required, and each section's state for the navigation and the
 * progress indicator. Pure: the page computes it from the posted or saved values and the errors,
 * and again in the browser as the founder types.
 */
import type { FieldErrors } from "../shared/form-kit";

export interface FormSection {
  id: string;
  title: string;
  /** Form-name prefixes the section holds (`team` covers `team[2].role`). */
  fields: readonly string[];
  /** Fields that must be filled in (spec section 5). */
  required: readonly string[];
  /** For a list whose rows carry fixed parts (a document's name), the part that says a row is filled. */
  filledBy?: string;
}

export const FORM_SECTIONS: readonly FormSection[] = [
  {
    id: "basic",
    title: "Basic Information",
    fields: [
      "title",
      "shortDescription",
      "description",
      "category",
      "tags",
      "location",
      "university",
      "riskLevel",
      "returnRate",
      "projectDuration",
      "about",
    ],
    required: ["title", "shortDescription", "description", "category", "projectDuration"],
  },
  {
    id: "funding",
    title: "Funding Details",
    fields: ["fundingGoal", "fundingDeadline", "sharePrice", "totalShares", "investmentTerms", "regulationType"],
    required: ["fundingGoal", "fundingDeadline", "sharePrice"],
  },
  {
    id: "creator",
    title: "Creator Information",
    fields: ["creatorInfo"],
    required: ["creatorInfo.name", "creatorInfo.bio"],
  },
  { id: "media", title: "Media & Images", fields: ["image", "logo", "gallery"], required: ["image"] },
  { id: "social", title: "Social Links", fields: ["socialLinks"], required: [] },
  {
    id: "business",
    title: "Business Details",
    fields: [
      "teamDescription",
      "details.overview",
      "details.problem",
      "details.solution",
      "details.marketSize",
      "details.competition",
      "details.businessModel",
      "details.financials",
    ],
    required: [],
  },
  { id: "team", title: "Team Members", fields: ["team"], required: [] },
  { id: "traction", title: "Traction & Metrics", fields: ["details.traction"], required: [] },
  { id: "roadmap", title: "Roadmap", fields: ["details.roadmap"], required: [] },
  { id: "documents", title: "Documents", fields: ["documents"], required: [], filledBy: "url" },
  { id: "faqs", title: "FAQs", fields: ["faqs"], required: [] },
];

export type SectionState = "complete" | "errors" | "incomplete" | "optional-empty";

const within = (name: string, prefix: string) =>
  name === prefix || name.startsWith(`${prefix}.`) || name.startsWith(`${prefix}[`);

/** Whether a (possibly nested) value holds anything typed. */
function hasContent(x: unknown): boolean {
  if (x == null || x === false) return false;
  if (typeof x === "string") return x.trim() !== "";
  if (typeof x === "number") return true;
  if (Array.isArray(x)) return x.some(hasContent);
  if (typeof x === "object") return Object.values(x as Record<string, unknown>).some(hasContent);
  return true;
}

/** Whether a section's value holds anything typed (for a list with `by`, in that part of its rows). */
function filled(x: unknown, by?: string): boolean {
  if (!by || !Array.isArray(x)) return hasContent(x);
  return x.some((row) => row && typeof row === "object" && hasContent((row as Record<string, unknown>)[by]));
}

/** The value at a form name (`creatorInfo.name`, `details.financials`) in nested values. */
export function valueAt(values: Record<string, unknown>, name: string): unknown {
  let at: unknown = values;
  for (const key of name.split(".")) {
    if (!at || typeof at !== "object") return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

/**
 * Each section's state: `errors` when a field of it has one; `incomplete` when a required field
 * is empty; `complete` when every required field is filled (or, for a section without required
 * fields, something is filled in); `optional-empty` for an optional section left empty.
 */
export function sectionStates(values: Record<string, unknown>, errors: FieldErrors): Record<string, SectionState> {
  const names = Object.keys(errors);
  const out: Record<string, SectionState> = {};
  for (const s of FORM_SECTIONS) {
    if (names.some((n) => s.fields.some((f) => within(n, f)))) out[s.id] = "errors";
    else if (s.required.some((f) => !hasContent(valueAt(values, f)))) out[s.id] = "incomplete";
    else if (s.required.length > 0 || s.fields.some((f) => filled(valueAt(values, f), s.filledBy)))
      out[s.id] = "complete";
    else out[s.id] = "optional-empty";
  }
  return out;
}
