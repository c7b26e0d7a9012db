/**
 * /my-projects (spec section 2): a founder's project (one per founder), or the empty state.
 * Founders and admins only; others are redirected by requireRole with the spec's notice.
 * Creating and editing projects arrive in a later release: those controls show as disabled.
 */
import { Link } from "react-router";

import { FeatureIcons } from "../components/icons";
import { pageMeta } from "../components/meta";
import { Notice } from "../components/Notice";
import { categoryLabel } from "../lib/categories";
import { capitalize, formatMoney, formatNumber } from "../lib/format";
import { progressPercent } from "../lib/project";
import { getApp, requireRole } from "../server/guards.server";
import { getProject } from "../../worker/services/projects";
import type { Route } from "./+types/my-projects";

export const meta: Route.MetaFunction = () => pageMeta("My Projects", "Manage your CampusFund project.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireRole(request, context, ["founder"]);
  const project = user.ownedProject ? await getProject(getApp(context).db, user.ownedProject) : null;
  const newUser = new URL(request.url).searchParams.get("newUser") === "1";
  return {
    firstName: user.firstName,
    newUser,
    project: project && {
      id: project.id,
      slug: project.slug,
      title: project.title,
      image: project.image,
      shortDescription: project.shortDescription,
      category: project.category,
      status: project.status,
      fundingCurrent: project.fundingCurrent,
      fundingGoal: project.fundingGoal,
      sharesSold: project.sharesSold,
      totalShares: project.totalShares,
      investors: project.investors,
      daysLeft: project.daysLeft,
    },
  };
}

function statusBadge(status: string) {
  if (status === "active") return "badge-success";
  if (status === "funded" || status === "completed") return "badge-info";
  if (status === "draft" || status === "pending") return "badge-warning";
  if (status === "closed" || status === "cancelled") return "badge-danger";
  return "badge-muted";
}

export default function MyProjects({ loaderData }: Route.ComponentProps) {
  const { project, newUser, firstName } = loaderData;

  return (
    <div className="container page-body">
      <div className="page-header">
        <h1 className="page-title">My Projects</h1>
        <p className="page-lead">Your startup's raise on CampusFund.</p>
      </div>

      {newUser && (
        <Notice tone="success">
          <strong>Welcome to CampusFund, {firstName}!</strong> Your founder account is ready.
        </Notice>
      )}

      <div style={{ marginTop: newUser ? 24 : 0 }}>
        {project ? (
          <article className="card project-row" aria-labelledby="project-title">
            <div className="card-media">
              {project.image && <img src={project.image} alt="" width={640} height={360} />}
            </div>
            <div className="card-body">
              <div className="cluster" style={{ gap: 8, marginBottom: 12 }}>
                <span className={`badge ${statusBadge(project.status)}`}>{capitalize(project.status)}</span>
                {project.category && <span className="badge badge-muted">{categoryLabel(project.category)}</span>}
              </div>
              <h2 id="project-title" className="card-title" style={{ fontSize: "1.5rem" }}>
                {project.title}
              </h2>
              {project.shortDescription && <p className="card-text">{project.shortDescription}</p>}
              <div className="funding">
                <div className="progress" aria-hidden="true">
                  <div
                    className="progress-bar"
                    style={{ width: `${progressPercent(project.fundingCurrent, project.fundingGoal)}%` }}
                  />
                </div>
                <div className="funding-line">
                  <span>
                    <strong>{formatMoney(project.fundingCurrent)}</strong> raised
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
                  <dd>{formatNumber(project.daysLeft)}</dd>
                </div>
              </dl>
              <div className="cluster">
                <Link to={`/project/${project.slug}`} className="btn btn-primary">
                  View Public Page
                </Link>
                <button type="button" className="btn btn-secondary" disabled>
                  Edit Project
                </button>
                <span className="muted small">Editing opens in the next release.</span>
              </div>
            </div>
          </article>
        ) : (
          <div className="card empty-state">
            <span className="icon-circle">{FeatureIcons.folder}</span>
            <h2>You haven't created a project yet</h2>
            <p className="muted" style={{ maxWidth: 520, marginInline: "auto" }}>
              Project creation opens in the next release. Soon you'll be able to list your startup, set your funding
              goal and share price, and start raising from investors here.
            </p>
            <div className="cluster">
              <button type="button" className="btn btn-primary" disabled>
                New Project (coming soon)
              </button>
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

export function ErrorBoundary() {
  return (
    <div className="container page-body">
      <div className="page-header">
        <h1 className="page-title">My Projects</h1>
      </div>
      <div className="card empty-state">
        <h2>Something went wrong</h2>
        <p className="muted">We couldn't load your project. Please try again.</p>
        <div className="cluster">
          <a href="/my-projects" className="btn btn-primary">
            Try Again
          </a>
        </div>
      </div>
    </div>
  );
}
