/**
 * What `/api` answers besides its routes: `no-store` unless a route chose its own Cache-Control,
 * and, for a path no route answers, a 405 naming the allowed methods (a known path with another
 * method) or a JSON 404 (a mounted app's notFound handler is not consulted).
 */
import type { Handler, Hono, MiddlewareHandler } from "hono";

import type { HonoEnv } from "../types";

/** API answers are not stored unless a route says otherwise. */
export function apiNoStore(): MiddlewareHandler<HonoEnv> {
  return async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
  };
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

/** The last handler of `api` (mounted at `/api`): 405 with `Allow`, or 404. */
export function apiUnknownRoute(api: Hono<HonoEnv>): Handler<HonoEnv> {
  return (c) => {
    const path = new URL(c.req.url).pathname.replace(/^\/api/, "") || "/";
    const allowed = allowedMethods(api, path);
    if (allowed.length) {
      c.header("Allow", allowed.join(", "));
      return c.json({ success: false, message: `Method ${c.req.method} is not allowed here` }, 405);
    }
    return c.json({ success: false, message: "Not found" }, 404);
  };
}
