/**
 * /dashboard and /founder-dashboard (one module, two route ids): targets of redirects whose screen
 * content the spec does not show. Each resolves to the signed-in user's home: a founder's
 * /my-projects, an investor's (or admin's) /portfolio; a visitor signs in first. A known
 * `?notice=` code travels along.
 */
import { redirect } from "react-router";

import { noticeFor } from "../lib/notices";
import { homeFor } from "../lib/roles";
import { getUser } from "../server/guards.server";
import type { Route } from "./+types/dashboard-redirect";

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const user = getUser(context);
  if (!user) {
    throw redirect(`/signin?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  const code = url.searchParams.get("notice");
  const notice = noticeFor(code) ? `?notice=${encodeURIComponent(code!)}` : "";
  throw redirect(`${homeFor(user)}${notice}`);
}

export default function DashboardRedirect() {
  return null;
}
