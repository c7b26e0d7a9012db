/**
 * /settings/notifications: the Notifications section (which events the bell tells about), and its
 * form's action (`intent=notifications`). A form sends only the checked boxes: every switch left
 * out is off.
 */
import { NotificationSettings } from "../../components/settings/Conversation";
import { Alert, SettingsPage } from "../../components/settings/SettingsPage";
import { PREFERENCE_LABELS, switchesOf } from "../../../domain/conversation/notification-preferences";

import { actionRetryAfter } from "../../server/form.server";
import { getApp, getUser } from "../../server/guards.server";
import { savePreferences } from "../../../worker/services/conversation/notifications";
import { loadPreferences, settingsAction } from "./settings.server";
import { useSettingsShell } from "./shell";
import type { Route } from "./+types/notifications";

/** A refusal's `Retry-After` reaches the page door too, as the API's does. */
export const headers = actionRetryAfter;

export async function loader({ context }: Route.LoaderArgs) {
  const user = getUser(context);
  return { preferences: user ? await loadPreferences(getApp(context).db, user) : null };
}

export function action({ request, context }: Route.ActionArgs) {
  return settingsAction(
    request,
    context,
    {
      notifications: {
        echo: false,
        save: ({ db, user, values }) => savePreferences(db, user, values, { partial: false }),
        savedTo: "/settings?section=notifications&saved=notifications",
      },
    },
    "Unknown action: this form can only save your notification settings",
  );
}

export default function NotificationsPage({ loaderData, actionData }: Route.ComponentProps) {
  const shell = useSettingsShell();
  const failure = actionData ?? null;
  return (
    <SettingsPage shell={shell} tab="account" section="notifications" failure={failure}>
      {failure?.form === "notifications" ? <Alert tone="error">{failure.message}</Alert> : null}
      {loaderData.preferences ? (
        <NotificationSettings
          preferences={{ ...switchesOf(loaderData.preferences) }}
          labels={PREFERENCE_LABELS}
          digest={loaderData.preferences.digest}
        />
      ) : null}
    </SettingsPage>
  );
}
