/**
 * /my-projects (spec section 2): a founder's project card (one per founder) with Edit Project and
 * View Public Page, or the empty state linking to /my-projects/create; New Project only for a
 * founder without a project. An admin sees every project with its edit link. A visitor signs in
 * first; an investor sees the spec's 'You must be a founder to access this page' (403).
 * `?saved=` and `?newUser=1` show what just happened (codes, never free text).
 */
import { href, isRouteErrorResponse, Link } from "react-router";

import { refusedFormMessage } from "../components/form/refused";

import { FeatureIcons } from "../components/feature-icons";
import { pageMeta } from "../components/meta";
import { Notice } from "../components/Notice";
import { SafeImage } from "../components/SafeImage";
import { StatusBadge } from "../components/project/StatusBadge";
import { can } from "../../domain/shared/access";
import { categoryLabel } from "../../domain/projects/categories";
import { formatMoney, formatNumber } from "../../domain/shared/format";
import { progressPercent } from "../../domain/projects/project";
import { PROJECT_MESSAGES } from "../../domain/projects/project-form-messages";
import { daysLeftText } from "../../domain/projects/project-status";
import { raiseProgress } from "../../domain/raises/settlement";
import { refused } from "../server/form-result";
import { SAVED_MESSAGES } from "../../domain/projects/review";
import { getApp, requireUser } from "../server/guards.server";
import { listEditableProjects } from "../../worker/services/projects/project-editor";
import { getWorkingCopy } from "../../worker/services/projects/project-drafts";
import { formatDateTime } from "../../domain/shared/format";
import type { Route } from "./+types/my-projects";
import { RequestId } from "../components/RequestId";

export const meta: Route.MetaFunction = () => pageMeta("My Projects", "Manage your CampusFund project.");

const SAVED = SAVED_MESSAGES;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  if (!can(user, "raise")) {
    return refused(403, PROJECT_MESSAGES.foundersOnlyPage);
  }
  const { db } = getApp(context);
  // A founder's saved draft of the form (ADR 033): of their draft project, or of one not created yet.
  const [list, copy] = await Promise.all([listEditableProjects(db, user), getWorkingCopy(db, user)]);
  const url = new URL(request.url);
  const saved = url.searchParams.get("saved");
  return {
    isAdmin: can(user, "administer"),
    firstName: user.firstName,
    newUser: url.searchParams.get("newUser") === "1",
    saved: saved && Object.hasOwn(SAVED, saved) ? SAVED[saved as keyof typeof SAVED] : null,
    draft: copy
      ? {
          projectId: copy.projectId,
          title: typeof copy.values.title === "string" ? copy.values.title.trim() : "",
          missing: copy.missing.length,
          updatedAt: copy.updatedAt,
        }
      : null,
    projects: list.map((p) => ({
      id: p.id,
      slug: p.slug,
      title: p.title,
      image: p.image,
      shortDescription: p.shortDescription,
      category: p.category,
      status: p.status,
      fundingCurrent: p.fundingCurrent,
      fundingGoal: p.fundingGoal,
      sharesSold: p.sharesSold,
      sharesRemaining: p.sharesRemaining,
      totalShares: p.totalShares,
      investors: p.investors,
      daysLeft: p.daysLeft,
      reviewNote: p.reviewNote,
      settlement: p.settlement,
    })),
  };
}

type Card = Exclude<Route.ComponentProps["loaderData"], { refused: true }>["projects"][number];

type SavedDraft = NonNullable<Exclude<Route.ComponentProps["loaderData"], { refused: true }>["draft"]>;

/** "3 required fields still to fill in" */
const missingText = (n: number) =>
  n === 0 ? "every required field is filled in" : `${n} required field${n === 1 ? "" : "s"} still to fill in`;

function ProjectCard({ project, admin, draft }: { project: Card; admin: boolean; draft: SavedDraft | null }) {
  const isDraft = project.status === "draft";
  const inReview = project.status === "in_review";
  const unlisted = isDraft || inReview;
  const titleId = `project-title-${project.id}`;
  return (
    <article className="card project-row" aria-labelledby={titleId}>
      <div className="card-media">
        <SafeImage src={project.image} placeholder="project" width={640} height={360} />
      </div>
      <div className="card-body">
        <div className="cluster" style={{ gap: 8, marginBottom: 12 }}>
          <StatusBadge project={project} />
          {project.category && <span className="badge badge-muted">{categoryLabel(project.category)}</span>}
        </div>
        <h2 id={titleId} className="card-title" style={{ fontSize: "1.5rem" }}>
          {project.title}
        </h2>
        {project.shortDescription && <p className="card-text">{project.shortDescription}</p>}
        {draft ? (
          <Notice tone="info">
            You have progress saved {formatDateTime(draft.updatedAt)} that is not in your project yet (
            {missingText(draft.missing)}): open Edit Project to finish it.
          </Notice>
        ) : null}
        {isDraft && project.reviewNote ? (
          <Notice tone="warning">
            <strong>Changes requested:</strong> {project.reviewNote}
          </Notice>
        ) : null}
        {unlisted ? (
          <p className="muted small">
            {inReview
              ? admin
                ? "In review: waiting in the review queue."
                : "In review: our team is checking it before it lists. You will be notified of the outcome."
              : admin
                ? "Draft: only its founder and admins can see it."
                : "Draft: only you can see it. Preview it, then submit it for review when you are ready."}
          </p>
        ) : (
          <>
            <div className="funding">
              <div className="progress" aria-hidden="true">
                <div
                  className="progress-bar"
                  style={{ width: `${progressPercent(raiseProgress(project).amount, project.fundingGoal)}%` }}
                />
              </div>
              <div className="funding-line">
                <span>
                  <strong>{formatMoney(raiseProgress(project).amount)}</strong>{" "}
                  {raiseProgress(project).returned ? "committed, returned" : "raised"}
                </span>
                <span className="muted">of {formatMoney(project.fundingGoal)} goal</span>
              </div>
            </div>
            <dl className="kv">
              <div>
                <dt>Shares sold</dt>
                <dd>
                  {formatNumber(project.sharesSold)}{" "}
                  <span className="muted small">of {formatNumber(project.totalShares)}</span>
                </dd>
              </div>
              <div>
                <dt>Investors</dt>
                <dd>{formatNumber(project.investors)}</dd>
              </div>
              <div>
                <dt>Days left</dt>
                <dd>
                  {(() => {
                    const d = daysLeftText(project);
                    return typeof d === "number" ? formatNumber(d) : d;
                  })()}
                </dd>
              </div>
            </dl>
          </>
        )}
        <div className="cluster">
          <Link to={href("/my-projects/edit/:id", { id: project.id })} className="btn btn-primary">
            {inReview && !admin ? "Review Status" : "Edit Project"}
          </Link>
          {isDraft && !admin ? (
            <Link to={`${href("/my-projects/edit/:id", { id: project.id })}#submit`} className="btn btn-secondary">
              Submit for review
            </Link>
          ) : null}
          {unlisted ? (
            <Link to={href("/project/:slug", { slug: project.id })} className="btn btn-ghost">
              Preview
            </Link>
          ) : (
            <>
              <Link to={href("/project/:slug", { slug: project.slug })} className="btn btn-secondary">
                View Public Page
              </Link>
              <Link
                to={admin ? `/founder-dashboard?project=${project.id}` : "/founder-dashboard"}
                className="btn btn-ghost"
              >
                Founder Dashboard
              </Link>
            </>
          )}
        </div>
      </div>
    </article>
  );
}

export default function MyProjects({ loaderData }: Route.ComponentProps) {
  if ("refused" in loaderData) {
    return (
      <div className="container page-body">
        <div className="page-header">
          <h1 className="page-title">My Projects</h1>
        </div>
        <Notice tone="error">{loaderData.message}</Notice>
        <div className="cluster" style={{ marginTop: 24 }}>
          <Link to="/portfolio" className="btn btn-primary">
            Go to your portfolio
          </Link>
          <Link to="/demo" className="btn btn-secondary">
            Explore projects
          </Link>
        </div>
      </div>
    );
  }
  const { projects, newUser, firstName, isAdmin, saved, draft } = loaderData;
  const canCreate = !isAdmin && projects.length === 0 && !draft;

  return (
    <div className="container page-body">
      <div className="page-header cluster" style={{ justifyContent: "space-between", alignItems: "flex-end" }}>
        <div>
          <h1 className="page-title">My Projects</h1>
          <p className="page-lead">
            {isAdmin ? "Every project on CampusFund, drafts included." : "Your startup's raise on CampusFund."}
          </p>
        </div>
        {canCreate && (
          <Link to="/my-projects/create" className="btn btn-primary">
            New Project
          </Link>
        )}
      </div>

      {newUser && (
        <Notice tone="success">
          <strong>Welcome to CampusFund, {firstName}!</strong> Your founder account is ready. Create your project to
          start raising.
        </Notice>
      )}
      {saved && <Notice tone="success">{saved}</Notice>}

      <div className="stack" style={{ marginTop: newUser || saved ? 24 : 0 }}>
        {projects.length > 0 ? (
          projects.map((p) => (
            <ProjectCard
              key={p.id}
              project={p}
              admin={isAdmin}
              draft={draft && draft.projectId === p.id ? draft : null}
            />
          ))
        ) : draft && draft.projectId === null ? (
          <div className="card empty-state">
            <span className="icon-circle">{FeatureIcons.folder}</span>
            <h2>{draft.title ? `Your project in progress: ${draft.title}` : "Your project in progress"}</h2>
            <p className="muted" style={{ maxWidth: 520, marginInline: "auto" }}>
              Progress saved {formatDateTime(draft.updatedAt)}; {missingText(draft.missing)}. Finish it to create your
              project, then submit it for review.
            </p>
            <div className="cluster">
              <Link to="/my-projects/create" className="btn btn-primary">
                Continue your project
              </Link>
            </div>
          </div>
        ) : (
          <div className="card empty-state">
            <span className="icon-circle">{FeatureIcons.folder}</span>
            <h2>{isAdmin ? "No projects yet" : "You haven't created a project yet"}</h2>
            {!isAdmin && (
              <p className="muted" style={{ maxWidth: 520, marginInline: "auto" }}>
                List your startup, set your funding goal and share price, preview it, and submit it for review when you
                are ready to raise from investors.
              </p>
            )}
            <div className="cluster">
              {!isAdmin && (
                <Link to="/my-projects/create" className="btn btn-primary">
                  Create your project
                </Link>
              )}
              <Link to="/demo" className="btn btn-secondary">
                Explore other projects
              </Link>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // A request the page refuses (a 4xx: a form posted here, a bad body) says so; anything else is
  // the spec's error state with Try Again (and captured by the server's handleError, with the request's id).
  const refused = isRouteErrorResponse(error) && error.status < 500;
  return (
    <div className="container page-body">
      <div className="page-header">
        <h1 className="page-title">My Projects</h1>
      </div>
      <div className="card empty-state">
        <h2>Something went wrong</h2>
        <p className="muted" role="alert">
          {refused
            ? (refusedFormMessage(error) ?? "We couldn't handle that request. Please check the address and try again.")
            : `${PROJECT_MESSAGES.loadFailed}. Please try again.`}
        </p>
        <div className="cluster">
          <a href="/my-projects" className="btn btn-primary">
            Try Again
          </a>
        </div>
        <RequestId />
      </div>
    </div>
  );
}
