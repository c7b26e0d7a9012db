/**
 * Links that cost a fraction of a `<Link>` to render. A React Router `<Link>` runs a
 * dozen hooks when it renders (its resolved path, a click handler, prefetch state): some 20 µs of
 * the Worker's CPU each, and the header, the footer and the tab bars draw dozens of them on every
 * page. Here a static link is a plain `<a href data-discover>` (the markup a `<Link>` renders, so
 * route discovery finds it as before), and the element around the links takes their clicks: one
 * handler that sends a plain left click on a link to this site to React Router's `navigate`, as a
 * `<Link>` does (replacing the history entry when the link is the page shown). A click with a
 * modifier key, a link to another window, a download or another site is left to the browser, and
 * so is every click before hydration or without JavaScript: they are ordinary links.
 */
import { useCallback, type MouseEvent, type ReactNode } from "react";
import { useNavigate } from "react-router";

/** A link's `aria-current`, the way `<NavLink>` decides it (case-insensitive; `end`: no sub-path). */
export function isCurrentPath(pathname: string, to: string, end = false): boolean {
  const here = pathname.toLowerCase();
  const target = to.toLowerCase();
  if (here === target) return true;
  if (end) return false;
  const slash = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  return here.startsWith(target) && here.charAt(slash) === "/";
}

/** Whether a click on an element inside a link area is the app's to handle, and where it goes. */
export function inAppTarget(event: MouseEvent<HTMLElement>): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const a = (event.target as Element).closest?.("a[href]");
  if (!(a instanceof HTMLAnchorElement) || !event.currentTarget.contains(a)) return null;
  if ((a.target && a.target !== "_self") || a.hasAttribute("download")) return null;
  // A page this app does not render (the API reference) is loaded whole, as `reloadDocument` does.
  if (a.hasAttribute("data-reload-document")) return null;
  if (a.origin !== window.location.origin) return null;
  return `${a.pathname}${a.search}${a.hash}`;
}

/**
 * The click handler of an element holding plain links: client-side navigation for each of them.
 * `preventScrollReset` as on a `<Link>` (tab bars keep the reader where they are).
 */
export function useLinkClicks({ preventScrollReset = false }: { preventScrollReset?: boolean } = {}) {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      const to = inAppTarget(event);
      if (to === null) return;
      event.preventDefault();
      const { pathname, search, hash } = window.location;
      void navigate(to, { replace: to === `${pathname}${search}${hash}`, preventScrollReset });
    },
    [navigate, preventScrollReset],
  );
}

/** A static link inside a link area: the anchor a `<Link to>` renders, without its hooks. */
export function AppLink({
  to,
  className,
  children,
  ...rest
}: {
  to: string;
  className?: string;
  children: ReactNode;
  "aria-current"?: "page" | undefined;
  "aria-label"?: string;
  title?: string;
  rel?: string;
}) {
  return (
    <a href={to} className={className} data-discover="true" {...rest}>
      {children}
    </a>
  );
}
