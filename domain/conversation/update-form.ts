/**
 * A founder's update to their project: one valibot schema for the founder
 * dashboard's form and `POST/PUT /api/projects/{id}/updates`. The title is one line, at most 120
 * characters; the body plain text (paragraphs and links are rendered by `RichText`, never HTML),
 * at most 10,000. Lengths count characters as people do (code points), as the table's CHECK does.
 * Pure: shared by the server (which enforces it) and the form (constraints).
 */
import * as v from "valibot";

import { UPDATE_LIMITS, UPDATE_MESSAGES } from "./conversation-messages";
import { requiredText } from "../shared/fields";

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

// The fields are built on v.unknown(): the metadata says what the API's document shows of them
// (each field's type; which are required), and the fields' checks hold the rules and messages.
export const updateFormSchema = v.pipe(
  v.object({
    title: v.pipe(
      requiredText("Title", UPDATE_LIMITS.title, UPDATE_MESSAGES.titleRequired, {
        tooLong: UPDATE_MESSAGES.titleTooLong,
      }),
      v.metadata({ type: "string" }),
    ),
    body: v.pipe(
      requiredText("Update", UPDATE_LIMITS.body, UPDATE_MESSAGES.bodyRequired, {
        kind: "multiline",
        tooLong: UPDATE_MESSAGES.bodyTooLong,
      }),
      v.metadata({ type: "string" }),
    ),
    investorsOnly: v.pipe(checkbox, v.metadata({ type: "boolean" })),
  }),
  v.metadata({ required: ["title", "body"] }),
);

export type UpdateInput = v.InferOutput<typeof updateFormSchema>;

export { UPDATE_LIMITS, UPDATE_MESSAGES };
