/**
 * /settings/passkeys: the account's passkeys (ADR 054), and its forms' action: rename one
 * (`intent=rename`) and remove one (`intent=remove`, which needs a fresh confirmation), through the
 * services of `PATCH` and `DELETE /api/auth/passkeys/:id`. Adding one happens in the browser
 * (JavaScript: the API's registration options, the authenticator, then POST /api/auth/passkeys).
 */
import { mailerFor } from "../../../worker/mail/mailer";
import { PasskeysSection } from "../../components/settings/Passkeys";
import { SettingsPage } from "../../components/settings/SettingsPage";

import { actionRetryAfter } from "../../server/form.server";
import { getApp, getUser } from "../../server/guards.server";
import { listPasskeys, removePasskey, renamePasskey } from "../../../worker/services/accounts/passkeys";
import { settingsAction } from "./settings.server";
import { useSettingsShell } from "./shell";
import type { Route } from "./+types/passkeys";

export const headers = actionRetryAfter;

export async function loader({ context }: Route.LoaderArgs) {
  const user = getUser(context);
  if (!user) return { passkeys: [] };
  const passkeys = await listPasskeys(getApp(context).db, user);
  return { passkeys: passkeys.map(({ id, name, createdAt, lastUsedAt }) => ({ id, name, createdAt, lastUsedAt })) };
}

const idOf = (values: Record<string, unknown>) => (typeof values.id === "string" ? values.id : "");

export function action({ request, context }: Route.ActionArgs) {
  return settingsAction(
    request,
    context,
    {
      rename: {
        echo: true,
        save: ({ db, user, values }) => renamePasskey(db, user, idOf(values), values),
        savedTo: "/settings/passkeys?saved=passkey-renamed",
      },
      remove: {
        echo: true,
        save: ({ db, user, values }) =>
          removePasskey(db, user, idOf(values), Date.now(), mailerFor(getApp(context).env, getApp(context).ctx, db)),
        savedTo: "/settings/passkeys?saved=passkey-removed",
      },
    },
    "Unknown action: these forms can only rename or remove a passkey",
  );
}

export default function PasskeysPage({ loaderData, actionData }: Route.ComponentProps) {
  const shell = useSettingsShell();
  const failure = actionData ?? null;
  return (
    <SettingsPage shell={shell} tab="account" section="login-security" failure={failure}>
      <PasskeysSection passkeys={loaderData.passkeys} failure={failure?.form === undefined ? null : failure} />
    </SettingsPage>
  );
}
