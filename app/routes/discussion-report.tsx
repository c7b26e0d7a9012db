/**
 * /discussion/report/:postId (ADR 055): the Discussion's "Report" link on each post. A GET quotes
 * the post and offers a form: the reasons as radio buttons and details (required for "Something
 * else", at most 500 characters). A POST files the report (worker/services/conversation/reports.ts
 * `reportPost`, every rule there) and redirects back to the post on its project's Discussion with a
 * notice (`?saved=reported`); a refusal comes back beside the form with what was typed kept. A
 * visitor signs in first and comes back here (`redirectTo`). A plain form: works without JavaScript.
 */
import { Form, href, Link, redirect } from "react-router";

import { pageMeta } from "../components/meta";
import { Notice } from "../components/Notice";
import { SubmitButton } from "../components/SubmitButton";
import { countId, LengthCount } from "../components/form/LengthCount";
import { DISCUSSION_LIMITS, DISCUSSION_MESSAGES } from "../../domain/conversation/discussion-rules";
import { postLink, REPORT_REASON_LABELS, REPORT_REASONS } from "../../domain/conversation/moderation";
import { FORM_LIMITS } from "../../domain/shared/limits";
import { formatDate } from "../../domain/shared/format";
import { formFailed, refusedBy } from "../server/form-result";
import { formFields, readForm } from "../server/form.server";
import { getApp, requireUser } from "../server/guards.server";
import { reportablePost, reportPost } from "../../worker/services/conversation/reports";
import type { Route } from "./+types/discussion-report";

// Private (domain/visitors/seo.ts PRIVATE_PATHS): the layout adds the one noindex.
export const meta: Route.MetaFunction = () => [
  ...pageMeta("Report a Post", "Tell CampusFund's moderators what is wrong with a post."),
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  try {
    return { refused: false as const, post: await reportablePost(getApp(context).db, user, params.postId) };
  } catch (e) {
    return refusedBy(e, {}, { to: "/demo" });
  }
}

/** Where a filed report goes: the post on its project's Discussion, with the notice. */
const backTo = (slug: string, postId: string) =>
  postLink(slug, postId).replace("?tab=discussion#", "?tab=discussion&saved=reported#");

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const fields = formFields(await readForm(request, FORM_LIMITS.conversation));
  const values = { reason: fields.reason ?? "", detail: fields.detail ?? "" };
  try {
    const filed = await reportPost(getApp(context).db, user, params.postId, {
      reason: values.reason || undefined,
      detail: values.detail,
    });
    return redirect(backTo(filed.slug, filed.postId));
  } catch (e) {
    return formFailed(e, values);
  }
}

export default function DiscussionReport({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.refused) {
    return (
      <div className="container page-body report-page">
        <h1 className="page-title">Report a Post</h1>
        <Notice tone="error">{loaderData.message}</Notice>
        <p>
          <Link to={href("/demo")}>Browse projects</Link>
        </p>
      </div>
    );
  }
  const { post } = loaderData;
  const failure = actionData && !actionData.ok ? actionData : null;
  const errors = failure?.errors ?? {};
  const chosen = failure ? String(failure.values.reason ?? "") : "";
  const back = postLink(post.project.slug, post.id);
  return (
    <div className="container page-body report-page">
      <header className="page-header">
        <h1 className="page-title">Report a Post</h1>
        <p className="page-lead">
          On the discussion of{" "}
          <Link to={href("/project/:slug", { slug: post.project.slug })}>{post.project.title}</Link>. CampusFund&apos;s
          moderators read every report; the author is not told who reported it.
        </p>
      </header>
      <figure className="card report-quote">
        <blockquote>
          <p>{post.body}</p>
        </blockquote>
        <figcaption className="muted small">
          {post.authorName}, {formatDate(post.createdAt)}
        </figcaption>
      </figure>
      {failure && !Object.keys(errors).length ? <Notice tone="error">{failure.message}</Notice> : null}
      {post.mine ? (
        <Notice tone="info">{DISCUSSION_MESSAGES.ownPost}</Notice>
      ) : (
        <Form method="post" className="form card report-form" aria-labelledby="report-form-title" noValidate>
          <h2 id="report-form-title">What is wrong with it?</h2>
          <fieldset
            className="field"
            aria-describedby={errors.reason ? "report-reason-error" : undefined}
            aria-invalid={errors.reason ? true : undefined}
          >
            <legend>Reason</legend>
            <div className="choice-group">
              {REPORT_REASONS.map((reason) => (
                <label key={reason} className="choice">
                  <input
                    type="radio"
                    name="reason"
                    value={reason}
                    id={`report-reason-${reason}`}
                    defaultChecked={chosen === reason}
                    required
                  />
                  <span className="choice-title">{REPORT_REASON_LABELS[reason]}</span>
                </label>
              ))}
            </div>
            {errors.reason ? (
              <p className="field-error" id="report-reason-error" role="alert">
                {errors.reason}
              </p>
            ) : null}
          </fieldset>
          <div className="field">
            <label htmlFor="report-detail">Details</label>
            <p className="field-hint" id="report-detail-hint">
              Required for &ldquo;{REPORT_REASON_LABELS.other}&rdquo;; optional otherwise.
            </p>
            <textarea
              id="report-detail"
              name="detail"
              rows={4}
              defaultValue={failure ? String(failure.values.detail ?? "") : ""}
              aria-invalid={errors.detail ? true : undefined}
              aria-describedby={`report-detail-hint ${countId("report-detail")}${errors.detail ? " report-detail-error" : ""}`}
            />
            <LengthCount
              controlId="report-detail"
              max={DISCUSSION_LIMITS.reportDetail}
              invalid={Boolean(errors.detail)}
            />
            {errors.detail ? (
              <p className="field-error" id="report-detail-error" role="alert">
                {errors.detail}
              </p>
            ) : null}
          </div>
          <div className="form-actions">
            <SubmitButton className="btn btn-danger" pendingLabel="Sending...">
              Send Report
            </SubmitButton>
            <Link to={back} className="btn btn-ghost">
              Back to the Discussion
            </Link>
          </div>
        </Form>
      )}
    </div>
  );
}
