import { Link } from "react-router";

import type { InvestButtonState } from "../../../domain/projects/project";
import { signinHref } from "../../../domain/accounts/auth-links";

/**
 * Renders an invest button state: an enabled state is a link (works without JavaScript), a
 * disabled one is a disabled button so it is skipped by keyboard focus and announced as such.
 */
export function InvestButton({
  state,
  href,
  className = "",
  label,
}: {
  state: InvestButtonState;
  /** The purchase path (with ?shares= when known). */
  href: string;
  className?: string;
  /** Overrides the label of the enabled invest state (the hero says "Invest Now"). */
  label?: string;
}) {
  const cls = `btn invest-btn ${className}`.trim();
  switch (state.kind) {
    case "login":
      return (
        <Link className={`${cls} btn-primary`} to={signinHref(href)}>
          {state.label}
        </Link>
      );
    case "invest":
      return (
        <Link className={`${cls} btn-primary`} to={href}>
          {label ?? state.label}
        </Link>
      );
    default:
      return (
        <button type="button" className={`${cls} btn-disabled`} disabled>
          {state.label}
        </button>
      );
  }
}
