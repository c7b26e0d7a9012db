/**
 * /admin's Reports section (ADR 055): reported Discussion posts, the one reported longest ago
 * first (at most 50), each quoted with its author, project, reasons and their counts and what
 * reporters wrote, with Hide (a note for the author, required) and Dismiss; then the posts hidden
 * most recently, each with its note and Restore. Plain forms posting to the page's action: they
 * work without JavaScript.
 */
import { Form, href } from "react-router";

import { DISCUSSION_LIMITS } from "../../../domain/conversation/discussion-rules";
import type { HiddenPostDTO, ReportQueueEntry } from "../../../domain/conversation/moderation";
import { formatDate, formatDateTime } from "../../../domain/shared/format";
import { countId, LengthCount } from "../form/LengthCount";
import { FormError, useBusy, type AdminFailure } from "./sections";

function NoteField({ id, failure, form }: { id: string; failure: AdminFailure | null; form: string }) {
  const mine = failure?.form === form;
  return (
    <div className="field">
      <label htmlFor={id}>Note for the author</label>
      <textarea
        id={id}
        name="reason"
        rows={3}
        required
        defaultValue={mine ? failure.values.reason : ""}
        aria-invalid={mine ? true : undefined}
        aria-describedby={`${countId(id)}${mine ? ` ${id}-error` : ""}`}
      />
      <LengthCount controlId={id} max={DISCUSSION_LIMITS.hideNote} invalid={mine} />
      <FormError failure={failure} form={form} id={`${id}-error`} />
    </div>
  );
}

function ReportedPost({ entry, failure }: { entry: ReportQueueEntry; failure: AdminFailure | null }) {
  const { post, author, project } = entry;
  const hideForm = `hide-post:${post.id}`;
  const dismissForm = `dismiss-reports:${post.id}`;
  const hiding = useBusy(hideForm);
  const dismissing = useBusy(dismissForm);
  const titleId = `reported-${post.id}`;
  const label = `${post.isThread ? "Thread" : "Reply"} by ${author.name} on ${project.title}`;
  return (
    <article className="card admin-review admin-report" aria-labelledby={titleId} id={`report-${post.id}`}>
      <div className="admin-review-head">
        <h3 id={titleId}>{label}</h3>
        <p className="muted small">
          Posted {formatDateTime(post.createdAt)}; first reported {formatDateTime(entry.firstReportedAt)} ·{" "}
          <a href={post.link}>Open in the discussion</a>
        </p>
        {author.postingSuspendedUntil ? (
          <p className="small">
            <span className="badge badge-warning">Posting suspended</span> until{" "}
            {formatDate(author.postingSuspendedUntil)}
          </p>
        ) : null}
      </div>
      <blockquote className="admin-report-body">
        <p>{post.body}</p>
      </blockquote>
      <div>
        <h4 className="admin-subhead">
          {entry.reports === 1 ? "1 open report" : `${entry.reports.toLocaleString("en-US")} open reports`}
        </h4>
        <ul className="admin-report-reasons">
          {entry.reasons.map((r) => (
            <li key={r.reason}>{`${r.label}: ${r.count}`}</li>
          ))}
        </ul>
        {entry.details.length ? (
          <ul className="admin-report-details">
            {entry.details.map((d, i) => (
              <li key={i}>“{d}”</li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="admin-review-actions">
        <Form method="post" className="admin-inline-form">
          <input type="hidden" name="id" value={post.id} />
          <button
            type="submit"
            name="intent"
            value="dismiss-reports"
            className="btn btn-secondary btn-sm"
            disabled={dismissing}
          >
            {dismissing ? "Dismissing..." : "Dismiss Reports"}
            <span className="visually-hidden"> of the {label.toLowerCase()}</span>
          </button>
          <FormError failure={failure} form={dismissForm} id={`dismiss-${post.id}-error`} />
        </Form>
        <Form method="post" className="admin-changes-form">
          <input type="hidden" name="id" value={post.id} />
          <NoteField id={`hide-${post.id}`} failure={failure} form={hideForm} />
          <p className="muted small">
            The author is told by bell and mail, with your note. A third hidden post in 30 days suspends their posting
            for 14 days.
          </p>
          <button type="submit" name="intent" value="hide-post" className="btn btn-danger btn-sm" disabled={hiding}>
            {hiding ? "Hiding..." : "Hide Post"}
            <span className="visually-hidden"> {label.toLowerCase()}</span>
          </button>
        </Form>
      </div>
    </article>
  );
}

function HiddenPosts({ hidden, failure }: { hidden: HiddenPostDTO[]; failure: AdminFailure | null }) {
  return (
    <>
      <h3 id="hidden-posts-title" className="admin-reports-hidden-title">
        Recently hidden
      </h3>
      {hidden.length === 0 ? (
        <p className="card empty-state">No post has been hidden.</p>
      ) : (
        <div className="admin-table-scroll" role="region" aria-labelledby="hidden-posts-title" tabIndex={0}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Post</th>
                <th scope="col">Note to the author</th>
                <th scope="col">Hidden</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {hidden.map((h) => (
                <HiddenRow key={h.id} h={h} failure={failure} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function HiddenRow({ h, failure }: { h: HiddenPostDTO; failure: AdminFailure | null }) {
  const form = `restore-post:${h.id}`;
  const busy = useBusy(form);
  const excerpt = Array.from(h.body).length > 140 ? `${Array.from(h.body).slice(0, 139).join("")}…` : h.body;
  return (
    <tr>
      <th scope="row">
        <span className="admin-report-excerpt">“{excerpt}”</span>
        <span className="small muted">
          {" "}
          {h.author.name} on <a href={href("/project/:slug", { slug: h.project.slug })}>{h.project.title}</a>
        </span>
      </th>
      <td>{h.note}</td>
      <td>
        {formatDateTime(h.hiddenAt)}
        {h.hiddenBy ? <span className="small muted"> by {h.hiddenBy}</span> : null}
      </td>
      <td>
        <Form method="post" className="admin-inline-form">
          <input type="hidden" name="id" value={h.id} />
          <button type="submit" name="intent" value="restore-post" className="btn btn-secondary btn-sm" disabled={busy}>
            {busy ? "Restoring..." : "Restore"}
            <span className="visually-hidden">
              {" "}
              the post by {h.author.name} on {h.project.title}
            </span>
          </button>
          <FormError failure={failure} form={form} id={`restore-${h.id}-error`} />
        </Form>
      </td>
    </tr>
  );
}

export function ReportsSection({
  queue,
  hidden,
  failure,
}: {
  queue: ReportQueueEntry[];
  hidden: HiddenPostDTO[];
  failure: AdminFailure | null;
}) {
  return (
    <section id="reports" className="admin-section" aria-labelledby="reports-title">
      <h2 id="reports-title">Reports</h2>
      <p className="muted">Reported discussion posts, the one reported longest ago first.</p>
      {queue.length === 0 ? (
        <p className="card empty-state">No open reports.</p>
      ) : (
        <div className="stack">
          {queue.map((entry) => (
            <ReportedPost key={entry.post.id} entry={entry} failure={failure} />
          ))}
        </div>
      )}
      <HiddenPosts hidden={hidden} failure={failure} />
    </section>
  );
}
