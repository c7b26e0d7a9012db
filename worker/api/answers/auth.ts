/** The answers of /api/auth (worker/api/auth.ts), with their examples (ADR 042). */
import * as v from "valibot";

import { PASSWORD_MESSAGES } from "../../../domain/accounts/password-form";
import { EXAMPLE_USER, ok, UserAnswer } from "./common";

/** What the sign-in's first answer says when a second step follows. */
export const SECOND_STEP_MESSAGE =
  "Password accepted. Finish signing in with a code from your authenticator app, a recovery code or a passkey.";

export const SignedInAnswer = v.object({ success: ok, token: v.string(), user: UserAnswer });
/** A right password of an account with two-step sign-in on (ADR 054): the second step's token. */
export const SecondFactorAnswer = v.object({
  success: ok,
  secondFactorRequired: v.literal(true),
  message: v.string(),
  pendingToken: v.string(),
  expiresAt: v.pipe(v.string(), v.isoTimestamp()),
  methods: v.array(v.picklist(["totp", "recovery", "passkey"])),
});
export const SecondFactorBody = v.object({
  pendingToken: v.pipe(v.string(), v.maxLength(200)),
  code: v.pipe(v.string(), v.maxLength(40)),
});
/** The caller's own user, with whether its address is confirmed and an address change waiting (ADR 045). */
export const MeAnswer = v.object({
  success: ok,
  user: v.object({ ...UserAnswer.entries, emailVerified: v.boolean(), pendingEmail: v.nullable(v.string()) }),
});
export const SessionsEndedAnswer = v.object({
  success: ok,
  message: v.string(),
  endedSessions: v.pipe(v.number(), v.integer(), v.minValue(0)),
});

export const EXAMPLES = {
  signup: {
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@university.edu",
    password: "Analytical-Engine-1843",
    birthDate: "2003-12-10",
    role: "investor",
  },
  login: { email: "ada@university.edu", password: "Analytical-Engine-1843" },
  signedIn: { success: true, token: "k3v9…(opaque)", user: EXAMPLE_USER },
  me: { success: true, user: { ...EXAMPLE_USER, emailVerified: true, pendingEmail: null } },
  password: {
    currentPassword: "Analytical-Engine-1843",
    newPassword: "Difference-Engine-1822",
    confirmPassword: "Difference-Engine-1822",
  },
  passwordChanged: { success: true, message: PASSWORD_MESSAGES.changed, endedSessions: 2 },
  othersEnded: { success: true, message: PASSWORD_MESSAGES.othersSignedOut, endedSessions: 1 },
  signedOut: { success: true, message: "Signed out" },
  secondFactor: {
    success: true,
    secondFactorRequired: true,
    message: SECOND_STEP_MESSAGE,
    pendingToken: "p7x2…(opaque)",
    expiresAt: "2026-12-03T10:40:00.000Z",
    methods: ["totp", "recovery"],
  },
  secondFactorBody: { pendingToken: "p7x2…(opaque)", code: "492039" },
} as const;
