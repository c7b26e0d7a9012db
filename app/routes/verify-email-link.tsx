/**
 * /verify-email/:token and /verify-email/confirm (ADR 045): the mail's link, then a confirm page.
 * Mail scanners fetch links before people do, so the link's GET spends nothing: served with
 * `Referrer-Policy: no-referrer` and no-store, it checks the token, moves it into a short-lived
 * HttpOnly cookie scoped to /verify-email/ and redirects to /verify-email/confirm (as
 * /reset-password/ does). The confirm page names the address and has one button: its POST proves
 * it (no sign-in needed, any browser). A link that does not work gets a 404 page with a way to ask
 * for a new one.
 */
import { Form, Link, redirect } from "react-router";

import { FeatureIcons } from "../components/feature-icons";
import { pageMeta } from "../components/meta";
import { SubmitButton } from "../components/SubmitButton";
import { VERIFY_LIFETIME_MS } from "../../domain/accounts/email-verification";
import { LINK_HEADERS, linkCookie, linkPageHeaders, type LinkCookie } from "../server/emailed-link.server";
import { refusedBy } from "../server/form-result";
import { getApp } from "../server/guards.server";
import { checkVerifyToken, verifyEmailToken } from "../../worker/services/accounts/email-verification";
import { readCookie } from "../../worker/services/accounts/sessions";
import type { Route } from "./+types/verify-email-link";
import { mailerFor } from "../../worker/mail/mailer";

export const VERIFY_COOKIE = "campusfund_verify";
const CONFIRM_PATH = "/verify-email/confirm";
const COOKIE: LinkCookie = { name: VERIFY_COOKIE, folder: "/verify-email/" };

const verifyCookie = (value: string, secure: boolean, maxAgeSeconds: number) =>
  linkCookie(COOKIE, value, secure, maxAgeSeconds);

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Confirm Your Email Address", "Confirm the email address of your CampusFund account."),
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = linkPageHeaders;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = getApp(context);
  if (params.token !== undefined && params.token !== "confirm") {
    try {
      await checkVerifyToken(app.db, params.token);
    } catch (e) {
      return refusedBy(e, {}, { headers: LINK_HEADERS });
    }
    const headers = new Headers(LINK_HEADERS);
    headers.set("Set-Cookie", verifyCookie(params.token, app.secureCookies, VERIFY_LIFETIME_MS / 1000));
    return redirect(CONFIRM_PATH, { headers });
  }
  try {
    const email = await checkVerifyToken(app.db, readCookie(request, VERIFY_COOKIE) ?? "");
    return { refused: false as const, email };
  } catch (e) {
    return refusedBy(e);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  try {
    const proved = await verifyEmailToken(
      app.db,
      readCookie(request, VERIFY_COOKIE) ?? "",
      Date.now(),
      mailerFor(app.env, app.ctx, app.db),
    );
    return redirect(`/verify-email?notice=${proved.changed ? "email-changed" : "email-verified"}`, {
      headers: { "Set-Cookie": verifyCookie("", app.secureCookies, 0) },
    });
  } catch (e) {
    return refusedBy(e);
  }
}

export default function VerifyEmailLink({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.refused) return <LinkRefused message={loaderData.message} />;
  if (actionData) return <LinkRefused message={actionData.message} />;
  return (
    <div className="container auth-page">
      <div className="card auth-card">
        <span className="icon-circle">{FeatureIcons.key}</span>
        <h1>Confirm Your Email Address</h1>
        <p className="page-lead">
          Confirm that <strong className="verify-address">{loaderData.email}</strong> is your address for CampusFund.
        </p>
        <Form method="post" className="form">
          <SubmitButton pendingLabel="Confirming...">Confirm My Email Address</SubmitButton>
        </Form>
      </div>
    </div>
  );
}

function LinkRefused({ message }: { message: string }) {
  return (
    <div className="container auth-page">
      <div className="card auth-card">
        <span className="icon-circle">{FeatureIcons.key}</span>
        <h1>This Link Does Not Work</h1>
        <div className="alert alert-error" role="alert" id="verify-error">
          <div>{message}</div>
        </div>
        <div className="cluster">
          <Link to="/verify-email" className="btn btn-primary">
            Send a New Link
          </Link>
        </div>
      </div>
    </div>
  );
}
