/**
 * The founder dashboard's conversation: post (or edit) an update, the latest
 * updates with Edit and Delete, the threads waiting for a reply, and the follower count. Plain
 * POST forms and links: everything works without JavaScript. Delete asks first: its post comes back
 * as `?delete=<id>`, which shows 'Delete this update?' with a form that confirms and a link back.
 */
import { Form, href, Link } from "react-router";

import { ConfirmStep } from "../form/ConfirmStep";

import type { DashboardUpdate } from "../../../domain/conversation/conversation";
import { formatDate, formatNumber } from "../../../domain/shared/format";
import type { FieldErrors, InputConstraints } from "../../../domain/shared/form-kit";
import { Field } from "../form/Field";
import { Notice } from "../Notice";

/** The confirm step's field: a delete without it only asks (app/routes/founder-dashboard.tsx). */
export const DELETE_CONFIRMED = "yes";

/** Where the confirm step scrolls to (the listed update's own row). */
export function confirmDeleteAnchor(updateId: string): string {
  return `dash-update-${updateId}`;
}

export interface UpdateFormState {
  errors: FieldErrors;
  values: { title?: string; body?: string; investorsOnly?: boolean };
  /** The update being edited, or null for a new one. */
  editing: string | null;
}

interface Props {
  projectId: string;
  projectSlug: string;
  isDraft: boolean;
  followers: number;
  updates: DashboardUpdate[];
  openQuestions: { id: string; question: string; askerName: string; createdAt: string }[];
  openQuestionCount: number;
  /** The update named by `?edit=`, when it is one of the listed ones. */
  editing: (DashboardUpdate & { body: string }) | null;
  /** The update named by `?delete=`, whose deletion asks for confirmation. */
  confirmDelete: DashboardUpdate | null;
  formState: UpdateFormState | null;
  /** The refusal's message (shown when no field carries it). */
  error: string | null;
  message: string | null;
  /** The dashboard's own URL (keeps an admin's `?project=`). */
  action: string;
  cancelHref: string;
  /** The form's HTML constraints, read from its schema by the loader. */
  constraints: { title: InputConstraints; body: InputConstraints };
}

export function Conversation(p: Props) {
  const state = p.formState;
  const editingId = state ? state.editing : (p.editing?.id ?? null);
  const values =
    state?.values ?? (p.editing ? { ...p.editing, title: p.editing.title ?? "", body: p.editing.body ?? "" } : {});
  const projectHref = href("/project/:slug", { slug: p.isDraft ? p.projectId : p.projectSlug });
  return (
    <section className="dash-conversation" aria-labelledby="conversation-title">
      <div className="dash-section-head">
        <h2 id="conversation-title">Updates and discussion</h2>
        <p className="muted">
          <strong>{formatNumber(p.followers)}</strong> {p.followers === 1 ? "follower" : "followers"}
        </p>
      </div>
      {p.message ? <Notice tone="success">{p.message}</Notice> : null}
      <div className="dash-conversation-grid">
        <div className="card dash-card" id="updates">
          <h3 className="dash-card-title">{editingId ? "Edit update" : "Post an update"}</h3>
          {state && Object.keys(state.errors).length ? (
            <div className="alert alert-error" role="alert">
              Please fix the highlighted fields below
            </div>
          ) : p.error ? (
            <div className="alert alert-error" role="alert">
              {p.error}
            </div>
          ) : null}
          <Form method="post" action={`${p.action}#updates`} noValidate className="update-form">
            <input type="hidden" name="intent" value={editingId ? "edit-update" : "post-update"} />
            <input type="hidden" name="projectId" value={p.projectId} />
            {editingId ? <input type="hidden" name="updateId" value={editingId} /> : null}
            <Field name="title" label="Title" errors={state?.errors} constraints={p.constraints.title}>
              {(c) => <input {...c} type="text" defaultValue={values.title ?? ""} />}
            </Field>
            <Field
              name="body"
              label="Update"
              errors={state?.errors}
              constraints={p.constraints.body}
              hint="Plain text. Leave a blank line between paragraphs; links starting with https:// become clickable."
            >
              {(c) => <textarea {...c} rows={6} defaultValue={values.body ?? ""} />}
            </Field>
            <div className="field field-check">
              <input
                type="checkbox"
                id="f-investorsOnly"
                name="investorsOnly"
                defaultChecked={values.investorsOnly === true}
              />
              <label htmlFor="f-investorsOnly">
                For investors only (others see that an update exists, not what it says)
              </label>
            </div>
            <div className="cluster">
              <button type="submit" className="btn btn-primary">
                {editingId ? "Save update" : "Post update"}
              </button>
              {editingId ? (
                <Link className="btn btn-ghost" to={p.cancelHref}>
                  Cancel
                </Link>
              ) : null}
            </div>
          </Form>
          {p.updates.length ? (
            <>
              <h3 className="dash-card-title dash-subtitle">Latest updates</h3>
              <ul className="dash-updates">
                {p.updates.map((u) => (
                  <li key={u.id} id={confirmDeleteAnchor(u.id)}>
                    <div>
                      <Link to={`${projectHref}?tab=updates#update-${u.id}`}>{u.title}</Link>
                      <p className="muted small">
                        {formatDate(u.createdAt)}
                        {u.investorsOnly ? " · Investors only" : ""}
                      </p>
                    </div>
                    <div className="cluster">
                      <Link
                        className="btn btn-ghost btn-sm"
                        to={`${p.cancelHref}${p.cancelHref.includes("?") ? "&" : "?"}edit=${u.id}#updates`}
                        aria-label={`Edit ${u.title}`}
                      >
                        Edit
                      </Link>
                      {p.confirmDelete?.id === u.id ? null : (
                        <Form method="post" action={p.action}>
                          <input type="hidden" name="intent" value="delete-update" />
                          <input type="hidden" name="projectId" value={p.projectId} />
                          <input type="hidden" name="updateId" value={u.id} />
                          <button type="submit" className="btn btn-ghost btn-sm" aria-label={`Delete ${u.title}`}>
                            Delete
                          </button>
                        </Form>
                      )}
                    </div>
                    {p.confirmDelete?.id === u.id ? (
                      <ConfirmDelete
                        update={u}
                        projectId={p.projectId}
                        action={p.action}
                        back={`${p.cancelHref}#${confirmDeleteAnchor(u.id)}`}
                      />
                    ) : null}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
        <div className="card dash-card" id="questions">
          <h3 className="dash-card-title">
            Threads waiting for your reply{" "}
            <span className="badge badge-muted">{formatNumber(p.openQuestionCount)}</span>
          </h3>
          {p.openQuestions.length === 0 ? (
            <p className="muted">No threads waiting. Your replies show on your project page under Discussion.</p>
          ) : (
            <ul className="dash-questions">
              {p.openQuestions.map((q) => (
                <li key={q.id}>
                  <p className="dash-question">{q.question}</p>
                  <p className="muted small">
                    {q.askerName} · {formatDate(q.createdAt)} ·{" "}
                    <Link to={`${projectHref}?tab=discussion&thread=${encodeURIComponent(q.id)}`}>
                      Reply<span className="visually-hidden"> to this thread</span>
                    </Link>
                  </p>
                </li>
              ))}
            </ul>
          )}
          {p.openQuestionCount > p.openQuestions.length ? (
            <p className="small">
              <Link to={`${projectHref}?tab=discussion&order=newest`}>
                See the Discussion ({formatNumber(p.openQuestionCount)} threads waiting)
              </Link>
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}

/** The confirm step of Delete: a plain POST form that sends the confirmation, and a link back. */
function ConfirmDelete({
  update,
  projectId,
  action,
  back,
}: {
  update: DashboardUpdate;
  projectId: string;
  action: string;
  back: string;
}) {
  return (
    <ConfirmStep
      id={`confirm-delete-${update.id}`}
      action={action}
      fields={{ intent: "delete-update", projectId, updateId: update.id, confirm: DELETE_CONFIRMED }}
      question="Delete this update?"
      submit="Delete update"
      busy="Deleting..."
      back={back}
      backLabel="Keep it"
    >
      {`“${update.title}” will no longer show on your project page, for anyone. This cannot be undone.`}
    </ConfirmStep>
  );
}
