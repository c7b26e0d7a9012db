/**
 * Page titles and descriptions (spec section 2: 'Title | brand'; Home shows the brand alone).
 * Route modules use it from their `meta` export: `export const meta = () => pageMeta("Sign In", "…")`.
 */
import type { MetaDescriptor } from "react-router";

export const BRAND = "CampusFund";

export function pageTitle(title?: string | null): string {
  return title ? `${title} | ${BRAND}` : BRAND;
}

export function pageMeta(title?: string | null, description?: string): MetaDescriptor[] {
  const out: MetaDescriptor[] = [{ title: pageTitle(title) }];
  if (description) out.push({ name: "description", content: description });
  return out;
}
