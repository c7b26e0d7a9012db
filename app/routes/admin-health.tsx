/**
 * /admin/health (ADR 056): what the site is doing, for admins only (the same access check as
 * /admin: a visitor signs in first, anyone else gets the access-denied page). The last hour by
 * minute and the last day by hour (requests and server errors, p50 and p95 latency, the counted
 * events), the busiest routes of each, every scheduled job's last run and whether it is late, and
 * the newest captured errors with their stacks. Its own page, so /admin does not pay for it: one
 * batch of fixed statements (worker/services/operator/health-report.ts), after this isolate's
 * counts are written so its last seconds show. The charts are SVG drawn on the server
 * (admin-health.server.ts): the page reads the same without JavaScript.
 */
import { href, Link } from "react-router";

import {
  ChartOrEmpty,
  ErrorsSection,
  EventTotals,
  JobsSection,
  RoutesTable,
  WindowFigures,
} from "../components/admin/HealthSections";
import { pageMeta } from "../components/meta";
import { formatDateTime } from "../../domain/shared/format";
import { getApp, requireAdminOrRedirect } from "../server/guards.server";
import { logLine } from "../../worker/observability/log";
import { flushMetrics } from "../../worker/observability/metrics";
import { RELEASE } from "../../worker/observability/release";
import { adminHealthReport } from "../../worker/services/operator/health-report";
import { healthChartsHtml } from "./admin-health.server";
import type { Route } from "./+types/admin-health";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Health", "Requests, errors, latency, events, scheduled jobs and captured errors."),
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireAdminOrRedirect(request, context);
  const { db, env } = getApp(context);
  // On the binding, not the request's counted session: the page's statements stay the same.
  await flushMetrics(env.DB).catch((e: unknown) => logLine("error", "metrics flush failed", { message: String(e) }));
  const report = await adminHealthReport(db, user);
  const { hour, day } = report;
  return {
    now: report.now,
    release: RELEASE,
    charts: healthChartsHtml(report),
    hour: {
      totals: hour.totals,
      routes: hour.routes,
      events: hour.events.map((e) => ({ name: e.name, total: e.total })),
    },
    day: { totals: day.totals, routes: day.routes },
    jobs: report.jobs,
    errors: report.errors,
  };
}

export default function AdminHealth({ loaderData }: Route.ComponentProps) {
  const { now, release, charts, hour, day, jobs, errors } = loaderData;
  return (
    <div className="container page-body admin-page health-page">
      <header className="page-header">
        <h1 className="page-title">Health</h1>
        <p className="page-lead">
          What the site did in the last hour and the last day, its scheduled jobs and the errors it met.
        </p>
        <p className="muted small">
          Read {formatDateTime(now)}, release <code>{release}</code>. Times are UTC.
        </p>
        <nav aria-label="Health sections" className="admin-nav">
          <Link to={href("/admin")}>Admin</Link>
          <a href="#hour">Last hour</a>
          <a href="#day">Last day</a>
          <a href="#routes">Routes</a>
          <a href="#jobs">Scheduled jobs ({jobs.filter((j) => j.late).length} late)</a>
          <a href="#errors">Errors ({errors.length})</a>
        </nav>
      </header>
      <section id="hour" className="admin-section" aria-labelledby="hour-title">
        <h2 id="hour-title">Last hour</h2>
        <WindowFigures totals={hour.totals} label="The last hour" />
        <ChartOrEmpty html={charts.hourTraffic} empty="No requests in the last hour." />
        {charts.hourLatency ? <ChartOrEmpty html={charts.hourLatency} empty="" /> : null}
        <h3 className="admin-subhead">Events in the last hour</h3>
        <EventTotals events={hour.events} label="Events in the last hour" />
      </section>
      <section id="day" className="admin-section" aria-labelledby="day-title">
        <h2 id="day-title">Last day</h2>
        <WindowFigures totals={day.totals} label="The last day" />
        <ChartOrEmpty html={charts.dayTraffic} empty="No requests in the last day." />
        <ChartOrEmpty html={charts.dayEvents} empty="No events in the last day." />
      </section>
      <section id="routes" className="admin-section" aria-labelledby="routes-title">
        <h2 id="routes-title">Routes</h2>
        <p className="muted">The busiest routes, most requests first (at most 20 each).</p>
        <RoutesTable
          routes={hour.routes}
          id="routes-hour"
          caption="The last hour"
          empty="No requests in the last hour."
        />
        <RoutesTable routes={day.routes} id="routes-day" caption="The last day" empty="No requests in the last day." />
      </section>
      <JobsSection jobs={jobs} />
      <ErrorsSection errors={errors} />
    </div>
  );
}
