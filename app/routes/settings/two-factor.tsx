/**
 * /settings/two-factor: two-step sign-in's page (ADR 054) and its forms' action, through the
 * services of /api/auth/two-factor (worker/services/accounts/two-factor-settings.ts): `start`
 * (redirects back here, where the loader shows the QR code and the secret), `confirm` and
 * `regenerate` (answer the ten recovery codes in the action's answer, never in a URL, so they are
 * shown once), `disable` (redirects with `?saved=two-factor-off`). A change refused for want of a
 * fresh confirmation says so with a link to /confirm-access. Works without JavaScript.
 */
import { mailerFor } from "../../../worker/mail/mailer";
import { redirect } from "react-router";

import { TWO_FACTOR_SETTINGS_MESSAGES } from "../../../domain/accounts/two-factor-settings";
import { groupedSecret } from "../../../domain/accounts/two-factor";
import { FORM_LIMITS } from "../../../domain/shared/limits";
import { PROFILE_MESSAGES } from "../../../domain/accounts/public-profile-form";
import {
  confirmTotpEnrolment,
  disableTotp,
  readTotpEnrolment,
  readTwoFactor,
  regenerateRecoveryCodes,
  startTotpEnrolment,
} from "../../../worker/services/accounts/two-factor-settings";
import { pageMeta } from "../../components/meta";
import { SettingsPage } from "../../components/settings/SettingsPage";
import { TWO_FACTOR_PATH, TwoFactorSection, type TwoFactorAnswer } from "../../components/settings/TwoFactorSettings";
import { actionRetryAfter, formFields, readForm } from "../../server/form.server";
import { formFailed, formFailure, formSuccess } from "../../server/form-result";
import { getApp, getUser } from "../../server/guards.server";
import { useSettingsShell } from "./shell";
import type { Route } from "./+types/two-factor";

export const meta: Route.MetaFunction = () => pageMeta("Two-Step Sign-In");

/** A 429 from too many wrong codes carries `Retry-After`, as the API's does. */
export const headers = actionRetryAfter;

export async function loader({ context }: Route.LoaderArgs) {
  const user = getUser(context);
  if (!user) return { status: null, enrolment: null };
  const db = getApp(context).db;
  const status = await readTwoFactor(db, user);
  const enrolment = status.enrolling ? await readTotpEnrolment(db, user) : null;
  return {
    status,
    enrolment: enrolment && { qrSvg: enrolment.qrSvg, secret: groupedSecret(enrolment.secret), uri: enrolment.uri },
  };
}

const INTENTS = ["start", "confirm", "regenerate", "disable"] as const;
type Intent = (typeof INTENTS)[number];

export async function action({ request, context }: Route.ActionArgs) {
  const fields = formFields(await readForm(request, FORM_LIMITS.settings));
  const intent = fields.intent as Intent;
  if (!INTENTS.includes(intent)) return formFailure(400, TWO_FACTOR_SETTINGS_MESSAGES.unknownIntent, {});
  const user = getUser(context);
  if (!user) return formFailure(401, PROFILE_MESSAGES.signedOut, {}, { form: intent });
  const app = getApp(context);
  const db = app.db;
  const mailer = mailerFor(app.env, app.ctx, db);
  try {
    switch (intent) {
      case "start":
        await startTotpEnrolment(db, user);
        return redirect(TWO_FACTOR_PATH);
      case "disable":
        await disableTotp(db, user, Date.now(), mailer);
        return redirect(`${TWO_FACTOR_PATH}?saved=two-factor-off`);
      case "confirm": {
        const out = await confirmTotpEnrolment(db, user, { code: fields.code }, Date.now(), mailer);
        return formSuccess({ form: intent, message: TWO_FACTOR_SETTINGS_MESSAGES.turnedOn, data: out });
      }
      case "regenerate": {
        const out = await regenerateRecoveryCodes(db, user, Date.now(), mailer);
        return formSuccess({ form: intent, message: TWO_FACTOR_SETTINGS_MESSAGES.regenerated, data: out });
      }
    }
  } catch (e) {
    // Nothing typed is sent back: a code is good for a moment only.
    return formFailed(e, {}, { form: intent });
  }
}

export default function TwoFactorPage({ loaderData, actionData }: Route.ComponentProps) {
  const shell = useSettingsShell();
  const answer = (actionData ?? null) as TwoFactorAnswer | null;
  return (
    <SettingsPage shell={shell} tab="account" section="login-security" failure={answer && !answer.ok ? answer : null}>
      {loaderData.status ? (
        <TwoFactorSection status={loaderData.status} enrolment={loaderData.enrolment} answer={answer} />
      ) : null}
    </SettingsPage>
  );
}
