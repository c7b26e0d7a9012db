/**
 * What the project's own founder gets where investors get Invest, Follow and Ask (founders cannot
 * invest, spec section 1): links to edit the project and to the founder dashboard. Plain links,
 * so they work without JavaScript.
 */
import { href, Link } from "react-router";

export function OwnerActions({
  projectId,
  className = "",
  primary = "btn-primary",
  secondary = "btn-secondary",
}: {
  projectId: string;
  /** Added to both buttons (size, block). */
  className?: string;
  /** The button classes of Edit project and of Dashboard. */
  primary?: string;
  secondary?: string;
}) {
  const extra = className ? ` ${className}` : "";
  return (
    <>
      <Link className={`btn ${primary}${extra}`} to={href("/my-projects/edit/:id", { id: projectId })}>
        Edit project
      </Link>
      <Link className={`btn ${secondary}${extra}`} to="/founder-dashboard">
        Dashboard
      </Link>
    </>
  );
}
