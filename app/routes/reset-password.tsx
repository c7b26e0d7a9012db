/**
 * /reset-password/:token and /reset-password/new-password (ADR 044): the mail's link, then the form.
 * The link's answer is served with `Referrer-Policy: no-referrer` and moves the token out of the
 * address at once: it checks the token, keeps it in a short-lived HttpOnly cookie scoped to
 * /reset-password/ and redirects to /reset-password/new-password (Django's PasswordResetConfirmView does the
 * same). So the token is never in the address of a page with links or a form: no Referer carries
 * it, and the form posts with the browser's real Origin (a no-referrer page posts `Origin: null`,
 * which the CSRF checks rightly refuse). The form (new password and confirmation, the sign-up
 * page's rules) works without JavaScript; on success the cookie is cleared and the person is sent
 * to /signin with a notice, not signed in. A link that does not work (wrong, used, replaced or
 * older than an hour) gets a 404 page with a way to ask again. Nothing here is cached.
 */
import { Form, Link, redirect } from "react-router";

import { FeatureIcons } from "../components/feature-icons";
import { FormMessage } from "../components/FormMessage";
import { pageMeta } from "../components/meta";
import { SubmitButton } from "../components/SubmitButton";
import { RESET_TOKEN_LIFETIME_MS } from "../../domain/accounts/password-reset";
import { MIN_PASSWORD } from "../../domain/shared/schemas";
import { FORM_LIMITS } from "../../domain/shared/limits";
import { formFields, readForm } from "../server/form.server";
import { LINK_HEADERS, linkCookie, linkPageHeaders, type LinkCookie } from "../server/emailed-link.server";
import { getApp } from "../server/guards.server";
import { formFailed, refusedBy } from "../server/form-result";
import { checkResetToken, resetPassword } from "../../worker/services/accounts/password-reset";
import { readCookie } from "../../worker/services/accounts/sessions";
import { mailerFor } from "../../worker/mail/mailer";
import type { Route } from "./+types/reset-password";

/** The token between the link and the form: HttpOnly, only sent under /reset-password/, an hour at most. */
export const RESET_COOKIE = "campusfund_reset";
/** The form's address. The cookie's path is the folder, so it also reaches the form's `.data` requests (JavaScript). */
const FORM_PATH = "/reset-password/new-password";
const COOKIE: LinkCookie = { name: RESET_COOKIE, folder: "/reset-password/" };

const resetCookie = (value: string, secure: boolean, maxAgeSeconds: number) =>
  linkCookie(COOKIE, value, secure, maxAgeSeconds);

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Choose a New Password", "Choose a new CampusFund password."),
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = linkPageHeaders;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = getApp(context);
  if (params.token !== undefined) {
    try {
      await checkResetToken(app.db, params.token);
    } catch (e) {
      return refusedBy(e, {}, { headers: LINK_HEADERS });
    }
    const headers = new Headers(LINK_HEADERS);
    headers.set("Set-Cookie", resetCookie(params.token, app.secureCookies, RESET_TOKEN_LIFETIME_MS / 1000));
    return redirect(FORM_PATH, { headers });
  }
  try {
    await checkResetToken(app.db, readCookie(request, RESET_COOKIE) ?? "");
    return { refused: false as const };
  } catch (e) {
    return refusedBy(e);
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = formFields(await readForm(request, FORM_LIMITS.signin));
  const app = getApp(context);
  const token = params.token ?? readCookie(request, RESET_COOKIE) ?? "";
  try {
    await resetPassword(app.db, { ...form, token }, { mailer: mailerFor(app.env, app.ctx, app.db) });
    return redirect("/signin?notice=password-reset", {
      headers: { "Set-Cookie": resetCookie("", app.secureCookies, 0) },
    });
  } catch (e) {
    // Nothing typed is sent back: both fields are passwords.
    return formFailed(e, {});
  }
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = loaderData.refused ? loaderData : actionData?.status === 404 ? actionData : null;
  if (refusal) {
    return (
      <div className="container auth-page">
        <div className="card auth-card">
          <span className="icon-circle">{FeatureIcons.key}</span>
          <h1>This Link Does Not Work</h1>
          <div className="alert alert-error" role="alert" id="reset-error">
            <div>{refusal.message}</div>
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
