/**
 * /settings/sessions (ADR 054): the account's signed-in sessions and API tokens, and the forms'
 * action: end one (`intent=end`, `id`), sign out everywhere else (`intent=revoke-others`) and create
 * a named API token (`intent=token`, `name`), through the services of DELETE /api/auth/sessions/{id},
 * POST /api/auth/sessions/revoke-others and POST /api/auth/tokens. A new token is the action's
 * answer, not a redirect: it is shown this once.
 */
import { SessionsSection, type NewToken } from "../../components/settings/Sessions";
import { SettingsPage } from "../../components/settings/SettingsPage";
import { pageMeta } from "../../components/meta";

import { getApp, getUser } from "../../server/guards.server";
import { formFailed, formFailure, formSuccess } from "../../server/form-result";
import { formFields, readForm } from "../../server/form.server";
import { FORM_LIMITS } from "../../../domain/shared/limits";
import { PROFILE_MESSAGES } from "../../../domain/accounts/public-profile-form";
import { signOutOtherSessions } from "../../../worker/services/accounts/account-security";
import { createApiToken, endSession, listSessions } from "../../../worker/services/accounts/session-list";
import { clientAddress, clientInfo } from "../../../worker/services/shared/client";
import { settingsAction } from "./settings.server";
import { useSettingsShell } from "./shell";
import type { Route } from "./+types/sessions";

export const meta: Route.MetaFunction = () => pageMeta("Sessions & API Tokens");

/** A new token is on the page: never cached. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ context }: Route.LoaderArgs) {
  const user = getUser(context);
  return { sessions: user ? await listSessions(getApp(context).db, user) : [] };
}

/** Create an API Token: the page's answer holds the token, this once (a redirect would lose it). */
async function createToken(request: Request, context: Route.ActionArgs["context"]) {
  const values = formFields(await readForm(request, FORM_LIMITS.settings));
  const echo = { name: values.name ?? "" };
  const user = getUser(context);
  if (!user) return formFailure(401, PROFILE_MESSAGES.signedOut, echo, { form: "token" });
  try {
    const out = await createApiToken(getApp(context).db, user, values, {
      network: clientAddress(request),
      client: clientInfo(request),
    });
    return formSuccess({ form: "token", data: { token: out.token, name: out.session.name ?? "" } });
  } catch (e) {
    return formFailed(e, echo, { form: "token" });
  }
}

/** The token form posts to `?form=token`; the others name their `intent`. */
export function action({ request, context }: Route.ActionArgs) {
  if (new URL(request.url).searchParams.get("form") === "token") return createToken(request, context);
  return settingsAction(
    request,
    context,
    {
      end: {
        echo: false,
        save: ({ db, user, values }) => endSession(db, user, typeof values.id === "string" ? values.id : ""),
        savedTo: "/settings/sessions?saved=ended",
      },
      "revoke-others": {
        echo: false,
        save: ({ db, user, sessionToken }) => signOutOtherSessions(db, user, sessionToken),
        savedTo: "/settings/sessions?saved=sessions",
      },
    },
    "Unknown action: these forms can only end a session or sign out everywhere else",
  );
}

export default function SessionsPage({ loaderData, actionData }: Route.ComponentProps) {
  const shell = useSettingsShell();
  const failure = actionData && "ok" in actionData && !actionData.ok ? actionData : null;
  const made: NewToken | null = actionData && "ok" in actionData && actionData.ok ? (actionData.data ?? null) : null;
  return (
    <SettingsPage shell={shell} tab="account" section="login-security" failure={failure}>
      <SessionsSection
        sessions={loaderData.sessions}
        failure={failure?.form === undefined ? null : failure}
        made={made}
      />
    </SettingsPage>
  );
}
