/**
 * The failure banner of a large form (spec section 5: 'Please fix the N validation errors
 * highlighted below'). It is an alert, and with JavaScript the page scrolls to it and moves focus
 * there; without JavaScript the re-rendered page opens at the top, where it stands.
 */
import { useEffect, useRef } from "react";

import { bannerMessage } from "../../../domain/shared/form-kit";

export function FormBanner({ count, id = "form-errors" }: { count: number; id?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (count > 0) {
      ref.current?.scrollIntoView({ block: "start", behavior: "smooth" });
      ref.current?.focus({ preventScroll: true });
    }
  }, [count]);
  if (count <= 0) return null;
  return (
    <div ref={ref} id={id} className="alert alert-error" role="alert" tabIndex={-1}>
      {bannerMessage(count)}
    </div>
  );
}
