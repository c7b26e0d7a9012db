/**
 * /signin/verify: the second step of a sign-in whose account has two-step sign-in on (ADR 054).
 * The password step left a short HttpOnly cookie with the pending sign-in; this page asks for a
 * 6-digit code from the authenticator app or a recovery code, and works fully without JavaScript.
 * The intent of the sign-in (ADR 034) rides along in the query and hidden fields, and is done once
 * the person is in, as after a password alone.
 */
import { Form, Link, redirect } from "react-router";

import { FormMessage } from "../components/FormMessage";
import { pageMeta } from "../components/meta";
import { SubmitButton } from "../components/SubmitButton";
import { TWO_FACTOR_MESSAGES } from "../../domain/accounts/two-factor";
import { authTargetFields, readAuthTarget, signinHref } from "../../domain/accounts/auth-links";
import { FORM_LIMITS } from "../../domain/shared/limits";
import { completeSignIn, readPendingSignIn } from "../../worker/services/accounts/auth";
import { finishSignInWithPasskey, relyingPartyFor, secondStepOptions } from "../../worker/services/accounts/passkeys";
import { clientAddress } from "../../worker/services/shared/client";
import { PasskeySignIn } from "../components/passkeys/PasskeySignIn";
import {
  clearPendingCookie,
  PENDING_COOKIE,
  readCookie,
  signedInHeaders,
} from "../../worker/services/accounts/sessions";
import { isServiceError } from "../../worker/services/shared/errors";
import { completeAuthTarget, withNotice } from "../server/auth-intent.server";
import { actionRetryAfter, formFields, readForm } from "../server/form.server";
import { formFailed } from "../server/form-result";
import { getApp, homeFor, requireAnonymous } from "../server/guards.server";
import type { Route } from "./+types/signin-verify";
import { mailerFor } from "../../worker/mail/mailer";

export const meta: Route.MetaFunction = () =>
  pageMeta("Two-Step Sign-In", "Finish signing in to CampusFund with a code from your authenticator app.");

export const headers = actionRetryAfter;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAnonymous(context);
  const url = new URL(request.url);
  const target = readAuthTarget((name) => url.searchParams.get(name));
  const restart = signinHref(target);
  try {
    const pending = await readPendingSignIn(getApp(context).db, readCookie(request, PENDING_COOKIE));
    const passkeys = await getApp(context)
      .db.$client.prepare("select count(*) as n from passkeys where user_id = ?1")
      .bind(pending.userId)
      .first<{ n: number }>();
    const passkey = (passkeys?.n ?? 0) > 0;
    // The passkey's options, a fresh single-use challenge for this view (ADR 054); the page's own
    // pending sign-in is the limit, so it takes no per-network slot.
    const passkeyOptions = passkey
      ? await secondStepOptions(getApp(context).db, pending, relyingPartyFor(getApp(context).env, request.url), {
          clientIp: null,
        })
      : null;
    return { expired: false as const, fields: authTargetFields(target), restart, passkey, passkeyOptions };
  } catch (e) {
    if (!isServiceError(e)) throw e;
    return { expired: true as const, fields: {}, restart, passkey: false, passkeyOptions: null };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAnonymous(context);
  const form = formFields(await readForm(request, FORM_LIMITS.signin));
  const app = getApp(context);
  try {
    const pendingToken = readCookie(request, PENDING_COOKIE);
    const mailer = mailerFor(app.env, app.ctx, app.db);
    // The passkey button posts the browser's answer (ADR 054); the code form a code.
    const out =
      form.intent === "passkey"
        ? await finishSignInWithPasskey(
            app.db,
            pendingToken,
            parseJson(form.passkeyResponse),
            relyingPartyFor(app.env, request.url),
            { clientIp: clientAddress(request), mailer },
          )
        : await completeSignIn(app.db, pendingToken, form.code, Date.now(), mailer);
    const headers = signedInHeaders(out, app.secureCookies);
    headers.append("Set-Cookie", clearPendingCookie(app.secureCookies));
    const target = readAuthTarget((name) => form[name]);
    const to = await completeAuthTarget(app.db, out.user, target, homeFor(out.user), new URL(request.url).origin);
    return redirect(out.deletionCanceled ? withNotice(to, "deletion-canceled") : to, { headers });
  } catch (e) {
    // A code is never sent back: each one is good for a moment only.
    return formFailed(e, {});
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

export default function SignInVerify({ loaderData, actionData }: Route.ComponentProps) {
  const { expired, fields, restart, passkeyOptions } = loaderData;
  const error = actionData?.message;
  const gone = expired || actionData?.status === 401;

  return (
    <div className="container auth-page">
      <div className="card auth-card">
        <h1>Two-Step Sign-In</h1>
        {gone ? (
          <>
            <FormMessage error={TWO_FACTOR_MESSAGES.pendingExpired} id="verify-error" />
            <p className="form-footer">
              <Link to={restart}>Sign in again</Link>
            </p>
          </>
        ) : (
          <>
            <p className="page-lead">
              Your password was right. Enter the 6-digit code your authenticator app shows for CampusFund, or one of
              your recovery codes.
            </p>
            <Form method="post" className="form" id="second-factor-form">
              <FormMessage error={error} id="verify-error" />
              {Object.entries(fields).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <div className="field">
                <label htmlFor="code">Authentication code</label>
                <input
                  id="code"
                  name="code"
                  type="text"
                  inputMode="text"
                  autoComplete="one-time-code"
                  autoCapitalize="none"
                  spellCheck={false}
                  required
                  aria-describedby="code-hint"
                  aria-invalid={error ? true : undefined}
                  // The page is only this field: the person came here to type the code.
                  // eslint-disable-next-line jsx-a11y/no-autofocus
                  autoFocus
                />
                <p className="field-hint" id="code-hint">
                  6 digits from the app, or a recovery code such as <span className="nowrap">abcde-23456</span>. A
                  recovery code works once.
                </p>
              </div>
              <SubmitButton pendingLabel="Verifying...">Verify</SubmitButton>
            </Form>
            {passkeyOptions ? (
              <PasskeySignIn
                label="Use a Passkey"
                fields={fields}
                options={() => Promise.resolve({ ok: true, data: { options: passkeyOptions } })}
              />
            ) : null}
            <p className="form-footer">
              Lost your phone and your recovery codes? <Link to="/support">Contact support</Link>
            </p>
          </>
        )}
      </div>
    </div>
  );
}
