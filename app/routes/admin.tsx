/**
 * /admin (ADR 030): the operator's page, admins only (a visitor signs in first; anyone else gets
 * the access-denied page). The review queue (oldest submission first, each with its preview, the
 * launch checklist, Approve and Request changes with a required note), the newest projects, the
 * people (newest first, or by email prefix) with Suspend and Reinstate, the mail's health (ADR 044)
 * and the audit log. Company events (ADR 052): the founders' reports waiting for review (Approve,
 * Send back with a note), and Record a company event, whose PDF of evidence makes the page's
 * forms multipart (app/server/company-events.server.ts). The exchange's markets (ADR 053), each with
 * Halt or Resume and a required reason (worker/services/market/halts.ts). A Discussion's reports
 * (ADR 055): reported posts with Hide (a note for the author) and Dismiss, the posts hidden lately
 * with Restore, and a person's posting suspension in People with Lift
 * (worker/services/conversation/reports.ts).
 *
 * Every button is a plain form posting here, so all of it works without JavaScript: a success
 * redirects back with `?done=<code>` (never free text) to the section it came from; a refusal
 * comes back with the form's message beside it and what was typed kept. Each list is bounded and
 * read in one statement (services: reviews.ts, moderation.ts, audit.ts).
 */
import { href, Link, redirect } from "react-router";

import {
  AuditLog,
  DONE_MESSAGES,
  PeopleSection,
  RecentProjects,
  ReviewQueue,
  type AdminFailure,
  type DoneCode,
} from "../components/admin/sections";
import { MailSection } from "../components/admin/MailSection";
import { pageMeta } from "../components/meta";
import { Notice } from "../components/Notice";
import { FORM_LIMITS } from "../../domain/shared/limits";
import { formFailed, formFailure } from "../server/form-result";
import { formFields, readForm } from "../server/form.server";
import { getApp, requireAdminOrRedirect } from "../server/guards.server";
import { mailerFor } from "../../worker/mail/mailer";
import { listAudit } from "../../worker/services/operator/audit";
import { mailHealth } from "../../worker/services/operator/mail-admin";
import {
  listRecentProjects,
  listUsersForAdmin,
  reinstateUser,
  suspendUser,
} from "../../worker/services/operator/moderation";
import { approveProject, listReviewQueue, requestChanges } from "../../worker/services/projects/reviews";
import { approveRevision, listRevisionQueue, requestRevisionChanges } from "../../worker/services/projects/revisions";
import { RevisionQueue } from "../components/admin/RevisionQueue";
import { EventQueue } from "../components/admin/EventQueue";
import { RecordEvent, type RecordFailure } from "../components/admin/RecordEvent";
import { EMPTY_EVENT_VALUES } from "../components/company-events/EventFields";
import { valuationEventSchema } from "../../domain/money/valuation";
import { isoDay } from "../../domain/shared/dates";
import { constraintsOf } from "../../domain/shared/form-kit";
import { approveEvent, listEventQueue, requestEventChanges } from "../../worker/services/money/valuations";
import { submitEventForm } from "../server/company-events.server";
import { MarketsSection } from "../components/admin/MarketsSection";
import { UpdatesOverdue } from "../components/admin/UpdatesOverdue";
import { listOverdueForAdmin } from "../../worker/services/conversation/update-reminders";
import { haltMarket, listMarketsForAdmin, resumeMarket } from "../../worker/services/market/halts";
import { ReportsSection } from "../components/admin/ReportsSection";
import {
  dismissReports,
  hidePost,
  liftPostingSuspension,
  listHiddenPosts,
  listReportQueue,
  restorePost,
} from "../../worker/services/conversation/reports";
import type { Route } from "./+types/admin";

export const meta: Route.MetaFunction = () => [...pageMeta("Admin", "Review projects, people and the audit log.")];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireAdminOrRedirect(request, context);
  const { db } = getApp(context);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim();
  const done = url.searchParams.get("done");
  const [reviews, revisions, events, projects, people, audit, mail, markets, reportQueue, hiddenPosts, overdue] =
    await Promise.all([
      listReviewQueue(db, user),
      listRevisionQueue(db, user),
      listEventQueue(db, user),
      listRecentProjects(db, user),
      listUsersForAdmin(db, user, q),
      listAudit(db, user),
      mailHealth(db, user),
      listMarketsForAdmin(db, user),
      listReportQueue(db, user),
      listHiddenPosts(db, user),
      listOverdueForAdmin(db, user),
    ]);
  return {
    overdue,
    viewerId: user.id,
    q,
    done: done && Object.hasOwn(DONE_MESSAGES, done) ? DONE_MESSAGES[done as DoneCode] : null,
    reviews: reviews.map((r) => ({
      id: r.project.id,
      title: r.project.title,
      creator: r.project.creator,
      shortDescription: r.project.shortDescription,
      category: r.project.category,
      fundingGoal: r.project.fundingGoal,
      sharePrice: r.project.sharePrice,
      equityPercentage: r.project.investmentTerms.equityPercentage,
      regulationType: r.project.regulationType,
      fundingDeadline: r.project.fundingDeadline,
      submittedAt: r.submittedAt,
      checklist: r.checklist,
    })),
    revisions: revisions.map((r) => ({
      id: r.revision.id,
      projectId: r.project.id,
      slug: r.project.slug,
      title: r.project.title,
      investors: r.project.investors,
      submittedAt: r.revision.submittedAt,
      changes: r.changes,
    })),
    events: events.map(({ event: e, project }) => ({
      id: e.id,
      kind: e.kind,
      kindLabel: e.kindLabel,
      effectiveOn: e.effectiveOn,
      pricePerShare: e.pricePerShare,
      preMoneyValuation: e.preMoneyValuation,
      roundName: e.roundName,
      statement: e.statement,
      evidence: e.evidence,
      createdAt: e.createdAt,
      project: {
        slug: project.slug,
        title: project.title,
        regulationType: project.regulationType,
        mark: project.mark,
        sharePrice: project.sharePrice,
      },
    })),
    /** Record a company event: the company the founder dashboard's link names (`?company=`). */
    record: {
      values: { ...EMPTY_EVENT_VALUES, project: (url.searchParams.get("company") ?? "").trim().slice(0, 200) },
      today: isoDay(),
      constraints: {
        statement: constraintsOf(valuationEventSchema, "statement"),
        roundName: constraintsOf(valuationEventSchema, "roundName"),
      },
    },
    projects: projects.map((p) => ({
      id: p.id,
      slug: p.slug,
      title: p.title,
      status: p.status,
      daysLeft: p.daysLeft,
      sharesRemaining: p.sharesRemaining,
      updatedAt: p.updatedAt,
      reviewNote: p.reviewNote,
    })),
    people,
    audit,
    mail,
    markets,
    reports: { queue: reportQueue, hidden: hiddenPosts },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAdminOrRedirect(request, context);
  const app = getApp(context);
  const { db } = app;
  const posted = await readForm(request, FORM_LIMITS.admin);
  const fields = formFields(posted);
  const intent = fields.intent ?? "";
  const id = fields.id ?? "";
  const reason = fields.reason ?? "";
  const back = (code: DoneCode, section: string) => {
    const q = fields.q ? `&q=${encodeURIComponent(fields.q)}` : "";
    return redirect(`${href("/admin")}?done=${code}${q}#${section}`);
  };
  const form = `${intent}:${id}`;
  try {
    switch (intent) {
      case "approve":
        await approveProject(db, user, id, mailerFor(app.env, app.ctx, db), { reason });
        return back("approved", "reviews");
      case "approve-revision":
        await approveRevision(db, user, id, mailerFor(app.env, app.ctx, db));
        return back("revision-approved", "revisions");
      case "revision-changes":
        await requestRevisionChanges(db, user, id, { reason }, mailerFor(app.env, app.ctx, db));
        return back("revision-returned", "revisions");
      case "request-changes":
        await requestChanges(db, user, id, { reason }, mailerFor(app.env, app.ctx, db));
        return back("changes", "reviews");
      case "approve-event":
        await approveEvent(db, user, id, { mailer: mailerFor(app.env, app.ctx, db), later: laterOf(app.ctx) });
        return back("event-approved", "company-events");
      case "event-changes":
        await requestEventChanges(db, user, id, { reason }, { mailer: mailerFor(app.env, app.ctx, db) });
        return back("event-returned", "company-events");
      case "record-event": {
        const recorded = await submitEventForm(
          {
            db,
            bucket: app.env.IMAGES,
            user,
            project: fields.project ?? "",
            mailer: mailerFor(app.env, app.ctx, db),
            later: laterOf(app.ctx),
            form: intent,
            projectField: "project",
          },
          posted,
        );
        return recorded.ok ? back("event-recorded", "record-event") : recorded.failure;
      }
      case "halt-market":
        await haltMarket(db, user, id, { reason });
        return back("market-halted", "markets");
      case "resume-market":
        await resumeMarket(db, user, id, { reason });
        return back("market-resumed", "markets");
      case "hide-post": {
        const hid = await hidePost(db, user, id, { note: reason }, mailerFor(app.env, app.ctx, db));
        return back(hid.postingSuspendedUntil ? "post-hidden-suspended" : "post-hidden", "reports");
      }
      case "dismiss-reports":
        await dismissReports(db, user, id);
        return back("reports-dismissed", "reports");
      case "restore-post":
        await restorePost(db, user, id);
        return back("post-restored", "reports");
      case "lift-posting":
        await liftPostingSuspension(db, user, id);
        return back("posting-lifted", "people");
      case "suspend":
        await suspendUser(db, user, id, { reason });
        return back("suspended", "people");
      case "reinstate":
        await reinstateUser(db, user, id, { reason });
        return back("reinstated", "people");
      default:
        return formFailure(400, "Unknown action", { reason }, { form });
    }
  } catch (e) {
    return formFailed(e, { reason }, { form });
  }
}

/** Work to finish after the response (applying an approved event to the rest of its holders). */
const laterOf = (ctx: ExecutionContext) => (task: Promise<unknown>) => ctx.waitUntil(task);

export default function Admin({ loaderData, actionData }: Route.ComponentProps) {
  const {
    reviews,
    revisions,
    events,
    record,
    projects,
    markets,
    people,
    audit,
    mail,
    done,
    q,
    viewerId,
    reports,
    overdue,
  } = loaderData;
  const refused = actionData && !actionData.ok ? actionData : null;
  // The record form's refusal is its own (what was typed is the event's fields); the others' a note.
  const recordFailure = refused?.form === "record-event" ? (refused as unknown as RecordFailure) : null;
  const failure = refused && !recordFailure ? (refused as AdminFailure) : null;
  return (
    <div className="container page-body admin-page">
      <header className="page-header">
        <h1 className="page-title">Admin</h1>
        <p className="page-lead">Review what goes live, look after people, and see every admin action.</p>
        <nav aria-label="Admin sections" className="admin-nav">
          <a href="#reviews">Review queue ({reviews.length})</a>
          <a href="#revisions">Changes to live projects ({revisions.length})</a>
          <a href="#company-events">Company events ({events.length})</a>
          <a href="#reports">Reports ({reports.queue.length})</a>
          <a href="#projects">Projects</a>
          <a href="#markets">Markets</a>
          <a href="#updates-overdue">Updates overdue ({overdue.length})</a>
          <a href="#people">People</a>
          <a href="#mail">Mail</a>
          <a href="#audit">Audit log</a>
          <Link to={href("/admin/health")}>Health</Link>
        </nav>
      </header>
      {done ? <Notice tone="success">{done}</Notice> : null}
      <ReviewQueue reviews={reviews} failure={failure} />
      <RevisionQueue revisions={revisions} failure={failure} />
      <EventQueue events={events} failure={failure} />
      <RecordEvent
        values={record.values}
        today={record.today}
        constraints={record.constraints}
        failure={recordFailure}
      />
      <ReportsSection queue={reports.queue} hidden={reports.hidden} failure={failure} />
      <RecentProjects projects={projects} />
      <MarketsSection markets={markets} failure={failure} />
      <UpdatesOverdue companies={overdue} />
      <PeopleSection people={people} q={q} failure={failure} viewerId={viewerId} />
      <MailSection mail={mail} />
      <AuditLog entries={audit} />
    </div>
  );
}
