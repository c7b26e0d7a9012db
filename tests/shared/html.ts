/**
 * What a user reads in a server-rendered page, for tests that see HTML without a browser (the
 * browser tests' HTTP-level checks and the Workers tests of the built app share these).
 */
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** The text a user sees in an HTML document: scripts (the hydration data), styles and tags removed. */
export function visibleText(html: string): string {
  return html
    .replace(/<script\b[\s\S]*?<\/script>/gi, " ")
    .replace(/<style\b[\s\S]*?<\/style>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === "#")
        return String.fromCodePoint(e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
      return ENTITIES[e.toLowerCase()] ?? m;
    })
    .replace(/\s+/g, " ")
    .trim();
}

/** The texts of the page's role="alert" elements, as rendered (scripts left out). */
export function alertTexts(html: string): string[] {
  const body = html.replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const out: string[] = [];
  const re = /<(\w+)[^>]*\brole="alert"[^>]*>/g;
  for (let m = re.exec(body); m; m = re.exec(body)) {
    // Up to the matching close of this element (alerts here nest at most a few divs).
    const tag = m[1];
    let depth = 1;
    const tagRe = new RegExp(`<(/?)${tag}\\b[^>]*>`, "g");
    tagRe.lastIndex = re.lastIndex;
    let end = body.length;
    for (let t = tagRe.exec(body); t; t = tagRe.exec(body)) {
      depth += t[1] ? -1 : 1;
      if (depth === 0) {
        end = t.index;
        break;
      }
    }
    out.push(visibleText(body.slice(re.lastIndex, end)));
  }
  return out;
}
