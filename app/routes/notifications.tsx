/**
 * /notifications: the signed-in user's notifications, newest first, each a link that
 * marks it read as it opens it (/notifications/{id}), and Mark all read, a POST form that works
 * without JavaScript (and redirects, so the header's count is read again). A visitor signs in first and comes back here.
 *
 * Showing the page marks what it shows as seen (read), so the header bell clears: one bounded
 * UPDATE of the unread rows on this page only (at most NOTIFICATIONS_PAGE ids), never older ones.
 * This once they are still marked new on the page, so the reader sees what was new; the loader's
 * `bellUnread` (what is left unread) is the count the header shows from this response on.
 *
 * A page at a time (`?page=`, NOTIFICATIONS_PAGE a page, the project page's pager and its rules:
 * anything but a page number in range is the first page; past the end, the total and no rows).
 */
import { data, Form, href, Link, redirect } from "react-router";

import { pageMeta } from "../components/meta";
import { Notice } from "../components/Notice";
import { Pagination } from "../components/project/Pagination";
import { formatDate } from "../../domain/shared/format";
import { getApp, requireUser } from "../server/guards.server";
import { readForm } from "../server/form.server";
import { FORM_LIMITS } from "../../domain/shared/limits";
import { pageParam } from "../../worker/services/shared/list-page";
import { listNotifications, markRead, NOTIFICATION_MESSAGES } from "../../worker/services/conversation/notifications";
import type { Route } from "./+types/notifications";

export const meta: Route.MetaFunction = () => pageMeta("Notifications", "What happened on the projects you follow.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const { db } = getApp(context);
  const url = new URL(request.url);
  const list = await listNotifications(db, user, pageParam(url.searchParams.get("page")));
  const shownUnread = list.notifications.filter((n) => !n.read).map((n) => n.id);
  // markRead with no ids would mark all: only ever call it with the shown ones.
  const bellUnread = shownUnread.length ? (await markRead(db, user, { ids: shownUnread })).unread : list.unread;
  const saved = url.searchParams.get("saved") === "read" ? NOTIFICATION_MESSAGES.allRead : null;
  const { total, page, pageCount } = list;
  // What the page shows of each (it links to /notifications/{id}, not to `link`): the rest would
  // only be serialized into the page.
  const notifications = list.notifications.map(({ id, kind, text, createdAt, read }) => ({
    id,
    kind,
    text,
    createdAt,
    read,
  }));
  return { notifications, total, page, pageCount, fresh: shownUnread.length, bellUnread, saved };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const form = await readForm(request, FORM_LIMITS.notifications);
  if (form.get("intent") !== "read-all") throw data({ message: "Unknown action" }, { status: 400 });
  await markRead(getApp(context).db, user, {});
  // Redirect (not a re-render): the header's count was read with the session before this action ran.
  return redirect("/notifications?saved=read");
}

const KIND_LABEL: Record<string, string> = {
  update: "Update",
  answer: "Answer",
  question: "New thread",
  reply: "Reply",
  mention: "Mention",
  investment: "Investment",
  goal: "Goal reached",
  closing: "Closing soon",
  deadline: "Deadline moved",
  review: "Review",
  security: "Security",
  moderation: "Moderation",
  reservation: "Reservation",
};

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { notifications, total, page, pageCount, fresh, bellUnread: unread, saved } = loaderData;
  return (
    <div className="container page-body notifications-page">
      <div className="notifications-head">
        <div>
          <h1 className="page-title">Notifications</h1>
          <p className="page-lead">
            {/* Never "4 new" and "all caught up" together: what was new is what this page shows. */}
            {fresh > 0
              ? `${fresh} new since your last visit${unread > 0 ? `; ${unread} older unread` : ""}.`
              : unread === 0
                ? "You are all caught up."
                : `${unread} older unread`}
          </p>
        </div>
        {unread > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="read-all" />
            <button type="submit" className="btn btn-secondary">
              Mark all read
            </button>
          </Form>
        ) : null}
      </div>
      {saved ? <Notice tone="success">{saved}</Notice> : null}
      {total === 0 ? (
        <div className="card empty-state">
          <p>No notifications yet. Follow a project to hear about its updates.</p>
          <Link className="btn btn-primary" to="/demo">
            Explore projects
          </Link>
        </div>
      ) : notifications.length === 0 ? (
        <p className="muted">No notifications on this page.</p>
      ) : (
        <ul className="notification-list card">
          {notifications.map((n) => (
            <li key={n.id} className={n.read ? "notification" : "notification is-unread"}>
              {/* Unread until this visit: marked new this once (it is now seen). */}
              <Link to={href("/notifications/:id", { id: n.id })} className="notification-link">
                <span className="notification-kind">
                  {KIND_LABEL[n.kind] ?? n.kind}
                  {n.read ? null : <span className="visually-hidden"> (new)</span>}
                </span>
                <span className="notification-text">{n.text}</span>
                <time className="notification-date" dateTime={n.createdAt}>
                  {formatDate(n.createdAt)}
                </time>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        pageCount={pageCount}
        hrefFor={(p) => `/notifications?page=${p}`}
        label="Notification pages"
      />
    </div>
  );
}
