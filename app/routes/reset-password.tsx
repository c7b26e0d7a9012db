/**
 * /reset-password/:token (ADR 044): the link of the reset mail. Served with
 * `Referrer-Policy: no-referrer` (the token is in the address) and never stored by a cache. A form
 * (new password and confirmation, the sign-up page's rules) that works without JavaScript; on
 * success the person is sent to /signin with a notice, not signed in. A link that does not work
 * (wrong, used, replaced or older than an hour) gets a 404 page with a way to ask again.
 */
import { Form, Link, redirect } from "react-router";

import { FeatureIcons } from "../components/feature-icons";
import { FormMessage } from "../components/FormMessage";
import { pageMeta } from "../components/meta";
import { SubmitButton } from "../components/SubmitButton";
import { MIN_PASSWORD } from "../../domain/schemas";
import { FORM_LIMITS } from "../../domain/limits";
import { formFields, readForm } from "../server/form.server";
import { getApp } from "../server/guards.server";
import { formFailed, refusedBy } from "../server/form-result";
import { checkResetToken, resetPassword } from "../../worker/services/password-reset";
import { mailerFor } from "../../worker/mail/mailer";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Choose a New Password", "Choose a new CampusFund password."),
  { name: "robots", content: "noindex" },
];

/** The token is in the address: no page it links to learns it, and no cache keeps the page. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const h = new Headers({ "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" });
  const retry = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retry) h.set("Retry-After", retry);
  return h;
};

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    await checkResetToken(getApp(context).db, params.token);
    return { ok: true as const };
  } catch (e) {
    return refusedBy(e);
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = formFields(await readForm(request, FORM_LIMITS.signin));
  const app = getApp(context);
  try {
    await resetPassword(
      app.db,
      { ...form, token: params.token },
      { origin: new URL(request.url).origin, mailer: mailerFor(app.env, app.ctx, app.db) },
    );
    return redirect("/signin?notice=password-reset");
  } catch (e) {
    // Nothing typed is sent back: both fields are passwords.
    return formFailed(e, {});
  }
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const linkRefused = "refused" in loaderData ? loaderData : actionData?.status === 404 ? actionData : null;
  if (linkRefused) {
    return (
      <div className="container auth-page">
        <div className="card auth-card">
          <span className="icon-circle">{FeatureIcons.key}</span>
          <h1>This Link Does Not Work</h1>
          <div className="alert alert-error" role="alert" id="reset-error">
            <div>{linkRefused.message}</div>
          </div>
          <div className="cluster">
            <Link to="/forgot-password" className="btn btn-primary">
              Ask for a New Link
            </Link>
            <Link to="/signin" className="btn btn-secondary">
              Back to Sign In
            </Link>
          </div>
        </div>
      </div>
    );
  }
  const failure = actionData ?? null;
  const errors = failure?.errors ?? {};
  return (
    <div className="container auth-page">
      <div className="card auth-card">
        <span className="icon-circle">{FeatureIcons.key}</span>
        <h1>Choose a New Password</h1>
        <p className="page-lead">
          At least {MIN_PASSWORD} characters, not a common password and not built from your name or email. Every device
          will be signed out; then sign in with the new password.
        </p>
        <Form method="post" className="form">
          <FormMessage error={failure?.message} id="reset-error" />
          <div className="field">
            <label htmlFor="password">New password</label>
            <input
              id="password"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              minLength={MIN_PASSWORD}
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={errors.password ? "reset-error" : undefined}
            />
          </div>
          <div className="field">
            <label htmlFor="confirmPassword">Confirm new password</label>
            <input
              id="confirmPassword"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              required
              minLength={MIN_PASSWORD}
              aria-invalid={errors.confirmPassword ? true : undefined}
              aria-describedby={errors.confirmPassword ? "reset-error" : undefined}
            />
          </div>
          <SubmitButton pendingLabel="Saving...">Set New Password</SubmitButton>
        </Form>
      </div>
    </div>
  );
}
