/**
 * The insights carousel (spec sections 2 and 9: it rotates every 8 s). The server renders every
 * insight as a list, which is what a browser without JavaScript keeps. Once hydrated it shows one
 * insight at a time with Previous / Next (wrapping) and a Pause / Play button; it advances every
 * 8 s, pauses while the pointer is over it or focus is inside it, and never moves by itself when
 * the visitor asks for reduced motion.
 */
import { useEffect, useState, useSyncExternalStore } from "react";

import { stepIndex } from "../../../domain/money/portfolio-view";
import { useHydrated } from "../useHydrated";

export const CAROUSEL_MS = 8_000;

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

function subscribeReducedMotion(onChange: () => void) {
  const mq = window.matchMedia(REDUCED_MOTION);
  mq.addEventListener("change", onChange);
  return () => mq.removeEventListener("change", onChange);
}

/** Whether the visitor asks for reduced motion (false on the server and during hydration). */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

export function InsightsCarousel({ insights }: { insights: string[] }) {
  const enhanced = useHydrated();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reduced = usePrefersReducedMotion();
  const count = insights.length;
  const rotating = enhanced && count > 1 && !reduced && !stopped && !hovered && !focused;

  useEffect(() => {
    if (!rotating) return;
    const t = setInterval(() => setIndex((i) => stepIndex(i, 1, count)), CAROUSEL_MS);
    return () => clearInterval(t);
  }, [rotating, count]);

  if (!enhanced || count <= 1) {
    return (
      <ul className="pf-insights-list">
        {insights.map((text, i) => (
          <li key={i}>{text}</li>
        ))}
      </ul>
    );
  }

  const current = Math.min(index, count - 1);
  return (
    <div
      className="pf-carousel"
      role="group"
      aria-roledescription="carousel"
      aria-label="Insights"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
      }}
    >
      <div className="pf-carousel-slide" aria-live={rotating ? "off" : "polite"} aria-atomic="true">
        <p role="group" aria-roledescription="slide" aria-label={`${current + 1} of ${count}`}>
          {insights[current]}
        </p>
      </div>
      <div className="pf-carousel-controls">
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => setIndex(stepIndex(current, -1, count))}
        >
          Previous<span className="visually-hidden"> insight</span>
        </button>
        <span className="pf-carousel-pos" aria-hidden="true">
          {current + 1} / {count}
        </span>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => setIndex(stepIndex(current, 1, count))}
        >
          Next<span className="visually-hidden"> insight</span>
        </button>
        {!reduced ? (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setStopped((s) => !s)}>
            {stopped ? "Play" : "Pause"}
            <span className="visually-hidden"> rotation</span>
          </button>
        ) : null}
      </div>
    </div>
  );
}
