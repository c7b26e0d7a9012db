/**
 * Tour steps (spec section 3: target element id, content, position, optional click or navigate
 * action). `fallbacks` are CSS selectors tried when no element has the id (or it is hidden): the
 * current pages need no tour-only ids, and the lead may add the ids later without touching this.
 * A step whose target cannot be found shows its tooltip centred, without a highlight.
 */
import type { TourSide } from "./placement";

export type TourAction = { type: "click"; target: string } | { type: "navigate"; path: string };

export interface TourStep {
  /** The id of the element to highlight. */
  target: string;
  /** Selectors tried in order when the id is missing or hidden (the first visible match wins). */
  fallbacks?: readonly string[];
  title: string;
  content: string;
  position: TourSide;
  /** Run when the visitor presses Next / Continue on this step, followed by the 500 ms step delay. */
  action?: TourAction;
}

/** The mobile menu button stands in for header links when the desktop navigation is hidden. */
const MOBILE_MENU = ".nav-mobile > summary";

/** The first-time investor's tour: browse, open a project, the calculator, the portfolio. */
export const INVESTOR_TOUR_STEPS: readonly TourStep[] = [
  {
    target: "tour-explore-link",
    fallbacks: ['.nav-desktop a[href="/demo"]', MOBILE_MENU],
    title: "Explore projects",
    content:
      "Explore lists every student startup raising money on CampusFund. Filter by sector to find ideas you believe in.",
    position: "bottom",
    action: { type: "navigate", path: "/demo" },
  },
  {
    target: "tour-project-card",
    fallbacks: ['.project-card a[href^="/project/"]', ".project-card"],
    title: "Open a project",
    content:
      "Each card shows funding progress, days left and the share price. Open one to read its pitch, team and terms.",
    position: "top",
    action: { type: "click", target: "tour-project-card" },
  },
  {
    target: "tour-calculator",
    fallbacks: ["#calculator", ".calculator"],
    title: "Calculate your investment",
    content:
      "Pick a number of shares to see what they cost and how much of the company they represent before you invest.",
    position: "left",
  },
  {
    target: "tour-portfolio-link",
    fallbacks: ['.nav-desktop a[href="/portfolio"]', MOBILE_MENU],
    title: "Your portfolio",
    content:
      "Every investment you make appears in your portfolio: the shares you hold, what you paid, and their value at the latest share price.",
    position: "bottom",
    action: { type: "navigate", path: "/portfolio" },
  },
  {
    target: "tour-portfolio",
    fallbacks: [".portfolio-page .page-head", ".portfolio-page h1", "main h1"],
    title: "You're all set",
    content:
      "All money on CampusFund is simulated, so explore freely and make your first investment whenever you're ready.",
    position: "bottom",
  },
];
