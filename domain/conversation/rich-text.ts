/**
 * Plain text with paragraphs and links (founder updates, questions and answers), parsed
 * into pieces a component renders as React text and anchors: no HTML ever passes through, and
 * only absolute http(s) URLs become links (a `javascript:` or `data:` "link" stays text).
 */
export type Piece = { kind: "text"; text: string } | { kind: "link"; href: string; text: string } | { kind: "br" };

const URL_RE = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING = /[.,;:!?'"”’)\]]+$/;

/** Splits a URL match from punctuation that ends the sentence (keeping balanced parentheses). */
function trimUrl(raw: string): { url: string; rest: string } {
  let url = raw;
  let rest = "";
  for (;;) {
    const m = TRAILING.exec(url);
    if (!m) break;
    const ch = m[0].at(-1)!;
    if (ch === ")" && (url.match(/\(/g)?.length ?? 0) >= (url.match(/\)/g)?.length ?? 0)) break;
    url = url.slice(0, -1);
    rest = ch + rest;
  }
  return { url, rest };
}

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname !== "";
  } catch {
    return false;
  }
}

/** One paragraph's pieces: text, links, and line breaks for single newlines. */
export function linePieces(paragraph: string): Piece[] {
  const out: Piece[] = [];
  const lines = paragraph.split("\n");
  lines.forEach((line, i) => {
    if (i > 0) out.push({ kind: "br" });
    let last = 0;
    for (const m of line.matchAll(URL_RE)) {
      const start = m.index;
      const { url, rest } = trimUrl(m[0]);
      if (start > last) out.push({ kind: "text", text: line.slice(last, start) });
      if (isHttpUrl(url)) out.push({ kind: "link", href: url, text: url });
      else out.push({ kind: "text", text: url });
      if (rest) out.push({ kind: "text", text: rest });
      last = start + m[0].length;
    }
    if (last < line.length) out.push({ kind: "text", text: line.slice(last) });
  });
  return out;
}

/** Paragraphs (split on blank lines), each as pieces. */
export function richText(text: string): Piece[][] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== "")
    .map(linePieces);
}
