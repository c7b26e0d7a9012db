/**
 * The project form's repeated rows (team, traction, roadmap, FAQs, documents): each row's fields
 * with the form's limits, used by the schema in project-form.ts.
 */
import * as v from "valibot";

import { isDocumentRef, text, url } from "../shared/fields";
import { FORM_DOCUMENTS, PROJECT_LIMITS, PROJECT_MESSAGES } from "./project-form-messages";
import { DOCUMENT_TYPES } from "./project-shapes";

export const TeamRow = v.object({
  name: text("Team member name", PROJECT_LIMITS.line),
  role: text("Team member role", PROJECT_LIMITS.line),
  bio: text("Team member bio", PROJECT_LIMITS.longText, { kind: "multiline" }),
  image: url("Team member photo", { image: true }),
  experience: text("Team member experience", PROJECT_LIMITS.line),
  university: text("Team member university", PROJECT_LIMITS.line),
});

export const TractionRow = v.object({
  metric: text("Metric", PROJECT_LIMITS.line),
  value: text("Value", PROJECT_LIMITS.line),
});

export const RoadmapRow = v.object({
  date: text("Roadmap date", PROJECT_LIMITS.line),
  milestone: text("Milestone", PROJECT_LIMITS.line),
  completed: v.optional(
    v.pipe(
      v.unknown(),
      v.transform((x) => x === true || x === "on" || x === "true"),
    ),
    false,
  ),
});

export const FaqRow = v.object({
  question: text("Question", 500, { kind: "multiline" }),
  answer: text("Answer", PROJECT_LIMITS.longText, { kind: "multiline" }),
});

/** A document row: the form's four have fixed names; API clients name theirs (`name` or `title`). */
export const DocumentRow = v.pipe(
  v.object({
    name: text("Document name", PROJECT_LIMITS.line),
    title: text("Document name", PROJECT_LIMITS.line),
    type: v.optional(
      v.pipe(
        v.unknown(),
        v.transform((x) => (typeof x === "string" && x.trim() ? x.trim().toLowerCase() : "pdf")),
        v.picklist(DOCUMENT_TYPES, PROJECT_MESSAGES.documentType),
      ),
      "pdf",
    ),
    url: v.optional(v.unknown()),
  }),
  v.transform((d) => ({
    name: d.name || d.title,
    type: d.type,
    url: typeof d.url === "string" ? d.url.trim() : d.url,
  })),
  v.forward(
    v.check((d) => d.url == null || d.url === "" || d.name !== "", PROJECT_MESSAGES.documentName),
    ["url"],
  ),
  v.forward(
    v.check(
      (d) => d.url == null || d.url === "" || (typeof d.url === "string" && isDocumentRef(d.url)),
      // the message names the document; see `documentUrlMessages` below for the form's wording
      "__document_url__",
    ),
    ["url"],
  ),
);

/** The spec's item names for the form's documents ('Please enter a valid URL for Whitepaper'). */
export function documentItem(name: string): string {
  return FORM_DOCUMENTS.find((d) => d.name.toLowerCase() === name.toLowerCase())?.item ?? (name || "the document");
}
