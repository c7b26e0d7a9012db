/**
 * The site header (spec section 2). The mobile menu and the profile dropdown are <details>, so
 * both open and close without JavaScript; Logout is a POST form. With JavaScript the header
 * gains `is-scrolled` after 20px of scroll, and open menus close on navigation, on a click
 * outside them and on Escape.
 */
import { useEffect, useRef, useState } from "react";
import { Form, useLocation, useMatches, useNavigation } from "react-router";

import { can } from "../../domain/shared/access";
import type { Role } from "../../domain/shared/types";
import { AppLink, isCurrentPath, useLinkClicks } from "./AppLinks";
import { BellIcon, ChevronDown, CloseIcon, LogoMark, MenuIcon, UserIcon } from "./icons";

export interface HeaderUser {
  firstName: string;
  role: Role;
  /** Unread notifications, read with the session (no query of its own). */
  unread?: number;
}

/** The bell's badge: the count, or 99+ beyond two digits. */
export function unreadBadge(n: number): string {
  return n > 99 ? "99+" : String(n);
}

/**
 * The unread count to show: the session's, unless the page shown says a newer one (/notifications
 * marks what it shows as seen after the session was read: its loader's `bellUnread`).
 */
function useUnread(sessionCount: number): number {
  const matches = useMatches();
  for (const m of matches) {
    const d = m.loaderData as { bellUnread?: unknown } | undefined;
    if (d && typeof d === "object" && typeof d.bellUnread === "number") return d.bellUnread;
  }
  return sessionCount;
}

/** The header bell: a link to /notifications whose name says how many are unread. */
function Bell({ unread }: { unread: number }) {
  const label = unread === 0 ? "Notifications" : `Notifications, ${unread} unread`;
  return (
    <AppLink to="/notifications" className="bell" aria-label={label} title={label}>
      <BellIcon />
      {unread > 0 ? (
        <span className="bell-badge" aria-hidden="true">
          {unreadBadge(unread)}
        </span>
      ) : null}
    </AppLink>
  );
}

export const SCROLL_THRESHOLD = 20;

interface NavItem {
  to: string;
  label: string;
  end?: boolean;
}

export function navItems(user: HeaderUser | null): NavItem[] {
  const items: NavItem[] = [
    { to: "/", label: "Home", end: true },
    { to: "/about", label: "About" },
    { to: "/contact", label: "Contact" },
    { to: "/demo", label: "Explore" },
  ];
  if (can(user, "invest")) items.push({ to: "/portfolio", label: "Portfolio" });
  if (can(user, "raise")) items.push({ to: "/my-projects", label: "My Projects" });
  if (can(user, "administer")) items.push({ to: "/admin", label: "Admin" });
  return items;
}

/** The main links; the page's own is marked as `<NavLink>` marks it (`active`, `aria-current`). */
function NavList({ items, pathname }: { items: NavItem[]; pathname: string }) {
  return (
    <ul className="nav-links">
      {items.map((item) => {
        const current = isCurrentPath(pathname, item.to, item.end);
        return (
          <li key={item.to}>
            <AppLink
              to={item.to}
              className={current ? "nav-link active" : "nav-link"}
              aria-current={current ? "page" : undefined}
            >
              {item.label}
            </AppLink>
          </li>
        );
      })}
    </ul>
  );
}

function LogoutButton({ className }: { className: string }) {
  return (
    <Form method="post" action="/logout">
      <button type="submit" className={className}>
        Logout
      </button>
    </Form>
  );
}

export function Header({ user }: { user: HeaderUser | null }) {
  const [scrolled, setScrolled] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const location = useLocation();
  const navigating = useNavigation().state !== "idle";

  // The scroll effect: one passive listener, state changes only when crossing the threshold.
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLL_THRESHOLD);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  // Close open menus when a navigation or a form submission starts, and when it lands (the key
  // changes even when a redirect brings us back to the same URL). Not on hydration: a menu the
  // reader opened before the scripts arrived stays open.
  const lastNavigation = useRef<string | null>(null);
  useEffect(() => {
    const now = `${location.key}:${navigating}`;
    if (lastNavigation.current !== null && lastNavigation.current !== now) {
      headerRef.current?.querySelectorAll("details[open]").forEach((d) => d.removeAttribute("open"));
    }
    lastNavigation.current = now;
  }, [location.key, navigating]);

  // Close open menus on a click outside them, and on Escape (focus returns to the toggle).
  useEffect(() => {
    const onPointer = (e: MouseEvent) => {
      headerRef.current?.querySelectorAll<HTMLDetailsElement>("details[open]").forEach((d) => {
        if (!d.contains(e.target as Node)) d.open = false;
      });
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      headerRef.current?.querySelectorAll<HTMLDetailsElement>("details[open]").forEach((d) => {
        d.open = false;
        d.querySelector("summary")?.focus();
      });
    };
    document.addEventListener("click", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("click", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, []);

  const items = navItems(user);
  const name = user?.firstName?.trim() || "Profile";
  const unread = useUnread(user?.unread ?? 0);
  // Plain links, navigated in the app by the header's one click handler (AppLinks.tsx).
  const onLinkClick = useLinkClicks();

  return (
    // The clicks are the links' own (a keyboard's Enter on a link is a click too).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <header ref={headerRef} className={`site-header${scrolled ? " is-scrolled" : ""}`} onClick={onLinkClick}>
      <div className="container header-inner">
        <AppLink to="/" className="brand" aria-label="CampusFund home">
          <LogoMark />
          <span>CampusFund</span>
        </AppLink>

        <nav className="nav-desktop" aria-label="Main">
          <NavList items={items} pathname={location.pathname} />
          <div className="nav-actions">
            <AppLink to="/support" className="btn btn-secondary btn-sm">
              Support Our Vision
            </AppLink>
            {user ? (
              <details className="profile-menu">
                <summary className="profile-toggle">
                  <span className="avatar">
                    <UserIcon />
                  </span>
                  <span className="profile-name">{name}</span>
                  <ChevronDown className="caret" />
                </summary>
                <div className="dropdown">
                  <AppLink to="/profile" className="dropdown-item">
                    My Profile
                  </AppLink>
                  <AppLink to="/settings?tab=watchlist" className="dropdown-item">
                    Watchlist
                  </AppLink>
                  <AppLink to="/settings" className="dropdown-item">
                    Account Settings
                  </AppLink>
                  <LogoutButton className="dropdown-item" />
                </div>
              </details>
            ) : (
              <>
                <AppLink
                  to="/signin"
                  className={isCurrentPath(location.pathname, "/signin") ? "nav-link active" : "nav-link"}
                  aria-current={isCurrentPath(location.pathname, "/signin") ? "page" : undefined}
                >
                  Sign In
                </AppLink>
                <AppLink to="/signup" className="btn btn-primary btn-sm">
                  Get Started
                </AppLink>
              </>
            )}
          </div>
        </nav>

        {user ? <Bell unread={unread} /> : null}

        <details className="nav-mobile">
          <summary className="menu-toggle">
            <MenuIcon className="icon-open" />
            <CloseIcon className="icon-close" />
            <span className="visually-hidden">Menu</span>
          </summary>
          <nav className="mobile-panel" aria-label="Main">
            <NavList items={items} pathname={location.pathname} />
            <div className="mobile-actions">
              {user ? (
                <>
                  <p className="mobile-user">
                    Signed in as <strong>{name}</strong>
                  </p>
                  <AppLink to="/profile" className="btn btn-secondary btn-block">
                    My Profile
                  </AppLink>
                  <AppLink to="/settings?tab=watchlist" className="btn btn-secondary btn-block">
                    Watchlist
                  </AppLink>
                  <AppLink to="/settings" className="btn btn-secondary btn-block">
                    Account Settings
                  </AppLink>
                  <AppLink to="/support" className="btn btn-secondary btn-block">
                    Support Our Vision
                  </AppLink>
                  <LogoutButton className="btn btn-ghost btn-block" />
                </>
              ) : (
                <>
                  <AppLink to="/signup" className="btn btn-primary btn-block">
                    Get Started
                  </AppLink>
                  <AppLink to="/signin" className="btn btn-secondary btn-block">
                    Sign In
                  </AppLink>
                  <AppLink to="/support" className="btn btn-secondary btn-block">
                    Support Our Vision
                  </AppLink>
                </>
              )}
            </div>
          </nav>
        </details>
      </div>
    </header>
  );
}
