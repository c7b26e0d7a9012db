/**
 * /signin (spec sections 2, 5, 8): email and password; a signed-in user is sent to their home.
 * Works without JavaScript: the action re-renders the form with the error and the typed email.
 * A link's target (ADR 034, domain/accounts/auth-links.ts) names what the visitor was doing in the headline
 * ("Sign in to follow SunDorm"), rides along in hidden fields, and is done once they are in
 * (app/server/auth-intent.server.ts `completeAuthTarget`): the follow made, the question form
 * reopened with the draft, the page opened.
 */
import { Form, Link, redirect } from "react-router";

import { FormMessage } from "../components/FormMessage";
import { pageMeta } from "../components/meta";
import { SubmitButton } from "../components/SubmitButton";
import { MESSAGES } from "../../domain/shared/messages";
import { RESET_MESSAGES } from "../../domain/accounts/password-reset";
import { actionRetryAfter, formFields, readForm } from "../server/form.server";
import { FORM_LIMITS } from "../../domain/shared/limits";
import { getApp, homeFor, requireAnonymous } from "../server/guards.server";
import { authPrompt, completeAuthTarget, withNotice } from "../server/auth-intent.server";
import { login } from "../../worker/services/accounts/auth";
import { relyingPartyFor, signInWithPasskey } from "../../worker/services/accounts/passkeys";
import { PasskeySignIn } from "../components/passkeys/PasskeySignIn";
import { postJson } from "../components/passkeys/webauthn";
import { DEVICE_COOKIE, pendingCookie, readCookie, signedInHeaders } from "../../worker/services/accounts/sessions";
import { clientAddress, clientInfo } from "../../worker/services/shared/client";
import { formFailed } from "../server/form-result";
import type { Route } from "./+types/signin";
import { authTargetFields, readAuthTarget, signinHref, signupHref } from "../../domain/accounts/auth-links";
import { mailerFor } from "../../worker/mail/mailer";

export const meta: Route.MetaFunction = () =>
  pageMeta("Sign In", "Sign in to CampusFund to invest in student startups or manage your project.");

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAnonymous(context);
  const url = new URL(request.url);
  const target = readAuthTarget((name) => url.searchParams.get(name));
  const prompt = await authPrompt(getApp(context).db, target, url.origin);
  // An intent whose project is not there is dropped: the plain page, then home.
  const carried = prompt || typeof target === "string" ? target : null;
  // After a password reset (/reset-password, ADR 044): the person signs in with the new password.
  const notice = url.searchParams.get("notice") === "password-reset" ? RESET_MESSAGES.changed : null;
  return { prompt, fields: authTargetFields(carried), signupLink: signupHref(carried), notice };
}

export const headers = actionRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  requireAnonymous(context);
  const form = formFields(await readForm(request, FORM_LIMITS.signin));
  const email = form.email ?? "";
  const app = getApp(context);
  try {
    const client = {
      clientIp: clientAddress(request),
      deviceToken: readCookie(request, DEVICE_COOKIE),
      client: clientInfo(request),
      mailer: mailerFor(app.env, app.ctx, app.db),
    };
    // A passkey's answer (ADR 054; the button posts it with JavaScript): a session without a password.
    const out =
      form.intent === "passkey"
        ? await signInWithPasskey(
            app.db,
            { response: parseJson(form.passkeyResponse) },
            relyingPartyFor(app.env, request.url),
            client,
          )
        : await login(app.db, form, client);
    const target = readAuthTarget((name) => form[name]);
    if ("pendingToken" in out) {
      // Two-step sign-in (ADR 054): the second step's page, the intent carried along.
      const headers = new Headers({
        "Set-Cookie": pendingCookie(out.pendingToken, app.secureCookies, out.expiresAt - Date.now()),
      });
      return redirect(`/signin/verify${signinHref(target).slice("/signin".length)}`, { headers });
    }
    const headers = signedInHeaders(out, app.secureCookies);
    const to = await completeAuthTarget(app.db, out.user, target, homeFor(out.user), new URL(request.url).origin);
    // Signing in within the grace period kept the account (ADR 046): the next page says so.
    return redirect(out.deletionCanceled ? withNotice(to, "deletion-canceled") : to, { headers });
  } catch (e) {
    // The password is never sent back.
    return formFailed(e, { email }, { byStatus: { 401: MESSAGES.invalidCredentialsScreen } });
  }
}

/** A posted JSON field, or null when it is not JSON (the service then says what is missing). */
function parseJson(text: string | undefined): unknown {
  try {
    return JSON.parse(text ?? "");
  } catch {
    return null;
  }
}

const passkeyOptions = () => postJson<{ options: unknown }>("/api/auth/passkey-sign-in/options", {});

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { prompt, fields, signupLink, notice } = loaderData;
  const error = actionData?.message;

  return (
    <div className="container auth-page">
      <div className="card auth-card">
        <h1>{prompt ? `Sign in to ${prompt.phrase}` : "Sign In"}</h1>
        <p className="page-lead">
          {prompt ? `Welcome back. ${prompt.after}` : "Welcome back. Sign in to continue to CampusFund."}
        </p>
        {notice && !error ? (
          <div className="alert alert-success" role="status" id="signin-notice">
            <div>{notice}</div>
          </div>
        ) : null}
        <Form method="post" className="form">
          <FormMessage error={error} id="signin-error" />
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
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
        <PasskeySignIn label="Sign In with a Passkey" fields={fields} options={passkeyOptions} />
        <p className="form-footer">
          Don't have an account? <Link to={signupLink}>Sign up</Link>
        </p>
      </div>
    </div>
  );
}
