import { Form } from "react-router";

import { AllowanceNote } from "../project/Allowance";
import { formatNumber, formatPercent, formatPrice } from "../../../domain/shared/format";
import type { PurchaseFormView } from "./view";

/** The no-JavaScript confirmation: the exact shares and total; only its button buys. */
export function ReviewForm({
  formId,
  view,
  review,
  equity,
  hydrated,
  riskBox,
}: {
  formId: string;
  view: PurchaseFormView;
  review: { shares: number; total: number };
  equity: number;
  hydrated: boolean;
  riskBox: React.ReactNode;
}) {
  const { project, idempotencyKey, allowance } = view;
  return (
    <Form id={formId} method="post" className="purchase-form purchase-review" aria-labelledby="review-title">
      <h2 id="review-title" className="purchase-review-title">
        Confirm your purchase
      </h2>
      <p>
        You are buying <strong>{formatNumber(review.shares)} shares</strong> of {project.title} at{" "}
        {formatPrice(project.sharePrice)} per share: {formatPercent(equity, 6)} of the company.
      </p>
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <input type="hidden" name="js" value={hydrated ? "1" : ""} />
      <input type="hidden" name="shares" value={review.shares} />
      <input type="hidden" name="amount" value={review.total} />
      <input type="hidden" name="sharePrice" value={project.sharePrice} />
      <AllowanceNote allowance={allowance} total={review.total} sharePrice={project.sharePrice} title={project.title} />
      {riskBox}
    </Form>
  );
}
