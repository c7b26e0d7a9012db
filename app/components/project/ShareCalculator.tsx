import { Link } from "react-router";

import { formatNumber, formatPercent, formatPrice } from "../../../domain/shared/format";
import { DETAIL_PRESETS, equityForShares, totalFor } from "../../../domain/projects/project";
import type { Allowance } from "../../../domain/money/reg-cf";

import { AllowanceNote } from "./Allowance";
import { useHydrated } from "./hooks";

/**
 * The detail presets (10, 100, 1,000, 10,000) as the purchase presets are made (spec section 5):
 * each capped at the shares remaining, deduplicated, ascending, so no button offers more shares
 * than remain.
 */
export function detailPresets(sharesRemaining: number): number[] {
  const counts = DETAIL_PRESETS.map((n) => Math.min(n, sharesRemaining)).filter((n) => n >= 1);
  return [...new Set(counts)].sort((a, b) => a - b);
}

export interface CalculatorInput {
  text: string;
  shares: number;
  message: string | null;
  change(raw: string): void;
  set(n: number): void;
  blur(): void;
}

/**
 * The detail sidebar's share-count calculator. Without JavaScript it is a GET form and preset
 * links (`?shares=100`) that the server answers with the recomputed figures; with JavaScript the
 * same controls update the figures in place.
 */
export function ShareCalculator({
  input,
  sharePrice,
  totalShares,
  sharesRemaining,
  equityPercentage,
  tab,
  hrefForShares,
  action,
  presets = [...DETAIL_PRESETS],
  allowance = null,
  ownedShares = 0,
  title,
  children,
}: {
  input: CalculatorInput;
  sharePrice: number;
  totalShares: number;
  sharesRemaining: number;
  equityPercentage: number;
  /** The active tab, kept across a no-JS calculation. */
  tab: string;
  hrefForShares: (n: number) => string;
  /** Where the no-JS GET form goes (this page, anchored at the calculator). */
  action: string;
  /** The preset share counts (`detailPresets`). */
  presets?: number[];
  /** A signed-in investor's remaining allowance, when their investment limits are on. */
  allowance?: Allowance | null;
  /** Shares the signed-in investor already holds in this offering. */
  ownedShares?: number;
  /** The offering's title (the RegA+ allowance names it). */
  title?: string;
  /** The invest button under the figures. */
  children: React.ReactNode;
}) {
  const hydrated = useHydrated();
  const total = totalFor(input.shares, sharePrice);
  const equity = equityForShares(input.shares, totalShares, equityPercentage);
  const open = sharesRemaining > 0;

  return (
    <section className="side-card calculator" aria-labelledby="calc-title" id="calculator">
      <h2 id="calc-title">Calculate Your Investment</h2>
      <form
        method="get"
        action={action}
        className="calc-form"
        onSubmit={(e) => {
          if (hydrated) e.preventDefault();
        }}
      >
        {tab !== "overview" ? <input type="hidden" name="tab" value={tab} /> : null}
        <label className="field-label" htmlFor="calc-shares">
          Number of shares
        </label>
        <div className="calc-row">
          <input
            id="calc-shares"
            className="input"
            type="number"
            name="shares"
            inputMode="numeric"
            min={1}
            max={open ? sharesRemaining : undefined}
            step={1}
            required
            disabled={!open}
            value={input.text}
            onChange={(e) => input.change(e.currentTarget.value)}
            onBlur={() => input.blur()}
            aria-describedby="calc-hint"
          />
          {hydrated ? null : (
            <button type="submit" className="btn btn-secondary" disabled={!open}>
              Calculate
            </button>
          )}
        </div>
        <p className="field-hint" id="calc-hint">
          {formatPrice(sharePrice)} per share · {formatNumber(Math.max(0, sharesRemaining))} available
        </p>
      </form>
      {open && presets.length ? (
        <div className="preset-row" role="group" aria-label="Preset share counts">
          {presets.map((n) => (
            <Link
              key={n}
              to={hrefForShares(n)}
              className="preset"
              aria-current={input.shares === n ? "true" : undefined}
              preventScrollReset
              onClick={(e) => {
                if (!hydrated) return;
                e.preventDefault();
                input.set(n);
              }}
            >
              {formatNumber(n)}
            </Link>
          ))}
        </div>
      ) : null}
      <p className="calc-message" role="status" aria-live="polite">
        {input.message ?? ""}
      </p>
      <dl className="calc-figures">
        <div>
          <dt>Total investment</dt>
          <dd className="calc-total">{formatPrice(total)}</dd>
        </div>
        <div>
          <dt>Equity</dt>
          <dd>{formatPercent(equity, 6)}</dd>
        </div>
      </dl>
      {ownedShares > 0 ? <p className="owned-shares">You own {formatNumber(ownedShares)} shares</p> : null}
      <AllowanceNote allowance={allowance} total={total} sharePrice={sharePrice} title={title} compact />
      {children}
    </section>
  );
}
