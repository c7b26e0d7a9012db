/** Any other path redirects to / (spec section 2). Unknown /api/... paths never get here: Hono answers them. */
import { redirect } from "react-router";

export function loader() {
  throw redirect("/");
}

export function action() {
  throw redirect("/");
}

export default function CatchAll() {
  return null;
}
