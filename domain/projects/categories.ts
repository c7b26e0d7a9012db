/**
 * One category taxonomy (ADR 006). The project form offers 14 categories (stored lower case);
 * the project browser filters by 7 sectors. Every form category maps to exactly one sector, and
 * every sector has at least one category, so every project is findable and every filter can match.
 */

export const SECTORS = [
  { id: "technology", label: "Technology" },
  { id: "fintech", label: "Fintech" },
  { id: "social-media", label: "Social Media" },
  { id: "e-commerce", label: "E-Commerce" },
  { id: "health", label: "Health" },
  { id: "education", label: "Education" },
  { id: "sustainability", label: "Sustainability" },
] as const;

export type SectorId = (typeof SECTORS)[number]["id"];
export const FILTERS = [{ id: "all", label: "All" }, ...SECTORS] as const;

/** Project-form categories (spec section 3), in the form's order. */
export const PROJECT_CATEGORIES = [
  "Technology",
  "Fintech",
  "Healthcare",
  "Education",
  "Entertainment",
  "Food & Beverage",
  "Real Estate",
  "Transportation",
  "Retail",
  "Energy",
  "Manufacturing",
  "Media",
  "Agriculture",
  "Sports",
] as const;

const CATEGORY_TO_SECTOR: Record<string, SectorId> = {
  technology: "technology",
  manufacturing: "technology",
  transportation: "technology",
  fintech: "fintech",
  "real estate": "fintech",
  media: "social-media",
  entertainment: "social-media",
  sports: "social-media",
  retail: "e-commerce",
  "food & beverage": "e-commerce",
  healthcare: "health",
  education: "education",
  energy: "sustainability",
  agriculture: "sustainability",
};

/**
 * A table's own entry for `key`, or undefined: never one the object inherits (`constructor`,
 * `__proto__`, `toString` come from a URL as easily as `fintech`).
 */
function own<T>(table: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

export function isSectorId(value: string): value is SectorId {
  return SECTORS.some((s) => s.id === value);
}

/** The browse sector of a stored (lower-case) category; unknown categories fall under technology. */
export function sectorForCategory(category: string): SectorId {
  return own(CATEGORY_TO_SECTOR, category.trim().toLowerCase()) ?? "technology";
}

/** Normalises a URL sector name (`/demo/Healthcare`, `/explore/sector/fintech`) to a filter id. */
export function sectorFromParam(param: string | undefined | null): SectorId | "all" {
  if (!param) return "all";
  const value = param.trim().toLowerCase().replace(/\s+/g, "-");
  if (isSectorId(value)) return value;
  // Sector names used elsewhere in the product (recommended sectors, default sector list).
  const aliases: Record<string, SectorId> = {
    healthcare: "health",
    finance: "fintech",
    "renewable-energy": "sustainability",
    energy: "sustainability",
    ecommerce: "e-commerce",
    media: "social-media",
    cybersecurity: "technology",
    tech: "technology",
    consumer: "e-commerce",
  };
  return own(aliases, value) ?? own(CATEGORY_TO_SECTOR, value.replace(/-/g, " ")) ?? "all";
}

export function sectorLabel(id: string): string {
  return FILTERS.find((f) => f.id === id)?.label ?? id;
}

/** "food & beverage" → "Food & Beverage" */
export function categoryLabel(category: string): string {
  const known = PROJECT_CATEGORIES.find((c) => c.toLowerCase() === category.toLowerCase());
  if (known) return known;
  return category.replace(/-/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
}

/**
 * What the project form says under Category (spec: the browser's seven filters and the form's
 * fourteen categories are two lists): which browse filter lists the chosen category, by the
 * names the cards, the filters and the project page show.
 */
export function categoryFilterText(category: string): string {
  if (!category) return "Each category is listed under one of the browse filters: choose one to see which.";
  return `Investors find ${categoryLabel(category)} projects under the ${sectorLabel(sectorForCategory(category))} filter when they browse.`;
}
