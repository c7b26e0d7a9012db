/**
 * The project browser's search text and sort orders. Pure and isomorphic: the
 * service turns the text into an FTS5 query, the page shows it back and offers the sorts.
 *
 * A search is at most SEARCH_MAX_LENGTH characters and SEARCH_MAX_TERMS words; longer input is cut,
 * never refused, so any text typed or pasted gives results or "No projects found".
 */

export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_MAX_TERMS = 8;

/** The orders a visitor can choose; `relevance` only while searching. */
export const SORTS = [
  { id: "relevance", label: "Best match" },
  { id: "newest", label: "Newest" },
  { id: "funded", label: "Most funded" },
  { id: "ending", label: "Ending soon" },
  { id: "remaining", label: "Fewest shares left" },
] as const;

export type ProjectSort = (typeof SORTS)[number]["id"];

/** Sort ids a request may name. */
export const SORT_IDS: readonly ProjectSort[] = SORTS.map((s) => s.id);

export function isProjectSort(value: unknown): value is ProjectSort {
  return typeof value === "string" && (SORT_IDS as readonly string[]).includes(value);
}

/** Controls, format characters (zero-width, bidi), private use, lone surrogates: read as spaces. */
const NOT_TEXT = /[\p{C}]/gu;

/**
 * The search as kept and shown: NFC, invisible and control characters read as spaces, runs of
 * spaces made one, trimmed, and cut to SEARCH_MAX_LENGTH characters (code points, so an emoji is
 * never split). "" means no search.
 */
export function normalizeSearch(raw: string | null | undefined): string {
  if (typeof raw !== "string" || raw === "") return "";
  // A generous first cut keeps the work bounded whatever the URL carried.
  const text = raw
    .slice(0, SEARCH_MAX_LENGTH * 8)
    .normalize("NFC")
    .replace(NOT_TEXT, " ")
    .replace(/\s+/gu, " ")
    .trim();
  return Array.from(text).slice(0, SEARCH_MAX_LENGTH).join("").trim();
}

/**
 * The words of a search: runs of letters and digits (with their combining marks), the way the
 * index's unicode61 tokenizer splits text; punctuation, symbols and emoji separate words and are
 * dropped. Case-insensitively distinct, at most SEARCH_MAX_TERMS.
 */
export function searchTerms(q: string): string[] {
  const words = normalizeSearch(q).match(/(?:[\p{L}\p{N}]\p{M}*)+/gu) ?? [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const w of words) {
    const key = w.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(w);
    if (out.length === SEARCH_MAX_TERMS) break;
  }
  return out;
}

/**
 * The order a list is shown in: the one asked for, else relevance while searching; `null` is the
 * browser's default order (open projects first, featured, newest). Relevance without a search, and
 * anything unknown, is the default.
 */
export function effectiveSort(sort: string | null | undefined, q: string): ProjectSort | null {
  const searching = q !== "";
  if (isProjectSort(sort) && (sort !== "relevance" || searching)) return sort;
  return searching ? "relevance" : null;
}
