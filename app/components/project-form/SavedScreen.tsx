/**
 * The success screen after a create, an update or a publish with JavaScript (spec section 4,
 * Project form: a success screen shows, then the user goes to /my-projects after 1.5 s). Without
 * JavaScript the action redirects to /my-projects straight away, which shows the same message.
 */
import { useEffect, useRef } from "react";
import { Link, useNavigate } from "react-router";

export const SAVED_REDIRECT_MS = 1500;

export function SavedScreen({ message, to }: { message: string; to: string }) {
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    // The form was long: the short screen that replaces it starts at the top of the page.
    window.scrollTo({ top: 0 });
    heading.current?.focus({ preventScroll: true });
    const t = setTimeout(() => void navigate(to), SAVED_REDIRECT_MS);
    return () => clearTimeout(t);
  }, [navigate, to]);

  return (
    <div className="card pf-saved" role="status">
      <span className="pf-saved-icon" aria-hidden="true">
        ✓
      </span>
      <h2 ref={heading} tabIndex={-1}>
        {message}
      </h2>
      <p className="muted">Taking you to My Projects…</p>
      <Link to={to} className="btn btn-primary">
        Go to My Projects now
      </Link>
    </div>
  );
}
