/**
 * /settings/public-profile: the Public Profile section, and its form's action (`intent=profile`):
 * every field of spec section 3 through the same service as `PUT /api/users/profile/{userId}`.
 */
import { PublicProfileSection } from "../../components/settings/PublicProfileSection";
import { SettingsPage } from "../../components/settings/SettingsPage";
import { PROFILE_MESSAGES } from "../../../domain/accounts/public-profile-form";

import { actionRetryAfter } from "../../server/form.server";
import { savePublicProfile } from "../../../worker/services/accounts/public-profile";
import { settingsAction } from "./settings.server";
import { useSettingsShell } from "./shell";
import type { Route } from "./+types/public-profile";

/** A 429 (three username changes a day) carries `Retry-After`, as the API's does. */
export const headers = actionRetryAfter;

export function action({ request, context }: Route.ActionArgs) {
  return settingsAction(
    request,
    context,
    {
      profile: {
        echo: true,
        save: ({ db, user, values }) => savePublicProfile(db, user, user.id, values),
        savedTo: "/settings?section=public-profile&saved=profile",
        banner: PROFILE_MESSAGES.failed,
      },
    },
    "Unknown action: this form can only save your public profile",
  );
}

export default function PublicProfilePage({ actionData }: Route.ComponentProps) {
  const shell = useSettingsShell();
  const failure = actionData ?? null;
  return (
    <SettingsPage shell={shell} tab="account" section="public-profile" failure={failure}>
      {shell.signedIn ? (
        <PublicProfileSection
          profile={shell.profile}
          loadError={shell.loadError}
          failure={failure?.form === "profile" ? failure : null}
        />
      ) : null}
    </SettingsPage>
  );
}
