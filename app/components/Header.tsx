/**
 * The site header (spec section 2). The mobile menu and the profile dropdown are <details>, so
 * both open and close without JavaScript; Logout is a POST form. With JavaScript the header
 * gains `is-scrolled` after 20px of scroll, and open menus close on navigation, on a click
 * outside them and on Escape.
 */
import { useEffect, useRef, useState } from "react";
import { Form, Link, NavLink, useLocation, useMatches, useNavigation } from "react-router";

import { can } from "../../domain/access";
import type { Role } from "../../domain/types";
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
    <Link to="/notifications" className="bell" aria-label={label} title={label}>
      <BellIcon />
      {unread > 0 ? (
        <span className="bell-badge" aria-hidden="true">
          {unreadBadge(unread)}
        </span>
      ) : null}
    </Link>
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

function NavList({ items }: { items: NavItem[] }) {
  return (
    <ul className="nav-links">
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={item.end} className="nav-link">
            {item.label}
          </NavLink>
        </li>
      ))}
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
  // changes even when a redirect brings us back to the same URL).
  useEffect(() => {
    headerRef.current?.querySelectorAll("details[open]").forEach((d) => d.removeAttribute("open"));
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

  return (
    <header ref={headerRef} className={`site-header${scrolled ? " is-scrolled" : ""}`}>
      <div className="container header-inner">
        <Link to="/" className="brand" aria-label="CampusFund home">
          <LogoMark />
          <span>CampusFund</span>
        </Link>

        <nav className="nav-desktop" aria-label="Main">
          <NavList items={items} />
          <div className="nav-actions">
            <Link to="/support" className="btn btn-secondary btn-sm">
              Support Our Vision
            </Link>
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
                  <Link to="/profile" className="dropdown-item">
                    My Profile
                  </Link>
                  <Link to="/settings?tab=watchlist" className="dropdown-item">
                    Watchlist
                  </Link>
                  <Link to="/settings" className="dropdown-item">
                    Account Settings
                  </Link>
                  <LogoutButton className="dropdown-item" />
                </div>
              </details>
            ) : (
              <>
                <NavLink to="/signin" className="nav-link">
                  Sign In
                </NavLink>
                <Link to="/signup" className="btn btn-primary btn-sm">
                  Get Started
                </Link>
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
            <NavList items={items} />
            <div className="mobile-actions">
              {user ? (
                <>
                  <p className="mobile-user">
                    Signed in as <strong>{name}</strong>
                  </p>
                  <Link to="/profile" className="btn btn-secondary btn-block">
                    My Profile
                  </Link>
                  <Link to="/settings?tab=watchlist" className="btn btn-secondary btn-block">
                    Watchlist
                  </Link>
                  <Link to="/settings" className="btn btn-secondary btn-block">
                    Account Settings
                  </Link>
                  <Link to="/support" className="btn btn-secondary btn-block">
                    Support Our Vision
                  </Link>
                  <LogoutButton className="btn btn-ghost btn-block" />
                </>
              ) : (
                <>
                  <Link to="/signup" className="btn btn-primary btn-block">
                    Get Started
                  </Link>
                  <Link to="/signin" className="btn btn-secondary btn-block">
                    Sign In
                  </Link>
                  <Link to="/support" className="btn btn-secondary btn-block">
                    Support Our Vision
                  </Link>
                </>
              )}
            </div>
          </nav>
        </details>
      </div>
    </header>
  );
}
