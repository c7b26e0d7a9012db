/**
 * A user-chosen text set apart in quotation marks, for sentences the platform writes (notifications,
 * the review queue). Imports nothing, so the seed (plain Node) imports it too.
 */
/** The longest user-chosen text a notification quotes, in code points (longer ones end with …). */
export const QUOTED_MAX = 80;

/**
 * A user-chosen text, set apart: whitespace runs (line breaks included) become one space, typographic
 * quotation marks inside are made straight (so the quote cannot be closed early), and it is cut to
 * QUOTED_MAX code points with an ellipsis. Never empty: an empty text is quoted as “…”.
 */
export function quoted(text: string): string {
  const flat = text
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[“”„‟"]/g, "'");
  const chars = Array.from(flat);
  const cut = chars.length > QUOTED_MAX ? `${chars.slice(0, QUOTED_MAX - 1).join("")}…` : flat;
  return `“${cut || "…"}”`;
}
