/**
 * /admin/health's charts (ADR 056), drawn here, on the server, and sent as markup (as the
 * portfolio's value over time: app/routes/portfolio.server.ts), so visx never reaches the browser.
 * A window without requests has no chart (the page says so instead). Server only: the route
 * imports it in its loader alone.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

import { EventsChart, LatencyChart, TrafficChart } from "../components/admin/HealthCharts";
import type { HealthReportDTO } from "../../domain/operator/health";
import { LATENCY_BOUNDS_MS } from "../../worker/observability/metrics";

export interface HealthChartsHtml {
  /** Requests and errors per minute, the last hour ("" without requests). */
  hourTraffic: string;
  /** p50 and p95 latency per minute, the last hour ("" without requests). */
  hourLatency: string;
  /** Requests and errors per hour, the last day ("" without requests). */
  dayTraffic: string;
  /** Events per hour, the last day ("" without events). */
  dayEvents: string;
}

export function healthChartsHtml(report: HealthReportDTO): HealthChartsHtml {
  const { hour, day } = report;
  const html = (element: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(element);
  return {
    hourTraffic:
      hour.totals.requests > 0
        ? html(createElement(TrafficChart, { window: hour, title: "Requests per minute", id: "chart-hour-traffic" }))
        : "",
    hourLatency:
      hour.totals.requests > 0
        ? html(
            createElement(LatencyChart, {
              window: hour,
              bounds: LATENCY_BOUNDS_MS,
              title: "Latency per minute",
              id: "chart-hour-latency",
            }),
          )
        : "",
    dayTraffic:
      day.totals.requests > 0
        ? html(createElement(TrafficChart, { window: day, title: "Requests per hour", id: "chart-day-traffic" }))
        : "",
    dayEvents: day.events.some((e) => e.total > 0)
      ? html(createElement(EventsChart, { window: day, title: "Events per hour", id: "chart-day-events" }))
      : "",
  };
}
