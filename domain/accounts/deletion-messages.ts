/** What account deletion says (domain/accounts/account-deletion.ts re-exports it). */
import { formatDate } from "../shared/format";

export const DELETION_MESSAGES = {
  passwordRequired: "Please enter your password",
  scheduled: (at: number) => `Your account will be deleted on ${formatDate(at)}.`,
  alreadyScheduled: (at: number) =>
    `You already asked to delete your account: it will be deleted on ${formatDate(at)}.`,
  notScheduled: "Your account is not scheduled for deletion.",
  canceled: "Your account deletion was canceled.",
  tooMany: "You can ask to delete your account at most 5 times an hour. Please try again later.",
} as const;
