/**
 * The small banner on every page while the signed-in account is scheduled for deletion (ADR 046):
 * the date, and "Keep my account", a plain form (works without JavaScript) that cancels it. The
 * Your Data section says the same in full, so the banner stays off that page.
 */
import { Form, useLocation, useSearchParams } from "react-router";

import { DELETION_MESSAGES } from "../../domain/accounts/deletion-messages";
import { useOptionalUser } from "./useOptionalUser";

export function DeletionBanner() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const on = useOptionalUser()?.deletionOn ?? null;
  if (!on) return null;
  if (
    pathname.startsWith("/settings") &&
    (params.get("section") === "your-data" || pathname === "/settings/your-data")
  ) {
    return null;
  }
  return (
    <div className="container notice-bar">
      <div className="alert alert-warning deletion-banner" role="region" aria-label="Account deletion">
        <p>{DELETION_MESSAGES.scheduled(on)}</p>
        <Form method="post" action="/settings/your-data">
          <input type="hidden" name="intent" value="keep" />
          <button type="submit" className="btn btn-secondary btn-sm">
            Keep my account
          </button>
        </Form>
      </div>
    </div>
  );
}
