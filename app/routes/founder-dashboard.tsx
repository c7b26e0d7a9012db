/**
 * /founder-dashboard (spec section 2: founder or admin; the spec leaves its content open). How the
 * founder's raise is going: raised of goal, investors, shares, days left and the average
 * investment; cumulative funding over time as a server-rendered chart with a table alternative;
 * the investors (named as the public list names them) and a CSV download of them.
 *
 * A founder sees their own project (someone else's, named with `?project=`, is refused with the
 * spec's message); an admin, who has no project of their own, opens any project's dashboard with
 * `?project=<id or slug>`. Everything is links and a GET form, so it works without JavaScript.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { Form, Link, redirect } from "react-router";

import { Conversation } from "../components/founder/Conversation";
import { FundingChart } from "../components/founder/FundingChart";
import { FeatureIcons } from "../components/icons";
import { pageMeta } from "../components/meta";
import { ProgressBar } from "../components/project/FundingProgress";
import { StatusBadge } from "../components/project/StatusBadge";
import { can } from "../../domain/access";
import { formatDate, formatMoney, formatNumber, formatPrice } from "../../domain/format";
import { isoDay } from "../../domain/dates";
import { daysLeftText } from "../../domain/project-status";
import founderCss from "../styles/founder.css?url";
import investCss from "../styles/invest.css?url";

import { constraintsOf } from "../../domain/form-kit";
import { UPDATE_MESSAGES, updateFormSchema } from "../../domain/update-form";
import { actionRetryAfter, formFields, readForm } from "../server/form.server";
import { FORM_LIMITS } from "../../domain/limits";
import { getApp, requireRole } from "../server/guards.server";
import { formFailed, formFailure, refusedBy } from "../server/form-result";
import { getFounderDashboard } from "../../worker/services/founder-dashboard";
import { deleteUpdate, editUpdate, getConversationSummary, postUpdate } from "../../worker/services/updates";
import type { Route } from "./+types/founder-dashboard";

/** The page lists the newest investments; the CSV has them all. */
const INVESTOR_ROWS_SHOWN = 100;

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: investCss },
  { rel: "stylesheet", href: founderCss },
];

export const meta: Route.MetaFunction = () => pageMeta("Founder Dashboard", "How your CampusFund raise is going.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireRole(request, context, ["founder"]);
  const asked = new URL(request.url).searchParams.get("project")?.trim() || undefined;
  let dashboard;
  try {
    dashboard = await getFounderDashboard(getApp(context).db, user, asked);
  } catch (e) {
    // Someone else's project (403) or none by that name (404), with the service's message.
    return refusedBy(e);
  }
  if (!dashboard && can(user, "administer")) return { kind: "choose" as const };
  if (!dashboard) return { kind: "no-project" as const };

  const { project, series, investors } = dashboard;
  const today = isoDay();
  // The line runs on, flat, to today (or to the deadline of a raise that has closed).
  const until = project.fundingDeadline < today ? project.fundingDeadline : today;
  const query = asked ? `?project=${encodeURIComponent(project.slug)}` : "";
  const url = new URL(request.url);
  const conversation = await getConversationSummary(getApp(context).db, project.id);
  const editId = url.searchParams.get("edit");
  const saved = url.searchParams.get("saved");
  return {
    kind: "dashboard" as const,
    adminView: can(user, "administer") && project.id !== user.ownedProject,
    project,
    // The chart has no behaviour: it is drawn here, on the server, and sent as markup, so visx
    // never reaches the browser (the route's JavaScript stays within its budget).
    chartHtml: renderToStaticMarkup(
      <FundingChart series={series} goal={project.fundingGoal} title={project.title} until={until} />,
    ),
    investors: investors.slice(0, INVESTOR_ROWS_SHOWN),
    csvHref: `/founder-dashboard/investors.csv${query}`,
    selfHref: `/founder-dashboard${query}`,
    conversation,
    editing: (editId && conversation.updates.find((u) => u.id === editId)) || null,
    saved: saved && Object.hasOwn(SAVED, saved) ? SAVED[saved as keyof typeof SAVED] : null,
    updateConstraints: {
      title: constraintsOf(updateFormSchema, "title"),
      body: constraintsOf(updateFormSchema, "body"),
    },
  };
}

/** `?saved=` codes after a redirect (codes, never free text). */
const SAVED = {
  posted: UPDATE_MESSAGES.posted,
  edited: UPDATE_MESSAGES.saved,
  deleted: UPDATE_MESSAGES.deleted,
} as const;

/** `Retry-After` of a refused follow or post reaches the page door too (ADR 025). */
export const headers = actionRetryAfter;

/**
 * Posting, editing and deleting updates (issue 10 §2). The services check that the viewer is the
 * project's founder (or an admin); a refused form comes back with every error beside its field,
 * and `error` for clients reading the action's data.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireRole(request, context, ["founder"]);
  const form = await readForm(request, FORM_LIMITS.update);
  const fields = formFields(form);
  const { db } = getApp(context);
  const projectId = fields.projectId ?? "";
  const updateId = fields.updateId ?? "";
  // Built from what we know, not from request.url: a data request's URL ends in `.data`.
  const asked = new URL(request.url).searchParams.get("project")?.trim();
  const back = (code: keyof typeof SAVED) => {
    const query = new URLSearchParams(asked ? { project: asked, saved: code } : { saved: code });
    return redirect(`/founder-dashboard?${query}#updates`);
  };
  const body = { title: fields.title ?? "", body: fields.body ?? "", investorsOnly: fields.investorsOnly ?? "" };
  try {
    if (fields.intent === "post-update") {
      await postUpdate(db, user, projectId, body);
      return back("posted");
    }
    if (fields.intent === "edit-update") {
      await editUpdate(db, user, projectId, updateId, body);
      return back("edited");
    }
    if (fields.intent === "delete-update") {
      await deleteUpdate(db, user, projectId, updateId);
      return back("deleted");
    }
  } catch (e) {
    const values = { title: body.title, body: body.body, investorsOnly: body.investorsOnly !== "" };
    const editing = fields.intent === "edit-update" ? updateId : null;
    return formFailed(e, values, { form: fields.intent, data: { editing } });
  }
  return formFailure(400, "Unknown action", {});
}

export default function FounderDashboard({ loaderData, actionData }: Route.ComponentProps) {
  if ("refused" in loaderData) return <Refused message={loaderData.message} />;
  if (loaderData.kind === "no-project") return <NoProject />;
  if (loaderData.kind === "choose") return <ChooseProject />;
  const { project, chartHtml, investors, csvHref, adminView, conversation, editing, saved, selfHref } = loaderData;
  const pct = Math.round(project.percent);
  const isDraft = project.status === "draft";
  const daysLeft = daysLeftText(project);
  const deadline = formatDate(`${project.fundingDeadline}T00:00:00Z`);

  return (
    <div className="container invest-page founder-page">
      <header className="page-head dash-head">
        <div className="dash-title">
          <h1>Founder Dashboard</h1>
          <p className="dash-project">
            <span className="dash-project-name">{project.title}</span>
            <StatusBadge project={project} />
          </p>
          {adminView ? <p className="muted small">Viewing this project as an admin.</p> : null}
        </div>
        <div className="cluster dash-actions">
          {/* A draft has no public page yet: its founder previews it by id (as on My Projects). */}
          <Link className="btn btn-secondary" to={isDraft ? `/project/${project.id}` : `/project/${project.slug}`}>
            {isDraft ? "Preview" : "View Public Page"}
          </Link>
          <Link className="btn btn-primary" to={`/my-projects/edit/${project.id}`}>
            Edit Project
          </Link>
        </div>
      </header>

      <section aria-labelledby="summary-title">
        <h2 id="summary-title" className="visually-hidden">
          Summary
        </h2>
        <ul className="stat-grid founder-stats">
          <li className="stat-card stat-raised">
            <span className="stat-label">Raised</span>
            <span className="stat-value">{formatMoney(project.fundingCurrent)}</span>
            <span className="stat-progress">
              <ProgressBar percent={project.percent} label={`Funding progress of ${project.title}`} />
              <span className="stat-note">
                <strong>{pct}%</strong> of {formatMoney(project.fundingGoal)} goal
              </span>
            </span>
          </li>
          <li className="stat-card">
            <span className="stat-label">Investors</span>
            <span className="stat-value">{formatNumber(project.investors)}</span>
            <span className="stat-note">
              {formatNumber(project.investments)} {project.investments === 1 ? "investment" : "investments"}
            </span>
          </li>
          <li className="stat-card">
            <span className="stat-label">Shares sold</span>
            <span className="stat-value">{formatNumber(project.sharesSold)}</span>
            <span className="stat-note">
              {formatNumber(project.sharesRemaining)} remaining of {formatNumber(project.totalShares)}
            </span>
          </li>
          <li className="stat-card">
            <span className="stat-label">Days left</span>
            {typeof daysLeft === "number" ? (
              <span className="stat-value">{formatNumber(daysLeft)}</span>
            ) : (
              <span className="stat-value stat-value-text">{daysLeft}</span>
            )}
            <span className="stat-note">Deadline {deadline}</span>
          </li>
          <li className="stat-card">
            <span className="stat-label">Average investment</span>
            <span className="stat-value">{formatMoney(project.averageInvestment)}</span>
            <span className="stat-note">at {formatPrice(project.sharePrice)} a share</span>
          </li>
        </ul>
      </section>

      <section className="card dash-card" aria-labelledby="chart-title">
        <h2 id="chart-title" className="dash-card-title">
          Funding over time
        </h2>
        <div className="funding-chart-host" dangerouslySetInnerHTML={{ __html: chartHtml }} />
      </section>

      {/* Not a landmark itself: the table's scrolling region below carries the name. */}
      <section className="dash-investors">
        <div className="dash-section-head">
          <h2 id="investors-title">Investors</h2>
          {investors.length > 0 ? (
            <a className="btn btn-secondary btn-sm" href={csvHref} download>
              Download CSV
            </a>
          ) : null}
        </div>
        {investors.length === 0 ? (
          <div className="empty-state card">
            <p>No investors yet. Share your project page to get your first backers.</p>
            {isDraft ? (
              <p className="muted small">Publish your project from its edit page so investors can find it.</p>
            ) : (
              <div className="empty-actions">
                <Link className="btn btn-primary" to={`/project/${project.slug}`}>
                  View Public Page
                </Link>
              </div>
            )}
          </div>
        ) : (
          <>
            <div className="table-scroll" role="region" aria-labelledby="investors-title" tabIndex={0}>
              <table className="holdings investor-table">
                <thead>
                  <tr>
                    <th scope="col">Investor</th>
                    <th scope="col" className="num">
                      Shares
                    </th>
                    <th scope="col" className="num">
                      Amount
                    </th>
                    <th scope="col">Date</th>
                  </tr>
                </thead>
                <tbody>
                  {investors.map((inv, i) => (
                    <tr key={`${inv.investedAt}-${i}`}>
                      <th scope="row">{inv.name}</th>
                      <td className="num" data-label="Shares">
                        {formatNumber(inv.shares)}
                      </td>
                      <td className="num" data-label="Amount">
                        {formatPrice(inv.amountInvested)}
                      </td>
                      <td data-label="Date">{formatDate(inv.investedAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {project.investments > investors.length ? (
              <p className="muted small dash-more">
                Showing the {formatNumber(investors.length)} most recent of {formatNumber(project.investments)}{" "}
                investments. The CSV lists them all.
              </p>
            ) : null}
          </>
        )}
      </section>

      <Conversation
        projectId={project.id}
        projectSlug={project.slug}
        isDraft={isDraft}
        followers={conversation.followers}
        updates={conversation.updates}
        openQuestions={conversation.openQuestions}
        openQuestionCount={conversation.openQuestionCount}
        editing={editing}
        formState={
          // The update form's own failure (an unknown action is said above the form only).
          actionData?.form
            ? { errors: actionData.errors, values: actionData.values, editing: actionData.data?.editing ?? null }
            : null
        }
        error={actionData?.message ?? null}
        message={actionData?.form ? null : saved}
        action={selfHref}
        cancelHref={selfHref}
        constraints={loaderData.updateConstraints}
      />
    </div>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div className="container invest-page founder-page">
      <header className="page-head">
        <h1>Founder Dashboard</h1>
      </header>
      {children}
    </div>
  );
}

function NoProject() {
  return (
    <Shell>
      <div className="empty-state card">
        <span className="icon-circle">{FeatureIcons.folder}</span>
        <h2>You haven&apos;t created a project yet</h2>
        <p className="muted">
          Create your project to start raising. Its funding, investors and progress will show here.
        </p>
        <div className="empty-actions">
          <Link className="btn btn-primary" to="/my-projects/create">
            Create your project
          </Link>
        </div>
      </div>
    </Shell>
  );
}

function ChooseProject() {
  return (
    <Shell>
      <div className="empty-state card">
        <h2>Choose a project</h2>
        <p className="muted">
          Admins have no project of their own: choose a project from My Projects, or open any project&apos;s dashboard
          by its id or slug.
        </p>
        <Form method="get" className="dash-choose">
          <label htmlFor="dash-project">Project id or slug</label>
          <div className="dash-choose-row">
            <input id="dash-project" name="project" required maxLength={200} autoComplete="off" />
            <button type="submit" className="btn btn-primary">
              Open dashboard
            </button>
          </div>
        </Form>
        <div className="empty-actions">
          <Link className="btn btn-secondary" to="/my-projects">
            My Projects
          </Link>
        </div>
      </div>
    </Shell>
  );
}

function Refused({ message }: { message: string }) {
  return (
    <Shell>
      <div className="error-panel card">
        <p className="alert alert-error" role="alert">
          {message}
        </p>
        <div className="empty-actions">
          <Link className="btn btn-primary" to="/founder-dashboard">
            Your dashboard
          </Link>
          <Link className="btn btn-secondary" to="/my-projects">
            My Projects
          </Link>
        </div>
      </div>
    </Shell>
  );
}
