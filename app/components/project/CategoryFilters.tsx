import { Link } from "react-router";

import { FILTERS } from "../../../domain/projects/categories";

/** Category filters as links (work without JavaScript); the current one has aria-current. */
export function CategoryFilters({ current, hrefFor }: { current: string; hrefFor: (sector: string) => string }) {
  return (
    <nav className="filter-bar" aria-label="Filter projects by category">
      <ul>
        {FILTERS.map((f) => (
          <li key={f.id}>
            <Link
              to={hrefFor(f.id)}
              className="filter-chip"
              aria-current={f.id === current ? "page" : undefined}
              preventScrollReset
            >
              {f.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
