import { Form } from "react-router";

import { SEARCH_MAX_LENGTH, SORTS, type ProjectSort } from "../../../domain/projects/project-search";
import { countId, LengthCount } from "../form/LengthCount";

/**
 * The project browser's search and sort: a GET form, so it works without JavaScript and its result
 * is a URL (shareable, cached for visitors, kept by the pager and the category links). The category
 * travels in a hidden field; a new search starts at page 1. The default order is "Featured" while
 * browsing and "Best match" while searching. A search has a length limit, counted as it is typed
 * and never cut (ADR 032): one over it comes back in the box with `error`, unsearched.
 */
export function BrowseSearch({
  action,
  sector,
  q,
  error = null,
  sort,
}: {
  action: string;
  sector: string;
  q: string;
  /** Why the search was not run (too long). */
  error?: string | null;
  sort: ProjectSort | null;
}) {
  const chosen = sort && sort !== "relevance" ? sort : "";
  return (
    // keyed by what it shows, so a link to another search resets what was typed (JS navigation)
    <Form
      method="get"
      action={action}
      role="search"
      className="browse-search"
      key={`${sector}|${q}|${chosen}|${error ?? ""}`}
    >
      <div className="field browse-search-q">
        <label htmlFor="browse-q">Search projects</label>
        <input
          id="browse-q"
          type="search"
          name="q"
          defaultValue={q}
          placeholder="Name, university, tag or founder"
          autoComplete="off"
          enterKeyHint="search"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${countId("browse-q")} browse-q-error` : countId("browse-q")}
        />
      </div>
      {/* Beside the form's controls, under the box (invest.css places them). */}
      <LengthCount controlId="browse-q" max={SEARCH_MAX_LENGTH} invalid={!!error} />
      {error ? (
        <p className="field-error browse-search-error" id="browse-q-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="field browse-search-sort">
        <label htmlFor="browse-sort">Sort by</label>
        <select id="browse-sort" name="sort" defaultValue={chosen}>
          <option value="">{q ? "Best match" : "Featured"}</option>
          {SORTS.filter((s) => s.id !== "relevance").map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      {sector !== "all" ? <input type="hidden" name="category" value={sector} /> : null}
      <button type="submit" className="btn btn-primary browse-search-submit">
        Search
      </button>
    </Form>
  );
}
