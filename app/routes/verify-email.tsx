/**
 * /verify-email (ADR 045): confirm the account's address with the mail's 6-digit code, or ask for
 * a new link. The banner's forms post here too, so both work without JavaScript: the action
 * re-renders this page with its answer (a proved address goes to `?notice=email-verified`).
 * Signed out, the page says to open the mail's link or sign in.
 */
import { Link, redirect, useSearchParams } from "react-router";

import { FeatureIcons } from "../components/feature-icons";
import { FormMessage } from "../components/FormMessage";
import { pageMeta } from "../components/meta";
import { VerifyForms } from "../components/VerifyForms";
import { VERIFY_MESSAGES } from "../../domain/accounts/email-verification";
import { FORM_LIMITS } from "../../domain/shared/limits";
import { actionRetryAfter, formFields, readForm } from "../server/form.server";
import { getApp, getUser, safeRedirectTo } from "../server/guards.server";
import { can } from "../../domain/shared/access";
import { formFailed, formSuccess } from "../server/form-result";
import { mailerFor } from "../../worker/mail/mailer";
import { resendVerification, verifyEmailCode } from "../../worker/services/accounts/email-verification";
import type { Route } from "./+types/verify-email";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Confirm Your Email Address", "Confirm the email address of your CampusFund account."),
  { name: "robots", content: "noindex" },
];

export const headers = actionRetryAfter;

export function loader({ request, context }: Route.LoaderArgs) {
  const user = getUser(context);
  if (!user) return { signedIn: false as const };
  // Once confirmed, the page leads on: back where the person was (the banner's page), else home.
  const home = can(user, "invest")
    ? { to: "/portfolio", label: "Go to your portfolio" }
    : { to: "/my-projects", label: "Go to My Projects" };
  const url = new URL(request.url);
  const next = safeRedirectTo(url.searchParams.get("next"), "", url.origin);
  return {
    signedIn: true as const,
    onward: next && !next.startsWith("/verify-email") ? { to: next, label: "Continue where you were" } : home,
    email: user.pendingEmail ?? user.email,
    waiting: user.emailVerified === false || !!user.pendingEmail,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = formFields(await readForm(request, FORM_LIMITS.signin));
  const app = getApp(context);
  const user = getUser(context);
  if (form.intent === "resend") {
    try {
      const out = await resendVerification(app.db, user, {
        mailer: mailerFor(app.env, app.ctx, app.db),
      });
      return formSuccess({ form: "resend", message: VERIFY_MESSAGES.resent(out.email) });
    } catch (e) {
      return formFailed(e, {}, { form: "resend" });
    }
  }
  try {
    const proved = await verifyEmailCode(app.db, user, form, Date.now(), mailerFor(app.env, app.ctx, app.db));
    const origin = new URL(request.url).origin;
    const next = safeRedirectTo(form.next, "", origin);
    const back = next && !next.startsWith("/verify-email") ? `&next=${encodeURIComponent(next)}` : "";
    return redirect(`/verify-email?notice=${proved.changed ? "email-changed" : "email-verified"}${back}`);
  } catch (e) {
    return formFailed(e, { code: form.code ?? "" }, { form: "code" });
  }
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const done = params.get("notice") === "email-verified" || params.get("notice") === "email-changed";
  const sent = actionData?.ok ? actionData.message : null;
  const failure = actionData && !actionData.ok ? actionData : null;
  return (
    <div className="container auth-page">
      <div className="card auth-card">
        <span className="icon-circle">{FeatureIcons.key}</span>
        <h1>Confirm Your Email Address</h1>
        {!loaderData.signedIn ? (
          <>
            <p className="page-lead">
              Open the link in the mail we sent you: it works in any browser, signed in or not.
            </p>
            <p className="page-lead">{VERIFY_MESSAGES.codeNeedsSignIn}</p>
            <div className="cluster">
              <Link to="/signin?redirectTo=/verify-email" className="btn btn-primary">
                Sign In
              </Link>
            </div>
          </>
        ) : !loaderData.waiting ? (
          <>
            {!done && <p className="page-lead">{VERIFY_MESSAGES.nothingPending}</p>}
            <div className="cluster">
              <Link to={loaderData.onward.to} className="btn btn-primary">
                {loaderData.onward.label}
              </Link>
              <Link to="/settings/login-security" className="btn btn-secondary">
                Login &amp; Security
              </Link>
            </div>
          </>
        ) : (
          <>
            <p className="page-lead">
              We sent a link and a 6-digit code to <strong>{loaderData.email}</strong>. Open the link, or type the code
              here. Both work for 24 hours.
            </p>
            {sent && (
              <div className="alert alert-success" role="status" id="verify-status">
                <div>{sent}</div>
              </div>
            )}
            <FormMessage error={failure?.message} id="verify-error" />
            <VerifyForms idPrefix="verify" />
          </>
        )}
      </div>
    </div>
  );
}
