/**
 * The sections of /admin (ADR 030): the review queue, the newest projects, the people and the
 * audit log. Plain forms posting to the page's action: everything works without JavaScript.
 */
import { Form, href, Link, useNavigation } from "react-router";

import { Checklist } from "../review/Checklist";
import { countId, LengthCount } from "../form/LengthCount";
import { StatusBadge } from "../project/StatusBadge";
import { categoryLabel } from "../../../domain/projects/categories";
import { formatDate, formatDateTime, formatMoney, formatPrice } from "../../../domain/shared/format";
import type { ChecklistItem } from "../../../domain/projects/review";
import { REASON_MAX } from "../../../domain/projects/reason-max";
import { EVENT_MESSAGES } from "../../../domain/money/valuation";
import { HALT_MESSAGES } from "../../../domain/market/halts";
import { MODERATION_MESSAGES } from "../../../domain/conversation/moderation";
import {
  ADMIN_ACTION_LABEL,
  type AdminUserDTO,
  type AuditChange,
  type AuditDTO,
  type PersonState,
} from "../../../domain/operator/admin";

/** What the page's action says after a success (`?done=`): codes, never free text. */
export const DONE_MESSAGES = {
  approved: "Approved: the project is live and its founder was told.",
  changes: "Changes requested: the project is a draft again and its founder was told, with your note.",
  suspended: "The account is suspended: its sessions have ended and its public content is hidden.",
  reinstated: "The account is reinstated: it can sign in again.",
  "revision-approved": "The changes are live, and every investor with an open commitment was asked to reconfirm.",
  "revision-returned": "The changes were sent back to the founder with your note.",
  "event-approved": EVENT_MESSAGES.approved,
  "event-returned": EVENT_MESSAGES.changesRequested,
  "event-recorded": EVENT_MESSAGES.recorded,
  "market-halted": HALT_MESSAGES.halted,
  "market-resumed": HALT_MESSAGES.resumed,
  "post-hidden": MODERATION_MESSAGES.hidden,
  "post-hidden-suspended": MODERATION_MESSAGES.hiddenAndSuspended,
  "reports-dismissed": MODERATION_MESSAGES.dismissed,
  "post-restored": MODERATION_MESSAGES.restored,
  "posting-lifted": MODERATION_MESSAGES.lifted,
} as const;
export type DoneCode = keyof typeof DONE_MESSAGES;

/** A refused admin form: which one (`intent:id`), its message, and the note typed. */
export interface AdminFailure {
  form?: string;
  message: string;
  errors: Record<string, string>;
  values: { reason: string };
}

export interface ReviewCard {
  id: string;
  title: string;
  creator: string;
  shortDescription: string;
  category: string;
  fundingGoal: number;
  sharePrice: number;
  equityPercentage: number;
  regulationType: string;
  fundingDeadline: string;
  submittedAt: string | null;
  checklist: ChecklistItem[];
}

export function useBusy(form: string): boolean {
  const navigation = useNavigation();
  const data = navigation.formData;
  return navigation.state === "submitting" && `${String(data?.get("intent"))}:${String(data?.get("id"))}` === form;
}

/** A form's own refusal, shown beside it. */
export function FormError({ failure, form, id }: { failure: AdminFailure | null; form: string; id: string }) {
  if (failure?.form !== form) return null;
  return (
    <p className="field-error" id={id} role="alert">
      {failure.errors.reason ?? failure.message}
    </p>
  );
}

export function ReasonField({
  id,
  label,
  failure,
  form,
  required = true,
}: {
  id: string;
  label: string;
  failure: AdminFailure | null;
  form: string;
  required?: boolean;
}) {
  const mine = failure?.form === form;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        name="reason"
        rows={3}
        required={required}
        defaultValue={mine ? failure.values.reason : ""}
        aria-invalid={mine ? true : undefined}
        aria-describedby={`${countId(id)}${mine ? ` ${id}-error` : ""}`}
      />
      <LengthCount controlId={id} max={REASON_MAX} invalid={mine} />
      <FormError failure={failure} form={form} id={`${id}-error`} />
    </div>
  );
}

function ReviewItem({ r, failure }: { r: ReviewCard; failure: AdminFailure | null }) {
  const approveForm = `approve:${r.id}`;
  const changesForm = `request-changes:${r.id}`;
  const approving = useBusy(approveForm);
  const requesting = useBusy(changesForm);
  const titleId = `review-${r.id}`;
  const overriding = r.checklist.some((i) => i.required && !i.ok);
  return (
    <article className="card admin-review" aria-labelledby={titleId}>
      <div className="admin-review-head">
        <h3 id={titleId}>{r.title}</h3>
        <p className="muted small">
          {categoryLabel(r.category)} · by {r.creator || "an unnamed founder"}
          {r.submittedAt ? ` · submitted ${formatDate(r.submittedAt)}` : null}
        </p>
        <p>{r.shortDescription}</p>
        <p className="small">
          {formatMoney(r.fundingGoal)} goal · {formatPrice(r.sharePrice)} a share · {r.equityPercentage}% equity ·{" "}
          {r.regulationType} · deadline {formatDate(`${r.fundingDeadline}T00:00:00Z`)}
        </p>
        <Link to={href("/project/:slug", { slug: r.id })} className="btn btn-secondary btn-sm">
          Preview<span className="visually-hidden"> {r.title}</span>
        </Link>
      </div>
      <h4 className="admin-subhead">Launch checklist</h4>
      <Checklist items={r.checklist} />
      <div className="admin-review-actions">
        {overriding ? (
          <Form method="post" className="admin-changes-form">
            <input type="hidden" name="id" value={r.id} />
            <p className="small">
              It fails a required item: approving it anyway needs your reason, which goes into the audit log.
            </p>
            <ReasonField id={`approve-${r.id}`} label="Why approve it anyway" failure={failure} form={approveForm} />
            <button type="submit" name="intent" value="approve" className="btn btn-primary" disabled={approving}>
              {approving ? "Approving..." : "Approve anyway"}
              <span className="visually-hidden"> {r.title}</span>
            </button>
          </Form>
        ) : (
          <Form method="post" className="admin-inline-form">
            <input type="hidden" name="id" value={r.id} />
            <button type="submit" name="intent" value="approve" className="btn btn-primary" disabled={approving}>
              {approving ? "Approving..." : "Approve"}
              <span className="visually-hidden"> {r.title}</span>
            </button>
            <FormError failure={failure} form={approveForm} id={`approve-${r.id}-error`} />
          </Form>
        )}
        <Form method="post" className="admin-changes-form">
          <input type="hidden" name="id" value={r.id} />
          <ReasonField id={`changes-${r.id}`} label="Note for the founder" failure={failure} form={changesForm} />
          <button
            type="submit"
            name="intent"
            value="request-changes"
            className="btn btn-secondary"
            disabled={requesting}
          >
            {requesting ? "Sending..." : "Request changes"}
            <span className="visually-hidden"> to {r.title}</span>
          </button>
        </Form>
      </div>
    </article>
  );
}

export function ReviewQueue({ reviews, failure }: { reviews: ReviewCard[]; failure: AdminFailure | null }) {
  return (
    <section id="reviews" className="admin-section" aria-labelledby="reviews-title">
      <h2 id="reviews-title">Review queue</h2>
      <p className="muted">Oldest submission first. Approving lists the project at once and tells its founder.</p>
      {reviews.length === 0 ? (
        <p className="card empty-state">Nothing waiting for review.</p>
      ) : (
        <div className="stack">
          {reviews.map((r) => (
            <ReviewItem key={r.id} r={r} failure={failure} />
          ))}
        </div>
      )}
    </section>
  );
}

export interface RecentProject {
  id: string;
  slug: string;
  title: string;
  status: string;
  daysLeft: number;
  sharesRemaining: number;
  updatedAt: string;
  reviewNote: string | null;
}

export function RecentProjects({ projects }: { projects: RecentProject[] }) {
  return (
    <section id="projects" className="admin-section" aria-labelledby="projects-title">
      <h2 id="projects-title">Recent projects</h2>
      <div className="admin-table-scroll" role="region" aria-labelledby="projects-title" tabIndex={0}>
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Project</th>
              <th scope="col">Status</th>
              <th scope="col">Last change</th>
              <th scope="col">Open</th>
            </tr>
          </thead>
          <tbody>
            {projects.map((p) => {
              const live = p.status !== "draft" && p.status !== "in_review";
              return (
                <tr key={p.id}>
                  <th scope="row">{p.title}</th>
                  <td>
                    <StatusBadge project={p} />
                  </td>
                  <td>{formatDateTime(p.updatedAt)}</td>
                  <td className="admin-links">
                    <Link to={href("/project/:slug", { slug: live ? p.slug : p.id })}>
                      {live ? "Public page" : "Preview"}
                      <span className="visually-hidden"> of {p.title}</span>
                    </Link>
                    <Link to={href("/my-projects/edit/:id", { id: p.id })}>
                      Edit<span className="visually-hidden"> {p.title}</span>
                    </Link>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function PersonActions({ p, failure }: { p: AdminUserDTO; failure: AdminFailure | null }) {
  const suspendForm = `suspend:${p.id}`;
  const reinstateForm = `reinstate:${p.id}`;
  const suspending = useBusy(suspendForm);
  const reinstating = useBusy(reinstateForm);
  if (p.role === "admin") return <span className="muted small">Admin</span>;
  if (p.suspendedAt) {
    return (
      <Form method="post" className="admin-inline-form">
        <input type="hidden" name="id" value={p.id} />
        <button
          type="submit"
          name="intent"
          value="reinstate"
          className="btn btn-secondary btn-sm"
          disabled={reinstating}
        >
          {reinstating ? "Reinstating..." : "Reinstate"}
          <span className="visually-hidden"> {p.name}</span>
        </button>
        <FormError failure={failure} form={reinstateForm} id={`reinstate-${p.id}-error`} />
      </Form>
    );
  }
  return (
    <details className="admin-suspend" open={failure?.form === suspendForm || undefined}>
      <summary>
        Suspend<span className="visually-hidden"> {p.name}</span>
      </summary>
      <Form method="post">
        <input type="hidden" name="id" value={p.id} />
        <ReasonField id={`suspend-${p.id}`} label="Reason" failure={failure} form={suspendForm} />
        <p className="muted small">Their sessions end at once; their investments are not touched.</p>
        <button type="submit" name="intent" value="suspend" className="btn btn-danger btn-sm" disabled={suspending}>
          {suspending ? "Suspending..." : "Suspend account"}
        </button>
      </Form>
    </details>
  );
}

/** Lifts a posting suspension (ADR 055): the person may post in discussions again at once. */
function LiftPostingSuspension({ p, failure }: { p: AdminUserDTO; failure: AdminFailure | null }) {
  const form = `lift-posting:${p.id}`;
  const busy = useBusy(form);
  return (
    <Form method="post" className="admin-inline-form">
      <input type="hidden" name="id" value={p.id} />
      <button type="submit" name="intent" value="lift-posting" className="btn btn-secondary btn-sm" disabled={busy}>
        {busy ? "Lifting..." : "Lift Posting Suspension"}
        <span className="visually-hidden"> of {p.name}</span>
      </button>
      <FormError failure={failure} form={form} id={`lift-posting-${p.id}-error`} />
    </Form>
  );
}

export function PeopleSection({
  people,
  q,
  failure,
  viewerId,
}: {
  people: AdminUserDTO[];
  q: string;
  failure: AdminFailure | null;
  viewerId: string;
}) {
  return (
    <section id="people" className="admin-section" aria-labelledby="people-title">
      <h2 id="people-title">People</h2>
      <Form method="get" className="admin-search" role="search" aria-label="Find people">
        <label htmlFor="admin-q">Email starts with</label>
        <input id="admin-q" name="q" type="search" defaultValue={q} autoComplete="off" />
        <button type="submit" className="btn btn-secondary">
          Find
        </button>
        {q ? (
          <Link to={`${href("/admin")}#people`} className="btn btn-ghost">
            Show newest
          </Link>
        ) : null}
      </Form>
      {people.length === 0 ? (
        <p className="card empty-state">No account matches “{q}”.</p>
      ) : (
        <div className="admin-table-scroll" role="region" aria-labelledby="people-title" tabIndex={0}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Joined</th>
                <th scope="col">Status</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {people.map((p) => (
                <tr key={p.id}>
                  <th scope="row">
                    {p.name}
                    {p.id === viewerId ? <span className="muted small"> (you)</span> : null}
                  </th>
                  <td className="admin-email">{p.email}</td>
                  <td>{p.role}</td>
                  <td>{formatDate(p.createdAt)}</td>
                  <td>
                    {p.suspendedAt ? (
                      <>
                        <span className="badge badge-danger">Suspended</span>
                        <span className="small muted"> {p.suspendedReason}</span>
                      </>
                    ) : (
                      <span className="badge badge-success">Active</span>
                    )}
                    {p.postingSuspendedUntil ? (
                      <span className="admin-posting-suspended small">
                        {" "}
                        <span className="badge badge-warning">Posting suspended</span> until{" "}
                        {formatDate(p.postingSuspendedUntil)}
                      </span>
                    ) : null}
                  </td>
                  <td>
                    <PersonActions p={p} failure={failure} />
                    {p.postingSuspendedUntil ? <LiftPostingSuspension p={p} failure={failure} /> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** "Pending deletion" or "Deleted account" beside a person the log names. */
function PersonStateBadge({ state }: { state: PersonState }) {
  if (state === "active") return null;
  return <span className="badge badge-muted">{state === "deleted" ? "Deleted account" : "Pending deletion"}</span>;
}

/** A changed value as the log shows it: text as it is, anything else as JSON, nothing as "(empty)". */
function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  return typeof value === "string" ? value : JSON.stringify(value);
}

function AuditChanges({ changes }: { changes: AuditChange[] }) {
  return (
    <details className="audit-changes">
      <summary>{changes.length === 1 ? "1 field changed" : `${changes.length} fields changed`}</summary>
      <dl>
        {changes.map((c) => (
          <div key={c.field}>
            <dt>{c.field}</dt>
            {c.before === null && c.after === null ? (
              <dd className="muted">changed (a person&apos;s own words are not kept here)</dd>
            ) : (
              <dd>
                <span className="visually-hidden">from </span>
                <del>{shownValue(c.before)}</del> <span aria-hidden="true">→</span>
                <span className="visually-hidden"> to </span> <ins>{shownValue(c.after)}</ins>
              </dd>
            )}
          </div>
        ))}
      </dl>
    </details>
  );
}

const TARGET_NOUN: Record<AuditDTO["targetType"], string> = {
  project: "Project",
  user: "Account",
  question: "Question",
  update: "Update",
  investment: "Investment",
  post: "Discussion post",
};

export function AuditLog({ entries }: { entries: AuditDTO[] }) {
  return (
    <section id="audit" className="admin-section" aria-labelledby="audit-title">
      <h2 id="audit-title">Audit log</h2>
      <p className="muted">Every admin action, newest first. Entries cannot be changed or removed.</p>
      {entries.length === 0 ? (
        <p className="card empty-state">No admin actions yet.</p>
      ) : (
        <div className="admin-table-scroll" role="region" aria-labelledby="audit-title" tabIndex={0}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Admin</th>
                <th scope="col">Action</th>
                <th scope="col">Record</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id}>
                  <td>{formatDateTime(e.createdAt)}</td>
                  <td>
                    {e.adminName ?? <span className="muted">Deleted account</span>}{" "}
                    {e.adminState === "pending_deletion" ? <PersonStateBadge state={e.adminState} /> : null}
                  </td>
                  <td>
                    {ADMIN_ACTION_LABEL[e.action]}
                    {e.changes?.length ? <AuditChanges changes={e.changes} /> : null}
                  </td>
                  <td>
                    {e.targetName ?? <span className="muted">{TARGET_NOUN[e.targetType]}</span>}{" "}
                    <PersonStateBadge state={e.targetState} />
                    <span className="audit-id small muted">
                      {" "}
                      {TARGET_NOUN[e.targetType].toLowerCase()} {e.targetId}
                    </span>
                  </td>
                  <td>{e.reason ?? <span className="muted">—</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
