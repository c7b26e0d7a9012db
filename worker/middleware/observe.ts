/**
 * Every request traceable (ADR 056): the outermost middleware (worker/app.ts).
 *
 * - The request's id (worker/observability/request-id.ts) goes on the context (`requestId`, and the Observation React
 *   Router's loaders reach through appContext), on the answer as `X-Request-Id`, and into every
 *   `/api` error body as `requestId` beside the spec's `{ success: false, message }`.
 * - One JSON log line per request (worker/observability/log.ts): id, method, route pattern (Hono's for the API and
 *   files; React Router's, reported by app/entry.server.tsx's instrumentation, for pages; never
 *   the raw path, which may carry a token), status, duration, D1 statements and their time, the
 *   edge cache's HIT or MISS, the signed-in user's id, colo and country. Nothing else.
 * - The request counted in the metrics (worker/observability/metrics.ts), its Analytics Engine points written, this
 *   isolate's counts flushed to D1 when due, and the errors captured during it (worker/observability/capture.ts)
 *   written once, all after the response (`waitUntil`).
 */
import type { Context, MiddlewareHandler } from "hono";
import { routePath } from "hono/route";

import { firstCapture, recordError } from "../observability/capture";
import { logLine, logRequest } from "../observability/log";
import { countRequest, flushMetrics, metricsDue, writeAnalytics } from "../observability/metrics";
import type { Observation } from "../observability/observation";
import { REQUEST_ID_HEADER, requestIdFor } from "../observability/request-id";
import type { HonoEnv } from "../types";

/**
 * The route pattern that answered (`/project/:id`): React Router's for a page, else the Hono
 * route whose handler answered last. The edge cache keeps it with a copy and reports it on a hit
 * (worker/edge-cache.ts), where no route runs.
 */
export function routePatternOf(c: Context<HonoEnv>): string {
  return c.get("observation")?.route ?? (routePath(c) || "*");
}

/** The route a request matched, with its method: `GET /project/:id`, `POST /api/investments`. */
export function routeOf(c: Context<HonoEnv>): string {
  return `${c.req.method} ${routePatternOf(c)}`;
}

/** Adds `requestId` to a JSON error body of the API (read only when the answer is an error). */
async function withRequestId(res: Response, requestId: string): Promise<Response> {
  try {
    const body: unknown = await res.clone().json();
    if (!body || typeof body !== "object" || Array.isArray(body)) return res;
    const headers = new Headers(res.headers);
    headers.delete("Content-Length");
    return new Response(JSON.stringify({ ...body, requestId }), { status: res.status, headers });
  } catch {
    return res;
  }
}

/** After the response where the runtime allows it; awaited where there is no execution context (`app.request` in a test). */
function waitUntil(c: Context<HonoEnv>, work: Promise<unknown>) {
  let ctx: ExecutionContext | undefined;
  try {
    ctx = c.executionCtx as ExecutionContext;
  } catch {
    ctx = undefined;
  }
  if (ctx) ctx.waitUntil(work);
}

export function observe(): MiddlewareHandler<HonoEnv> {
  return async (c, next) => {
    const started = Date.now();
    const requestId = requestIdFor(c.req.raw);
    const pending: unknown[] = [];
    let afterAnswer: ((error: unknown) => void) | null = null;
    const observation: Observation = {
      requestId,
      route: null,
      capture(error) {
        if (!firstCapture(error)) return;
        if (afterAnswer) afterAnswer(error);
        else pending.push(error);
      },
    };
    c.set("requestId", requestId);
    c.set("observation", observation);

    await next();

    const isApi = c.req.path === "/api" || c.req.path.startsWith("/api/");
    if (isApi && c.res.status >= 400 && /json/i.test(c.res.headers.get("Content-Type") ?? "")) {
      c.res = await withRequestId(c.res, requestId);
    }
    c.res.headers.set(REQUEST_ID_HEADER, requestId);

    const durationMs = Date.now() - started;
    const route = routeOf(c);
    const d1 = c.get("d1Use")?.() ?? { statements: 0, ms: 0 };
    const cf = (c.req.raw as Request & { cf?: { colo?: string; country?: string } }).cf;
    logRequest({
      id: requestId,
      method: c.req.method,
      route,
      status: c.res.status,
      ms: durationMs,
      d1: { statements: d1.statements, ms: d1.ms },
      cache: c.res.headers.get("X-Edge-Cache"),
      user: c.get("user")?.id ?? null,
      colo: cf?.colo ?? null,
      country: cf?.country ?? null,
    });

    countRequest(route, c.res.status, durationMs, started);
    const { env } = c;
    const failed = (e: unknown) =>
      logLine("error", "observability write failed", { id: requestId, message: String(e) });
    // From here on an error is written as it is reported (a page still streaming, work after the answer).
    afterAnswer = (error) => waitUntil(c, recordError(env.DB, error, { requestId, route }).catch(failed));
    const errors = pending.splice(0);
    const flush = metricsDue();
    if (errors.length === 0 && !flush && !env.METRICS) return;
    const work = (async () => {
      for (const err of errors) await recordError(env.DB, err, { requestId, route });
      writeAnalytics(env.METRICS);
      if (flush || metricsDue()) await flushMetrics(env.DB);
    })().catch(failed);
    waitUntil(c, work);
  };
}
