/**
 * /unsubscribe/:token: the digest's one-click unsubscribe (RFC 8058), no sign-in. A GET only asks
 * ("Unsubscribe from the CampusFund digest?" and a button): mail scanners fetch links, so a GET must
 * change nothing. A POST turns the digest off: the page's button (a plain form, works without
 * JavaScript) or the mail client's own POST (`List-Unsubscribe=One-Click`, no cookies: it has no
 * Origin, which the CSRF check lets through, worker/middleware/same-site-writes.ts). A token that is
 * not ours gets a 400 page. The token is the address: never cached, never sent on as a Referer.
 */
import { Form, Link } from "react-router";

import { pageMeta } from "../components/meta";
import { SubmitButton } from "../components/SubmitButton";
import { formSuccess, refused } from "../server/form-result";
import { getApp } from "../server/guards.server";
import {
  UNSUBSCRIBE_MESSAGES,
  unsubscribeDigest,
  unsubscribeSecret,
  userOfToken,
} from "../../worker/services/conversation/digest";
import type { Route } from "./+types/unsubscribe";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Unsubscribe from the Digest", "Stop the CampusFund email digest."),
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "no-store",
  "Referrer-Policy": "same-origin",
});

/** A token that is not ours: the house's refusal (ADR 028), for the GET and for the POST. */
const invalid = () => refused(400, UNSUBSCRIBE_MESSAGES.invalid);

export async function loader({ params, context }: Route.LoaderArgs) {
  const { env } = getApp(context);
  if (!(await userOfToken(unsubscribeSecret(env), params.token))) return invalid();
  return { refused: false as const };
}

export async function action({ params, context }: Route.ActionArgs) {
  const { env, db } = getApp(context);
  if (!(await unsubscribeDigest(db, unsubscribeSecret(env), params.token))) return invalid();
  return formSuccess({ message: UNSUBSCRIBE_MESSAGES.done });
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = actionData && "refused" in actionData ? actionData : loaderData.refused ? loaderData : null;
  const done = actionData && "ok" in actionData ? actionData : null;
  const view = done
    ? { state: "done" as const, message: done.message }
    : refusal
      ? { state: "invalid" as const, message: refusal.message }
      : { state: "ask" as const, message: "" };
  return (
    <div className="container auth-page">
      <div className="card auth-card">
        {view.state === "ask" ? (
          <>
            <h1>Unsubscribe from the CampusFund digest?</h1>
            <p className="page-lead">You will stop getting the email digest of unread notifications.</p>
            <Form method="post" className="form">
              <SubmitButton pendingLabel="Unsubscribing...">Unsubscribe</SubmitButton>
            </Form>
          </>
        ) : (
          <>
            <h1>{view.state === "done" ? "Unsubscribed" : "This Link Does Not Work"}</h1>
            <div
              className={view.state === "done" ? "alert alert-success" : "alert alert-error"}
              role={view.state === "done" ? "status" : "alert"}
            >
              <div>{view.message}</div>
            </div>
          </>
        )}
        <p className="form-footer">
          <Link to="/settings/notifications">Settings → Notifications</Link>
        </p>
      </div>
    </div>
  );
}
