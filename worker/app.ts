/**
 * The Hono application: middleware every request passes, the `/api` routers, then the pages.
 * `createApp` takes the pages handler so tests can build the API without the React Router build.
 */
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";

import { countingD1, createDb } from "../db/client";
import { edgeCache } from "./edge-cache";
import { authApi } from "./api/auth";
import { contactApi, contactsApi } from "./api/contacts";
import { investmentsApi } from "./api/investments";
import { projectsApi } from "./api/projects";
import { supportersApi } from "./api/supporters";
import { MAX_BODY_BYTES } from "./api/util";
import { clearSessionCookie, readSessionToken, sessionCookie, validateSessionToken } from "./services/auth";
import type { HonoEnv } from "./types";

export type PagesHandler = (c: Context<HonoEnv>) => Response | Promise<Response>;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery guard for every state-changing request a browser could be tricked
 * into sending: reject when the browser says the request came from another site. Bearer-token
 * requests are exempt (a browser never attaches a bearer token by itself). Requests without
 * either header (curl, server-to-server) carry no ambient browser credentials to abuse.
 */
export function isCrossSite(request: Request): boolean {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site && site !== "same-origin" && site !== "none") return true;
  const origin = request.headers.get("Origin");
  if (origin && origin !== "null") {
    const url = new URL(request.url);
    const host = request.headers.get("Host") ?? url.host;
    try {
      return new URL(origin).host !== host;
    } catch {
      return true;
    }
  }
  return origin === "null";
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

    await next();

    const h = c.res.headers;
    h.set("X-Content-Type-Options", "nosniff");
    h.set("Referrer-Policy", "strict-origin-when-cross-origin");
    h.set("X-Frame-Options", "DENY");
    h.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (c.get("secureCookies")) h.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    h.append("Server-Timing", `d1;desc="${count()} queries"`);
  });

  // Session: the same token as cookie (pages) or bearer (API).
  app.use("*", async (c, next) => {
    const found = readSessionToken(c.req.raw);
    if (found) {
      const session = await validateSessionToken(c.get("db"), found.token);
      if (session) {
        c.set("user", session.user);
        c.set("sessionToken", found.token);
        c.set("authVia", found.via);
        await next();
        if (session.refreshed && found.via === "cookie" && !c.res.headers.has("Set-Cookie")) {
          c.res.headers.append("Set-Cookie", sessionCookie(found.token, c.get("secureCookies")));
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
  api.use(
    "*",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json({ success: false, message: "Request body is too large" }, 413),
    }),
  );
  api.use("*", async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
  });
  api.route("/auth", authApi);
  api.route("/projects", projectsApi);
  api.route("/investments", investmentsApi);
  api.route("/contacts", contactsApi);
  api.route("/contact", contactApi);
  api.route("/supporters", supportersApi);
  // Unknown API paths answer JSON (a mounted app's notFound handler is not consulted).
  api.all("*", (c) => c.json({ success: false, message: "Not found" }, 404));
  api.onError((err, c) => {
    console.error("api error", err);
    return c.json({ success: false, message: "Something went wrong" }, 500);
  });
  app.route("/api", api);

  // A missing build asset (say, a stale hashed file after a deploy) is a 404, not the pages'
  // catch-all redirect to "/": a script tag must not receive the home page.
  app.get("/assets/*", (c) => c.text("Not found", 404));

  if (pages) app.all("*", pages);
  return app;
}
