/** Which stored statuses are live (ADR 030): domain/projects/review.ts re-exports these. */
/** Stored statuses of a project that is not live: seen by its founder and admins only, never listed. */
export const UNLISTED_STATUSES = ["draft", "in_review"] as const;
export type UnlistedStatus = (typeof UNLISTED_STATUSES)[number];

export function isListedStatus(status: string): boolean {
  return !(UNLISTED_STATUSES as readonly string[]).includes(status);
}
