/** /login: the spec's other name for the sign-in page; redirects to /signin keeping the query. */
import { redirect } from "react-router";

import type { Route } from "./+types/login-redirect";

export function loader({ request }: Route.LoaderArgs) {
  const { search } = new URL(request.url);
  return redirect(`/signin${search}`);
}

export default function LoginRedirect() {
  return null;
}
