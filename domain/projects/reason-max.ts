/**
 * The longest reviewer's note or suspension reason, in characters: its own module so the admin's
 * forms and the company events' rules take it without the review's words (review.ts re-exports it).
 */
export const REASON_MAX = 1000;
