/**
 * /signin (spec sections 2, 5, 8): email and password; a signed-in user is sent to their home.
 * Works without JavaScript: the action re-renders the form with the error and the typed email.
 */
import { Form, Link, redirect, useSearchParams } from "react-router";

import { FormMessage } from "../components/FormMessage";
import { pageMeta } from "../components/meta";
import { SubmitButton } from "../components/SubmitButton";
import { MESSAGES } from "../../domain/schemas";
import { actionRetryAfter, formFields, readForm } from "../server/form.server";
import { FORM_LIMITS } from "../../domain/limits";
import { getApp, homeFor, requireAnonymous, safeRedirectTo } from "../server/guards.server";
import { login } from "../../worker/services/auth";
import { DEVICE_COOKIE, readCookie, signedInHeaders } from "../../worker/services/sessions";
import { clientAddress } from "../../worker/services/client";
import { formFailed } from "../server/form-result";
import type { Route } from "./+types/signin";
import { signupHref } from "../../domain/auth-links";

export const meta: Route.MetaFunction = () =>
  pageMeta("Sign In", "Sign in to CampusFund to invest in student startups or manage your project.");

export function loader({ context }: Route.LoaderArgs) {
  requireAnonymous(context);
  return null;
}

export const headers = actionRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  requireAnonymous(context);
  const form = formFields(await readForm(request, FORM_LIMITS.signin));
  const email = form.email ?? "";
  const app = getApp(context);
  try {
    const out = await login(app.db, form, {
      clientIp: clientAddress(request),
      deviceToken: readCookie(request, DEVICE_COOKIE),
    });
    const headers = signedInHeaders(out, app.secureCookies);
    return redirect(safeRedirectTo(form.redirectTo, homeFor(out.user), new URL(request.url).origin), { headers });
  } catch (e) {
    // The password is never sent back.
    return formFailed(e, { email }, { byStatus: { 401: MESSAGES.invalidCredentialsScreen } });
  }
}

export default function SignIn({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo") ?? "";
  const signupLink = signupHref(redirectTo);
  const error = actionData?.message;

  return (
    <div className="container auth-page">
      <div className="card auth-card">
        <h1>Sign In</h1>
        <p className="page-lead">Welcome back. Sign in to continue to CampusFund.</p>
        <Form method="post" className="form">
          <FormMessage error={error} id="signin-error" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <div className="field">
            <label htmlFor="email">Email</label>
            <input
              id="email"
              name="email"
              type="email"
              autoComplete="email"
              required
              defaultValue={actionData?.values.email ?? ""}
              aria-invalid={error ? true : undefined}
            />
          </div>
          <div className="field">
            <label htmlFor="password">Password</label>
            <input
              id="password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              aria-invalid={error ? true : undefined}
            />
            <p className="field-hint" style={{ textAlign: "right" }}>
              <Link to="/forgot-password">Forgot Password?</Link>
            </p>
          </div>
          <SubmitButton pendingLabel="Signing In...">Sign In</SubmitButton>
        </Form>
        <p className="form-footer">
          Don't have an account? <Link to={signupLink}>Sign up</Link>
        </p>
      </div>
    </div>
  );
}
