/**
 * The banner on every signed-in page while the account's address is not proved (ADR 045): the
 * words, the code field and "Send a new link" (both post to /verify-email, so they work without
 * JavaScript). Its data comes with the session's one read (root loader): no query of its own.
 * Loaded by VerifyBanner.tsx only for an account whose address is not proved.
 */
import { VERIFY_MESSAGES } from "../../domain/accounts/verify-messages";
import { VerifyForms } from "./VerifyForms";

export function VerifyBannerBody({ email }: { email: string }) {
  return (
    <aside className="verify-banner" aria-label="Confirm your email address">
      <div className="container verify-banner-inner">
        <p className="verify-banner-text">{VERIFY_MESSAGES.banner(email)}</p>
        <VerifyForms idPrefix="banner" compact />
      </div>
    </aside>
  );
}
