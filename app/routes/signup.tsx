/**
 * /signup (spec sections 2, 5, 8): first and last name, email, birth date, password twice and the
 * role (investor by default; `?role=founder`, where the founder calls to action lead, pre-selects
 * Founder). Works without JavaScript: the action re-renders the form with the error and every
 * entered value except the passwords, the chosen role included. The fields a refusal is about are
 * marked, and with JavaScript its message goes once the person edits them, so no error stays on
 * screen after its field is fixed. A link's target (ADR 034) works as on /signin: the headline names
 * it, the action does it once the account exists.
 */
import { useState, type FormEvent } from "react";
import { Form, Link, redirect } from "react-router";

import { countId, LengthCount } from "../components/form/LengthCount";
import { FormMessage } from "../components/FormMessage";
import { pageMeta } from "../components/meta";
import { SubmitButton } from "../components/SubmitButton";
import { maxBirthDate, MAX_EMAIL, MAX_NAME, MIN_PASSWORD } from "../../domain/shared/schemas";
import { MESSAGES } from "../../domain/shared/messages";
import { actionRetryAfter, formFields, readForm } from "../server/form.server";
import { FORM_LIMITS } from "../../domain/shared/limits";
import { getApp, homeFor, requireAnonymous } from "../server/guards.server";
import { authPrompt, completeAuthTarget } from "../server/auth-intent.server";
import { registerUser } from "../../worker/services/accounts/auth";
import { mailerFor } from "../../worker/mail/mailer";
import { signedInHeaders } from "../../worker/services/accounts/sessions";
import { clientAddress, clientInfo } from "../../worker/services/shared/client";
import { formFailure, serviceRefusal } from "../server/form-result";
import type { FieldErrors } from "../../domain/shared/form-kit";
import { isServiceError } from "../../worker/services/shared/errors";
import type { Route } from "./+types/signup";
import { authTargetFields, readAuthTarget, signinHref } from "../../domain/accounts/auth-links";

export const meta: Route.MetaFunction = () =>
  pageMeta("Sign Up", "Create a CampusFund account to invest in student startups or raise for your own.");

/** The role a sign-up starts with: `?role=founder` (the founder calls to action) picks Founder; else investor. */
function roleParam(request: Request): "investor" | "founder" {
  return new URL(request.url).searchParams.get("role") === "founder" ? "founder" : "investor";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAnonymous(context);
  const url = new URL(request.url);
  const target = readAuthTarget((name) => url.searchParams.get(name));
  const prompt = await authPrompt(getApp(context).db, target, url.origin);
  // An intent whose project is not there is dropped: the plain page, then home.
  const carried = prompt || typeof target === "string" ? target : null;
  return {
    maxBirthDate: maxBirthDate(),
    role: roleParam(request),
    prompt,
    fields: authTargetFields(carried),
    signinLink: signinHref(carried),
  };
}

/** The sign-up fields, in the form's order. */
const SIGNUP_FIELDS = ["firstName", "lastName", "email", "birthDate", "password", "confirmPassword", "role"] as const;

/**
 * The fields each of the schema's rules is about (domain/shared/schemas.ts `signupSchema` answers with the
 * first rule broken and no field map, ADR 029): keyed by the rule's own message constant.
 */
const FIELDS_OF_RULE: Record<string, readonly string[]> = {
  // The confirmation is what a person retypes to fix it.
  [MESSAGES.passwordsMismatch]: ["confirmPassword"],
  [MESSAGES.passwordTooShort]: ["password"],
  [MESSAGES.passwordBlank]: ["password"],
  [MESSAGES.passwordTooLong]: ["password"],
  [MESSAGES.invalidBirthDate]: ["birthDate"],
  [MESSAGES.tooYoung]: ["birthDate"],
  [MESSAGES.invalidEmail]: ["email"],
  [MESSAGES.emailTooLong]: ["email"],
  [MESSAGES.firstNameTooLong]: ["firstName"],
  [MESSAGES.lastNameTooLong]: ["lastName"],
  [MESSAGES.invalidRole]: ["role"],
};

/** A sign-up refusal's fields, each with the banner's message: by code, else by the rule broken. */
function refusalFields(e: unknown, message: string, form: Record<string, string>): FieldErrors {
  if (!isServiceError(e)) return {};
  let names: readonly string[] = [];
  if (e.code === "email_taken") names = ["email"];
  else if (e.code === "weak_password") names = ["password"];
  else if (e.code === "invalid_fields") {
    names =
      e.message === MESSAGES.signupRequired
        ? SIGNUP_FIELDS.filter((n) => n !== "role" && !(form[n] ?? "").trim())
        : (FIELDS_OF_RULE[e.message] ?? []);
  }
  return Object.fromEntries(names.map((n) => [n, message]));
}

export const headers = actionRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  requireAnonymous(context);
  const form = formFields(await readForm(request, FORM_LIMITS.signup));
  const values = {
    firstName: form.firstName ?? "",
    lastName: form.lastName ?? "",
    email: form.email ?? "",
    birthDate: form.birthDate ?? "",
    role: form.role === "founder" ? "founder" : "investor",
  };
  const app = getApp(context);
  try {
    const out = await registerUser(app.db, form, {
      clientIp: clientAddress(request),
      client: clientInfo(request),
      requireConfirm: true,
      mailer: mailerFor(app.env, app.ctx, app.db),
    });
    const home = `${homeFor(out.user)}?newUser=1`;
    const headers = signedInHeaders(out, app.secureCookies);
    const target = readAuthTarget((name) => form[name]);
    const to = await completeAuthTarget(app.db, out.user, target, home, new URL(request.url).origin);
    return redirect(to, { headers });
  } catch (e) {
    const r = serviceRefusal(e);
    return formFailure(r.status, r.message, values, { errors: refusalFields(e, r.message, form), headers: r.headers });
  }
}

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const { prompt, fields, signinLink } = loaderData;
  // The fields edited since this answer came (with JavaScript): their errors are gone.
  const [edited, setEdited] = useState<{ answer: unknown; names: ReadonlySet<string> }>({
    answer: actionData,
    names: new Set(),
  });
  const editedNames = edited.answer === actionData ? edited.names : new Set<string>();
  const onEdit = (e: FormEvent<HTMLFormElement>) => {
    const name = (e.target as HTMLInputElement).name;
    if (!actionData || !name || editedNames.has(name)) return;
    setEdited({ answer: actionData, names: new Set([...editedNames, name]) });
  };
  const fieldErrors = actionData?.errors ?? {};
  const open = Object.keys(fieldErrors).filter((n) => !editedNames.has(n));
  // The message stays while a field it is about is not edited yet (or it is about no field).
  const error = actionData && (open.length > 0 || Object.keys(fieldErrors).length === 0) ? actionData.message : null;
  const invalid = (name: string) =>
    open.includes(name) ? { "aria-invalid": true as const, "aria-errormessage": "signup-error" } : {};
  const v = actionData?.values;
  // After an error, the role that was posted; otherwise the one the link asked for (server-rendered,
  // so it works without JavaScript).
  const role = v?.role ?? loaderData.role;

  return (
    <div className="container auth-page">
      <div className="card auth-card auth-card-wide">
        <h1>{prompt ? `Sign up to ${prompt.phrase}` : "Sign Up"}</h1>
        <p className="page-lead">
          {prompt ? `${prompt.after} ` : null}Create your free account. Investing on CampusFund uses simulated money.
        </p>
        <Form method="post" className="form" onInput={onEdit}>
          <FormMessage error={error} id="signup-error" />
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <div className="form-row">
            <div className="field">
              <label htmlFor="firstName">First name</label>
              <input
                id="firstName"
                name="firstName"
                {...invalid("firstName")}
                autoComplete="given-name"
                required
                aria-describedby={countId("firstName")}
                defaultValue={v?.firstName}
              />
              <LengthCount controlId="firstName" max={MAX_NAME} />
            </div>
            <div className="field">
              <label htmlFor="lastName">Last name</label>
              <input
                id="lastName"
                name="lastName"
                {...invalid("lastName")}
                autoComplete="family-name"
                required
                aria-describedby={countId("lastName")}
                defaultValue={v?.lastName}
              />
              <LengthCount controlId="lastName" max={MAX_NAME} />
            </div>
          </div>
          <div className="field">
            <label htmlFor="email">Email</label>
            <input
              id="email"
              name="email"
              {...invalid("email")}
              type="email"
              autoComplete="email"
              required
              aria-describedby={countId("email")}
              defaultValue={v?.email}
            />
            <LengthCount controlId="email" max={MAX_EMAIL} />
          </div>
          <div className="field">
            <label htmlFor="birthDate">Birth date</label>
            <input
              id="birthDate"
              name="birthDate"
              {...invalid("birthDate")}
              type="date"
              autoComplete="bday"
              required
              max={loaderData.maxBirthDate}
              defaultValue={v?.birthDate}
              aria-describedby="birthDate-hint"
            />
            <p className="field-hint" id="birthDate-hint">
              You must be at least 18 years old to register.
            </p>
          </div>
          <div className="form-row">
            <div className="field">
              <label htmlFor="password">Password</label>
              <input
                id="password"
                name="password"
                {...invalid("password")}
                type="password"
                autoComplete="new-password"
                required
                minLength={MIN_PASSWORD}
                aria-describedby="password-hint"
              />
              <p className="field-hint" id="password-hint">
                At least {MIN_PASSWORD} characters, and not one of the most common passwords.
              </p>
            </div>
            <div className="field">
              <label htmlFor="confirmPassword">Confirm password</label>
              <input
                id="confirmPassword"
                name="confirmPassword"
                {...invalid("confirmPassword")}
                type="password"
                autoComplete="new-password"
                required
                minLength={MIN_PASSWORD}
              />
            </div>
          </div>
          {/* Keyed by the role so a new ?role= (or a re-render after an error) resets the default. */}
          <fieldset key={role}>
            <legend>I want to join as</legend>
            <div className="choice-group">
              <label className="choice">
                <input type="radio" name="role" value="investor" required defaultChecked={role === "investor"} />
                <span>
                  <span className="choice-title">Investor</span>
                  <span className="choice-text">Browse student startups and buy shares with simulated money.</span>
                </span>
              </label>
              <label className="choice">
                <input type="radio" name="role" value="founder" defaultChecked={role === "founder"} />
                <span>
                  <span className="choice-title">Founder</span>
                  <span className="choice-text">List your startup and raise funds. Founders cannot invest.</span>
                </span>
              </label>
            </div>
          </fieldset>
          <p className="field-hint">
            By creating an account you agree to the <Link to="/terms-of-service">Terms of Service</Link> and{" "}
            <Link to="/privacy-policy">Privacy Policy</Link>.
          </p>
          <SubmitButton pendingLabel="Creating Account...">Create Account</SubmitButton>
        </Form>
        <p className="form-footer">
          Already have an account? <Link to={signinLink}>Sign in</Link>
        </p>
      </div>
    </div>
  );
}
