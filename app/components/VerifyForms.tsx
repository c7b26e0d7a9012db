/** The code field and the "Send a new link" button of /verify-email and of the banner (ADR 045). */
import { Form } from "react-router";

import { SubmitButton } from "./SubmitButton";

export function VerifyForms({ idPrefix, compact = false }: { idPrefix: string; compact?: boolean }) {
  const codeId = `${idPrefix}-code`;
  return (
    <div className={compact ? "verify-forms verify-forms-compact" : "verify-forms"}>
      <Form method="post" action="/verify-email" className="verify-code-form">
        <input type="hidden" name="intent" value="code" />
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
