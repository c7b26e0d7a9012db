/**
 * /signup (spec sections 2, 5, 8): first and last name, email, birth date, password twice and the
 * role (investor by default; `?role=founder`, where the founder calls to action lead, pre-selects
 * Founder). Works without JavaScript: the action re-renders the form with the error and every
 * entered value except the passwords, the chosen role included.
 */
import { Form, Link, redirect, useSearchParams } from "react-router";

import { countId, LengthCount } from "../components/form/LengthCount";
import { FormMessage } from "../components/FormMessage";
import { pageMeta } from "../components/meta";
import { SubmitButton } from "../components/SubmitButton";
import { maxBirthDate, MAX_EMAIL, MAX_NAME, MIN_PASSWORD } from "../../domain/schemas";
import { actionRetryAfter, formFields, readForm } from "../server/form.server";
import { FORM_LIMITS } from "../../domain/limits";
import { getApp, homeFor, requireAnonymous, safeRedirectTo } from "../server/guards.server";
import { registerUser } from "../../worker/services/auth";
import { signedInHeaders } from "../../worker/services/sessions";
import { clientAddress } from "../../worker/services/client";
import { formFailed } from "../server/form-result";
import type { Route } from "./+types/signup";
import { signinHref } from "../../domain/auth-links";

export const meta: Route.MetaFunction = () =>
  pageMeta("Sign Up", "Create a CampusFund account to invest in student startups or raise for your own.");

/** The role a sign-up starts with: `?role=founder` (the founder calls to action) picks Founder; else investor. */
function roleParam(request: Request): "investor" | "founder" {
  return new URL(request.url).searchParams.get("role") === "founder" ? "founder" : "investor";
}

export function loader({ request, context }: Route.LoaderArgs) {
  requireAnonymous(context);
  return { maxBirthDate: maxBirthDate(), role: roleParam(request) };
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
    const out = await registerUser(app.db, form, { clientIp: clientAddress(request), requireConfirm: true });
    const home = `${homeFor(out.user)}?newUser=1`;
    const headers = signedInHeaders(out, app.secureCookies);
    return redirect(safeRedirectTo(form.redirectTo, home, new URL(request.url).origin), { headers });
  } catch (e) {
    return formFailed(e, values);
  }
}

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo") ?? "";
  const signinLink = signinHref(redirectTo);
  const error = actionData?.message;
  const v = actionData?.values;
  // After an error, the role that was posted; otherwise the one the link asked for (server-rendered,
  // so it works without JavaScript).
  const role = v?.role ?? loaderData.role;

  return (
    <div className="container auth-page">
      <div className="card auth-card auth-card-wide">
        <h1>Sign Up</h1>
        <p className="page-lead">Create your free account. Investing on CampusFund uses simulated money.</p>
        <Form method="post" className="form">
          <FormMessage error={error} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <div className="form-row">
            <div className="field">
              <label htmlFor="firstName">First name</label>
              <input
                id="firstName"
                name="firstName"
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
          <SubmitButton pendingLabel="Creating Account...">Create Account</SubmitButton>
        </Form>
        <p className="form-footer">
          Already have an account? <Link to={signinLink}>Sign in</Link>
        </p>
      </div>
    </div>
  );
}
