/**
 * /login: the spec's other name for the sign-in page; redirects to /signin with the same target (a
 * page to come back to, or an intent: domain/accounts/auth-links.ts), rebuilt by `signinHref`.
 */
import { redirect } from "react-router";

import { readAuthTarget, signinHref } from "../../domain/accounts/auth-links";
import type { Route } from "./+types/login-redirect";

export function loader({ request }: Route.LoaderArgs) {
  const { searchParams } = new URL(request.url);
  return redirect(signinHref(readAuthTarget((name) => searchParams.get(name))));
}

export default function LoginRedirect() {
  return null;
}
