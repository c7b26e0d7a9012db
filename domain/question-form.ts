/**
 * Questions on a project and the founder's answers: a question is at most 1,000
 * characters, an answer at most 5,000 (our bound: the issue names none). Built from the field
 * vocabulary (domain/fields.ts `requiredText`).
 */
import * as v from "valibot";

import { QUESTION_LIMITS, QUESTION_MESSAGES } from "./conversation-messages";
import { requiredText } from "./fields";

export const questionFormSchema = v.object({
  question: requiredText("Question", QUESTION_LIMITS.question, QUESTION_MESSAGES.questionRequired, {
    kind: "multiline",
    tooLong: QUESTION_MESSAGES.questionTooLong,
  }),
});

export const answerFormSchema = v.object({
  answer: requiredText("Answer", QUESTION_LIMITS.answer, QUESTION_MESSAGES.answerRequired, {
    kind: "multiline",
    tooLong: QUESTION_MESSAGES.answerTooLong,
  }),
});

export { QUESTION_LIMITS, QUESTION_MESSAGES };
