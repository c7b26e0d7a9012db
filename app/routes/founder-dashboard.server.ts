/**
 * The founder dashboard's view: what its loader shows, computed from the dashboard and the
 * conversation's summary (`getFounderDashboard`, `getConversationSummary`), the company's events
 * once the raise is funded (`companyEvents`, ADR 052) and the page's query
 * (`?project=`, `?investors=`, `?edit=`, `?delete=`, `?saved=`). The funding chart is drawn here, on the server, and sent as
 * markup, so visx never reaches the browser (the route's JavaScript stays within its budget).
 * Server only (the route imports it in its loader alone).
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

import { FundingChart } from "../components/founder/FundingChart";
import { can } from "../../domain/shared/access";
import { addDays, isoDay } from "../../domain/shared/dates";
import {
  closingEarly,
  deadlineChangeBlocked,
  earliestEarlyDeadline,
  earlyCloseBlocked,
  earlyCloseProblem,
  latestDeadline,
  parseDay,
  RAISE_DATE_MESSAGES,
  type RaiseDates,
} from "../../domain/raises/raise-dates";
import { constraintsOf } from "../../domain/shared/form-kit";
import type { SessionUser } from "../../domain/shared/types";
import { UPDATE_MESSAGES, updateFormSchema } from "../../domain/conversation/update-form";
import { EVENT_MESSAGES, isExit, valuationEventSchema } from "../../domain/money/valuation";
import type { FounderDashboard } from "../../worker/services/projects/founder-dashboard";
import type { ConversationSummary } from "../../worker/services/conversation/updates";
import type { ValuationEventDTO } from "../../worker/services/money/valuations";
import { EMPTY_EVENT_VALUES, type EventFormValues } from "../components/company-events/EventFields";
import type { CompanyEventsView } from "../components/founder/CompanyEvents";
import type { LaunchView } from "../components/founder/ComingSoon";
import { earliestLaunchDay } from "../../domain/raises/reservations";

/** `?saved=` codes after a redirect (codes, never free text). */
export const SAVED = {
  posted: UPDATE_MESSAGES.posted,
  edited: UPDATE_MESSAGES.saved,
  deleted: UPDATE_MESSAGES.deleted,
  "closed-early": "Your raise will close early: every investor has been told the new deadline.",
  extended: "Your deadline was extended: every investor has been told.",
  reported: EVENT_MESSAGES.reported,
  "event-withdrawn": EVENT_MESSAGES.withdrawn,
  "launch-saved": "Your launch date was saved.",
  opened: "Your raise is open for investment: everyone who reserved has been told.",
} as const;

const DEADLINE_SAVED = new Set(["closed-early", "extended"]);
const EVENTS_SAVED = new Set(["reported", "event-withdrawn"]);
const LAUNCH_SAVED = new Set(["launch-saved", "opened"]);

/** Statuses whose launch card shows (ADR 055): before the raise opens. */
const BEFORE_OPEN = new Set(["draft", "in_review", "coming_soon"]);

/** The launch card's view (ADR 055), or null once the raise has opened. */
export function launchView(project: FounderDashboard["project"], now = Date.now()): LaunchView | null {
  if (!BEFORE_OPEN.has(project.status)) return null;
  return {
    status: project.status,
    launchOn: project.launchAt ? project.launchAt.slice(0, 10) : null,
    min: earliestLaunchDay(now),
    max: addDays(project.fundingDeadline, -1),
    reservations: project.reservations,
  };
}

/** The form's values from a report sent back: the founder corrects it rather than typing it again. */
const valuesOf = (e: ValuationEventDTO): EventFormValues => ({
  kind: e.kind,
  effectiveOn: e.effectiveOn,
  pricePerShare: String(e.pricePerShare),
  preMoneyValuation: e.preMoneyValuation === null ? "" : String(e.preMoneyValuation),
  roundName: e.roundName,
  statement: e.statement,
  evidence: e.evidence,
  evidenceName: "",
});

/**
 * The "Company events" section of a funded raise (ADR 052): its events newest first, whether a
 * report may be made now, the days its date may take (from the raise's funding, or the latest
 * reviewed event, to today), and the form's start: the latest report when it was sent back.
 */
export function companyEventsView(
  project: FounderDashboard["project"],
  events: ValuationEventDTO[],
  today = isoDay(),
): CompanyEventsView {
  const approved = events.filter((e) => e.status === "approved");
  const fundedOn = project.settlement ? isoDay(Date.parse(project.settlement.settledAt)) : null;
  const latestOn =
    approved
      .map((e) => e.effectiveOn)
      .sort()
      .at(-1) ?? null;
  const [min = null] = [fundedOn, latestOn]
    .filter((d) => d !== null)
    .sort()
    .reverse();
  const newest = [...events].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  return {
    events: newest.map((e) => ({
      id: e.id,
      kind: e.kind,
      kindLabel: e.kindLabel,
      status: e.status,
      effectiveOn: e.effectiveOn,
      pricePerShare: e.pricePerShare,
      preMoneyValuation: e.preMoneyValuation,
      roundName: e.roundName,
      reviewNote: e.reviewNote,
    })),
    closed: approved.some((e) => isExit(e.kind)) ? EVENT_MESSAGES.exited : null,
    pending: events.some((e) => e.status === "pending"),
    dates: { min, max: today },
    values: newest[0]?.status === "changes_requested" ? valuesOf(newest[0]) : EMPTY_EVENT_VALUES,
    constraints: {
      statement: constraintsOf(valuationEventSchema, "statement"),
      roundName: constraintsOf(valuationEventSchema, "roundName"),
    },
  };
}

/**
 * The deadline card's view (ADR 043): what the founder may do to the deadline now and between
 * which dates, and the early close waiting for its confirmation (`?closeEarly=<date>`); after an
 * early close, only what the deadline is and that it is final.
 */
export function deadlineView(project: FounderDashboard["project"], query: URLSearchParams, now = Date.now()) {
  const dates: RaiseDates = {
    status: project.status,
    fundingDeadline: project.fundingDeadline,
    publishedAt: project.publishedAt ? Date.parse(project.publishedAt) : null,
    fundingCurrentCents: project.fundingCurrentCents,
    fundingGoalCents: project.fundingGoalCents,
    closedEarlyAt: project.closedEarlyAt ? Date.parse(project.closedEarlyAt) : null,
  };
  const raw = query.get("closeEarly");
  const asked = parseDay(raw);
  const earlyBlocked = earlyCloseBlocked(dates, now);
  // A date asked for on the GET step: confirmed next if the rules accept it, else said why.
  const askedProblem =
    raw === null ? null : asked ? earlyCloseProblem(dates, asked, now) : RAISE_DATE_MESSAGES.invalidDate;
  return {
    deadline: project.fundingDeadline,
    // Closed early: the card says the final date and offers no form (neither closing again nor extending).
    closedEarly: closingEarly(dates, now) ? RAISE_DATE_MESSAGES.closedEarly(project.fundingDeadline) : null,
    extend: deadlineChangeBlocked(dates, now)
      ? null
      : { min: addDays(project.fundingDeadline, 1), max: latestDeadline(dates.publishedAt!) },
    earlyClose: earlyBlocked
      ? { blocked: earlyBlocked }
      : {
          blocked: null,
          min: earliestEarlyDeadline(now),
          max: addDays(project.fundingDeadline, -1),
          confirm: asked && !askedProblem ? asked : null,
          asked: raw ?? "",
          error: askedProblem,
        },
  };
}

/** The dashboard's loader data; `asked` is the `?project=` the viewer named, if any. */
export function dashboardView({
  viewer,
  dashboard,
  conversation,
  events,
  asked,
  query,
}: {
  viewer: SessionUser;
  dashboard: FounderDashboard;
  conversation: ConversationSummary;
  /** The company's events, once its raise is funded; null before. */
  events: ValuationEventDTO[] | null;
  asked: string | undefined;
  query: URLSearchParams;
}) {
  const { project, series, investors } = dashboard;
  const today = isoDay();
  // The line runs on, flat, to today (or to the deadline of a raise that has closed).
  const until = project.fundingDeadline < today ? project.fundingDeadline : today;
  const projectQuery = asked ? `?project=${encodeURIComponent(project.slug)}` : "";
  const deleteId = query.get("delete");
  const saved = query.get("saved");
  return {
    kind: "dashboard" as const,
    adminView: can(viewer, "administer") && project.id !== viewer.ownedProject,
    project,
    chartHtml: renderToStaticMarkup(
      createElement(FundingChart, { series, goal: project.fundingGoal, title: project.title, until }),
    ),
    /** One page of the investor table (`?investors=`); the CSV has them all. */
    investors,
    csvHref: `/founder-dashboard/investors.csv${projectQuery}`,
    selfHref: `/founder-dashboard${projectQuery}`,
    conversation,
    editing: conversation.editing,
    /** The update whose Delete asks for confirmation (`?delete=`), when it is one of the listed ones. */
    confirmDelete: (deleteId && conversation.updates.find((u) => u.id === deleteId)) || null,
    // A deadline change's confirmation shows on its card, a company event's in its section; the updates' on theirs.
    saved:
      saved &&
      Object.hasOwn(SAVED, saved) &&
      !DEADLINE_SAVED.has(saved) &&
      !EVENTS_SAVED.has(saved) &&
      !LAUNCH_SAVED.has(saved)
        ? SAVED[saved as keyof typeof SAVED]
        : null,
    deadlineSaved: saved && DEADLINE_SAVED.has(saved) ? SAVED[saved as keyof typeof SAVED] : null,
    eventsSaved: saved && EVENTS_SAVED.has(saved) ? SAVED[saved as keyof typeof SAVED] : null,
    launchSaved: saved && LAUNCH_SAVED.has(saved) ? SAVED[saved as keyof typeof SAVED] : null,
    launch: launchView(project),
    companyEvents: events ? companyEventsView(project, events) : null,
    deadline: deadlineView(project, query),
    updateConstraints: {
      title: constraintsOf(updateFormSchema, "title"),
      body: constraintsOf(updateFormSchema, "body"),
    },
  };
}
