/**
 * /access-denied (spec sections 2, 6, 8): the message passed along (as a `?notice=` code, since
 * redirects carry no navigation state), else the default; a role-specific explanation and link;
 * Return Home for everyone; advice to contact support when the account has no known role.
 */
import { Link } from "react-router";

import { FeatureIcons } from "../components/feature-icons";
import { pageMeta } from "../components/meta";
import { noticeFor } from "../../domain/shared/notices";
import { MESSAGES } from "../../domain/shared/messages";
import { getUser } from "../server/guards.server";
import type { Route } from "./+types/access-denied";

export const meta: Route.MetaFunction = () => pageMeta("Access Restricted");

type Audience = "founder" | "investor" | "admin" | "visitor" | "unknown";

export function loader({ request, context }: Route.LoaderArgs) {
  const user = getUser(context);
  const notice = noticeFor(new URL(request.url).searchParams.get("notice"));
  const role: string | undefined = user?.role;
  const audience: Audience = !user
    ? "visitor"
    : role === "founder" || role === "investor" || role === "admin"
      ? role
      : "unknown";
  return { message: notice?.text ?? MESSAGES.accessDeniedDefault, audience };
}

const EXPLANATION: Record<Audience, { text: string; to: string; label: string }> = {
  founder: {
    text: "You're signed in with a founder account. Founders follow their raise on the founder dashboard and manage their project from My Projects; investing and the portfolio are for investor accounts.",
    to: "/founder-dashboard",
    label: "Go to Founder Dashboard",
  },
  investor: {
    text: "You're signed in with an investor account. Investors can browse projects, invest and follow their portfolio; project management is for founder accounts.",
    to: "/portfolio",
    label: "Go to Portfolio",
  },
  admin: {
    text: "Your account can use both the investor and the founder areas from your dashboard.",
    to: "/dashboard",
    label: "Go to Dashboard",
  },
  visitor: {
    text: "Some pages are only available to signed-in members. Sign in to continue to your dashboard.",
    to: "/dashboard",
    label: "Go to Dashboard",
  },
  unknown: {
    text: "Your account does not have a role assigned yet, so we can't tell which area you should use.",
    to: "/dashboard",
    label: "Go to Dashboard",
  },
};

export default function AccessDenied({ loaderData }: Route.ComponentProps) {
  const { message, audience } = loaderData;
  const info = EXPLANATION[audience];
  return (
    <div className="container auth-page">
      <div className="card auth-card auth-card-wide">
        <span className="icon-circle">{FeatureIcons.lock}</span>
        <h1>Access Restricted</h1>
        <div className="alert alert-error" role="alert">
          <div>{message}</div>
        </div>
        <p style={{ marginTop: 16 }}>{info.text}</p>
        {audience === "unknown" && (
          <p>
            Please <Link to="/contact">contact support</Link> so we can set up your account.
          </p>
        )}
        <div className="cluster">
          <Link to={info.to} className="btn btn-primary">
            {info.label}
          </Link>
          <Link to="/" className="btn btn-secondary">
            Return Home
          </Link>
        </div>
      </div>
    </div>
  );
}
