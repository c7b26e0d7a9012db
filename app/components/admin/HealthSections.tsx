/**
 * /admin/health's sections besides its charts (ADR 056): a window's figures, the busiest routes,
 * the scheduled jobs' last runs and the newest captured errors (worker/services/operator/
 * health-report.ts). Read-only tables: nothing here needs JavaScript.
 */
import {
  eventLabel,
  formatErrorRate,
  formatLatency,
  type ErrorEventDTO,
  type HealthWindowDTO,
  type JobHealthDTO,
  type RouteFiguresDTO,
} from "../../../domain/operator/health";
import { formatDateTime, formatNumber } from "../../../domain/shared/format";

/** A chart's markup from the loader, or the sentence saying there is nothing to draw. */
export function ChartOrEmpty({ html, empty }: { html: string; empty: string }) {
  if (!html) return <p className="chart-empty">{empty}</p>;
  return <div className="health-chart-host" dangerouslySetInnerHTML={{ __html: html }} />;
}

export function WindowFigures({ totals: t, label }: { totals: HealthWindowDTO["totals"]; label: string }) {
  const figures = [
    ["Requests", formatNumber(t.requests)],
    ["Server errors (5xx)", `${formatNumber(t.errors)} (${formatErrorRate(t.requests, t.errors)})`],
    ["p50 latency", formatLatency(t.p50)],
    ["p95 latency", formatLatency(t.p95)],
  ] as const;
  return (
    <dl className="admin-figures" aria-label={label}>
      {figures.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Each event's count over a window, in a line of figures. */
export function EventTotals({ events, label }: { events: { name: string; total: number }[]; label: string }) {
  return (
    <dl className="health-event-totals" aria-label={label}>
      {events.map((e) => (
        <div key={e.name}>
          <dt>{eventLabel(e.name)}</dt>
          <dd>{formatNumber(e.total)}</dd>
        </div>
      ))}
    </dl>
  );
}

export function RoutesTable({
  routes,
  id,
  caption,
  empty,
}: {
  routes: RouteFiguresDTO[];
  id: string;
  caption: string;
  empty: string;
}) {
  if (routes.length === 0) return <p className="card empty-state">{empty}</p>;
  return (
    <div className="admin-table-scroll" role="region" aria-labelledby={id} tabIndex={0}>
      <table className="admin-table health-routes">
        <caption id={id} className="admin-subhead">
          {caption}
        </caption>
        <thead>
          <tr>
            <th scope="col">Route</th>
            <th scope="col" className="num">
              Requests
            </th>
            <th scope="col" className="num">
              Error rate
            </th>
            <th scope="col" className="num">
              p50
            </th>
            <th scope="col" className="num">
              p95
            </th>
          </tr>
        </thead>
        <tbody>
          {routes.map((r) => (
            <tr key={r.route}>
              <th scope="row">
                <code>{r.route}</code>
              </th>
              <td className="num">{formatNumber(r.requests)}</td>
              <td className="num">{formatErrorRate(r.requests, r.errors)}</td>
              <td className="num">{formatLatency(r.p50)}</td>
              <td className="num">{formatLatency(r.p95)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const RUN_STATUS = {
  ok: { label: "OK", badge: "badge-success" },
  failed: { label: "Failed", badge: "badge-danger" },
  running: { label: "Running", badge: "badge-muted" },
} as const;

/** "1.2 s", "340 ms", "3 min 5 s". */
function took(ms: number | null): string {
  if (ms === null) return "—";
  if (ms < 1_000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1_000)} s`;
}

/** "30 minutes", "26 hours". */
function within(ms: number): string {
  return ms % 3_600_000 === 0 ? `${ms / 3_600_000} hours` : `${Math.round(ms / 60_000)} minutes`;
}

export function JobsSection({ jobs }: { jobs: JobHealthDTO[] }) {
  const late = jobs.filter((j) => j.late).length;
  return (
    <section id="jobs" className="admin-section" aria-labelledby="jobs-title">
      <h2 id="jobs-title">Scheduled jobs</h2>
      <p className="muted">
        A job is late when it has not succeeded within its limit (three runs for the frequent jobs, 26 hours for the
        daily ones). {late === 0 ? "No job is late." : `${late} of ${jobs.length} jobs are late.`}
      </p>
      <div className="admin-table-scroll" role="region" aria-labelledby="jobs-table-title" tabIndex={0}>
        <table className="admin-table health-jobs">
          <caption id="jobs-table-title" className="admin-subhead">
            Each job&apos;s last run
          </caption>
          <thead>
            <tr>
              <th scope="col">Job</th>
              <th scope="col">On time</th>
              <th scope="col">Last run</th>
              <th scope="col">Took</th>
              <th scope="col">What it did</th>
            </tr>
          </thead>
          <tbody>
            {jobs.map((j) => (
              <tr key={j.name}>
                <th scope="row">
                  <code>{j.name}</code>
                  <span className="health-job-schedule small">{j.schedule}</span>
                  <span className="health-job-description small muted">{j.description}</span>
                </th>
                <td className="health-job-late">
                  {j.late ? (
                    <>
                      <span className="badge badge-warning">Late</span>
                      <span className="small muted">
                        {" "}
                        {j.lastOkAt
                          ? `last succeeded ${formatDateTime(j.lastOkAt)}`
                          : `no successful run yet (due every ${within(j.lateAfterMs)} at most)`}
                      </span>
                    </>
                  ) : (
                    <span className="badge badge-success">On time</span>
                  )}
                </td>
                <td>
                  {j.lastRun ? (
                    <>
                      <span className={`badge ${RUN_STATUS[j.lastRun.status].badge}`}>
                        {RUN_STATUS[j.lastRun.status].label}
                      </span>{" "}
                      <span className="health-nowrap">{formatDateTime(j.lastRun.startedAt)}</span>
                    </>
                  ) : (
                    <span className="muted">Never run</span>
                  )}
                </td>
                <td>{took(j.lastRun?.tookMs ?? null)}</td>
                <td className="health-job-outcome">
                  {j.lastRun?.error ? (
                    <span className="health-error-text">{j.lastRun.error}</span>
                  ) : (
                    (j.lastRun?.summary ?? <span className="muted">—</span>)
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export function ErrorsSection({ errors }: { errors: ErrorEventDTO[] }) {
  return (
    <section id="errors" className="admin-section" aria-labelledby="errors-title">
      <h2 id="errors-title">Errors</h2>
      <p className="muted">
        Unexpected errors, the most recently seen first, each once however often it happened. Quote the request id to
        find its log line.
      </p>
      {errors.length === 0 ? (
        <p className="card empty-state">No errors captured.</p>
      ) : (
        <ol className="health-errors">
          {errors.map((e) => (
            <li key={e.fingerprint} className="card health-error">
              <h3 className="health-error-title">
                <span className="health-error-name">{e.name}</span> {e.message}
              </h3>
              <dl className="health-error-facts">
                <div>
                  <dt>Where</dt>
                  <dd>
                    <code>{e.route}</code>
                  </dd>
                </div>
                <div>
                  <dt>Times</dt>
                  <dd>{formatNumber(e.count)}</dd>
                </div>
                <div>
                  <dt>First seen</dt>
                  <dd>{formatDateTime(e.firstSeenAt)}</dd>
                </div>
                <div>
                  <dt>Last seen</dt>
                  <dd>{formatDateTime(e.lastSeenAt)}</dd>
                </div>
                <div>
                  <dt>Last request id</dt>
                  <dd>
                    <code>{e.lastRequestId}</code>
                  </dd>
                </div>
                <div>
                  <dt>Release</dt>
                  <dd>
                    <code>{e.release}</code>
                  </dd>
                </div>
              </dl>
              {e.stack ? (
                <details className="health-stack">
                  <summary>
                    Stack<span className="visually-hidden"> of {e.name}</span>
                  </summary>
                  <pre>{e.stack}</pre>
                </details>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
