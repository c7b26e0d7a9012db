/**
 * A project in review, as its founder sees the builder (ADR 030): read-only, with the checklist
 * the reviewer sees, a preview, and Withdraw from review (a draft again, to edit). A plain form:
 * works without JavaScript.
 */
import { Form, href, Link, useNavigation } from "react-router";

import { Checklist } from "../review/Checklist";
import { formatDate } from "../../../domain/shared/format";
import type { ChecklistItem } from "../../../domain/projects/review";

export function ReviewPending({
  project,
  checklist,
  message,
}: {
  project: { id: string; submittedAt: string | null };
  checklist: readonly ChecklistItem[];
  /** A refused withdraw's message. */
  message: string | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <section className="card pf-review" aria-labelledby="review-title">
      <h2 id="review-title">Your project is in review</h2>
      {message ? (
        <p className="alert alert-error" role="alert">
          {message}
        </p>
      ) : null}
      <p>
        {project.submittedAt ? `Submitted on ${formatDate(project.submittedAt)}. ` : null}
        An admin is checking it before it lists. You will get a notification when it is approved or if changes are
        needed. It is read-only while in review.
      </p>
      <h3 className="pf-subhead">Launch checklist</h3>
      <Checklist items={checklist} />
      <div className="cluster">
        <Link to={href("/project/:slug", { slug: project.id })} className="btn btn-secondary">
          Preview
        </Link>
        <Form method="post">
          <button type="submit" name="intent" value="withdraw" className="btn btn-ghost" disabled={busy}>
            {busy ? "Withdrawing..." : "Withdraw from review to edit"}
          </button>
        </Form>
      </div>
    </section>
  );
}
