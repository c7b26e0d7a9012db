/**
 * Scroll reveal (spec section 2): content fades and slides in once enough of it is in view
 * (20% by default, 0.25 for some), through one IntersectionObserver per element.
 *
 * It never hides content from people it cannot reveal it to: the hidden starting state applies
 * only when `<html>` has the `js` class (set by the inline script in root.tsx, so never without
 * JavaScript) and the visitor has not asked for reduced motion (the CSS is inside
 * `prefers-reduced-motion: no-preference`). If the app's scripts never run, a CSS animation
 * reveals everything after 1.5 s; root.tsx adds `reveal-ready` when hydration takes over.
 *
 * Fallback timers (spec): after 100 ms an element already in the viewport is shown (a jump to an
 * anchor, a late layout); after 800 ms (1000 ms for the 0.25 threshold) an element the observer
 * has not reported on at all is shown anyway.
 */
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from "react";

export const REVEAL_THRESHOLD = 0.2;
export const REVEAL_THRESHOLD_LATE = 0.25;
const IN_VIEW_CHECK_MS = 100;
const FALLBACK_MS = 800;
const FALLBACK_LATE_MS = 1000;

function inViewport(el: Element): boolean {
  const r = el.getBoundingClientRect();
  return r.top < window.innerHeight && r.bottom > 0;
}

export function Reveal({
  children,
  className,
  threshold = REVEAL_THRESHOLD,
  delay = 0,
}: {
  children: ReactNode;
  className?: string;
  threshold?: number;
  /** Stagger in ms (for items of a grid). */
  delay?: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);

  useEffect(() => {
    const el = ref.current;
    if (!el || shown) return;
    let reported = false;
    // Without IntersectionObserver (very old browsers) the timers below do the revealing.
    const observer =
      typeof IntersectionObserver === "undefined"
        ? null
        : new IntersectionObserver(
            (entries) => {
              reported = true;
              if (entries.some((e) => e.isIntersecting)) setShown(true);
            },
            { threshold },
          );
    observer?.observe(el);
    const inView = window.setTimeout(() => {
      if (inViewport(el)) setShown(true);
    }, IN_VIEW_CHECK_MS);
    const fallback = window.setTimeout(
      () => {
        if (!reported) setShown(true);
      },
      threshold >= REVEAL_THRESHOLD_LATE ? FALLBACK_LATE_MS : FALLBACK_MS,
    );
    return () => {
      observer?.disconnect();
      window.clearTimeout(inView);
      window.clearTimeout(fallback);
    };
  }, [shown, threshold]);

  const style = delay ? ({ "--reveal-delay": `${delay}ms` } as CSSProperties) : undefined;
  return (
    <div ref={ref} className={`reveal${shown ? " is-visible" : ""}${className ? ` ${className}` : ""}`} style={style}>
      {children}
    </div>
  );
}
