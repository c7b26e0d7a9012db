/**
 * Cross-site request forgery guard: every non-GET request not authenticated by a bearer token must
 * come from our own site (403 'Cross-site request refused' otherwise).
 */
import type { MiddlewareHandler } from "hono";

import type { HonoEnv } from "../types";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a state-changing request a browser could be tricked into sending came from elsewhere:
 * the browser says it came from another site, or its Origin is not exactly ours (scheme, host and
 * port). Bearer-token requests are exempt (a browser never attaches a bearer token by itself).
 * Requests without either header (curl, server-to-server) carry no ambient browser credentials to
 * abuse.
 */
export function isCrossSite(request: Request): boolean {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site && site !== "same-origin" && site !== "none") return true;
  const origin = request.headers.get("Origin");
  if (origin === null) return false;
  if (origin === "null") return true;
  return origin !== new URL(request.url).origin;
}

export function sameSiteWrites(): MiddlewareHandler<HonoEnv> {
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method) && c.get("authVia") !== "bearer" && isCrossSite(c.req.raw)) {
      return c.json({ success: false, message: "Cross-site request refused" }, 403);
    }
    await next();
  };
}
