/**
 * The project page's Updates tab: the founder's updates, newest first. An
 * investors-only update the viewer may not read shows only its date and a short note. The founder
 * (and admins) get a link to post one from the founder dashboard.
 */
import { Link } from "react-router";

import { formatDate } from "../../../domain/format";
import { UPDATE_MESSAGES } from "../../../domain/conversation-messages";
import type { UpdateDTO } from "../../../domain/conversation";
import { RichText } from "./RichText";

export function UpdatesPanel({ updates, canPost }: { updates: UpdateDTO[]; canPost: boolean }) {
  return (
    <>
      <div className="panel-head">
        <h2>Updates</h2>
        {canPost ? (
          <Link className="btn btn-secondary btn-sm" to="/founder-dashboard#updates">
            Post an update
          </Link>
        ) : null}
      </div>
      {updates.length === 0 ? (
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
                </p>
                {u.readable ? (
                  <>
                    <h3 id={`update-${u.id}-title`}>{u.title}</h3>
                    <RichText text={u.body ?? ""} />
                  </>
                ) : (
                  <h3 id={`update-${u.id}-title`} className="update-locked">
                    {UPDATE_MESSAGES.investorsOnlyNote}
                  </h3>
                )}
              </article>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
