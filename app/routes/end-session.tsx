/**
 * /end-session/:token: the new-sign-in mail's "End That Session" link (ADR 054), no sign-in needed:
 * the link is the proof. A GET only shows the session it names and asks (mail scanners fetch
 * links, so a GET changes nothing); the page's button, a plain POST that works without JavaScript,
 * ends exactly that session and redirects to /end-session (the same module without a token), which
 * says it is done. A link that does not work (the session ended, a cut-off link) gets a 404 page.
 * The token is the address: never cached, never sent on as a Referer.
 */
import { Form, Link, redirect } from "react-router";

import { pageMeta } from "../components/meta";
import { SubmitButton } from "../components/SubmitButton";
import { SESSION_MESSAGES } from "../../domain/accounts/sessions";
import { refusedBy } from "../server/form-result";
import { getApp } from "../server/guards.server";
import { endSessionByAlertLink, readAlertedSession } from "../../worker/services/accounts/session-list";
import { formatDateTime } from "../../domain/shared/format";
import type { Route } from "./+types/end-session";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("End a Session", "End a sign-in to your CampusFund account that was not you."),
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "no-store",
  "Referrer-Policy": "same-origin",
});

export async function loader({ params, context }: Route.LoaderArgs) {
  if (params.token === undefined) return { refused: false as const, session: null };
  try {
    return { refused: false as const, session: await readAlertedSession(getApp(context).db, params.token) };
  } catch (e) {
    return refusedBy(e);
  }
}

export async function action({ params, context }: Route.ActionArgs) {
  try {
    await endSessionByAlertLink(getApp(context).db, params.token ?? "");
  } catch (e) {
    return refusedBy(e);
  }
  return redirect("/end-session");
}

export default function EndSession({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = actionData ?? (loaderData.refused ? loaderData : null);
  const session = !loaderData.refused ? loaderData.session : null;
  const done = !refusal && !session;
  return (
    <div className="container auth-page">
      <div className="card auth-card">
        {done ? (
          <>
            <h1>Session Ended</h1>
            <div className="alert alert-success" role="status">
              <div>{SESSION_MESSAGES.alertEnded}</div>
            </div>
            <p>
              <Link to="/forgot-password">Reset your password</Link>
            </p>
          </>
        ) : refusal || !session ? (
          <>
            <h1>This Link Does Not Work</h1>
            <div className="alert alert-error" role="alert">
              <div>{refusal?.message ?? SESSION_MESSAGES.alertLinkInvalid}</div>
            </div>
          </>
        ) : (
          <>
            <h1>End This Session?</h1>
            <p className="page-lead">
              A sign-in to your account that you may not know: if it was not you, end it now. It is signed out the next
              time it is used.
            </p>
            <dl className="session-facts">
              <dt>Device</dt>
              <dd>{session.device}</dd>
              <dt>Network</dt>
              <dd>{session.network ?? "Unknown network"}</dd>
              <dt>Place</dt>
              <dd>{session.place}</dd>
              <dt>Signed in</dt>
              <dd>{formatDateTime(session.startedAt)}</dd>
            </dl>
            <Form method="post" className="form">
              <SubmitButton pendingLabel="Ending…">End This Session</SubmitButton>
            </Form>
          </>
        )}
        <p className="form-footer">
          <Link to="/settings/sessions">Settings → Sessions</Link>
        </p>
      </div>
    </div>
  );
}
