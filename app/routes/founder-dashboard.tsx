/**
 * /founder-dashboard (spec section 2: founder or admin; the spec leaves its content open). How the
 * founder's raise is going: raised of goal, investors, shares, days left and the average
 * investment; cumulative funding over time as a server-rendered chart with a table alternative;
 * the investors (named as the public list names them) and a CSV download of them.
 *
 * A founder sees their own project (someone else's, named with `?project=`, is refused with the
 * spec's message); an admin, who has no project of their own, opens any project's dashboard with
 * `?project=<id or slug>`. Everything is links and a GET form, so it works without JavaScript.
 * The deadline card (ADR 043) extends a live raise or, after its confirm step, closes a funded one
 * early, through the service `POST /api/projects/{id}/extend` and `/close-early` call. Once the
 * raise is funded, "Company events" (ADR 052) lists what happened to the company since and reports
 * an event with its PDF of evidence (a multipart form: app/server/company-events.server.ts), or
 * withdraws the report waiting for review.
 */
import { isListedStatus } from "../../domain/projects/listed";
import { lazy } from "react";
import { href, Link, redirect } from "react-router";

import {
  confirmDeleteAnchor,
  Conversation,
  DELETE_CONFIRMED,
  type UpdateFormState,
} from "../components/founder/Conversation";
import { DashboardStats } from "../components/founder/DashboardStats";
import { ChooseProject, NoProject, Shell } from "../components/founder/EmptyStates";
import { InvestorsTable } from "../components/founder/InvestorsTable";
import { pageMeta } from "../components/meta";
import { StatusBadge } from "../components/project/StatusBadge";

import { actionRetryAfter, formFields, readForm } from "../server/form.server";
import { can } from "../../domain/shared/access";
import { FORM_LIMITS } from "../../domain/shared/limits";
import { getApp, requireRole } from "../server/guards.server";
import { formFailed, formFailure, refusedBy } from "../server/form-result";
import { getFounderDashboard } from "../../worker/services/projects/founder-dashboard";
import { investorsPageParam } from "../../domain/projects/investor-list";
import {
  deleteUpdate,
  editUpdate,
  getConversationSummary,
  postUpdate,
} from "../../worker/services/conversation/updates";
import { CLOSE_EARLY_CONFIRMED, RaiseDeadline } from "../components/founder/RaiseDeadline";
import { changeDeadline } from "../../worker/services/raises/raise-dates";
import { companyEvents, withdrawEvent } from "../../worker/services/money/valuations";
import { mailerFor } from "../../worker/mail/mailer";
import type { CompanyEventsFailure } from "../components/founder/CompanyEvents";
import { submitEventForm } from "../server/company-events.server";
import { Notice } from "../components/Notice";
import { openRaise, setLaunchDate } from "../../worker/services/raises/reservations";
import { dashboardView, type SAVED } from "./founder-dashboard.server";
import { Perks, type PerksFailure } from "../components/founder/Perks";
import { PERK_INTENTS, perkAction, perksView } from "../server/perks.server";
import type { Route } from "./+types/founder-dashboard";

/**
 * Sections of one stage of a project only, each a chunk fetched when shown: the launch card of a
 * project coming soon and a funded company's events (with their form). A raise's dashboard loads
 * neither. No Suspense boundary: the server renders them into the page (the shell waits for the
 * chunk, so a reader without JavaScript gets it whole) and hydration waits for it the same way.
 */
const ComingSoonCard = lazy(() =>
  import("../components/founder/ComingSoon").then((m) => ({ default: m.ComingSoonCard })),
);
const CompanyEvents = lazy(() =>
  import("../components/founder/CompanyEvents").then((m) => ({ default: m.CompanyEvents })),
);

export const meta: Route.MetaFunction = () => pageMeta("Founder Dashboard", "How your CampusFund raise is going.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireRole(request, context, "raise");
  const asked = new URL(request.url).searchParams.get("project")?.trim() || undefined;
  let dashboard;
  try {
    const investorsPage = investorsPageParam(new URL(request.url).searchParams.get("investors"));
    dashboard = await getFounderDashboard(getApp(context).db, user, asked, investorsPage);
  } catch (e) {
    // Someone else's project (403) or none by that name (404), with the service's message.
    return refusedBy(e);
  }
  if (!dashboard && can(user, "administer")) return { kind: "choose" as const };
  if (!dashboard) return { kind: "no-project" as const };

  const { db } = getApp(context);
  const { project } = dashboard;
  const [conversation, events, perks] = await Promise.all([
    getConversationSummary(db, project.id, new URL(request.url).searchParams.get("edit")),
    // The viewer may edit this project (checked above): its founder, or an admin (who sees what its founder sees).
    project.status === "funded"
      ? companyEvents(db, user, { id: project.id, founderId: can(user, "administer") ? null : user.id })
      : null,
    // The Perks section (ADR 055): while the raise can still sell.
    ["funded", "closed", "completed", "cancelled"].includes(project.status)
      ? null
      : perksView(db, user, project.id, new URL(request.url).searchParams),
  ]);
  const view = dashboardView({
    viewer: user,
    dashboard,
    conversation,
    events,
    asked,
    query: new URL(request.url).searchParams,
  });
  return { ...view, perks };
}

/** `Retry-After` of a refused follow or post reaches the page door too (ADR 025). */
export const headers = actionRetryAfter;

/**
 * Posting, editing and deleting (after its confirm step) updates. The services check that the viewer is the
 * project's founder (or an admin); a refused form comes back with every error beside its field,
 * and `error` for clients reading the action's data.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireRole(request, context, "raise");
  const form = await readForm(request, FORM_LIMITS.dashboard);
  const fields = formFields(form);
  const { db, env, ctx } = getApp(context);
  const projectId = fields.projectId ?? "";
  const updateId = fields.updateId ?? "";
  // Built from what we know, not from request.url: a data request's URL ends in `.data`.
  const asked = new URL(request.url).searchParams.get("project")?.trim();
  const back = (code: keyof typeof SAVED, anchor = "updates") => {
    const query = new URLSearchParams(asked ? { project: asked, saved: code } : { saved: code });
    return redirect(`/founder-dashboard?${query}#${anchor}`);
  };
  if (fields.intent && PERK_INTENTS.has(fields.intent)) return perkAction(db, user, fields, asked);
  if (fields.intent === "report-event") {
    const reported = await submitEventForm(
      {
        db,
        bucket: env.IMAGES,
        user,
        project: projectId,
        mailer: mailerFor(env, ctx, db),
        later: (task) => ctx.waitUntil(task),
        form: fields.intent,
      },
      form,
    );
    return reported.ok ? back("reported", "company-events") : reported.failure;
  }
  if (fields.intent === "withdraw-event") {
    try {
      await withdrawEvent(db, user, projectId);
      return back("event-withdrawn", "company-events");
    } catch (e) {
      return formFailed(e, null, { form: fields.intent });
    }
  }
  // Coming soon (ADR 055): the launch date, or opening the raise now.
  if (fields.intent === "set-launch" || fields.intent === "open-raise") {
    const launchAt = fields.launchAt ?? "";
    try {
      if (fields.intent === "set-launch") {
        await setLaunchDate(db, user, projectId, { launchAt });
        return back("launch-saved", "launch");
      }
      await openRaise(db, user, projectId, mailerFor(env, ctx, db));
      return back("opened", "launch");
    } catch (e) {
      return formFailed(e, { launchAt }, { form: fields.intent });
    }
  }
  const body = { title: fields.title ?? "", body: fields.body ?? "", investorsOnly: fields.investorsOnly ?? "" };
  if (fields.intent === "extend" || fields.intent === "close-early") {
    const deadline = fields.deadline ?? "";
    // An early close without its confirmation (an older page, a crafted post) goes to the step.
    if (fields.intent === "close-early" && fields.confirm !== CLOSE_EARLY_CONFIRMED) {
      const query = new URLSearchParams(asked ? { project: asked, closeEarly: deadline } : { closeEarly: deadline });
      return redirect(`/founder-dashboard?${query}#deadline`);
    }
    try {
      await changeDeadline(db, user, projectId, { deadline }, fields.intent);
      return back(fields.intent === "extend" ? "extended" : "closed-early", "deadline");
    } catch (e) {
      return formFailed(e, { deadline }, { form: fields.intent });
    }
  }
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
      // Deleting takes a confirm step that needs no JavaScript, as cancelling an investment does:
      // a post without the confirmation (the Delete button, or a form from an older page) deletes
      // nothing and goes to `?delete=<id>`, which asks 'Delete this update?'. Only its form, which
      // sends `confirm=yes`, deletes. The JSON API's DELETE is a deliberate call and asks nothing.
      if (fields.confirm !== DELETE_CONFIRMED) {
        const query = new URLSearchParams(asked ? { project: asked, delete: updateId } : { delete: updateId });
        return redirect(`/founder-dashboard?${query}#${confirmDeleteAnchor(updateId)}`);
      }
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

/** The Perks section's forms (app/server/perks.server.ts PERK_INTENTS, kept out of the server module). */
const PERK_FORMS = new Set(["add-perk", "edit-perk", "delete-perk"]);

/** The forms of the updates card: their refusals show there. */
const UPDATE_FORMS = new Set(["post-update", "edit-update", "delete-update"]);

export default function FounderDashboard({ loaderData, actionData }: Route.ComponentProps) {
  if ("refused" in loaderData) return <Refused message={loaderData.message} />;
  if (loaderData.kind === "no-project") return <NoProject />;
  if (loaderData.kind === "choose") return <ChooseProject />;
  const { project, chartHtml, investors, csvHref, adminView, conversation, editing, saved, selfHref } = loaderData;
  // A draft or a project in review has no public page yet: its founder previews it by id.
  const isDraft = !isListedStatus(project.status);
  // Each card shows its own form's refusal: the deadline's, the company events', the updates'.
  const failed = actionData && !actionData.ok ? actionData : null;
  const eventsFailure: CompanyEventsFailure | null =
    failed?.form === "report-event" || failed?.form === "withdraw-event"
      ? {
          form: failed.form,
          message: failed.message,
          errors: failed.errors,
          values: failed.values as CompanyEventsFailure["values"],
        }
      : null;
  const updateFailed = failed?.form !== undefined && UPDATE_FORMS.has(failed.form) ? failed : null;
  const perksFailure: PerksFailure | null =
    failed?.form !== undefined && PERK_FORMS.has(failed.form)
      ? {
          form: failed.form,
          message: failed.message,
          errors: failed.errors,
          values: failed.values as PerksFailure["values"],
          perkId: (failed.data as { perkId?: string | null } | undefined)?.perkId ?? null,
        }
      : null;

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
          <Link
            className="btn btn-secondary"
            to={href("/project/:slug", { slug: isDraft ? project.id : project.slug })}
          >
            {isDraft ? "Preview" : "View Public Page"}
          </Link>
          <Link className="btn btn-primary" to={href("/my-projects/edit/:id", { id: project.id })}>
            Edit Project
          </Link>
        </div>
      </header>

      <DashboardStats project={project} />

      {loaderData.launchSaved && !loaderData.launch ? (
        // Opened: the launch card is gone with the Coming soon state, so the confirmation shows here.
        <Notice tone="success">{loaderData.launchSaved}</Notice>
      ) : null}
      {loaderData.launch ? (
        <ComingSoonCard
          view={loaderData.launch}
          projectId={project.id}
          action={selfHref}
          saved={loaderData.launchSaved}
          failed={
            actionData?.form === "set-launch" || actionData?.form === "open-raise"
              ? {
                  form: actionData.form,
                  errors: actionData.errors,
                  message: actionData.message,
                  value: (actionData.values as { launchAt?: string }).launchAt ?? "",
                }
              : null
          }
        />
      ) : null}

      {isDraft ? null : (
        <RaiseDeadline
          view={loaderData.deadline}
          projectId={project.id}
          action={selfHref}
          query={adminView ? project.slug : null}
          saved={loaderData.deadlineSaved}
          failed={
            actionData?.form === "extend" || actionData?.form === "close-early"
              ? {
                  form: actionData.form,
                  errors: actionData.errors,
                  message: actionData.message,
                  value: (actionData.values as { deadline?: string }).deadline ?? "",
                }
              : null
          }
        />
      )}

      {loaderData.companyEvents ? (
        <CompanyEvents
          view={loaderData.companyEvents}
          projectId={project.id}
          projectSlug={project.slug}
          action={selfHref}
          adminView={adminView}
          saved={loaderData.eventsSaved}
          failure={eventsFailure}
        />
      ) : null}

      {loaderData.perks ? (
        <Perks view={loaderData.perks} projectId={project.id} action={selfHref} failure={perksFailure} />
      ) : null}

      <section className="card dash-card" aria-labelledby="chart-title">
        <h2 id="chart-title" className="dash-card-title">
          Funding over time
        </h2>
        <div className="funding-chart-host" dangerouslySetInnerHTML={{ __html: chartHtml }} />
      </section>

      <InvestorsTable
        project={project}
        list={investors}
        csvHref={csvHref}
        hrefFor={(n) => `${selfHref}${selfHref.includes("?") ? "&" : "?"}investors=${n}#dash-investors`}
      />

      <Conversation
        projectId={project.id}
        projectSlug={project.slug}
        isDraft={isDraft}
        followers={conversation.followers}
        updates={conversation.updates}
        openQuestions={conversation.openQuestions}
        openQuestionCount={conversation.openQuestionCount}
        editing={editing}
        confirmDelete={loaderData.confirmDelete}
        formState={
          // The update form's own failure (an unknown action is said above the form only).
          updateFailed
            ? {
                errors: updateFailed.errors,
                values: updateFailed.values as UpdateFormState["values"],
                editing: (updateFailed.data as { editing?: string | null } | undefined)?.editing ?? null,
              }
            : null
        }
        error={updateFailed || (failed && !failed.form) ? (failed?.message ?? null) : null}
        message={failed?.form ? null : saved}
        action={selfHref}
        cancelHref={selfHref}
        constraints={loaderData.updateConstraints}
      />
    </div>
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
