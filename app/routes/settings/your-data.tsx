/**
 * /settings/your-data: the Your Data section (download my data, delete my account), and its two
 * forms' action: ask for deletion with the password (`intent=delete`) and keep the account
 * (`intent=keep`), through the services of `POST /api/me/delete` and `POST /api/me/delete/cancel`
 * (worker/services/accounts/account-deletion.ts). The password is never sent back after a refusal.
 */
import { SettingsPage } from "../../components/settings/SettingsPage";
import { YourDataSection } from "../../components/settings/YourData";

import { actionRetryAfter } from "../../server/form.server";
import { getApp } from "../../server/guards.server";
import { mailerFor } from "../../../worker/mail/mailer";
import { cancelAccountDeletion, requestAccountDeletion } from "../../../worker/services/accounts/account-deletion";
import { loadYourData, settingsAction } from "./settings.server";
import { useSettingsShell } from "./shell";
import type { Route } from "./+types/your-data";

/** A 429 (too many requests, or wrong passwords) carries `Retry-After`, as the API's does. */
export const headers = actionRetryAfter;

export async function loader({ context }: Route.LoaderArgs) {
  return { yourData: await loadYourData(context) };
}

export function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  return settingsAction(
    request,
    context,
    {
      delete: {
        echo: false,
        save: ({ db, user, sessionToken, values }) =>
          requestAccountDeletion(db, user, sessionToken, values, {
            mailer: mailerFor(app.env, app.ctx, db),
          }),
        savedTo: "/settings?section=your-data&saved=deletion",
      },
      keep: {
        echo: false,
        save: ({ db, user }) => cancelAccountDeletion(db, user),
        savedTo: "/settings?section=your-data&saved=kept",
      },
    },
    "Unknown action: these forms can only delete your account or keep it",
  );
}

export default function YourDataPage({ loaderData, actionData }: Route.ComponentProps) {
  const shell = useSettingsShell();
  const failure = actionData ?? null;
  return (
    <SettingsPage shell={shell} tab="account" section="your-data" failure={failure}>
      {loaderData.yourData ? (
        <YourDataSection view={loaderData.yourData} failure={failure?.form === undefined ? null : failure} />
      ) : null}
    </SettingsPage>
  );
}
