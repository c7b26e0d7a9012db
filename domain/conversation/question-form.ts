/**
 * Questions on a project and the founder's answers: a question is at most 1,000
 * characters, an answer at most 5,000 (our bound: the issue names none). Built from the field
 * vocabulary (domain/shared/fields.ts `requiredText`).
 */
import * as v from "valibot";

import { QUESTION_LIMITS, QUESTION_MESSAGES } from "./conversation-messages";
import { requiredText } from "../shared/fields";

// The fields are built on v.unknown(): the metadata says what the API's document shows of them
// (a string; required), and the fields' checks hold the rules and messages.
export const questionFormSchema = v.pipe(
  v.object({
    question: v.pipe(
      requiredText("Question", QUESTION_LIMITS.question, QUESTION_MESSAGES.questionRequired, {
        kind: "multiline",
        tooLong: QUESTION_MESSAGES.questionTooLong,
      }),
      v.metadata({ type: "string" }),
    ),
  }),
  v.metadata({ required: ["question"] }),
);

export const answerFormSchema = v.pipe(
  v.object({
    answer: v.pipe(
      requiredText("Answer", QUESTION_LIMITS.answer, QUESTION_MESSAGES.answerRequired, {
        kind: "multiline",
        tooLong: QUESTION_MESSAGES.answerTooLong,
      }),
      v.metadata({ type: "string" }),
    ),
  }),
  v.metadata({ required: ["answer"] }),
);

/**
 * The body of hiding a question, for the API's document (worker/services/shared/access.ts `hiddenFlag`
 * holds the rule): hidden unless `hidden` is false; no body hides it.
 */
export const HideQuestionBody = v.object({
  hidden: v.optional(
    v.pipe(v.boolean(), v.description("false shows the question again; anything else (or nothing) hides it.")),
  ),
});

export { QUESTION_LIMITS, QUESTION_MESSAGES };
