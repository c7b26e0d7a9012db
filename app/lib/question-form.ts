/**
 * Questions on a project and the founder's answers (issue 10 §3): a question is at most 1,000
 * characters, an answer at most 5,000 (our bound: the issue names none). Same kit as the update
 * form (app/lib/update-form.ts `requiredText`).
 */
import * as v from "valibot";

import { validateAll, type FieldErrors } from "./form-kit";
import { requiredText } from "./update-form";

export const QUESTION_LIMITS = { question: 1_000, answer: 5_000, perHour: 5 } as const;

export const QUESTION_MESSAGES = {
  questionRequired: "Please enter your question",
  questionTooLong: `Your question must be at most ${QUESTION_LIMITS.question.toLocaleString("en-US")} characters`,
  answerRequired: "Please enter an answer",
  answerTooLong: `The answer must be at most ${QUESTION_LIMITS.answer.toLocaleString("en-US")} characters`,
  tooMany: `You can ask at most ${QUESTION_LIMITS.perHour} questions an hour. Please try again later.`,
  notFound: "Question not found",
  onlyFounder: "Only this project's founder can answer or hide its questions",
  asked: "Your question was posted. The founder will be notified.",
  answered: "Your answer was posted",
  hidden: "The question is now hidden from everyone but you and CampusFund admins",
  shown: "The question is visible again",
  draft: "Questions open once the project is published",
} as const;

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
