/**
 * What the security alerts say (ADR 054): a sign-in from a new device or network, and a change to
 * the password, the email address or the second factors. Each is a bell notification and a mail
 * (worker/services/accounts/security-alerts.ts writes both in the batch of the change). Pure.
 */
export type SecurityChange =
  "password" | "email" | "two-factor-on" | "two-factor-off" | "recovery-codes" | "passkey-added" | "passkey-removed";

/** Where the bell's security notices point. */
export const SESSIONS_PATH = "/settings/sessions";
export const LOGIN_SECURITY_PATH = "/settings/login-security";

export interface SecurityChangeCopy {
  subject: string;
  /** The bell's sentence and the mail's first paragraph. */
  text: string;
}

export const SECURITY_CHANGE_COPY: Record<SecurityChange, SecurityChangeCopy> = {
  password: {
    subject: "Your CampusFund password was changed",
    text: "The password of your account was changed, and every other session was signed out.",
  },
  email: {
    subject: "Your CampusFund email address was changed",
    text: "The email address of your account was changed.",
  },
  "two-factor-on": {
    subject: "Two-step sign-in was turned on",
    text: "Two-step sign-in with an authenticator app was turned on for your account.",
  },
  "two-factor-off": {
    subject: "Two-step sign-in was turned off",
    text: "Two-step sign-in with an authenticator app was turned off for your account: a password alone now signs in.",
  },
  "recovery-codes": {
    subject: "New recovery codes were made for your account",
    text: "New recovery codes were made for your account; the old ones no longer work.",
  },
  "passkey-added": {
    subject: "A passkey was added to your account",
    text: "A passkey was added to your account: it can now sign in without your password.",
  },
  "passkey-removed": {
    subject: "A passkey was removed from your account",
    text: "A passkey was removed from your account.",
  },
};

/** The sentence that follows every alert: what to do when it was not you. */
export const NOT_YOU =
  "If this was not you, reset your password now and end the sessions you do not know in Settings → Sessions.";

/** The sign-in alert's subject. */
export const NEW_SIGN_IN_SUBJECT = "New sign-in to your CampusFund account";

/**
 * The sign-in alert's sentence: the device (describeUserAgent's words, never the raw header), the
 * network and the place.
 */
export function newSignInText(device: string, network: string | null, place: string): string {
  const from = network ? `, from the network ${network} (${place})` : ` (${place})`;
  return `New sign-in to your account: ${device}${from}. Not you? End that session in Settings → Sessions.`;
}
