/**
 * /settings/watchlist: the Watchlist tab (followed projects with progress and days left), and its
 * Unfollow buttons' action (`intent=unfollow`, within the follow limit of ADR 025).
 */
import { WatchlistTab } from "../../components/settings/Conversation";
import { Alert, SettingsPage } from "../../components/settings/SettingsPage";

import { actionRetryAfter } from "../../server/form.server";
import { getApp, getUser } from "../../server/guards.server";
import { setFollowing } from "../../../worker/services/conversation/follows";
import { loadWatchlist, settingsAction } from "./settings.server";
import { useSettingsShell } from "./shell";
import type { Route } from "./+types/watchlist";

/** A 429 from the follow limit carries `Retry-After`, as the API's does. */
export const headers = actionRetryAfter;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = getUser(context);
  return { watchlist: user ? await loadWatchlist(getApp(context).db, user, new URL(request.url)) : null };
}

export function action({ request, context }: Route.ActionArgs) {
  return settingsAction(
    request,
    context,
    {
      unfollow: {
        echo: false,
        save: ({ db, user, values }) =>
          setFollowing(db, user, typeof values.projectId === "string" ? values.projectId : "", false),
        savedTo: "/settings?tab=watchlist&saved=unfollowed",
      },
    },
    "Unknown action: this form can only unfollow a project",
  );
}

export default function WatchlistPage({ loaderData, actionData }: Route.ComponentProps) {
  const shell = useSettingsShell();
  const failure = actionData ?? null;
  return (
    <SettingsPage shell={shell} tab="watchlist" section="public-profile" failure={failure}>
      {failure?.form === "unfollow" ? <Alert tone="error">{failure.message}</Alert> : null}
      {loaderData.watchlist ? (
        <WatchlistTab list={loaderData.watchlist} hrefFor={(p) => `/settings/watchlist?watchlist=${p}`} />
      ) : null}
    </SettingsPage>
  );
}
