/**
 * The project page's Updates tab: the founder's updates, newest first. An
 * investors-only update the viewer may not read shows only its date and a short note, and while the
 * raise is open an "Invest to read" link to the purchase page. The founder
 * (and admins) get a link to post one from the founder dashboard.
 */
import { Form, Link } from "react-router";

import { formatDate } from "../../../domain/shared/format";
import { UPDATE_MESSAGES } from "../../../domain/conversation/conversation-messages";
import type { UpdateDTO } from "../../../domain/conversation/conversation";
import { Pagination } from "../project/Pagination";
import { RichText } from "./RichText";

/** Where a page of a conversation list sits among all of them, and each page's link. */
export interface ListPaging {
  total: number;
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}

export function UpdatesPanel({
  updates,
  canPost,
  canModerate = false,
  action,
  message = null,
  investHref = null,
  paging = null,
}: {
  updates: UpdateDTO[];
  canPost: boolean;
  /** An admin: each update has Hide or Show (ADR 030). */
  canModerate?: boolean;
  /** The page's action (the project page), for the moderation forms. */
  action?: string;
  /** What a moderation just did (`?saved=`). */
  message?: string | null;
  /** The purchase page, while the raise is open: a locked update offers "Invest to read". */
  investHref?: string | null;
  /** This page of the updates among all of them, and each page's link (`?updates=`). */
  paging?: ListPaging | null;
}) {
  return (
    <>
      {message ? (
        <p className="alert alert-success" role="status">
          {message}
        </p>
      ) : null}
      <div className="panel-head">
        <h2>Updates</h2>
        {canPost ? (
          <Link className="btn btn-secondary btn-sm" to="/founder-dashboard#updates">
            Post an update
          </Link>
        ) : null}
      </div>
      {updates.length === 0 && (paging?.total ?? 0) > 0 ? (
        <p className="muted">No updates on this page.</p>
      ) : updates.length === 0 ? (
        <p className="muted">
          {canPost ? "No updates yet." : "No updates yet. Follow the project to hear when the founder posts one."}
        </p>
      ) : (
        <ol className="update-list">
          {updates.map((u) => (
            <li key={u.id} id={`update-${u.id}`} className="update">
              <article aria-labelledby={`update-${u.id}-title`}>
                <p className="update-meta">
                  <time dateTime={u.createdAt}>{formatDate(u.createdAt)}</time>
                  {u.investorsOnly ? <span className="badge badge-info">Investors only</span> : null}
                  {u.edited ? <span className="muted">Edited</span> : null}
                  {u.hidden ? <span className="badge badge-warning">Hidden by an admin</span> : null}
                </p>
                {u.readable ? (
                  <>
                    <h3 id={`update-${u.id}-title`}>{u.title}</h3>
                    <RichText text={u.body ?? ""} />
                  </>
                ) : (
                  <>
                    <h3 id={`update-${u.id}-title`} className="update-locked">
                      {UPDATE_MESSAGES.investorsOnlyNote}
                    </h3>
                    {investHref ? (
                      <p className="update-invest">
                        <Link className="btn btn-secondary btn-sm" to={investHref}>
                          Invest to read
                        </Link>
                      </p>
                    ) : null}
                  </>
                )}
              </article>
              {canModerate && action ? (
                <Form method="post" action={action} className="update-moderate" preventScrollReset>
                  <input type="hidden" name="updateId" value={u.id} />
                  <button
                    type="submit"
                    name="intent"
                    value={u.hidden ? "show-update" : "hide-update"}
                    className="btn btn-ghost btn-sm"
                  >
                    {u.hidden ? "Show update" : "Hide update"}
                    <span className="visually-hidden"> {u.title ?? ""}</span>
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {paging ? <Pagination {...paging} label="Update pages" /> : null}
    </>
  );
}
