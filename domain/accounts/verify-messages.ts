/** What every door of address verification says (ADR 045): domain/accounts/email-verification.ts re-exports it. */
import { MESSAGES } from "../shared/messages";

export const VERIFY_MESSAGES = {
  banner: (email: string) => `Please confirm your email address: we sent a link to ${email}.`,
  verified: MESSAGES.emailConfirmed,
  changed: (email: string) => `Your email address is confirmed: your account now uses ${email}.`,
  invalidLink:
    "This confirmation link does not work: it is wrong, was already used, was replaced by a newer one, or is more than 24 hours old. Send a new one.",
  codeRequired: "Please enter the 6-digit code from the mail",
  codeShape: "The code is the 6 digits from the mail",
  wrongCode: (left: number) =>
    `That code is not right. ${left === 1 ? "1 try is" : `${left} tries are`} left for this mail.`,
  tooManyCodes: "Too many wrong codes were typed for this mail. Send a new link and use the new code.",
  nothingPending: "There is no confirmation waiting: your email address is already confirmed.",
  codeExpired: "This code is more than 24 hours old or was replaced by a newer mail. Send a new link.",
  resent: (email: string) => `We sent a new link and code to ${email}. Earlier links no longer work.`,
  tooManyForAccount: "Too many confirmation mails were asked for this account. Please wait an hour and try again.",
  tooManyForAddress:
    "Too many confirmation mails were asked for this email address. Please wait an hour and try again.",
  changeRequested: (email: string) => `We sent a link to ${email}. Your address changes when you confirm it.`,
  sameAddress: "This is already your email address",
  emailRequired: "Please enter your new email address",
  tooManyChanges: "Too many address changes were asked for this account. Please wait an hour and try again.",
  /** Signed out, a code cannot be tied to an account. */
  codeNeedsSignIn: "Sign in to confirm with the code, or open the link from the mail.",
} as const;
