/**
 * The spam trap every public form carries (ADR 012): a text field people never see or reach, so
 * only form-filling bots fill it; the services answer a filled one as a success and store nothing.
 */
import { HONEYPOT_FIELD } from "../../../domain/shared/schemas";

export function Honeypot({ idPrefix }: { idPrefix: string }) {
  const id = `${idPrefix}-${HONEYPOT_FIELD}`;
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
