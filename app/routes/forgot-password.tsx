/**
 * /forgot-password (ADR 044): one field, the email. The answer (its words, its status
 * and the work behind it) is the same whether or not the address has an account; the mail is sent
 * after the response. Works without JavaScript: the action re-renders the page with the answer.
 */
import { Form, Link } from "react-router";

import { FeatureIcons } from "../components/feature-icons";
import { FormMessage } from "../components/FormMessage";
import { pageMeta } from "../components/meta";
import { SubmitButton } from "../components/SubmitButton";
import { FORM_LIMITS } from "../../domain/shared/limits";
import { actionRetryAfter, formFields, readForm } from "../server/form.server";
import { getApp } from "../server/guards.server";
import { formFailed, formSuccess } from "../server/form-result";
import { clientAddress } from "../../worker/services/shared/client";
import { requestPasswordReset } from "../../worker/services/accounts/password-reset";
import { mailerFor } from "../../worker/mail/mailer";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = () =>
  pageMeta("Forgot Password", "Ask for a link to choose a new CampusFund password.");

export const headers = actionRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  const form = formFields(await readForm(request, FORM_LIMITS.signin));
  const app = getApp(context);
  try {
    const out = await requestPasswordReset(app.db, form, {
      clientIp: clientAddress(request),
      mailer: mailerFor(app.env, app.ctx, app.db),
    });
    return formSuccess({ message: out.message });
  } catch (e) {
    return formFailed(e, { email: form.email ?? "" });
  }
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const sent = actionData?.ok ? actionData.message : null;
  const failure = actionData && !actionData.ok ? actionData : null;
  const emailError = failure?.errors.email;
  return (
    <div className="container auth-page">
      <div className="card auth-card">
        <span className="icon-circle">{FeatureIcons.key}</span>
        <h1>Forgot Password</h1>
        {sent ? (
          <>
            <div className="alert alert-success" role="status" id="forgot-status">
              <div>{sent}</div>
            </div>
            <div className="cluster">
              <Link to="/signin" className="btn btn-primary">
                Back to Sign In
              </Link>
            </div>
          </>
        ) : (
          <>
            <p className="page-lead">
              Enter the email address of your account and we will send you a link to choose a new password. If you are
              locked out after too many sign-in attempts, the link gets you back in too.
            </p>
            <Form method="post" className="form">
              <FormMessage error={failure?.message} id="forgot-error" />
              <div className="field">
                <label htmlFor="email">Email</label>
                <input
                  id="email"
                  name="email"
                  type="email"
                  autoComplete="email"
                  required
                  defaultValue={typeof failure?.values.email === "string" ? failure.values.email : ""}
                  aria-invalid={emailError ? true : undefined}
                  aria-describedby={failure ? "forgot-error" : undefined}
                />
              </div>
              <SubmitButton pendingLabel="Sending...">Send Reset Link</SubmitButton>
            </Form>
          </>
        )}
        <p className="form-footer">
          Remembered it? <Link to="/signin">Sign in</Link>
        </p>
      </div>
    </div>
  );
}
