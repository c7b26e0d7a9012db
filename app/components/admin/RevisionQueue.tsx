/**
 * Changes to live projects waiting for review (ADR 050), beside the review queue: each field as
 * live and as proposed, how many investors will be asked to reconfirm, and the two answers.
 */
import { Form, href, Link } from "react-router";

import { MATERIAL_FIELDS, type MaterialField } from "../../../domain/projects/material-fields";
import { formatDate } from "../../../domain/shared/format";
import { FormError, ReasonField, useBusy, type AdminFailure } from "./sections";

export interface RevisionCard {
  id: string;
  projectId: string;
  slug: string;
  title: string;
  investors: number;
  submittedAt: string;
  changes: { field: string; before: unknown; after: unknown }[];
}

const shown = (value: unknown) =>
  value === null || value === undefined || value === ""
    ? "(empty)"
    : typeof value === "string"
      ? value
      : JSON.stringify(value);

function RevisionItem({ r, failure }: { r: RevisionCard; failure: AdminFailure | null }) {
  const approveForm = `approve-revision:${r.id}`;
  const changesForm = `revision-changes:${r.id}`;
  const approving = useBusy(approveForm);
  const sending = useBusy(changesForm);
  const titleId = `revision-${r.id}`;
  return (
    <article className="card admin-review" aria-labelledby={titleId}>
      <div className="admin-review-head">
        <h3 id={titleId}>Changes to {r.title}</h3>
        <p className="muted small">
          Sent {formatDate(r.submittedAt)} · {r.investors === 1 ? "1 investor" : `${r.investors} investors`} will be
          asked to reconfirm
        </p>
        <Link to={href("/project/:slug", { slug: r.slug })} className="btn btn-secondary btn-sm">
          Live page<span className="visually-hidden"> of {r.title}</span>
        </Link>
      </div>
      <dl className="audit-changes revision-changes">
        {r.changes.map((c) => (
          <div key={c.field}>
            <dt>{MATERIAL_FIELDS[c.field as MaterialField] ?? c.field}</dt>
            <dd>
              <span className="visually-hidden">live: </span>
              <del>{shown(c.before)}</del> <span aria-hidden="true">→</span>
              <span className="visually-hidden"> proposed: </span> <ins>{shown(c.after)}</ins>
            </dd>
          </div>
        ))}
      </dl>
      <div className="admin-review-actions">
        <Form method="post" className="admin-inline-form">
          <input type="hidden" name="id" value={r.id} />
          <button type="submit" name="intent" value="approve-revision" className="btn btn-primary" disabled={approving}>
            {approving ? "Approving..." : "Approve changes"}
            <span className="visually-hidden"> to {r.title}</span>
          </button>
          <FormError failure={failure} form={approveForm} id={`approve-revision-${r.id}-error`} />
        </Form>
        <Form method="post" className="admin-changes-form">
          <input type="hidden" name="id" value={r.id} />
          <ReasonField
            id={`revision-changes-${r.id}`}
            label="Note for the founder"
            failure={failure}
            form={changesForm}
          />
          <button type="submit" name="intent" value="revision-changes" className="btn btn-secondary" disabled={sending}>
            {sending ? "Sending..." : "Send back"}
            <span className="visually-hidden"> the changes to {r.title}</span>
          </button>
        </Form>
      </div>
    </article>
  );
}

export function RevisionQueue({ revisions, failure }: { revisions: RevisionCard[]; failure: AdminFailure | null }) {
  return (
    <section id="revisions" className="admin-section" aria-labelledby="revisions-title">
      <h2 id="revisions-title">Changes to live projects</h2>
      <p className="muted">
        The public page keeps the approved version until you approve. Approving asks every investor with an open
        commitment to reconfirm within five business days.
      </p>
      {revisions.length === 0 ? (
        <p className="card empty-state">No changes waiting for review.</p>
      ) : (
        <div className="stack">
          {revisions.map((r) => (
            <RevisionItem key={r.id} r={r} failure={failure} />
          ))}
        </div>
      )}
    </section>
  );
}
