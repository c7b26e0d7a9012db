/**
 * The guided tour's steps, prompt and overlay (what app/components/tour/GuidedTour.tsx describes):
 * a chunk of its own, which <GuidedTour /> loads only once a tour is offered or started, so no
 * other page load fetches it.
 */
import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useLocation, useNavigate } from "react-router";

import { useHydrated } from "../useHydrated";
import { isOffered, START_EVENT, TOUR_DONE_KEY, TOUR_OFFER_SLOT, type GuidedTourProps } from "./tour-state";
import { type Box, hasRoom, placeTooltip, TOOLTIP_OFFSET, VIEWPORT_MARGIN } from "./placement";
import { INVESTOR_TOUR_STEPS, type TourStep } from "./steps";

/** Spec section 9: tour step delay. */
export const STEP_DELAY_MS = 500;
/** How long a step waits for its target to appear (a page still loading) before centring. */
export const TARGET_WAIT_MS = 4000;
const SPOTLIGHT_PAD = 6;

function markTourDone(how: "finished" | "skipped" | "declined" | "started") {
  try {
    window.localStorage.setItem(TOUR_DONE_KEY, how);
  } catch {
    // Storage unavailable: the prompt may be offered again, nothing worse.
  }
}

function isVisible(el: Element): boolean {
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden";
}

/** The step's element: the id first, then the fallback selectors; only visible elements count. */
export function resolveTarget(id: string, fallbacks: readonly string[] = []): HTMLElement | null {
  const byId = document.getElementById(id);
  if (byId && isVisible(byId)) return byId;
  for (const sel of fallbacks) {
    for (const el of document.querySelectorAll<HTMLElement>(sel)) {
      if (isVisible(el)) return el;
    }
  }
  return null;
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * Scrolls the window so the target is on screen with room for the tooltip beside it: the whole
 * target when it fits with the tooltip below it, else beside it when wide enough, else its top part
 * under the tooltip (a tall target on a phone). Nothing moves when the target is already in view with room on some side,
 * and the sticky header's own links are always in view.
 */
function scrollForRoom(el: HTMLElement, tip: { width: number; height: number }) {
  if (el.closest(".site-header")) return;
  const r = el.getBoundingClientRect();
  const vh = window.innerHeight;
  const viewport = { width: document.documentElement.clientWidth, height: vh };
  const headerH = document.querySelector(".site-header")?.getBoundingClientRect().height ?? 0;
  const box = { top: r.top, left: r.left, width: r.width, height: r.height };
  const inView = r.top >= headerH && r.bottom <= vh;
  if (inView && (["bottom", "top", "right", "left"] as const).some((side) => hasRoom(side, box, tip, viewport))) return;
  const fitsWithTipBelow = headerH + VIEWPORT_MARGIN + r.height + TOOLTIP_OFFSET + tip.height <= vh - VIEWPORT_MARGIN;
  const wideEnoughBeside = r.width + TOOLTIP_OFFSET + tip.width <= viewport.width - 2 * VIEWPORT_MARGIN;
  let desiredTop: number;
  // Target and tooltip together, centred in the space under the header.
  if (fitsWithTipBelow) desiredTop = headerH + (vh - headerH - (r.height + TOOLTIP_OFFSET + tip.height)) / 2;
  else if (wideEnoughBeside) desiredTop = Math.max(headerH + VIEWPORT_MARGIN, (vh - r.height) / 2);
  else desiredTop = VIEWPORT_MARGIN + tip.height + TOOLTIP_OFFSET;
  const by = r.top - desiredTop;
  if (Math.abs(by) > 1) window.scrollBy({ top: by, behavior: prefersReducedMotion() ? "auto" : "smooth" });
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The tour itself; <GuidedTour /> mounts it once a tour is offered or started. */
export function TourRunner({
  steps = INVESTOR_TOUR_STEPS,
  onFinish,
  onSkip,
  startNow = false,
}: GuidedTourProps & { startNow?: boolean }) {
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  /** null: inactive. */
  const [index, setIndex] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [declined, setDeclined] = useState(false);
  /** Bumped on every start and end so a pending step delay from an old run does nothing. */
  const run = useRef(0);

  const end = useCallback(
    (how: "finished" | "skipped") => {
      run.current++;
      setIndex(null);
      setBusy(false);
      markTourDone(how);
      document.getElementById("main")?.focus({ preventScroll: true });
      if (how === "finished") onFinish?.();
      else onSkip?.();
    },
    [onFinish, onSkip],
  );

  const start = useCallback(() => {
    if (steps.length === 0) return;
    run.current++;
    markTourDone("started");
    setDeclined(true);
    setBusy(false);
    setIndex(0);
  }, [steps.length]);

  useEffect(() => {
    window.addEventListener(START_EVENT, start);
    return () => window.removeEventListener(START_EVENT, start);
  }, [start]);

  // Started before this chunk had loaded (the shell heard the event): start once, on mount.
  const startedOnMount = useRef(false);
  useEffect(() => {
    if (!startNow || startedOnMount.current) return;
    startedOnMount.current = true;
    start();
  }, [startNow, start]);

  const next = useCallback(async () => {
    if (index === null || busy) return;
    const step = steps[index];
    if (!step) return;
    const token = run.current;
    if (step.action) {
      setBusy(true);
      if (step.action.type === "navigate") {
        void navigate(step.action.path);
      } else {
        resolveTarget(step.action.target, step.fallbacks)?.click();
      }
      await delay(STEP_DELAY_MS);
      if (run.current !== token) return; // skipped while waiting
      setBusy(false);
    }
    if (index >= steps.length - 1) end("finished");
    else setIndex(index + 1);
  }, [index, busy, steps, navigate, end]);

  if (!hydrated) return null;

  if (index === null) {
    if (!isOffered(pathname, search) || declined) return null;
    const prompt = (
      <TourPrompt
        onStart={start}
        onDecline={() => {
          markTourDone("declined");
          setDeclined(true);
        }}
      />
    );
    // In the page's flow at the top of <main> (root.tsx's slot): first in the tab order after the
    // header, covering nothing (a fixed corner box hid focused controls and came last).
    const slot = document.getElementById(TOUR_OFFER_SLOT);
    return slot ? createPortal(<div className="container">{prompt}</div>, slot) : prompt;
  }

  const step = steps[index];
  if (!step) return null;
  return (
    <TourOverlay
      key={index}
      step={step}
      index={index}
      total={steps.length}
      busy={busy}
      onNext={() => void next()}
      onSkip={() => end("skipped")}
    />
  );
}

function TourPrompt({ onStart, onDecline }: { onStart: () => void; onDecline: () => void }) {
  const id = useId();
  return (
    <section className="tour-prompt" data-tour-prompt aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="tour-prompt-title">
        Take a quick tour?
      </h2>
      <p className="tour-prompt-text">
        See how to browse projects, size an investment and find your portfolio. It takes a minute.
      </p>
      <div className="tour-prompt-actions">
        <button type="button" className="btn btn-primary btn-sm" onClick={onStart}>
          Start tour
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDecline}>
          No thanks
        </button>
      </div>
    </section>
  );
}

function TourOverlay({
  step,
  index,
  total,
  busy,
  onNext,
  onSkip,
}: {
  step: TourStep;
  index: number;
  total: number;
  busy: boolean;
  onNext: () => void;
  onSkip: () => void;
}) {
  const id = useId();
  const [found, setFound] = useState(false);
  const [hasTarget, setHasTarget] = useState(false);
  const target = useRef<HTMLElement | null>(null);
  const tooltip = useRef<HTMLDivElement>(null);
  const spotlight = useRef<HTMLDivElement>(null);
  const last = index === total - 1;
  const primary = last ? "Finish" : step.action?.type === "click" ? "Continue" : "Next";

  // Find the target (a page may still be loading after a navigate step).
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    let cancelled = false;
    const started = Date.now();
    const look = () => {
      if (cancelled) return;
      const el = resolveTarget(step.target, step.fallbacks);
      if (!el && Date.now() - started < TARGET_WAIT_MS) {
        timer = setTimeout(look, 100);
        return;
      }
      target.current = el;
      setHasTarget(!!el);
      setFound(true);
    };
    timer = setTimeout(look, 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [step]);

  // Keep the cut-out and the tooltip on the target while the page scrolls, resizes or re-renders.
  useEffect(() => {
    if (!found) return;
    let frame = 0;
    let prev = "";
    let scrolled = false;
    const tick = () => {
      let el = target.current;
      if (el && !el.isConnected) {
        el = resolveTarget(step.target, step.fallbacks);
        target.current = el;
      }
      const tip = tooltip.current;
      const spot = spotlight.current;
      if (tip && el && !scrolled) {
        // Once, when the tooltip's size is known: bring the target (and room for the tooltip) into view.
        scrolled = true;
        scrollForRoom(el, { width: tip.offsetWidth, height: tip.offsetHeight });
      }
      if (tip) {
        const rect = el && isVisible(el) ? el.getBoundingClientRect() : null;
        const box: Box | null = rect
          ? {
              top: rect.top - SPOTLIGHT_PAD,
              left: rect.left - SPOTLIGHT_PAD,
              width: rect.width + SPOTLIGHT_PAD * 2,
              height: rect.height + SPOTLIGHT_PAD * 2,
            }
          : null;
        const viewport = { width: document.documentElement.clientWidth, height: window.innerHeight };
        // Measure against the target itself: the 15 px offset is from the element, not the cut-out.
        const place = placeTooltip(
          rect ? { top: rect.top, left: rect.left, width: rect.width, height: rect.height } : null,
          { width: tip.offsetWidth, height: tip.offsetHeight },
          viewport,
          step.position,
        );
        const key = `${box?.top},${box?.left},${box?.width},${box?.height},${place.top},${place.left},${place.side}`;
        if (key !== prev) {
          prev = key;
          tip.style.top = `${Math.round(place.top)}px`;
          tip.style.left = `${Math.round(place.left)}px`;
          tip.dataset.side = place.side;
          tip.style.visibility = "visible";
          if (spot) {
            spot.hidden = !box;
            if (box) {
              spot.style.top = `${box.top}px`;
              spot.style.left = `${box.left}px`;
              spot.style.width = `${box.width}px`;
              spot.style.height = `${box.height}px`;
            }
          }
        }
      }
      frame = requestAnimationFrame(tick);
    };
    tick();
    return () => cancelAnimationFrame(frame);
  }, [found, step]);

  // Focus moves to the tooltip when the step shows (after the placement above made it visible: a
  // hidden element takes no focus).
  useEffect(() => {
    if (found) tooltip.current?.focus({ preventScroll: true });
  }, [found]);

  // Escape skips the tour wherever focus is (the page behind is covered while the tour runs).
  useEffect(() => {
    const onEscape = (e: globalThis.KeyboardEvent) => {
      if (e.key !== "Escape" || e.defaultPrevented) return;
      e.preventDefault();
      onSkip();
    };
    window.addEventListener("keydown", onEscape);
    return () => window.removeEventListener("keydown", onEscape);
  }, [onSkip]);

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key !== "Tab") return;
    // Keep Tab inside the tooltip (the page behind is covered while the tour runs).
    const items = Array.from(tooltip.current?.querySelectorAll<HTMLElement>("button") ?? []);
    const first = items[0];
    const lastItem = items.at(-1);
    if (!first || !lastItem) return;
    const active = document.activeElement;
    if (e.shiftKey && (active === first || active === tooltip.current)) {
      e.preventDefault();
      lastItem.focus();
    } else if (!e.shiftKey && active === lastItem) {
      e.preventDefault();
      first.focus();
    }
  }

  return (
    <div className="tour-root" data-tour-active data-tour-step={index + 1}>
      {/* Covers the page so clicks do not land behind the tour; the cut-out (or the dimmed
          backdrop when there is no target) is purely visual. */}
      <div className={`tour-shield${found && !hasTarget ? " is-dim" : ""}`} aria-hidden="true" />
      {found ? <div ref={spotlight} className="tour-spotlight" aria-hidden="true" hidden /> : null}
      {found ? (
        // A modal dialog owns its keys (Escape, Tab trapping, arrows): jsx-a11y does not count a
        // dialog role as interactive.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
        <div
          ref={tooltip}
          className="tour-tooltip"
          role="dialog"
          aria-modal="true"
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-content`}
          aria-busy={busy || undefined}
          tabIndex={-1}
          onKeyDown={onKeyDown}
          style={{ visibility: "hidden", ["--tour-offset" as string]: `${TOOLTIP_OFFSET}px` }}
        >
          <p className="tour-count">
            Step {index + 1} of {total}
          </p>
          <h2 className="tour-title" id={`${id}-title`}>
            {step.title}
          </h2>
          <p className="tour-content" id={`${id}-content`}>
            {step.content}
          </p>
          <div className="tour-actions">
            <button type="button" className="btn btn-ghost btn-sm tour-skip" onClick={onSkip}>
              {last ? "Close" : "Skip Tour"}
            </button>
            <button
              type="button"
              className="btn btn-primary btn-sm tour-next"
              aria-disabled={busy || undefined}
              onClick={() => {
                if (!busy) onNext();
              }}
            >
              {primary}
            </button>
          </div>
        </div>
      ) : (
        <p className="visually-hidden" role="status">
          Loading the next step of the tour…
        </p>
      )}
    </div>
  );
}
