/**
 * The headers every answer carries (ADR 014; the policy itself is worker/security-headers.ts): a
 * fresh CSP nonce per request (`nonce`, put on every script by the pages), the base headers, the
 * Content-Security-Policy (a handler may set its own in `contentSecurityPolicy`: served uploads),
 * HSTS over HTTPS, and `private, no-store` for anything personal. It also decides `secureCookies`
 * (HTTPS and not localhost), which the session cookies follow.
 */
import type { MiddlewareHandler } from "hono";

import { BASE_SECURITY_HEADERS, contentSecurityPolicy, newNonce } from "../security-headers";
import type { HonoEnv } from "../types";

export function securityHeaders(): MiddlewareHandler<HonoEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    c.set("secureCookies", url.protocol === "https:" && url.hostname !== "localhost");
    c.set("nonce", newNonce());
    c.set("contentSecurityPolicy", null);

    await next();

    const h = c.res.headers;
    // A page may ask for a stricter referrer policy than the base one (the reset link's no-referrer).
    const noReferrer = h.get("Referrer-Policy") === "no-referrer";
    for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) h.set(name, value);
    if (noReferrer) h.set("Referrer-Policy", "no-referrer");
    h.set("Content-Security-Policy", c.get("contentSecurityPolicy") ?? contentSecurityPolicy(c.get("nonce")));
    if (c.get("secureCookies")) h.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    // Nothing personal is kept by a browser or a shared cache: every answer to a signed-in
    // request, and every answer that sets a cookie, is private and not stored.
    // The vendor scripts (the API reference's) are the same for everyone and set no cookie.
    const shared = url.pathname.startsWith("/vendor/") && !h.has("Set-Cookie");
    if (!shared && (c.get("user") || h.has("Set-Cookie"))) h.set("Cache-Control", "private, no-store");
  };
}
