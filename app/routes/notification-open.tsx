/**
 * /notifications/{id}: opening a notification marks it read and goes where it points. Someone
 * else's (or an unknown) id goes back to the list. Links are our own paths (written by the
 * services), never user input.
 */
import { redirect } from "react-router";

import { getApp, requireUser } from "../server/guards.server";
import { openNotification } from "../../worker/services/conversation/notifications";
import type { Route } from "./+types/notification-open";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const link = await openNotification(getApp(context).db, user, params.id);
  return redirect(link && link.startsWith("/") && !link.startsWith("//") ? link : "/notifications");
}
