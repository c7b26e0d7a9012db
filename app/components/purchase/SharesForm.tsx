import { Form, Link } from "react-router";

import { AllowanceNote } from "../project/Allowance";
import type { useShareInput } from "../project/hooks";
import { formatMoney, formatNumber, formatPercent } from "../../../domain/shared/format";
import type { PurchaseFormView } from "./view";

/**
 * Choosing the shares. Without JavaScript this is a GET form (Update total, Review Purchase): only
 * the confirmation buys, so no button ever names a number the page cannot know.
 */
export function SharesForm({
  formId,
  view,
  input,
  total,
  equity,
  hydrated,
  error,
  riskBox,
}: {
  formId: string;
  view: PurchaseFormView;
  input: ReturnType<typeof useShareInput>;
  total: number;
  equity: number;
  hydrated: boolean;
  error: string | null;
  riskBox: React.ReactNode;
}) {
  const { project, idempotencyKey, presets, limitMessage, allowance, minShares } = view;
  // Fewer shares left than the minimum buys: the rest may be bought below the minimum.
  const onlyTheRest = project.sharesRemaining > 0 && project.sharesRemaining < minShares;
  return (
    <Form id={formId} method={hydrated ? "post" : "get"} className="purchase-form">
      {hydrated ? (
        <>
          <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
          <input type="hidden" name="js" value="1" />
          <input type="hidden" name="amount" value={input.valid ? total : ""} />
          <input type="hidden" name="sharePrice" value={project.sharePrice} />
        </>
      ) : null}
      <label className="field-label" htmlFor="purchase-shares">
        Number of shares
      </label>
      <div className="calc-row">
        <input
          id="purchase-shares"
          className="input"
          type="number"
          name="shares"
          inputMode="numeric"
          min={1}
          max={project.sharesRemaining}
          step={1}
          required
          value={input.text}
          onChange={(e) => input.change(e.currentTarget.value)}
          onBlur={() => input.blur()}
          aria-invalid={input.problem ? true : undefined}
          aria-describedby="purchase-hint purchase-message"
        />
        {hydrated ? null : (
          <button type="submit" className="btn btn-secondary" formNoValidate>
            Update total
          </button>
        )}
      </div>
      <p className="field-hint" id="purchase-hint">
        {onlyTheRest ? (
          <>
            Only {formatNumber(project.sharesRemaining)} shares are left: you can buy all of them below the{" "}
            {formatMoney(project.minInvestment)} minimum.
          </>
        ) : (
          <>
            Minimum {formatMoney(project.minInvestment)} ({formatNumber(minShares)} shares) · up to{" "}
            {formatNumber(project.sharesRemaining)} shares
          </>
        )}
      </p>
      <p className="calc-message" id="purchase-message" role="status" aria-live="polite">
        {input.status}
      </p>

      {presets.length ? (
        <div className="preset-row" role="group" aria-label="Preset share counts">
          {presets.map((n) => (
            <Link
              key={n}
              to={`?shares=${n}`}
              className="preset"
              aria-current={input.shares === n ? "true" : undefined}
              preventScrollReset
              replace
              onClick={(e) => {
                if (!hydrated) return;
                e.preventDefault();
                input.set(n);
              }}
            >
              {formatNumber(n)} shares
            </Link>
          ))}
        </div>
      ) : null}

      <dl className="purchase-figures">
        <div>
          <dt>Equity</dt>
          <dd>{input.valid ? formatPercent(equity, 6) : "—"}</dd>
        </div>
      </dl>
      {limitMessage && !error ? (
        <p className="alert alert-error" role="alert">
          {limitMessage}
        </p>
      ) : null}
      <AllowanceNote
        allowance={allowance}
        total={total}
        sharePrice={project.sharePrice}
        title={project.title}
        compact={!!limitMessage && !error}
      />
      {hydrated ? riskBox : null}
    </Form>
  );
}
