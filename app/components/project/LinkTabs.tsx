import { AppLink, useLinkClicks } from "../AppLinks";

export interface LinkTab {
  id: string;
  label: string;
  href: string;
}

/**
 * Tabs as links (`?tab=team`): each is a real page, so they work without JavaScript; the active
 * one carries aria-current. Only the active panel is rendered by the page. Plain links, navigated in
 * the app by the bar's one click handler, keeping the scroll position (AppLinks.tsx).
 */
export function LinkTabs({ tabs, active, label, id }: { tabs: LinkTab[]; active: string; label: string; id?: string }) {
  const onLinkClick = useLinkClicks({ preventScrollReset: true });
  return (
    // The clicks are the links' own (a keyboard's Enter on a link is a click too).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <nav className="link-tabs" aria-label={label} id={id} onClick={onLinkClick}>
      <ul>
        {tabs.map((t) => (
          <li key={t.id}>
            <AppLink to={t.href} className="link-tab" aria-current={t.id === active ? "page" : undefined}>
              {t.label}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
