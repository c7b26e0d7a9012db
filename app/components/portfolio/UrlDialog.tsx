/**
 * A dialog that is its own URL (`/portfolio?tab=ai&view=report`). The server renders it open in
 * the page flow, so without JavaScript the link opens a page with the content and a Close link.
 * Once hydrated the same element is shown as a modal <dialog> (focus moves into it, Escape
 * closes); closing, by the button or Escape, goes back to `closeHref`.
 */
import { useEffect, useRef, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";

export function UrlDialog({
  id,
  title,
  closeHref,
  children,
}: {
  id: string;
  title: string;
  closeHref: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    const d = ref.current;
    if (!d || typeof d.showModal !== "function") return;
    if (d.open) d.close();
    d.showModal();
    return () => {
      if (d.open) d.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      id={id}
      open
      className="pf-dialog card"
      aria-labelledby={`${id}-title`}
      onClose={() => {
        // The close() above, turning the server's open dialog into a modal, also fires "close":
        // by then it is open again, and that one is ignored.
        if (!ref.current?.open) void navigate(closeHref, { replace: true, preventScrollReset: true });
      }}
    >
      <div className="pf-dialog-head">
        <h2 id={`${id}-title`}>{title}</h2>
        <Link className="btn btn-secondary btn-sm" to={closeHref} replace preventScrollReset>
          Close
        </Link>
      </div>
      {children}
    </dialog>
  );
}
