/**
 * Small presentation rules of the portfolio's AI Tools tab, pure so they are unit-tested:
 * where a recommended sector leads, how the insights carousel steps, and how the score ring is
 * drawn.
 */

/**
 * The browse page of a recommended sector (spec section 2: `/explore/sector/{sector lowercased}`),
 * with spaces as hyphens so the URL reads cleanly: "Renewable Energy" →
 * `/explore/sector/renewable-energy`. `sectorFromParam` maps every name we may recommend to a
 * browse sector.
 */
export function sectorHref(name: string): string {
  const slug = name.trim().toLowerCase().replace(/\s+/g, "-");
  return `/explore/sector/${encodeURIComponent(slug)}`;
}

/** The carousel's next index after a step of `delta`, wrapping at both ends (0 when empty). */
export function stepIndex(index: number, delta: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + delta) % count) + count) % count;
}

/** The stroke-dasharray of a ring of `radius` filled to `score` out of 100 (clamped 0–100). */
export function ringDash(score: number, radius: number): { filled: number; circumference: number } {
  const circumference = 2 * Math.PI * radius;
  const clamped = Number.isFinite(score) ? Math.min(100, Math.max(0, score)) : 0;
  return { filled: (clamped / 100) * circumference, circumference };
}
