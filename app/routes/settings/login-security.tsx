/**
 * /settings/login-security: the Login & Security section, and its forms' action: change the email
 * address (`intent=email`, ADR 045: it changes once the new one is confirmed), change the
 * password (`intent=password`) and sign out of every other device (`intent=revoke-others`), through
 * the services of `POST /api/auth/password` and `POST /api/auth/sessions/revoke-others`. Nothing
 * typed is sent back after a refusal.
 */
import { LoginSecuritySection } from "../../components/settings/SecurityForms";
import { SettingsPage } from "../../components/settings/SettingsPage";

import { actionRetryAfter } from "../../server/form.server";
import { changePassword, signOutOtherSessions } from "../../../worker/services/accounts/account-security";
import { loadTwoFactorOn, settingsAction } from "./settings.server";
import { requestEmailChange } from "../../../worker/services/accounts/email-verification";
import { mailerFor } from "../../../worker/mail/mailer";
import { getApp } from "../../server/guards.server";
import { useSettingsShell } from "./shell";
import type { Route } from "./+types/login-security";

/** Whether two-step sign-in is on, for its card. */
export async function loader({ context }: Route.LoaderArgs) {
  return { twoFactorOn: await loadTwoFactorOn(context) };
}

/** A 429 from too many wrong current passwords carries `Retry-After`, as the API's does. */
export const headers = actionRetryAfter;

export function action({ request, context }: Route.ActionArgs) {
  return settingsAction(
    request,
    context,
    {
      password: {
        echo: false,
        save: ({ db, user, sessionToken, values }) =>
          changePassword(
            db,
            user,
            sessionToken,
            values,
            Date.now(),
            mailerFor(getApp(context).env, getApp(context).ctx, db),
          ),
        savedTo: "/settings?section=login-security&saved=password",
      },
      email: {
        echo: false,
        save: ({ db, user, values }) =>
          requestEmailChange(db, user, values, {
            mailer: mailerFor(getApp(context).env, getApp(context).ctx, db),
          }),
        savedTo: "/settings?section=login-security&saved=email",
      },
      "revoke-others": {
        echo: false,
        save: ({ db, user, sessionToken }) => signOutOtherSessions(db, user, sessionToken),
        savedTo: "/settings?section=login-security&saved=sessions",
      },
    },
    "Unknown action: these forms can only change your email address or password or sign out your other devices",
  );
}

export default function LoginSecurityPage({ loaderData, actionData }: Route.ComponentProps) {
  const shell = useSettingsShell();
  const failure = actionData ?? null;
  return (
    <SettingsPage shell={shell} tab="account" section="login-security" failure={failure}>
      <LoginSecuritySection
        failure={failure?.form === undefined ? null : failure}
        account={shell.signedIn ? shell.account : null}
        twoFactorOn={loaderData.twoFactorOn}
      />
    </SettingsPage>
  );
}
