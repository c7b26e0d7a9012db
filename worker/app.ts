/**
 * The Hono application: the middleware every request passes, the `/api` routers, then the pages.
 * Each middleware is a named factory in worker/middleware/ (the edge cache: worker/edge-cache.ts);
 * this file only composes them. `createApp` takes the pages handler so tests can build the API
 * without the React Router build.
 */
import { accountDeletionApi } from "./api/account-deletion";
import { adminApi } from "./api/admin";
import { discussionReportsApi, reportsAdminApi } from "./api/reports";
import { Hono, type Context } from "hono";

import { aiApi, analyticsApi } from "./api/analytics";
import { accountDataApi } from "./api/account-data";
import { emailAuthApi, myEmailApi } from "./api/email";
import { healthApi } from "./api/health";
import { authApi } from "./api/auth";
import { confirmApi } from "./api/confirm";
import { passkeysApi } from "./api/passkeys";
import { sessionsApi } from "./api/sessions";
import { twoFactorApi } from "./api/two-factor";
import { contactApi, contactsApi } from "./api/contacts";
import { discussionApi, projectDiscussionApi } from "./api/discussion";
import { notificationsApi, projectConversationApi, watchlistApi } from "./api/conversation";
import { perksApi } from "./api/perks";
import { apiErrorResponse } from "./api/errors";
import { investmentsApi } from "./api/investments";
import { meApi } from "./api/me";
import { API_REFERENCE_SCRIPT, apiDocsOperation, apiDocsPage, apiReferenceScript } from "./api/docs";
import { openApiOperation, openApiRoute } from "./api/openapi";
import { projectsApi } from "./api/projects";
import { raiseDatesApi } from "./api/raise-dates";
import { projectReservationsApi, reservationsApi } from "./api/reservations";
import { companyEventsApi, eventReviewApi } from "./api/valuations";
import { marketsApi, ordersApi } from "./api/markets";
import { supportersApi } from "./api/supporters";
import { uploadsApi } from "./api/uploads";
import { usersApi } from "./api/users";
import { edgeCache } from "./edge-cache";
import { apiNoStore, apiUnknownRoute } from "./middleware/api-fallbacks";
import { apiBodyLimits, pageBodyLimits } from "./middleware/body-limits";
import { d1Session } from "./middleware/d1-session";
import { observe } from "./middleware/observe";
import { sameSiteWrites } from "./middleware/same-site-writes";
import { securityHeaders } from "./middleware/security-headers";
import { sessionMiddleware } from "./middleware/session";
import { UPLOAD_CONTENT_SECURITY_POLICY } from "./security-headers";
import { serveUpload } from "./serve-upload";
import { shareImage } from "./services/visitors/share-image";
import { robotsTxt, sitemapFileXml, sitemapXml } from "./services/visitors/sitemap";
import type { HonoEnv } from "./types";

export type PagesHandler = (c: Context<HonoEnv>) => Response | Promise<Response>;

const SITEMAP_FILE = /^sitemap(?:-[a-z0-9-]+)?\.xml$/;

/** `/sitemap.xml` or one of its files; any other name under `/sitemap-` is a 404, like an unknown file. */
async function sitemapFile(c: Context<HonoEnv>) {
  const file = c.req.path.slice(1);
  if (!SITEMAP_FILE.test(file)) return c.text("Not found", 404);
  const origin = new URL(c.req.url).origin;
  const xml =
    file === "sitemap.xml" ? await sitemapXml(c.get("db"), origin) : await sitemapFileXml(c.get("db"), origin, file);
  if (xml === null) return c.text("Not found", 404);
  return c.body(xml, 200, { "Content-Type": "application/xml; charset=utf-8" });
}

/** The Worker's front: one of two Hono apps per request, chosen by the path's first segment. */
export interface App {
  fetch(request: Request, env: Env, ctx?: ExecutionContext): Response | Promise<Response>;
  /** Every route of both apps (the OpenAPI test reads the API's). */
  routes: Hono<HonoEnv>["routes"];
  /** The API's app (`/api` and below) and the site's (files and pages), for tests of the routing. */
  api: Hono<HonoEnv>;
  site: Hono<HonoEnv>;
}

/**
 * Whether `url` is `/api` or below it. The path is read from the URL string as Hono reads it
 * (`new URL` would cost more than the check): after the scheme's `//`, the first `/`.
 */
export function isApiUrl(url: string): boolean {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start === -1 || !url.startsWith("/api", start)) return false;
  const next = url.charCodeAt(start + 4);
  // end of the string, "/", "?" or "#"
  return Number.isNaN(next) || next === 47 || next === 63 || next === 35;
}

/**
 * In order: the request's id, log line and metrics (ADR 056), the request's counted D1 session
 * (Server-Timing, its bookmark: ADR 036), the nonce and security headers, the session (cookie or
 * bearer), the visitors' edge cache (anonymous public GETs, ADR 011), the CSRF check. Both apps
 * run the same chain.
 */
function addMiddleware(app: Hono<HonoEnv>) {
  app.use("*", observe());
  app.use("*", d1Session());
  app.use("*", securityHeaders());
  app.use("*", sessionMiddleware());
  app.use("*", edgeCache());
  app.use("*", sameSiteWrites());
}

/**
 * Anything that throws outside the API's own error mapping and the pages (a file route, a
 * middleware) is a bug: captured once with the request's id (worker/middleware/observe.ts),
 * answered with a bare 500 that names only that id.
 */
function bare500(err: Error, c: Context<HonoEnv>) {
  c.get("observation").capture(err);
  return c.text(`Something went wrong. Request ID: ${c.get("requestId")}`, 500);
}

/** `/api`: its routers, its fallbacks and its error mapping (ADR 057: kept apart from the pages). */
function createApiApp(): Hono<HonoEnv> {
  const app = new Hono<HonoEnv>();
  addMiddleware(app);
  const api = new Hono<HonoEnv>();
  api.use("*", apiBodyLimits());
  api.use("*", apiNoStore());
  api.route("/auth", authApi);
  api.route("/auth", passkeysApi);
  api.route("/auth", emailAuthApi);
  api.route("/auth", confirmApi);
  api.route("/auth", sessionsApi);
  api.route("/auth/two-factor", twoFactorApi);
  api.route("/projects", projectsApi);
  api.route("/projects", projectConversationApi);
  api.route("/projects", perksApi);
  api.route("/projects", raiseDatesApi);
  api.route("/projects", projectReservationsApi);
  api.route("/projects", companyEventsApi);
  api.route("/projects", projectDiscussionApi);
  api.route("/discussion", discussionApi);
  api.route("/notifications", notificationsApi);
  api.route("/investments", investmentsApi);
  api.route("/reservations", reservationsApi);
  api.route("/markets", marketsApi);
  api.route("/orders", ordersApi);
  // the viewer's own account: before any `/users` router, so "me" is never read as an id
  api.route("/users/me/watchlist", watchlistApi);
  api.route("/users/me", meApi);
  api.route("/me", accountDataApi);
  api.route("/me", accountDeletionApi);
  api.route("/me", myEmailApi);
  api.route("/contacts", contactsApi);
  api.route("/contact", contactApi);
  api.route("/supporters", supportersApi);
  api.route("/uploads", uploadsApi);
  api.route("/analytics", analyticsApi);
  api.route("/ai", aiApi);
  api.route("/users", usersApi);
  api.route("/admin", adminApi);
  api.route("/admin", eventReviewApi);
  api.route("/admin", reportsAdminApi);
  api.route("/discussion", discussionReportsApi);
  api.route("/health", healthApi);
  api.get("/openapi.json", openApiOperation, openApiRoute(api));
  api.get("/docs", apiDocsOperation, apiDocsPage);
  api.all("*", apiUnknownRoute(api));
  // Errors are mapped once, here: a ServiceError is its status and message, anything else a 500.
  api.onError(apiErrorResponse);
  app.route("/api", api);
  app.onError(bare500);
  return app;
}

/** Everything else: the files the Worker answers itself, then the pages (React Router). */
function createSiteApp(pages?: PagesHandler): Hono<HonoEnv> {
  const app = new Hono<HonoEnv>();
  addMiddleware(app);

  // A missing build asset (say, a stale hashed file after a deploy) is a 404, not the pages'
  // catch-all redirect to "/": a script tag must not receive the home page.
  app.get("/assets/*", (c) => c.text("Not found", 404));

  // Founders' images from R2 (worker/serve-upload.ts); a bad or unknown name is a 404 here too.
  app.get("/uploads/*", (c) => {
    c.set("contentSecurityPolicy", UPLOAD_CONTENT_SECURITY_POLICY);
    return serveUpload(c.req.raw, c.env.IMAGES);
  });

  // The API reference's script, compressed and cached (worker/api/docs.ts).
  app.get(API_REFERENCE_SCRIPT, apiReferenceScript);

  // What search engines read (worker/services/visitors/sitemap.ts, ADR 038): robots.txt and the sitemap
  // (one file, or an index of `sitemap-pages.xml`, `sitemap-projects-N.xml`, `sitemap-investors-N.xml`),
  // absolute URLs on the request's origin. Before the pages, whose catch-all redirects to "/".
  app.get("/robots.txt", (c) => c.text(robotsTxt(new URL(c.req.url).origin)));
  // Two plain routes rather than one pattern: a regular expression in a route would put the site's
  // routing back on Hono's slower TrieRouter (tests/workers/routing.test.ts).
  app.get("/sitemap.xml", sitemapFile);
  app.get("/sitemap-*", sitemapFile);

  // A published project's share image (worker/services/visitors/share-image.ts): its 1200×630 PNG, kept in
  // R2 per set of figures; anything else under /og/ is a 404, never the pages' catch-all.
  app.get("/og/*", async (c) => {
    const stores = { bucket: c.env.IMAGES, assets: c.env.ASSETS };
    const image = await shareImage(
      new URL(c.req.url).pathname,
      c.req.header("If-None-Match") ?? null,
      c.get("db"),
      stores,
    );
    return new Response(image.body, { status: image.status, headers: image.headers });
  });

  if (pages) {
    app.use("*", pageBodyLimits());
    app.all("*", pages);
  }
  app.onError(bare500);
  return app;
}

/**
 * The Worker's app. A request under `/api` goes to the API's app, any other to the site's: a page
 * request never matches against the API's route table, and each app's table is small and plain
 * enough for Hono's RegExpRouter (one precompiled expression) instead of its TrieRouter fallback
 * (tests/workers/routing.test.ts checks both).
 */
export function createApp(pages?: PagesHandler): App {
  const api = createApiApp();
  const site = createSiteApp(pages);
  return {
    fetch: (request, env, ctx) => (isApiUrl(request.url) ? api : site).fetch(request, env, ctx),
    routes: [...api.routes, ...site.routes],
    api,
    site,
  };
}
