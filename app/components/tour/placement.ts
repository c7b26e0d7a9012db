/**
 * Where the tour's tooltip goes (spec section 4 and 9): on the side of the target with room, tried
 * in the order bottom, top, right, else left (the step's own preferred side first when it has
 * room), 15 px from the target and kept 20 px inside the viewport. Without a target the tooltip is
 * centred. Pure: unit-tested in tests/unit/tasks-lib.test.ts.
 */

export type TourSide = "top" | "bottom" | "left" | "right";

export const TOOLTIP_OFFSET = 15;
export const VIEWPORT_MARGIN = 20;
const ORDER: readonly TourSide[] = ["bottom", "top", "right", "left"];

export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

export interface Placement {
  top: number;
  left: number;
  /** The side used, or "center" when there is no target. */
  side: TourSide | "center";
}

function clamp(v: number, min: number, max: number): number {
  return max < min ? min : Math.min(Math.max(v, min), max);
}

/** Whether a tooltip of `size` fits on `side` of `target` inside the viewport's margins. */
export function hasRoom(
  side: TourSide,
  target: Box,
  size: { width: number; height: number },
  viewport: { width: number; height: number },
): boolean {
  const bottom = target.top + target.height;
  const right = target.left + target.width;
  switch (side) {
    case "bottom":
      return bottom + TOOLTIP_OFFSET + size.height <= viewport.height - VIEWPORT_MARGIN;
    case "top":
      return target.top - TOOLTIP_OFFSET - size.height >= VIEWPORT_MARGIN;
    case "right":
      return right + TOOLTIP_OFFSET + size.width <= viewport.width - VIEWPORT_MARGIN;
    case "left":
      return target.left - TOOLTIP_OFFSET - size.width >= VIEWPORT_MARGIN;
  }
}

export function placeTooltip(
  target: Box | null,
  size: { width: number; height: number },
  viewport: { width: number; height: number },
  preferred?: TourSide,
): Placement {
  const maxLeft = viewport.width - VIEWPORT_MARGIN - size.width;
  const maxTop = viewport.height - VIEWPORT_MARGIN - size.height;
  if (!target) {
    return {
      top: clamp((viewport.height - size.height) / 2, VIEWPORT_MARGIN, maxTop),
      left: clamp((viewport.width - size.width) / 2, VIEWPORT_MARGIN, maxLeft),
      side: "center",
    };
  }
  const candidates = preferred ? [preferred, ...ORDER.filter((s) => s !== preferred)] : ORDER;
  const side = candidates.find((s) => hasRoom(s, target, size, viewport)) ?? "left";
  const centreX = target.left + target.width / 2 - size.width / 2;
  const centreY = target.top + target.height / 2 - size.height / 2;
  let top: number;
  let left: number;
  switch (side) {
    case "bottom":
      top = target.top + target.height + TOOLTIP_OFFSET;
      left = centreX;
      break;
    case "top":
      top = target.top - TOOLTIP_OFFSET - size.height;
      left = centreX;
      break;
    case "right":
      top = centreY;
      left = target.left + target.width + TOOLTIP_OFFSET;
      break;
    case "left":
      top = centreY;
      left = target.left - TOOLTIP_OFFSET - size.width;
      break;
  }
  return { top: clamp(top, VIEWPORT_MARGIN, maxTop), left: clamp(left, VIEWPORT_MARGIN, maxLeft), side };
}
