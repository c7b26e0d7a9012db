/**
 * The Worker entry and composition root: Hono runs the middleware and `/api`, and every other
 * request goes to React Router with a RouterContextProvider carrying env, ctx, db and the user.
 */
import { createRequestHandler, RouterContextProvider } from "react-router";

import { appContext } from "../app/context";
import { createApp } from "./app";
import { runScheduled } from "./jobs";

// React Router derives its routes from the build when the handler is made; given a function, it
// derives them again on every request (about 5-10% of a page's CPU). A built Worker's build never
// changes, so the handler is made once per isolate; under `react-router dev` it is made per
// request, so an edited route is served without a restart.
let handler: ReturnType<typeof createRequestHandler> | undefined;
const handleRequest: ReturnType<typeof createRequestHandler> = async (request, context) => {
  if (import.meta.env.DEV) {
    return createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE)(
      request,
      context,
    );
  }
  handler ??= createRequestHandler(await import("virtual:react-router/server-build"), import.meta.env.MODE);
  return handler(request, context);
};

const app = createApp((c) => {
  const context = new RouterContextProvider();
  context.set(appContext, {
    env: c.env,
    ctx: c.executionCtx as ExecutionContext,
    db: c.get("db"),
    user: c.get("user"),
    sessionToken: c.get("sessionToken"),
    secureCookies: c.get("secureCookies"),
    nonce: c.get("nonce"),
    requestId: c.get("requestId"),
    observation: c.get("observation"),
  });
  return handleRequest(c.req.raw, context);
});

export default {
  fetch: app.fetch,
  /**
   * The cron triggers (wrangler.toml [triggers]): every ten minutes and daily just after 00:00 UTC.
   * Each runs its jobs from worker/jobs.ts, every run recorded (ADR 056).
   */
  scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduled(env, controller.cron));
  },
} satisfies ExportedHandler<Env>;
