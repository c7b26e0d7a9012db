/**
 * The Hono application: middleware every request passes, the `/api` routers, then the pages.
 * `createApp` takes the pages handler so tests can build the API without the React Router build.
 */
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";

import { countingD1, createDb } from "../db/client";
import { edgeCache } from "./edge-cache";
import { aiApi, analyticsApi } from "./api/analytics";
import { authApi } from "./api/auth";
import { apiErrorResponse } from "./api/errors";
import { contactApi, contactsApi } from "./api/contacts";
import { notificationsApi, projectConversationApi, questionsApi, watchlistApi } from "./api/conversation";
import { investmentsApi } from "./api/investments";
import { meApi } from "./api/me";
import { projectsApi } from "./api/projects";
import { supportersApi } from "./api/supporters";
import { UPLOAD_BODY_BYTES, uploadsApi } from "./api/uploads";
import { usersApi } from "./api/users";
import { MAX_BODY_BYTES } from "./api/util";
import { FORM_LIMITS } from "../domain/limits";
import {
  BASE_SECURITY_HEADERS,
  UPLOAD_CONTENT_SECURITY_POLICY,
  contentSecurityPolicy,
  newNonce,
} from "./security-headers";
import { isUploadRequest, serveUpload } from "./serve-upload";
import { clearSessionCookie, readSessionToken, sessionCookie, validateSessionToken } from "./services/auth";
import type { HonoEnv } from "./types";

export type PagesHandler = (c: Context<HonoEnv>) => Response | Promise<Response>;

/**
 * Reads and drops what is left of a refused body, up to `max` bytes, before answering: a client
 * (or `wrangler dev`'s proxy) still sending a large body otherwise sees a lost connection, not
 * the 413. Larger bodies are cut off.
 */
async function drain(request: Request, max = 32 * 1024 * 1024): Promise<void> {
  if (!request.body || request.bodyUsed) return;
  const reader = request.body.getReader();
  let read = 0;
  try {
    while (read <= max) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // the client went away: nothing to drain
  }
}

/** A body limit whose 413 (`answer`) is sent only after the rest of the body is drained. */
function limitBody(maxSize: number, answer: (c: Context<HonoEnv>) => Response) {
  return bodyLimit({
    maxSize,
    onError: async (c) => {
      await drain(c.req.raw);
      return answer(c as Context<HonoEnv>);
    },
  });
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The largest body a page action reads (each form has its own, smaller limit: app/server/form.server.ts)… */
export const MAX_PAGE_BODY_BYTES = 128 * 1024;

/** …except the project form's pages, which take images (their documents and `.data` requests, any trailing slash). */
const PROJECT_FORM_PATH = /^\/my-projects\/(create|edit\/[^/]+?)(\.data|\/|\/_\.data)?$/i;

/** The body cap of a page request to `pathname`: the project form's limit on its pages, 128 KB elsewhere. */
export function maxPageBodyBytes(pathname: string): number {
  return PROJECT_FORM_PATH.test(pathname) ? FORM_LIMITS.project.maxBytes : MAX_PAGE_BODY_BYTES;
}

/**
 * Cross-site request forgery guard for every state-changing request a browser could be tricked
 * into sending: reject when the browser says the request came from another site, or when its
 * Origin is not exactly ours (scheme, host and port). Bearer-token requests are exempt (a browser
 * never attaches a bearer token by itself). Requests without either header (curl,
 * server-to-server) carry no ambient browser credentials to abuse.
 */
export function isCrossSite(request: Request): boolean {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site && site !== "same-origin" && site !== "none") return true;
  const origin = request.headers.get("Origin");
  if (origin === null) return false;
  if (origin === "null") return true;
  return origin !== new URL(request.url).origin;
}

/**
 * The methods the API answers on a path (for 405 and `Allow`), from the routers' own table:
 * `:param` segments match any one segment.
 */
function allowedMethods(api: Hono<HonoEnv>, path: string): string[] {
  const found = new Set<string>();
  for (const route of api.routes) {
    if (route.method === "ALL") continue;
    const pattern = route.path.replace(/\/+$/, "") || "/";
    const re = new RegExp(`^${pattern.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\\:[^/]+|:[^/]+/g, "[^/]+")}/?$`);
    if (re.test(path)) found.add(route.method);
  }
  if (found.has("GET")) found.add("HEAD");
  return [...found].sort();
}

export function createApp(pages?: PagesHandler) {
  const app = new Hono<HonoEnv>();

  app.use("*", async (c, next) => {
    const { d1, count } = countingD1(c.env.DB);
    const url = new URL(c.req.url);
    c.set("db", createDb(d1));
    c.set("queryCount", count);
    c.set("secureCookies", url.protocol === "https:" && url.hostname !== "localhost");
    c.set("user", null);
    c.set("sessionToken", null);
    c.set("authVia", null);
    c.set("nonce", newNonce());
    c.set("contentSecurityPolicy", null);

    await next();

    const h = c.res.headers;
    for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) h.set(name, value);
    h.set("Content-Security-Policy", c.get("contentSecurityPolicy") ?? contentSecurityPolicy(c.get("nonce")));
    if (c.get("secureCookies")) h.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    // Nothing personal is kept by a browser or a shared cache: every answer to a signed-in
    // request, and every answer that sets a cookie, is private and not stored.
    if (c.get("user") || h.has("Set-Cookie")) h.set("Cache-Control", "private, no-store");
    h.append("Server-Timing", `d1;desc="${count()} queries"`);
  });

  // Session: the same token as cookie (pages) or bearer (API). Served uploads are the same for
  // everyone: no lookup, so no query, no refreshed cookie and no private answer for them.
  app.use("*", async (c, next) => {
    if (isUploadRequest(c.req.raw)) return next();
    const found = readSessionToken(c.req.raw);
    if (found) {
      const session = await validateSessionToken(c.get("db"), found.token);
      if (session) {
        c.set("user", session.user);
        c.set("sessionToken", found.token);
        c.set("authVia", found.via);
        await next();
        if (session.refreshed && found.via === "cookie" && !c.res.headers.has("Set-Cookie")) {
          c.res.headers.append("Set-Cookie", sessionCookie(found.token, c.get("secureCookies"), session.expiresAt));
        }
        return;
      }
      if (found.via === "cookie") {
        await next();
        if (!c.res.headers.has("Set-Cookie")) {
          c.res.headers.append("Set-Cookie", clearSessionCookie(c.get("secureCookies")));
        }
        return;
      }
    }
    await next();
  });

  // Anonymous public GETs: served from the edge cache when a fresh copy exists (ADR 011).
  app.use("*", edgeCache());

  // CSRF: every non-GET request not authenticated by a bearer token.
  app.use("*", async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method) && c.get("authVia") !== "bearer" && isCrossSite(c.req.raw)) {
      return c.json({ success: false, message: "Cross-site request refused" }, 403);
    }
    await next();
  });

  const api = new Hono<HonoEnv>();
  // 64 KB for every route but the image upload, which takes one image (ADR 017).
  const apiTooLarge = (c: Context<HonoEnv>) => c.json({ success: false, message: "Request body is too large" }, 413);
  const apiLimit = limitBody(MAX_BODY_BYTES, apiTooLarge);
  const uploadLimit = limitBody(UPLOAD_BODY_BYTES, apiTooLarge);
  api.use("*", (c, next) => (new URL(c.req.url).pathname === "/api/uploads" ? uploadLimit : apiLimit)(c, next));
  api.use("*", async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
  });
  api.route("/auth", authApi);
  api.route("/projects", projectsApi);
  api.route("/projects", projectConversationApi);
  api.route("/questions", questionsApi);
  api.route("/notifications", notificationsApi);
  api.route("/investments", investmentsApi);
  // the viewer's own account: before any `/users` router, so "me" is never read as an id
  api.route("/users/me/watchlist", watchlistApi);
  api.route("/users/me", meApi);
  api.route("/contacts", contactsApi);
  api.route("/contact", contactApi);
  api.route("/supporters", supportersApi);
  api.route("/uploads", uploadsApi);
  api.route("/analytics", analyticsApi);
  api.route("/ai", aiApi);
  api.route("/users", usersApi);
  // A known path with another method is a 405 naming the allowed ones; anything else a JSON 404
  // (a mounted app's notFound handler is not consulted).
  api.all("*", (c) => {
    const path = new URL(c.req.url).pathname.replace(/^\/api/, "") || "/";
    const allowed = allowedMethods(api, path);
    if (allowed.length) {
      c.header("Allow", allowed.join(", "));
      return c.json({ success: false, message: `Method ${c.req.method} is not allowed here` }, 405);
    }
    return c.json({ success: false, message: "Not found" }, 404);
  });
  // Errors are mapped once, here: a ServiceError is its status and message, anything else a 500.
  api.onError(apiErrorResponse);
  app.route("/api", api);

  // A missing build asset (say, a stale hashed file after a deploy) is a 404, not the pages'
  // catch-all redirect to "/": a script tag must not receive the home page.
  app.get("/assets/*", (c) => c.text("Not found", 404));

  // Founders' images from R2 (worker/serve-upload.ts); a bad or unknown name is a 404 here too.
  app.get("/uploads/*", (c) => {
    c.set("contentSecurityPolicy", UPLOAD_CONTENT_SECURITY_POLICY);
    return serveUpload(c.req.raw, c.env.IMAGES);
  });

  if (pages) {
    // No page reads more than its path's cap; each form's own limit is smaller or equal
    // (app/server/form.server.ts).
    const pageTooLarge = (c: Context<HonoEnv>) => c.text("The form is too large", 413);
    app.use("*", (c, next) => limitBody(maxPageBodyBytes(new URL(c.req.url).pathname), pageTooLarge)(c, next));
    app.all("*", pages);
  }
  return app;
}
