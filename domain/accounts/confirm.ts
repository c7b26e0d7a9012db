/**
 * Confirming it is you (step-up, ADR 054): the words of /confirm-access and of
 * `POST /api/auth/confirm`, and the one check of where the page may send the person after.
 */
import * as v from "valibot";

import { MAX_PASSWORD } from "../shared/schemas";

export const CONFIRM_MESSAGES = {
  title: "Confirm It's You",
  lead: "Downloading your data and changing what protects your account need a fresh confirmation that it's you.",
  passwordRequired: "Enter your password, or a code from your authenticator app",
  noAuthenticator: "This account has no authenticator app: confirm with your password",
  /** What a page shows instead of a form that needs a fresh confirmation. */
  needed: (minutes: number) =>
    `For your safety, this needs a fresh confirmation: your password or a code from your authenticator app, good for ${minutes} minutes.`,
} as const;

/** Where /confirm-access goes when its `next` is missing or not one of our pages. */
export const CONFIRM_DEFAULT_NEXT = "/settings/login-security";

/** The page's own path: a link to it carries `next`, the page to go back to. */
export const confirmAccessHref = (next: string): string => `/confirm-access?next=${encodeURIComponent(next)}`;

/** `POST /api/auth/confirm`'s body: the password, or a code (with the authenticator app on). */
export const ConfirmBody = v.union([
  v.object({ password: v.pipe(v.string(), v.maxLength(MAX_PASSWORD)) }),
  v.object({ code: v.pipe(v.string(), v.maxLength(40)) }),
]);
