/**
 * Page titles and descriptions (spec section 2: 'Title | brand'; Home shows the brand alone), and
 * for public pages what search engines and link previews read (issue 21 §3–§4, ADR 038).
 * Route modules use it from their `meta` export:
 * - a private page: `export const meta = () => pageMeta("Sign In", "…")`;
 * - a public page: `export const meta: Route.MetaFunction = (args) => pageMeta("About", "…", { at: args })`,
 *   which adds the canonical URL (absolute, on the request's origin from the root loader; the
 *   path without its query unless `canonical` names the meaningful part), and with `share` the
 *   Open Graph and Twitter card tags, with `jsonLd` a `<script type="application/ld+json">`
 *   (React Router escapes `<`, `>` and `&` in it, so a title with `</script>` stays text).
 */
import type { MetaDescriptor } from "react-router";

import { formatMoney } from "../../domain/format";
import { SITE_IMAGE } from "../../domain/seo";
import type { ProjectDTO } from "../../domain/types";

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
    /** A path on our origin (`/uploads/…`, `/images/…`) or an https URL; anything else gets the site image. */
    image?: string | null;
  };
  /** Structured data (schema.org), rendered as JSON-LD. */
  jsonLd?: Record<string, unknown>;
  noindex?: boolean;
}

/** The request's origin, as the root loader read it from `request.url`; null when it is not there. */
export function originOf(matches: MetaPlace["matches"]): string | null {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { origin?: unknown } | undefined;
  return typeof root?.origin === "string" ? root.origin : null;
}

/**
 * An image URL a preview card can fetch: our own paths on the origin, https URLs as they are,
 * anything else (http, data:, empty) the site image.
 * (The rendered 1200×630 share image of a project, issue 21 §4, will replace the project's image here.)
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
    const image = absoluteImage(origin, seo.share.image);
    const described = (tag: MetaDescriptor) => (description ? [tag] : []);
    out.push(
      { property: "og:site_name", content: BRAND },
      { property: "og:type", content: seo.share.type },
      { property: "og:title", content: shareTitle },
      ...described({ property: "og:description", content: description }),
      { property: "og:url", content: url },
      { property: "og:image", content: image },
      { name: "twitter:card", content: "summary_large_image" },
      { name: "twitter:title", content: shareTitle },
      ...described({ name: "twitter:description", content: description }),
      { name: "twitter:image", content: image },
    );
  }
  if (seo.jsonLd) out.push({ "script:ld+json": seo.jsonLd });
  return out;
}

type JsonLdProject = Pick<
  ProjectDTO,
  | "title"
  | "shortDescription"
  | "image"
  | "logo"
  | "creatorInfo"
  | "university"
  | "sharePrice"
  | "sharesRemaining"
  | "fundingDeadline"
  | "fundingGoal"
  | "fundingCurrent"
  | "regulationType"
>;

/**
 * A project page's structured data: the startup as a schema.org Organization, and its raise as
 * the Offer it makes (one share at the share price, until the funding deadline, the shares left as
 * its inventory; the goal and the amount raised in the offer's description). Simulated money: said
 * in the description too.
 */
export function projectJsonLd(p: JsonLdProject, url: string, origin: string): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: p.title,
    description: p.shortDescription,
    url,
    logo: absoluteImage(origin, p.logo || p.image),
    image: absoluteImage(origin, p.image),
    ...(p.creatorInfo.name ? { founder: { "@type": "Person", name: p.creatorInfo.name } } : {}),
    ...(p.university ? { location: { "@type": "Place", name: p.university.name } } : {}),
    makesOffer: {
      "@type": "Offer",
      name: `Shares in ${p.title} (${p.regulationType})`,
      description: `Raising ${formatMoney(p.fundingGoal)} on ${BRAND}, ${formatMoney(p.fundingCurrent)} raised so far. All money on ${BRAND} is simulated.`,
      url,
      price: p.sharePrice,
      priceCurrency: "USD",
      validThrough: p.fundingDeadline,
      availability: p.sharesRemaining > 0 ? "https://schema.org/InStock" : "https://schema.org/SoldOut",
      inventoryLevel: { "@type": "QuantitativeValue", value: p.sharesRemaining, unitText: "shares" },
    },
  };
}
