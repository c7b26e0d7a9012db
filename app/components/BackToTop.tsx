/**
 * The floating back-to-top button of the legal pages (spec section 9: visible after 300px of
 * scroll). It exists only with JavaScript (the server renders nothing); without JavaScript the
 * pages carry plain "Back to top" links. Scrolling respects reduced motion, and focus moves to
 * the target so keyboard and screen-reader users land at the top too.
 */
import { useEffect, useState } from "react";

export const BACK_TO_TOP_AFTER = 300;

export function BackToTop({ targetId }: { targetId: string }) {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > BACK_TO_TOP_AFTER);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  if (!visible) return null;
  return (
    <button
      type="button"
      className="back-to-top"
      onClick={() => {
        const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
        document.getElementById(targetId)?.focus({ preventScroll: true });
      }}
    >
      <svg
        viewBox="0 0 24 24"
        width="20"
        height="20"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d="M12 19V5M5 12l7-7 7 7" />
      </svg>
      <span>Back to top</span>
    </button>
  );
}
