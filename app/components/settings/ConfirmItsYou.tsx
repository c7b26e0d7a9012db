/**
 * What a settings section shows instead of a form or a link that needs a fresh confirmation
 * (step-up, ADR 054) when the session has none: what is asked and a link to /confirm-access, which
 * comes back to `next`. Nothing is typed before it, so nothing is lost.
 */
import { CONFIRM_MESSAGES, confirmAccessHref } from "../../../domain/accounts/confirm";

export function ConfirmItsYou({ next, minutes, id }: { next: string; minutes: number; id: string }) {
  return (
    <div className="stack" id={id}>
      <p>{CONFIRM_MESSAGES.needed(minutes)}</p>
      <p className="form-actions">
        <a href={confirmAccessHref(next)} className="btn btn-primary">
          Confirm It&apos;s You
        </a>
      </p>
    </div>
  );
}
