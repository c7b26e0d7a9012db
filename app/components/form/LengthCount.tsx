/**
 * A text field's length limit, shown instead of enforced (ADR 032): no control carries HTML
 * `maxlength`, which silently cuts what a person types or pastes. The server refuses an over-long
 * value with the field's message; this tells the person before they send it.
 *
 * - Server-rendered, and without JavaScript: a static hint, "Up to N characters".
 * - Once mounted: "n/N characters", live, read from the control named by `controlId` (its `input`
 *   events, and a form reset); over the limit, "n/N characters: M over the limit" in the error
 *   style, and the control gets `aria-invalid`.
 * - Counted as the server counts (`storedLength`: code points of the NFC, trimmed text), so an
 *   emoji is one character on both sides.
 * - Screen readers hear the count with the control (`aria-describedby` names `countId`); a polite
 *   live region says only when the text goes over the limit or back under it, not every keystroke.
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";

import { formatNumber } from "../../../domain/shared/format";
import { storedLength } from "../../../domain/shared/text";
import { useHydrated } from "../useHydrated";

/** The id of a control's counter, for the control's `aria-describedby`. */
export const countId = (controlId: string) => `${controlId}-count`;

/**
 * The stored length of the control with this id, followed through its `input` events and a form
 * reset (listened to on the document, so a re-rendered control is still followed; a reset fires
 * before the values change, hence the next task). Null on the server and while hydrating.
 */
function useControlLength(controlId: string, enabled: boolean): number | null {
  const subscribe = useCallback(
    (changed: () => void) => {
      if (!enabled) return () => {};
      const onInput = (e: Event) => {
        if ((e.target as Element | null)?.id === controlId) changed();
      };
      const onReset = () => setTimeout(changed);
      document.addEventListener("input", onInput);
      document.addEventListener("reset", onReset, true);
      return () => {
        document.removeEventListener("input", onInput);
        document.removeEventListener("reset", onReset, true);
      };
    },
    [controlId, enabled],
  );
  return useSyncExternalStore(
    subscribe,
    () => {
      const control = enabled ? document.getElementById(controlId) : null;
      return control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement
        ? storedLength(control.value)
        : null;
    },
    () => null,
  );
}

export function LengthCount({
  controlId,
  max,
  value,
  invalid = false,
}: {
  controlId: string;
  max: number;
  /** The control's value when React holds it (a controlled input); else it is read from the DOM. */
  value?: string;
  /** The field already has an error (from the server): its `aria-invalid` stays when back under the limit. */
  invalid?: boolean;
}) {
  const hydrated = useHydrated();
  const read = useControlLength(controlId, value === undefined);
  const length = value === undefined ? read : hydrated ? storedLength(value) : null;
  const known = length !== null;
  const over = known && length > max;

  // Once over the limit, coming back under is announced too (state adjusted while rendering).
  const [wasOver, setWasOver] = useState(false);
  if (over && !wasOver) setWasOver(true);

  useEffect(() => {
    if (!known) return;
    const control = document.getElementById(controlId);
    if (over) control?.setAttribute("aria-invalid", "true");
    else if (!invalid) control?.removeAttribute("aria-invalid");
  }, [controlId, known, over, invalid]);

  const id = countId(controlId);
  return (
    <>
      {known ? (
        <p className={over ? "field-error field-count" : "field-hint field-count"} id={id}>
          {`${formatNumber(length)}/${formatNumber(max)} characters`}
          {over ? `: ${formatNumber(length - max)} over the limit` : null}
        </p>
      ) : (
        <p className="field-hint field-count" id={id}>
          {`Up to ${formatNumber(max)} characters`}
        </p>
      )}
      {/* Says only when the text goes over the limit or back under it, not every keystroke. */}
      <span className="visually-hidden" aria-live="polite">
        {over
          ? `Over the limit of ${formatNumber(max)} characters`
          : wasOver
            ? `Within the limit of ${formatNumber(max)} characters`
            : ""}
      </span>
    </>
  );
}
