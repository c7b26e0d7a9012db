/**
 * Messages carried across a redirect. Server redirects cannot carry navigation state, so a
 * redirect names a notice by code (`?notice=investors-only`) and the page shows the spec's text.
 * Codes, not free text, so nobody can make our pages display words of their choosing.
 */
import { DELETION_MESSAGES } from "../accounts/deletion-messages";
import { MESSAGES } from "./messages";

export const NOTICES = {
  "investors-only": { tone: "error", text: MESSAGES.investorsOnly },
  "founders-only": { tone: "error", text: MESSAGES.foundersOnly },
  "no-permission": { tone: "error", text: MESSAGES.noPermission },
  "signed-out": { tone: "info", text: "You have been signed out." },
  "deletion-canceled": { tone: "success", text: DELETION_MESSAGES.canceled },
  "email-verified": { tone: "success", text: MESSAGES.emailConfirmed },
  "email-changed": { tone: "success", text: "Your new email address is confirmed: your account now uses it." },
  "session-expired": { tone: "error", text: "Your session has expired. Please sign in again." },
  "admin-second-factor": { tone: "error", text: MESSAGES.adminNeedsSecondFactor },
} as const;

export type NoticeCode = keyof typeof NOTICES;

export function noticeFor(code: string | null | undefined) {
  // Own keys only: `?notice=toString` must not find Object.prototype's methods.
  if (!code || !Object.hasOwn(NOTICES, code)) return null;
  return NOTICES[code as NoticeCode];
}
