/**
 * What search engines and link previews are told (ADR 038): the public pages the
 * sitemap lists, the private paths robots.txt disallows (and the pages mark `noindex`), and the
 * site's share image. One list each, read by worker/services/visitors/sitemap.ts and app/components/meta.ts.
 */

/** The public pages without a parameter, as the sitemap lists them. */
export const PUBLIC_PAGES = [
  "/",
  "/demo",
  "/markets",
  "/about",
  "/contact",
  "/support",
  "/privacy-policy",
  "/terms-of-service",
] as const;

/**
 * Paths no search engine should crawl or index: everything behind a sign-in and the API. Each is a
 * robots.txt prefix, so each ends where no public path continues it: `/invest/` (the purchase
 * alias) and not `/invest`, which would also cover `/investors/…`; `/portfolio` covers
 * `/portfolio-page` and `/portfolio/investments/…` on purpose.
 */
export const PRIVATE_PATHS = [
  "/portfolio",
  "/profile",
  "/settings",
  "/my-projects",
  "/founder-dashboard",
  "/notifications",
  "/purchase/",
  "/invest/",
  "/admin",
  // reporting a Discussion post (ADR 055): behind a sign-in
  "/discussion/report/",
  "/api/",
] as const;

/** Under /api/, what robots.txt allows: the API reference page and the document it draws. */
export const PUBLIC_API_PATHS = ["/api/docs", "/api/openapi.json"] as const;

/** Whether a path is one of PRIVATE_PATHS (robots.txt's prefix rule). */
export function isPrivatePath(pathname: string): boolean {
  return PRIVATE_PATHS.some((p) => pathname === p.replace(/\/$/, "") || pathname.startsWith(p));
}

/**
 * The site's share image (1200×630 PNG): the home page's og:image, and a project's or a profile's
 * when it has no image of its own.
 */
export const SITE_IMAGE = "/images/og-campusfund.png";
