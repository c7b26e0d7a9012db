/**
 * /settings: account settings (spec sections 2, 4, 5), a layout route. Its loader reads what every
 * settings page shows (signed in or not, the saved public profile, whether the account is
 * complete, a `?saved=` notice); its children are the pages:
 * - the index, /settings, shows the tab (`?tab=`) and the section (`?section=`) its links name, for
 *   links and bookmarks;
 * - one route per section with forms, each with its own action (app/routes/settings/*.tsx):
 *   /settings/public-profile, /settings/login-security (password, revoke-others),
 *   /settings/investor-information, /settings/notifications and /settings/watchlist (unfollow).
 *   Each answers its own intents only (an unknown one is a 400 that changes nothing: see
 *   settings.server.ts); a save redirects to /settings with `?saved=`, a refusal re-renders its
 *   section with what was typed (never the passwords), the banner and each field's message.
 * Every page draws the same frame (app/components/settings/SettingsPage.tsx); signed out it is the
 * spec's Authentication Required screen with a link to /signin, not a redirect.
 */
import { Outlet } from "react-router";

import { pageMeta } from "../../components/meta";
import {
  EMPTY_PROFILE,
  isProfileComplete,
  PROFILE_MESSAGES,
  type PublicProfile,
} from "../../../domain/accounts/public-profile-form";

import { getApp, getUser } from "../../server/guards.server";
import { getPublicProfile } from "../../../worker/services/accounts/public-profile";
import { savedMessage } from "./settings.server";
import { VERIFY_MESSAGES } from "../../../domain/accounts/email-verification";
import type { Route } from "./+types/layout";
import { captureUnexpected } from "../../server/capture";

export const meta: Route.MetaFunction = () => pageMeta("Account Settings");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = getUser(context);
  if (!user) return { signedIn: false as const };
  let profile: PublicProfile | null = null;
  let loadError: string | null = null;
  try {
    profile = await getPublicProfile(getApp(context).db, user, user.id);
  } catch (e) {
    captureUnexpected(context, e);
    loadError = PROFILE_MESSAGES.loadFailed;
  }
  return {
    signedIn: true as const,
    saved:
      new URL(request.url).searchParams.get("saved") === "email" && user.pendingEmail
        ? VERIFY_MESSAGES.changeRequested(user.pendingEmail)
        : savedMessage(new URL(request.url)),
    /** Login & Security's Email address card (ADR 045): the address, and a change waiting for its confirmation. */
    account: { email: user.email, pendingEmail: user.pendingEmail ?? null },
    loadError,
    profile: profile ?? EMPTY_PROFILE,
    complete: isProfileComplete(profile),
  };
}

export default function SettingsLayout() {
  return <Outlet />;
}
