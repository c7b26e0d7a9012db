/**
 * The project page's preview card and structured data (app/routes/project.tsx's meta): a module of
 * their own so no other page's meta ships them. The rest of the pages' head is in meta.ts.
 */
import { absoluteImage, BRAND, SHARE_CARD_SIZE, type ShareCardImage } from "./meta";
import { formatMoney } from "../../domain/shared/format";
import type { ProjectDTO } from "../../domain/shared/types";

/**
 * A published project's share card (worker/services/visitors/share-image.ts): `/og/project/<slug>.png`, the
 * same URL whatever its figures (the image is revalidated by ETag), described by what it shows.
 */
export function projectShareCard(
  p: Pick<ProjectDTO, "slug" | "title" | "fundingCurrent" | "fundingGoal">,
): ShareCardImage {
  return {
    path: `/og/project/${encodeURIComponent(p.slug)}.png`,
    ...SHARE_CARD_SIZE,
    alt: `${p.title} on ${BRAND}: ${formatMoney(p.fundingCurrent)} raised of ${formatMoney(p.fundingGoal)}`,
  };
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
