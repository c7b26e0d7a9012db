/**
 * A founder's update to their project (issue 10 §2): one valibot schema for the founder
 * dashboard's form and `POST/PUT /api/projects/{id}/updates`. The title is one line, at most 120
 * characters; the body plain text (paragraphs and links are rendered by `RichText`, never HTML),
 * at most 10,000. Lengths count characters as people do (code points), as the table's CHECK does.
 * Pure: shared by the server (which enforces it) and the form (constraints).
 */
import * as v from "valibot";

import { UPDATE_LIMITS, UPDATE_MESSAGES } from "./conversation-messages";
import { validateAll, type FieldErrors } from "./form-kit";
import { isCleanLine, isCleanText, normalizeText } from "./text";

/** Characters as people count them (code points), the way SQLite's length() counts them. */
export const charCount = (s: string) => Array.from(s).length;

/** Required text: the message when missing, empty or only spaces; trimmed; at most `max` characters. */
export function requiredText(
  label: string,
  max: number,
  messages: { required: string; tooLong: string },
  multiline: boolean,
) {
  return v.optional(
    v.pipe(
      v.unknown(),
      v.metadata({ required: true, maxLength: max }),
      v.transform((x) =>
        typeof x === "string" ? normalizeText(x).replace(/\r\n?/g, "\n").trim() : x == null ? "" : x,
      ),
      v.check((x) => x !== "", messages.required),
      v.check((x) => typeof x === "string", UPDATE_MESSAGES.mustBeText(label)),
      v.transform((x) => x as string),
      v.check((x) => (multiline ? isCleanText(x) : isCleanLine(x)), UPDATE_MESSAGES.badCharacters(label)),
      v.check((x) => charCount(x) <= max, messages.tooLong),
    ),
    "",
  );
}

/** A checkbox or JSON boolean: "on", "true", "1", true are yes; anything else no. */
export const checkbox = v.optional(
  v.pipe(
    v.unknown(),
    v.transform(
      (x) =>
        x === true || x === 1 || (typeof x === "string" && ["on", "true", "1", "yes"].includes(x.trim().toLowerCase())),
    ),
  ),
  false,
);

export const updateFormSchema = v.object({
  title: requiredText(
    "Title",
    UPDATE_LIMITS.title,
    { required: UPDATE_MESSAGES.titleRequired, tooLong: UPDATE_MESSAGES.titleTooLong },
    false,
  ),
  body: requiredText(
    "Update",
    UPDATE_LIMITS.body,
    { required: UPDATE_MESSAGES.bodyRequired, tooLong: UPDATE_MESSAGES.bodyTooLong },
    true,
  ),
  investorsOnly: checkbox,
});

export type UpdateInput = v.InferOutput<typeof updateFormSchema>;

export function validateUpdate(
  body: unknown,
): { ok: true; value: UpdateInput } | { ok: false; errors: FieldErrors; count: number } {
  return validateAll(updateFormSchema, body);
}

export { UPDATE_LIMITS, UPDATE_MESSAGES };
