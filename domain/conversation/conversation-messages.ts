/**
 * The conversation's limits and messages, in a module without valibot: the components
 * import these, the form schemas (update-form.ts, question-form.ts) build on them.
 */
/** `perDay`: updates a project may post a day (each one notifies every follower and investor). */
export const UPDATE_LIMITS = { title: 120, body: 10_000, perDay: 10 } as const;

export const UPDATE_MESSAGES = {
  titleRequired: "Please enter a title for the update",
  titleTooLong: `The title must be at most ${UPDATE_LIMITS.title} characters`,
  bodyRequired: "Please write the update",
  bodyTooLong: `The update must be at most ${UPDATE_LIMITS.body.toLocaleString("en-US")} characters`,
  notFound: "Update not found",
  onlyFounder: "Only this project's founder can post and edit its updates",
  posted: "Your update was posted",
  saved: "Your update was saved",
  deleted: "Your update was deleted",
  investorsOnlyNote: "This update is for the project's investors only",
  tooMany: `A project can post at most ${UPDATE_LIMITS.perDay} updates a day. Please try again tomorrow.`,
} as const;

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
  notPosted: "Your question was not posted: see the message below",
  answered: "Your answer was posted",
  hidden: "The question is now hidden from everyone but you and CampusFund admins",
  shown: "The question is visible again",
  draft: "Questions open once the project is published",
} as const;
