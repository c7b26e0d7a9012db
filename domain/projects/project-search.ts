/**
 * The project browser's search text and sort orders. Pure and isomorphic: the
 * service turns the text into an FTS5 query, the page shows it back and offers the sorts.
 *
 * A search is at most SEARCH_MAX_LENGTH characters: a longer one is refused with a message that
 * says so, never cut (ADR 032). Within it, any text typed or pasted gives results or "No projects
 * found"; only its first SEARCH_MAX_TERMS words are searched for.
 */

import { charCount } from "../shared/text";

export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_MAX_TERMS = 8;

export const SEARCH_MESSAGES = {
  tooLong: `A search can be at most ${SEARCH_MAX_LENGTH} characters. Shorten it and search again.`,
} as const;

/** The orders a visitor can choose; `relevance` only while searching. */
export const SORTS = [
  { id: "relevance", label: "Best match" },
  { id: "newest", label: "Newest" },
  { id: "funded", label: "Most funded" },
  { id: "ending", label: "Ending soon" },
  { id: "remaining", label: "Fewest shares left" },
  // The rails' "See all" (ADR 055): open raises first in each, the rest after them.
  { id: "trending", label: "Trending" },
  { id: "almost", label: "Almost funded" },
] as const;

export type ProjectSort = (typeof SORTS)[number]["id"];

/** Sort ids a request may name. */
export const SORT_IDS: readonly ProjectSort[] = SORTS.map((s) => s.id);

export function isProjectSort(value: unknown): value is ProjectSort {
  return typeof value === "string" && (SORT_IDS as readonly string[]).includes(value);
}

/** Controls, format characters (zero-width, bidi), private use, lone surrogates: read as spaces. */
const NOT_TEXT = /[\p{C}]/gu;

/** Longer raw text is too long whatever it normalises to: the work stays bounded. */
const SEARCH_MAX_RAW = SEARCH_MAX_LENGTH * 8;

/**
 * The search as kept and shown: NFC, invisible and control characters read as spaces, runs of
 * spaces made one, trimmed. "" means no search. Check `searchTooLong` first: a search over the
 * limit is refused, not searched for.
 */
export function normalizeSearch(raw: string | null | undefined): string {
  if (typeof raw !== "string" || raw === "") return "";
  return raw.slice(0, SEARCH_MAX_RAW).normalize("NFC").replace(NOT_TEXT, " ").replace(/\s+/gu, " ").trim();
}

/** More than SEARCH_MAX_LENGTH characters (code points, once normalised): refused with SEARCH_MESSAGES.tooLong. */
export function searchTooLong(raw: string | null | undefined): boolean {
  if (typeof raw !== "string") return false;
  return raw.length > SEARCH_MAX_RAW || charCount(normalizeSearch(raw)) > SEARCH_MAX_LENGTH;
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
