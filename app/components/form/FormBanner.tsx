/**
 * The failure banner of a large form (spec section 5: 'Please fix the N validation errors
 * highlighted below'). It is an alert, and with JavaScript the page scrolls to it and moves focus
 * there; without JavaScript the re-rendered page opens at the top, where it stands.
 *
 * Given the errors, it is an error summary too: each message a link to its field (`#f-…`, the
 * control's id), so a founder reaches a field far below (the terms box of Submit for review) in
 * one step, with or without JavaScript.
 */
import { useEffect, useRef, type MouseEvent } from "react";

import { bannerMessage, type FieldErrors } from "../../../domain/shared/form-kit";
import { fieldId } from "./Field";

/**
 * With JavaScript, a link of the summary also puts focus in its field (following a link to an
 * input only scrolls to it); without, the browser scrolls there.
 */
function focusField(e: MouseEvent<HTMLAnchorElement>) {
  const target = document.getElementById(e.currentTarget.hash.slice(1));
  if (!target) return;
  e.preventDefault();
  target.scrollIntoView({ block: "center" });
  target.focus({ preventScroll: true });
}

export function FormBanner({
  count,
  errors,
  id = "form-errors",
}: {
  count: number;
  /** Each field's message, listed as a link to the field. */
  errors?: FieldErrors;
  id?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (count > 0) {
      ref.current?.scrollIntoView({ block: "start", behavior: "smooth" });
      ref.current?.focus({ preventScroll: true });
    }
  }, [count]);
  if (count <= 0) return null;
  return (
    <div ref={ref} id={id} className="alert alert-error form-banner" role="alert" tabIndex={-1}>
      <p className="form-banner-title">{bannerMessage(count)}</p>
      {errors && Object.keys(errors).length > 0 ? (
        <ul className="form-banner-list">
          {Object.entries(errors).map(([name, message]) => (
            <li key={name}>
              <a href={`#${fieldId(name)}`} onClick={focusField}>
                {message}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
