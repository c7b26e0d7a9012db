/**
 * /confirm-access?next=<path>: confirm it's you (step-up, ADR 054; GitHub's "sudo mode"). Downloading
 * your data, changing second factors and creating an API token need the session to have proved who
 * it is in the last 10 minutes; a page that offers one of them links here when it has not, and this
 * page goes back to `next` once confirmed: only a path on this site (`safeRedirectTo`), never
 * another. The password, or a code from the authenticator app when the account has it on (a
 * recovery code works too). Works fully without JavaScript: a plain POST and a redirect.
 */
import { Form, redirectDocument } from "react-router";

import { FormMessage } from "../components/FormMessage";
import { pageMeta } from "../components/meta";
import { SubmitButton } from "../components/SubmitButton";
import { CONFIRM_DEFAULT_NEXT, CONFIRM_MESSAGES } from "../../domain/accounts/confirm";
import { FORM_LIMITS } from "../../domain/shared/limits";
import { confirmIdentity } from "../../worker/services/accounts/confirm";
import { totpEnabled } from "../../worker/services/accounts/second-factor";
import { actionRetryAfter, formFields, readForm } from "../server/form.server";
import { formFailed } from "../server/form-result";
import { getApp, requireUser, safeRedirectTo } from "../server/guards.server";
import type { Route } from "./+types/confirm-access";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(CONFIRM_MESSAGES.title, "Confirm it's you before changing what protects your CampusFund account."),
  { name: "robots", content: "noindex" },
];

export const headers = actionRetryAfter;

/** `next` as given, kept only when it is one of our paths (and not this page); else Settings. */
function nextOf(value: unknown, origin: string): string {
  const next = safeRedirectTo(typeof value === "string" ? value : null, CONFIRM_DEFAULT_NEXT, origin);
  return next.startsWith("/confirm-access") ? CONFIRM_DEFAULT_NEXT : next;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const url = new URL(request.url);
  return {
    next: nextOf(url.searchParams.get("next"), url.origin),
    authenticator: await totpEnabled(getApp(context).db, user.id),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const form = formFields(await readForm(request, FORM_LIMITS.signin));
  const method = form.method === "code" ? "code" : "password";
  const body = method === "code" ? { code: form.code ?? "" } : { password: form.password ?? "" };
  try {
    await confirmIdentity(getApp(context).db, user, body);
  } catch (e) {
    // Neither a password nor a code is ever sent back.
    return formFailed(e, {}, { form: method });
  }
  // A whole-document load: `next` may be a download (/settings/my-data.json) as well as a page.
  return redirectDocument(nextOf(form.next, new URL(request.url).origin));
}

export default function ConfirmAccess({ loaderData, actionData }: Route.ComponentProps) {
  const { next, authenticator } = loaderData;
  const failed = actionData && !actionData.ok ? actionData : null;
  const errorOf = (form: string) => (failed?.form === form ? failed.message : null);
  const codeError = errorOf("code");
  const passwordError = errorOf("password");
  return (
    <div className="container auth-page">
      <div className="card auth-card">
        <h1>{CONFIRM_MESSAGES.title}</h1>
        <p className="page-lead">{CONFIRM_MESSAGES.lead}</p>
        {authenticator ? (
          <Form method="post" className="form" id="confirm-code-form" aria-labelledby="confirm-code-title">
            <h2 id="confirm-code-title" className="card-title">
              With Your Authenticator App
            </h2>
            <FormMessage error={codeError} id="confirm-code-error" />
            <input type="hidden" name="next" value={next} />
            <input type="hidden" name="method" value="code" />
            <div className="field">
              <label htmlFor="confirm-code">Authentication code</label>
              <input
                id="confirm-code"
                name="code"
                type="text"
                autoComplete="one-time-code"
                autoCapitalize="none"
                spellCheck={false}
                required
                aria-describedby="confirm-code-hint"
                aria-invalid={codeError ? true : undefined}
              />
              <p className="field-hint" id="confirm-code-hint">
                6 digits from the app, or a recovery code such as <span className="nowrap">abcde-23456</span>. A
                recovery code works once.
              </p>
            </div>
            <SubmitButton pendingLabel="Confirming...">Confirm Code</SubmitButton>
          </Form>
        ) : null}
        <Form method="post" className="form" id="confirm-password-form" aria-labelledby="confirm-password-title">
          <h2 id="confirm-password-title" className="card-title">
            {authenticator ? "Or With Your Password" : "With Your Password"}
          </h2>
          <FormMessage error={passwordError} id="confirm-password-error" />
          <input type="hidden" name="next" value={next} />
          <input type="hidden" name="method" value="password" />
          <div className="field">
            <label htmlFor="confirm-password">Password</label>
            <input
              id="confirm-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              aria-invalid={passwordError ? true : undefined}
            />
          </div>
          <SubmitButton
            pendingLabel="Confirming..."
            className={authenticator ? "btn btn-secondary btn-block" : undefined}
          >
            Confirm Password
          </SubmitButton>
        </Form>
        <p className="form-footer">
          <a href={next}>Cancel</a>
        </p>
      </div>
    </div>
  );
}
