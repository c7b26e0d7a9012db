/**
 * Where focus goes after a navigation with JavaScript (WCAG 2.4.3; without JavaScript every
 * navigation is a new document and the reader starts at its top). After signing in, buying,
 * canceling or searching the page marks its result with `data-arrival-focus` (the purchase's
 * success or refusal, the portfolio's "Successfully invested" or "canceled" message, a search's
 * result count), and focus moves there; on any other new page (another path) it moves to the page's
 * `<h1>`, as a screen reader user expects of a page load. It stays put when the page placed focus
 * itself (a confirm step, the project form's failing field), when a modal dialog holds it (the
 * guided tour's step, which moves pages under it), when the navigation targets an anchor, and on
 * the first load.
 */
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

export const ARRIVAL_FOCUS = "data-arrival-focus";

export function useArrivalFocus(): void {
  const { key, pathname, hash } = useLocation();
  const last = useRef<{ key: string; pathname: string } | null>(null);
  useEffect(() => {
    const before = last.current;
    last.current = { key, pathname };
    if (!before || before.key === key || hash) return;
    const main = document.getElementById("main");
    const active = document.activeElement;
    // An open modal dialog (the guided tour's step) holds focus across the navigation it caused.
    if (active?.closest('[aria-modal="true"]')) return;
    const result = main?.querySelector<HTMLElement>(`[${ARRIVAL_FOCUS}]`);
    if (result) {
      if (!result.contains(active)) focusOn(result, false);
      return;
    }
    if (before.pathname === pathname) return;
    // The page put focus somewhere of its own (inside main): leave it there.
    if (main && active && active !== main && main.contains(active)) return;
    const heading = main?.querySelector<HTMLElement>("h1");
    if (heading) focusOn(heading, true);
  }, [key, pathname, hash]);
}

function focusOn(el: HTMLElement, preventScroll: boolean) {
  if (!el.hasAttribute("tabindex")) el.setAttribute("tabindex", "-1");
  el.focus({ preventScroll });
}
