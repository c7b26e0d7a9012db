/**
 * The Worker entry and composition root: Hono runs the middleware and `/api`, and every other
 * request goes to React Router with a RouterContextProvider carrying env, ctx, db and the user.
 */
import { createRequestHandler, RouterContextProvider } from "react-router";

import { appContext } from "../app/context";
import { createApp } from "./app";

const handleRequest = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

const app = createApp((c) => {
  const context = new RouterContextProvider();
  context.set(appContext, {
    env: c.env,
    ctx: c.executionCtx as ExecutionContext,
    db: c.get("db"),
    user: c.get("user"),
    sessionToken: c.get("sessionToken"),
    secureCookies: c.get("secureCookies"),
  });
  return handleRequest(c.req.raw, context);
});

export default app satisfies ExportedHandler<Env>;
