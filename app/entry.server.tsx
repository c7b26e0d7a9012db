/**
 * The server entry: React Router's default for web streams, plus the Content-Security-Policy
 * nonce (ADR 014). The Worker makes a fresh nonce for each response (worker/app.ts) and sends it in
 * the policy header; here it goes on React Router's inline and module scripts (`ServerRouter`'s
 * `nonce`, which <Scripts>, <Links> and <ScrollRestoration> use) and on our own inline script
 * (NonceContext, read by root.tsx).
 */
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider, ServerInstrumentation } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";

import { NonceContext } from "./components/nonce";
import { appContext } from "./context";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext.get(appContext);

  let shellRendered = false;
  const body = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceContext.Provider>,
    {
      nonce,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors in the initial shell reach handleError through React Router itself.
        if (shellRendered) captureError(loadContext, error);
      },
    },
  );
  shellRendered = true;

  // Bots (and SPA mode) get the whole document at once.
  const userAgent = request.headers.get("user-agent");
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await body.allReady;

  responseHeaders.set("Content-Type", "text/html");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

/** Notes an unexpected error on the request's Observation: the Worker writes it once, with the route (ADR 056). */
function captureError(context: Pick<RouterContextProvider, "get">, error: unknown) {
  context.get(appContext).observation.capture(error);
}

/**
 * Errors React Router reports: a request refused with a 4xx (a body `readForm` turned away, a POST
 * to a page without an action) is the client's mistake, answered with its message, and not
 * captured; anything else is a bug, captured with the request's id (worker/observability/capture.ts).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  captureError(context, error);
};

/**
 * React Router tells the Worker which route pattern answered (`/project/:id`, never the path with
 * its ids), for the request's log line and metrics (worker/observability/observe.ts).
 */
export const instrumentations: ServerInstrumentation[] = [
  {
    handler(handler) {
      handler.instrument({
        async request(handle, { context }) {
          const result = await handle();
          const pattern = result.meta?.pattern;
          // React Router's patterns are relative (`project/:slug`); the log's start at the root, as the API's.
          if (context && pattern !== undefined) {
            context.get(appContext).observation.route = pattern.startsWith("/") ? pattern : `/${pattern}`;
          }
        },
      });
    },
  },
];
