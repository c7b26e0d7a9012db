/**
 * The session: the same token as cookie (pages) or bearer (API) gives `user`, `sessionToken` and
 * `authVia`. A session near its end is refreshed and its cookie sent again; a stale cookie is
 * cleared. Public files are the same for everyone (served uploads, share images, robots.txt and
 * the sitemaps): no lookup, so no query, no refreshed cookie and no private answer for them.
 */
import type { MiddlewareHandler } from "hono";

import { adminSecondFactorMissing } from "../../domain/accounts/two-factor";
import {
  clearSessionCookie,
  readSessionToken,
  sessionCookie,
  validateSessionToken,
} from "../services/accounts/sessions";
import type { HonoEnv } from "../types";

/**
 * A GET or HEAD of a file that answers the same to everyone: a served upload (/uploads/), a share
 * image (/og/), robots.txt or a sitemap. A shared cache may keep it whoever asked first.
 */
export function isPublicFileRequest(request: Request): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const path = new URL(request.url).pathname;
  return (
    path.startsWith("/uploads/") ||
    path.startsWith("/og/") ||
    path === "/robots.txt" ||
    /^\/sitemap(?:-[a-z0-9-]+)?\.xml$/.test(path)
  );
}

export function sessionMiddleware(): MiddlewareHandler<HonoEnv> {
  return async (c, next) => {
    c.set("user", null);
    c.set("sessionToken", null);
    c.set("authVia", null);
    if (isPublicFileRequest(c.req.raw)) return next();
    const found = readSessionToken(c.req.raw);
    if (found) {
      const session = await validateSessionToken(c.get("db"), found.token);
      if (session) {
        const info = session.user.session;
        if (info && session.user.role === "admin" && adminSecondFactorMissing(c.env.APP_ENV, info)) {
          info.consoleLocked = true;
        }
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
  };
}
