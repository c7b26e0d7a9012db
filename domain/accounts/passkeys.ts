/**
 * Passkeys (WebAuthn credentials; ADR 054): how many an account keeps, how long a challenge lasts,
 * the words people read. Pure: no I/O, and no valibot, so the pages with passkey buttons carry only
 * these words. The ceremonies and the name's schema are in worker/services/accounts/passkeys.ts.
 */
import { MINUTE_MS } from "../shared/dates.ts";

/** A challenge handed to a browser is good for this long, and for one answer. */
export const PASSKEY_CHALLENGE_MS = 5 * MINUTE_MS;
/** Passkeys one account may hold: the sign-in's second step lists them all to the browser. */
export const MAX_PASSKEYS_PER_USER = 10;
export const PASSKEY_NAME_MAX = 50;
/** The relying party's name, as the browser's passkey prompt shows it. */
export const PASSKEY_RP_NAME = "CampusFund";

export const PASSKEY_MESSAGES = {
  nameRequired: "Give the passkey a name, such as Work laptop",
  nameTooLong: `A passkey's name is at most ${PASSKEY_NAME_MAX} characters`,
  responseRequired: "Send the passkey's answer (`response`) from the browser",
  challengeExpired: "That passkey request expired or was already used. Try again.",
  notVerified: "That passkey could not be verified. Try again, or use another way to sign in.",
  unknownPasskey: "That passkey is not registered with CampusFund. Sign in with your password instead.",
  notYours: "That passkey does not belong to this account. Use one you added to it, or enter a code.",
  noPasskeys: "This account has no passkey. Enter a code from your authenticator app instead.",
  alreadyAdded: "That passkey is already added to an account",
  tooMany: `An account can have at most ${MAX_PASSKEYS_PER_USER} passkeys. Remove one to add another.`,
  notFound: "No such passkey on your account",
  tooManyFailures: "Too many passkey attempts from your network: wait 15 minutes, then try again.",
  tooManyRequests: "Too many passkey requests from your network: wait 15 minutes, then try again.",
  added: "Passkey added. You can use it to sign in.",
  renamed: "Passkey renamed",
  removed: "Passkey removed",
  needsJavaScript:
    "Adding or using a passkey needs JavaScript, which is off in this browser. You can use codes from an authenticator app instead.",
  browserUnsupported: "This browser cannot use passkeys. Use a code from your authenticator app instead.",
  canceled: "The passkey request was canceled or timed out. Try again when you are ready.",
} as const;

/** A user id as the authenticator keeps it (`user.id`, returned as `userHandle`): its UTF-8 bytes. */
export function userHandleOf(userId: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(userId);
}
