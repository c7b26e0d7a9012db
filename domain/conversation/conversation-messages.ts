/**
 * The conversation's limits and messages, in a module without valibot: the components
 * import these, the form schemas (update-form.ts) build on them.
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
