import { AppLink, useLinkClicks } from "../AppLinks";

/** Page numbers to show: all when few, else first, last and a window around the current page. */
export function pageItems(page: number, pageCount: number): (number | "gap")[] {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const set = new Set([1, pageCount, page - 1, page, page + 1]);
  const pages = [...set].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b);
  const out: (number | "gap")[] = [];
  for (const p of pages) {
    const last = out[out.length - 1];
    if (typeof last === "number" && p - last > 1) out.push("gap");
    out.push(p);
  }
  return out;
}

/**
 * Previous / numbered / Next links; Previous on page 1 and Next on the last page are plain text.
 * Plain links, navigated in the app by the pager's one click handler (AppLinks.tsx).
 */
export function Pagination({
  page,
  pageCount,
  hrefFor,
  label = "Pagination",
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  /** The navigation's name, when the page has another list with pages. */
  label?: string;
}) {
  const onLinkClick = useLinkClicks();
  if (pageCount <= 1) return null;
  return (
    // The clicks are the links' own (a keyboard's Enter on a link is a click too).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <nav className="pager" aria-label={label} onClick={onLinkClick}>
      <ul>
        <li>
          {page > 1 ? (
            <AppLink className="pager-link" to={hrefFor(page - 1)} rel="prev">
              Previous
            </AppLink>
          ) : (
            <span className="pager-link pager-disabled" aria-disabled="true">
              Previous
            </span>
          )}
        </li>
        {pageItems(page, pageCount).map((p, i) =>
          p === "gap" ? (
            <li key={`gap-${i}`} className="pager-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <AppLink
                className="pager-link pager-num"
                to={hrefFor(p)}
                aria-current={p === page ? "page" : undefined}
                aria-label={`Page ${p}`}
              >
                {p}
              </AppLink>
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <AppLink className="pager-link" to={hrefFor(page + 1)} rel="next">
              Next
            </AppLink>
          ) : (
            <span className="pager-link pager-disabled" aria-disabled="true">
              Next
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
