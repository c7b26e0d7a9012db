/**
 * The purchase page's summary and form (app/routes/purchase.tsx renders it for an investor who may
 * buy): the project's facts, the shares form (a GET form without JavaScript: Update total, Review
 * Purchase; posting with it), the no-JavaScript confirmation, the allowance, the cancellation note,
 * the Invest bar and the regulation notice.
 */
import { useEffect } from "react";
import { href, Link, useNavigate, useNavigation } from "react-router";

import { useHydrated, useShareInput } from "../project/hooks";
import { overAllowance } from "../project/Allowance";
import { CutoffTime } from "../portfolio/LocalTime";
import { formatNumber, formatPrice } from "../../../domain/shared/format";
import { belowMinimum, equityForShares, totalFor } from "../../../domain/projects/project";
import { RISK_ACKNOWLEDGEMENT } from "../../../domain/money/reg-cf";
import { PurchaseFacts } from "./PurchaseFacts";
import { ReviewForm } from "./ReviewForm";
import { SharesForm } from "./SharesForm";
import { PerksPanel } from "../project/PerksPanel";
import { perksForPurchase } from "../../../domain/money/perk-text";
import type { PurchaseFormView } from "./view";

export type { PurchaseFormView } from "./view";

const REDIRECT_DELAY_MS = 1500;

export function PurchaseForm({
  view,
  error,
  success,
  postedShares,
}: {
  view: PurchaseFormView;
  /** The refusal of the last post, if any. */
  error: string | null;
  /** A purchase made with JavaScript: its message, and where the page moves after a moment. */
  success: { message: string; redirectTo: string } | null;
  /** After a failed post without JavaScript, the count the user asked for. */
  postedShares: number | null;
}) {
  const {
    project,
    shares: initialShares,
    clampMessage,
    unavailable,
    review,
    allowance,
    ownedShares,
    cancelUntil,
    cancellable,
  } = view;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const navigate = useNavigate();

  const input = useShareInput(postedShares ?? initialShares, error ? null : clampMessage, project);

  useEffect(() => {
    if (!success) return;
    const t = setTimeout(() => void navigate(success.redirectTo), REDIRECT_DELAY_MS);
    return () => clearTimeout(t);
  }, [success, navigate]);

  const busy = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const shares = review && !error ? review.shares : input.shares;
  const total = totalFor(shares, project.sharePrice);
  const equity = equityForShares(shares, project.totalShares, project.equityPercentage);
  const belowMin = belowMinimum(input.shares, {
    ...project,
    investmentTerms: { minInvestment: project.minInvestment },
  });
  const overLimit = overAllowance(allowance, total);
  const disabled =
    busy || !!success || !input.valid || input.shares < 1 || (hydrated && belowMin) || (hydrated && overLimit);
  const reg = view.regulation;
  const cancel = href("/project/:slug", { slug: project.slug || project._id });
  const reviewing = !!review && !error;
  const formId = reviewing ? "purchase-review" : "purchase-form";

  const riskBox = (
    <label className="risk-ack">
      <input type="checkbox" name="riskAcknowledged" required />
      <span>{RISK_ACKNOWLEDGEMENT}</span>
    </label>
  );

  return (
    <div className="container invest-page purchase-page">
      <div className="purchase-card card">
        <header className="purchase-head">
          <h1>Investment Summary</h1>
          <p className="page-lead">Review and confirm your investment</p>
        </header>

        <PurchaseFacts project={project} ownedShares={ownedShares} />

        {success ? (
          <div className="alert alert-success" role="status" data-arrival-focus="">
            <p>{success.message}</p>
            <p className="muted">Taking you to your portfolio…</p>
          </div>
        ) : null}
        {error ? (
          <div className="alert alert-error" role="alert" data-arrival-focus="">
            {error}
          </div>
        ) : null}

        {unavailable ? (
          <div className="unavailable">
            <p className="alert alert-info">{unavailable}</p>
            <Link className="btn btn-secondary" to={cancel}>
              Back to Project
            </Link>
          </div>
        ) : (
          <>
            {reviewing && review ? (
              <ReviewForm
                formId={formId}
                view={view}
                review={review}
                equity={equity}
                hydrated={hydrated}
                riskBox={riskBox}
              />
            ) : (
              <SharesForm
                formId={formId}
                view={view}
                input={input}
                total={total}
                equity={equity}
                hydrated={hydrated}
                error={error}
                riskBox={riskBox}
              />
            )}

            {view.perks?.length ? (
              <PerksPanel
                perks={view.perks}
                heading="Perks"
                held={view.heldPerks}
                // What this purchase earns, recomputed as the shares change (with JavaScript); without
                // it, for the shares the page was sent with.
                earning={perksForPurchase(
                  view.perks,
                  shares,
                  Math.round(total * 100),
                  project.sharesRemaining - shares,
                  view.heldPerks,
                )}
              />
            ) : null}

            <p className="cancel-note">
              {cancellable ? (
                <>
                  You can cancel until <CutoffTime at={cancelUntil} />: up to 48 hours before funding closes, from your
                  portfolio.
                </>
              ) : (
                <>This offering closes within 48 hours: an investment made now can no longer be canceled.</>
              )}
            </p>

            {/* The Invest bar: on a phone it stays at the bottom of the screen (CSS sticky, no script needed). */}
            <div className="invest-bar" role="group" aria-label="Invest">
              <p className="purchase-total">
                <span>Total investment</span>
                <strong>{reviewing || input.valid ? formatPrice(total) : "—"}</strong>
              </p>
              <div className="purchase-actions">
                {reviewing && review ? (
                  <Link className="btn btn-secondary" to={`?shares=${review.shares}`} replace>
                    Change shares
                  </Link>
                ) : (
                  <Link className="btn btn-secondary" to={cancel}>
                    Cancel
                  </Link>
                )}
                {reviewing && review ? (
                  <button type="submit" form={formId} className="btn btn-primary" disabled={busy || !!success}>
                    {busy ? "Processing..." : `Purchase ${formatNumber(review.shares)} Shares`}
                  </button>
                ) : hydrated ? (
                  <button type="submit" form={formId} className="btn btn-primary" disabled={disabled}>
                    {busy ? "Processing..." : `Purchase ${formatNumber(input.shares)} Shares`}
                  </button>
                ) : (
                  <button type="submit" form={formId} name="review" value="1" className="btn btn-primary">
                    Review Purchase
                  </button>
                )}
              </div>
            </div>
          </>
        )}

        <aside className="reg-notice" aria-label="Regulation notice">
          <p>
            <strong>Regulation notice.</strong> This offering is made under {project.regulationType}. {reg.text}{" "}
            Investing in startups is risky: you may lose the whole amount, and shares are hard to sell. CampusFund uses
            simulated money; no real funds are moved.
          </p>
        </aside>
      </div>
    </div>
  );
}
