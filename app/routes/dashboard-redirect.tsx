/**
 * /dashboard: a target of redirects whose screen content the spec does not show. It resolves to
 * the signed-in user's dashboard: a founder's /founder-dashboard, an investor's /portfolio, an
 * admin's console, /admin (ADR 049); a visitor signs in first. A known `?notice=` code travels along. (Signing in still
 * lands founders on /my-projects: `homeFor`, per the spec's sign-up rule.)
 */
import { redirect } from "react-router";

import { can } from "../../domain/shared/access";
import { noticeFor } from "../../domain/shared/notices";
import { homeFor } from "../../domain/accounts/roles";
import { getUser } from "../server/guards.server";
import type { Route } from "./+types/dashboard-redirect";
import { signinHref } from "../../domain/accounts/auth-links";

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const user = getUser(context);
  if (!user) {
    throw redirect(signinHref(url.pathname + url.search));
  }
  const code = url.searchParams.get("notice");
  const notice = noticeFor(code) ? `?notice=${encodeURIComponent(code!)}` : "";
  const dashboard = can(user, "invest") ? homeFor(user) : "/founder-dashboard";
  throw redirect(`${dashboard}${notice}`);
}

export default function DashboardRedirect() {
  return null;
}
