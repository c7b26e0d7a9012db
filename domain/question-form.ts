/**
 * Questions on a project and the founder's answers (issue 10 §3): a question is at most 1,000
 * characters, an answer at most 5,000 (our bound: the issue names none). Same kit as the update
 * form (domain/update-form.ts `requiredText`).
 */
import * as v from "valibot";

import { QUESTION_LIMITS, QUESTION_MESSAGES } from "./conversation-messages";
import { validateAll, type FieldErrors } from "./form-kit";
import { requiredText } from "./update-form";

export const questionFormSchema = v.object({
  question: requiredText(
    "Question",
    QUESTION_LIMITS.question,
    { required: QUESTION_MESSAGES.questionRequired, tooLong: QUESTION_MESSAGES.questionTooLong },
    true,
  ),
});

export const answerFormSchema = v.object({
  answer: requiredText(
    "Answer",
    QUESTION_LIMITS.answer,
    { required: QUESTION_MESSAGES.answerRequired, tooLong: QUESTION_MESSAGES.answerTooLong },
    true,
  ),
});

type Result<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors; count: number };

export function validateQuestion(body: unknown): Result<v.InferOutput<typeof questionFormSchema>> {
  return validateAll(questionFormSchema, body);
}

export function validateAnswer(body: unknown): Result<v.InferOutput<typeof answerFormSchema>> {
  return validateAll(answerFormSchema, body);
}

export { QUESTION_LIMITS, QUESTION_MESSAGES };
