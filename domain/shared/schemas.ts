/**
 * valibot schemas shared by the API validators, the React Router actions and the forms'
 * HTML constraints. Messages are the spec's (sections 5 and 8); checks run in the order the spec
 * lists them and the first failure is the message the user sees.
 */
import * as v from "valibot";

import { FIELD_MESSAGES } from "./fields";
import { MESSAGES } from "./messages";
import { isoDay } from "./dates";
import { cleanText, isBlank, isCleanLine, isCleanText, isEmail, normalizeText, storedLength } from "./text";

export const MIN_AGE = 18;
export const MIN_PASSWORD = 6;
export const MAX_PASSWORD = 128;
export const MAX_NAME = 80;
export const MAX_EMAIL = 254;

/** Latest birth date that is at least 18 years before `today` (ISO), the date input's max. */
export function maxBirthDate(today: Date = new Date()): string {
  const y = today.getUTCFullYear() - MIN_AGE;
  const m = today.getUTCMonth();
  const d = today.getUTCDate();
  // 29 February minus 18 years lands on 1 March when that year has no 29th: clamp to the 28th.
  const candidate = new Date(Date.UTC(y, m, d));
  if (candidate.getUTCMonth() !== m) return isoDay(Date.UTC(y, m + 1, 0));
  return isoDay(candidate);
}

export function isValidIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || isoDay(d) !== value) return false;
  const year = d.getUTCFullYear();
  return year >= 1900 && d.getTime() <= Date.now();
}

/** Labels used in type and character messages (the API's field names are what clients send). */
const FIELD_LABELS: Record<string, string> = {
  firstName: "First name",
  lastName: "Last name",
  name: "Name",
  email: "Email",
  subject: "Subject",
  message: "Message",
  birthDate: "Birth date",
  password: "Password",
  confirmPassword: "Confirm password",
  role: "Role",
};

const label = (field: string) => FIELD_LABELS[field] ?? field;
const typeMessage = (field: string) => FIELD_MESSAGES.mustBeText(label(field));
const charactersMessage = (field: string) => FIELD_MESSAGES.badCharacters(label(field));

/**
 * A text field: a string (NFC-normalised), or missing (""). Numbers, booleans, arrays and objects
 * are refused with '<Field> must be text' instead of being turned into "1", "true" or
 * "[object Object]". `line` fields refuse control, invisible and bidi characters; `multiline`
 * fields allow line breaks; `secret` (passwords) only has to be well-formed Unicode.
 */
function field(name: string, kind: "line" | "multiline" | "secret" = "line") {
  return v.optional(
    v.pipe(
      v.unknown(),
      // What the API's document says of it (a string: null or missing reads as empty).
      v.metadata({ type: "string" }),
      v.check((x) => x == null || typeof x === "string", typeMessage(name)),
      v.transform((x) => (typeof x === "string" ? normalizeText(x) : "")),
      v.check(
        (x) => (kind === "line" ? isCleanLine(x) : kind === "multiline" ? isCleanText(x) : x.isWellFormed()),
        charactersMessage(name),
      ),
    ),
    "",
  );
}

const filled = (s: string) => s.trim().length > 0;
/** A field's length as its limit measures it (and a form's counter shows it): `storedLength`. */
const chars = storedLength;

export const SigninSchema = v.pipe(
  v.object({ email: field("email"), password: field("password", "secret") }),
  v.metadata({ required: ["email", "password"] }),
  v.check((i) => filled(i.email) && i.password.length > 0, MESSAGES.signinRequired),
  v.transform((i) => ({ email: i.email.trim().toLowerCase(), password: i.password })),
);

/**
 * Sign-up. `confirmPassword` is part of the form; API clients (spec section 7) may omit it, and
 * when they send it, it must match.
 */
export function signupSchema(options: { requireConfirm: boolean; today?: Date }) {
  return v.pipe(
    v.object({
      firstName: field("firstName"),
      lastName: field("lastName"),
      email: field("email"),
      birthDate: field("birthDate"),
      password: field("password", "secret"),
      confirmPassword: v.optional(
        v.pipe(
          v.unknown(),
          v.check((x) => x == null || typeof x === "string", typeMessage("confirmPassword")),
          v.transform((x) => (typeof x === "string" ? normalizeText(x) : undefined)),
        ),
      ),
      role: v.optional(v.pipe(v.unknown(), v.metadata({ enum: ["investor", "founder"] }))),
    }),
    // What the API's document says is required (the checks below hold the rule and its message).
    v.metadata({ required: ["firstName", "lastName", "email", "birthDate", "password"] }),
    v.check(
      (i) =>
        filled(i.firstName) &&
        filled(i.lastName) &&
        filled(i.email) &&
        filled(i.birthDate) &&
        i.password.length > 0 &&
        (!options.requireConfirm || (i.confirmPassword ?? "").length > 0),
      MESSAGES.signupRequired,
    ),
    v.check((i) => i.confirmPassword === undefined || i.confirmPassword === i.password, MESSAGES.passwordsMismatch),
    v.check((i) => i.password.length >= MIN_PASSWORD, MESSAGES.passwordTooShort),
    v.check((i) => !isBlank(i.password), MESSAGES.passwordBlank),
    v.check((i) => isValidIsoDate(i.birthDate.trim()), MESSAGES.invalidBirthDate),
    v.check((i) => i.birthDate.trim() <= maxBirthDate(options.today ?? new Date()), MESSAGES.tooYoung),
    v.check((i) => isEmail(i.email.trim()), MESSAGES.invalidEmail),
    // Each limit has its field's message (the form counts them, and cuts nothing: ADR 032).
    v.check((i) => chars(i.firstName) <= MAX_NAME, MESSAGES.firstNameTooLong),
    v.check((i) => chars(i.lastName) <= MAX_NAME, MESSAGES.lastNameTooLong),
    v.check((i) => chars(i.email) <= MAX_EMAIL, MESSAGES.emailTooLong),
    v.check((i) => i.password.length <= MAX_PASSWORD, MESSAGES.passwordTooLong),
    v.check(
      (i) => i.role === undefined || i.role === "" || i.role === "investor" || i.role === "founder",
      MESSAGES.invalidRole,
    ),
    v.transform((i) => {
      const role: "investor" | "founder" = i.role === "founder" ? "founder" : "investor";
      return {
        firstName: i.firstName.trim(),
        lastName: i.lastName.trim(),
        email: i.email.trim().toLowerCase(),
        birthDate: i.birthDate.trim(),
        password: i.password,
        role,
      };
    }),
  );
}

export type SignupInput = v.InferOutput<ReturnType<typeof signupSchema>>;
export type SigninInput = v.InferOutput<typeof SigninSchema>;

// ---------- contact forms and supporters ----------

export const CONTACT_SUBJECTS = ["general", "support", "business", "other"] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];
export const CONTACT_LIMITS = { name: 100, email: MAX_EMAIL, message: 5000 } as const;
export const SUPPORTER_LIMITS = { name: 100, email: MAX_EMAIL, message: 500 } as const;

/**
 * A contact message. `withSubject` is the contact page's variant (POST /api/contact): subject is
 * one of CONTACT_SUBJECTS, general when left out. The home variant (POST /api/contacts) has none.
 */
export function contactSchema(options: { withSubject: boolean }) {
  return v.pipe(
    v.object({
      name: field("name"),
      email: field("email"),
      message: field("message", "multiline"),
      subject: field("subject"),
    }),
    // What the API's document says is required (the checks below hold the rule and its message).
    v.metadata({ required: ["name", "email", "message"] }),
    v.check((i) => filled(i.name) && filled(i.email) && filled(i.message), MESSAGES.contactRequired),
    v.check((i) => chars(i.name) <= CONTACT_LIMITS.name, MESSAGES.contactNameTooLong),
    v.check((i) => chars(i.email) <= CONTACT_LIMITS.email, MESSAGES.contactEmailTooLong),
    v.check((i) => isEmail(i.email.trim()), MESSAGES.invalidEmail),
    v.check((i) => chars(i.message) <= CONTACT_LIMITS.message, MESSAGES.contactMessageTooLong),
    v.check(
      (i) =>
        !options.withSubject ||
        i.subject.trim() === "" ||
        (CONTACT_SUBJECTS as readonly string[]).includes(i.subject.trim()),
      MESSAGES.contactInvalidSubject,
    ),
    v.transform((i) => ({
      name: i.name.trim(),
      email: i.email.trim(),
      message: cleanText(i.message),
      subject: options.withSubject ? ((i.subject.trim() || "general") as ContactSubject) : null,
    })),
  );
}

export type ContactInput = v.InferOutput<ReturnType<typeof contactSchema>>;

/**
 * "Show my name publicly": JSON true/false, or a form's checkbox ("on" when ticked, absent when
 * not; the action passes a boolean). Missing means the default, true. Anything else is refused.
 */
const PUBLIC_WORDS: Record<string, boolean> = {
  true: true,
  on: true,
  yes: true,
  "1": true,
  false: false,
  off: false,
  no: false,
  "0": false,
  "": false,
};

export const SHOW_PUBLICLY_MESSAGE = "showPublicly must be true or false";

const showPubliclyField = v.optional(
  v.pipe(
    v.unknown(),
    // What the API's document says of it (a form's checkbox words are read too).
    v.metadata({ type: "boolean" }),
    v.check(
      (x) =>
        x == null ||
        typeof x === "boolean" ||
        (typeof x === "string" && Object.hasOwn(PUBLIC_WORDS, x.trim().toLowerCase())),
      SHOW_PUBLICLY_MESSAGE,
    ),
    v.transform((x) =>
      x == null ? true : typeof x === "boolean" ? x : PUBLIC_WORDS[(x as string).trim().toLowerCase()],
    ),
  ),
  true,
);

export const SupporterSchema = v.pipe(
  v.object({
    name: field("name"),
    email: field("email"),
    message: field("message", "multiline"),
    showPublicly: showPubliclyField,
  }),
  v.metadata({ required: ["name", "email"] }),
  v.check((i) => filled(i.name) && filled(i.email), MESSAGES.supportRequired),
  v.check((i) => chars(i.name) <= SUPPORTER_LIMITS.name, MESSAGES.supportNameTooLong),
  v.check((i) => chars(i.email) <= SUPPORTER_LIMITS.email, MESSAGES.supportEmailTooLong),
  v.check((i) => isEmail(i.email.trim()), MESSAGES.invalidEmail),
  v.check((i) => chars(i.message) <= SUPPORTER_LIMITS.message, MESSAGES.supportMessageTooLong),
  v.transform((i) => ({
    name: i.name.trim(),
    email: i.email.trim().toLowerCase(),
    message: cleanText(i.message) || null,
    showPublicly: i.showPublicly,
  })),
);

export type SupporterInput = v.InferOutput<typeof SupporterSchema>;

/** The spam trap: a visually hidden field people leave empty and form-filling bots do not. */
export const HONEYPOT_FIELD = "website";

export function isHoneypotFilled(body: Record<string, unknown>): boolean {
  const value = body[HONEYPOT_FIELD];
  return typeof value === "string" ? value.trim() !== "" : value != null && value !== false;
}
