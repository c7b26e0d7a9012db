/** The code field and the "Send a new link" button of /verify-email and of the banner (ADR 045). */
import { Form, useLocation } from "react-router";

import { SubmitButton } from "./SubmitButton";

export function VerifyForms({ idPrefix, compact = false }: { idPrefix: string; compact?: boolean }) {
  const codeId = `${idPrefix}-code`;
  // Where the person was (the banner's page): once confirmed, the page leads back there.
  const { pathname, search } = useLocation();
  const next = pathname === "/verify-email" ? new URLSearchParams(search).get("next") : `${pathname}${search}`;
  return (
    <div className={compact ? "verify-forms verify-forms-compact" : "verify-forms"}>
      <Form method="post" action="/verify-email" className="verify-code-form">
        <input type="hidden" name="intent" value="code" />
        {next ? <input type="hidden" name="next" value={next} /> : null}
        <label htmlFor={codeId}>6-digit code</label>
        <input id={codeId} name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 -]*" required />
        <SubmitButton action="/verify-email" className="btn btn-primary btn-sm" pendingLabel="Confirming...">
          Confirm
        </SubmitButton>
      </Form>
      <Form method="post" action="/verify-email">
        <input type="hidden" name="intent" value="resend" />
        <SubmitButton action="/verify-email" className="btn btn-secondary btn-sm" pendingLabel="Sending...">
          Send a new link
        </SubmitButton>
      </Form>
    </div>
  );
}
