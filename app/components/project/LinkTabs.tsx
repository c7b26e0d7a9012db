import { Link } from "react-router";

export interface LinkTab {
  id: string;
  label: string;
  href: string;
}

/**
 * Tabs as links (`?tab=team`): each is a real page, so they work without JavaScript; the active
 * one carries aria-current. Only the active panel is rendered by the page.
 */
export function LinkTabs({ tabs, active, label, id }: { tabs: LinkTab[]; active: string; label: string; id?: string }) {
  return (
    <nav className="link-tabs" aria-label={label} id={id}>
      <ul>
        {tabs.map((t) => (
          <li key={t.id}>
            <Link
              to={t.href}
              className="link-tab"
              aria-current={t.id === active ? "page" : undefined}
              preventScrollReset
            >
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
