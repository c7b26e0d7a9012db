/**
 * /logout: POST ends the session on the server, clears the cookie and goes to / (spec section 2).
 * A GET only redirects to /, so a link or a prefetch can never sign anyone out.
 */
import { redirect } from "react-router";

import { getApp } from "../server/guards.server";
import { clearSessionCookie, invalidateSession } from "../../worker/services/accounts/sessions";
import type { Route } from "./+types/logout";

export async function action({ context }: Route.ActionArgs) {
  const app = getApp(context);
  if (app.sessionToken) await invalidateSession(app.db, app.sessionToken);
  return redirect("/", { headers: { "Set-Cookie": clearSessionCookie(app.secureCookies) } });
}

export function loader() {
  return redirect("/");
}

export default function Logout() {
  return null;
}
