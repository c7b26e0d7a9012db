/**
 * Page titles and descriptions (spec section 2: 'Title | brand'; Home shows the brand alone), and
 * for public pages what search engines and link previews read (ADR 038).
 * Route modules use it from their `meta` export:
 * - a private page: `export const meta = () => pageMeta("Sign In", "…")`;
 * - a public page: `export const meta: Route.MetaFunction = (args) => pageMeta("About", "…", { at: args })`,
 *   which adds the canonical URL (absolute, on the request's origin from the root loader; the
 *   path without its query unless `canonical` names the meaningful part), and with `share` the
 *   Open Graph and Twitter card tags, with `jsonLd` a `<script type="application/ld+json">`
 *   (React Router escapes `<`, `>` and `&` in it, so a title with `</script>` stays text).
 */
import type { MetaDescriptor } from "react-router";

import { SITE_IMAGE } from "../../domain/visitors/seo";

export const BRAND = "CampusFund";

export function pageTitle(title?: string | null): string {
  return title ? `${title} | ${BRAND}` : BRAND;
}

/** What a meta function is given that says where the page is: the matches (the root loader's origin) and the location. */
export interface MetaPlace {
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[];
  location: { pathname: string };
}

export interface PageSeo {
  at: MetaPlace;
  /** The canonical path, with only its meaningful query (default: the location's path, no query). */
  canonical?: string;
  /** The preview card: Open Graph and Twitter tags. */
  share?: {
    /** og:title (default: the page's title without the brand, or the brand). */
    title?: string;
    type: "website" | "profile";
    /**
     * A path on our origin (`/uploads/…`, `/images/…`) or an https URL, of a size we do not know;
     * a `ShareCardImage` (a project's rendered card), whose size and alt text are told; anything
     * else gets the site image (1200×630, told too).
     */
    image?: string | ShareCardImage | null;
  };
  /** Structured data (schema.org), rendered as JSON-LD. */
  jsonLd?: Record<string, unknown>;
  noindex?: boolean;
}

/** An image of a known size made for preview cards: its path on our origin, size and alt text. */
export interface ShareCardImage {
  path: string;
  width: number;
  height: number;
  alt: string;
}

/** The size of a preview card image (the site image's and every project's rendered card). */
export const SHARE_CARD_SIZE = { width: 1200, height: 630 } as const;

/** The site image (domain/visitors/seo.ts SITE_IMAGE) as a card. */
const SITE_CARD: ShareCardImage = {
  path: SITE_IMAGE,
  ...SHARE_CARD_SIZE,
  alt: `${BRAND}: back the student founders building what's next`,
};

/** The request's origin, as the root loader read it from `request.url`; null when it is not there. */
export function originOf(matches: MetaPlace["matches"]): string | null {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { origin?: unknown } | undefined;
  return typeof root?.origin === "string" ? root.origin : null;
}

/**
 * An image URL a preview card can fetch: our own paths on the origin, https URLs as they are,
 * anything else (http, data:, empty) the site image.
 */
export function absoluteImage(origin: string, image: string | null | undefined): string {
  if (image && /^https:\/\//i.test(image)) return image;
  if (image && image.startsWith("/") && !image.startsWith("//")) return `${origin}${image}`;
  return `${origin}${SITE_IMAGE}`;
}

export function pageMeta(title?: string | null, description?: string, seo?: PageSeo): MetaDescriptor[] {
  const out: MetaDescriptor[] = [{ title: pageTitle(title) }];
  if (description) out.push({ name: "description", content: description });
  if (!seo) return out;
  if (seo.noindex) out.push({ name: "robots", content: "noindex" });
  const origin = originOf(seo.at.matches);
  if (!origin) return out;
  const url = `${origin}${seo.canonical ?? seo.at.location.pathname}`;
  out.push({ tagName: "link", rel: "canonical", href: url });
  if (seo.share) {
    const shareTitle = seo.share.title ?? title ?? BRAND;
    const given = seo.share.image;
    const known = typeof given === "object" && given !== null ? given : !given ? SITE_CARD : null;
    const image = known ? `${origin}${known.path}` : absoluteImage(origin, typeof given === "string" ? given : null);
    const described = (tag: MetaDescriptor) => (description ? [tag] : []);
    const sized = known
      ? [
          { property: "og:image:width", content: String(known.width) },
          { property: "og:image:height", content: String(known.height) },
          { property: "og:image:alt", content: known.alt },
        ]
      : [];
    out.push(
      { property: "og:site_name", content: BRAND },
      { property: "og:type", content: seo.share.type },
      { property: "og:title", content: shareTitle },
      ...described({ property: "og:description", content: description }),
      { property: "og:url", content: url },
      { property: "og:image", content: image },
      ...sized,
      { name: "twitter:card", content: "summary_large_image" },
      { name: "twitter:title", content: shareTitle },
      ...described({ name: "twitter:description", content: description }),
      { name: "twitter:image", content: image },
      ...(known ? [{ name: "twitter:image:alt", content: known.alt }] : []),
    );
  }
  if (seo.jsonLd) out.push({ "script:ld+json": seo.jsonLd });
  return out;
}
