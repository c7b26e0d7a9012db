import { Link } from "react-router";

import { formatNumber, formatPercent, formatPrice } from "../../../domain/shared/format";
import { equityForShares, totalFor } from "../../../domain/projects/project";
import type { Allowance } from "../../../domain/money/reg-cf";

import { AllowanceNote } from "./Allowance";
import { useHydrated } from "../useHydrated";

export interface CalculatorInput {
  text: string;
  shares: number;
  message: string | null;
  valid: boolean;
  problem: string | null;
  status: string;
  change(raw: string): void;
  set(n: number): void;
  blur(): void;
}

/**
 * The detail sidebar's share-count calculator. Without JavaScript it is a GET form and preset
 * links (`?shares=100`) that the server answers with the recomputed figures; with JavaScript the
 * same controls update the figures in place. It takes whole numbers from the minimum purchase to
 * the shares remaining, offers the purchase page's presets, and says what is wrong with any other
 * count in the purchase's words (the field marked invalid, the status region announcing it);
 * while the field holds no whole number it shows no total rather than the last one.
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
  presets,
  minShares,
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
  /** The preset share counts: the purchase page's (`purchasePresets`). */
  presets: number[];
  /** The shares the minimum investment buys (the field's `min`, unless fewer remain). */
  minShares: number;
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
            min={open ? Math.min(minShares, sharesRemaining) : 1}
            max={open ? sharesRemaining : undefined}
            step={1}
            required
            disabled={!open}
            value={input.text}
            onChange={(e) => input.change(e.currentTarget.value)}
            onBlur={() => input.blur()}
            aria-invalid={input.problem ? true : undefined}
            aria-describedby="calc-hint calc-message"
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
              {formatNumber(n)} shares
            </Link>
          ))}
        </div>
      ) : null}
      <p className="calc-message" id="calc-message" role="status" aria-live="polite">
        {input.status}
      </p>
      <dl className="calc-figures">
        <div>
          <dt>Total investment</dt>
          <dd className="calc-total">{input.valid ? formatPrice(total) : "—"}</dd>
        </div>
        <div>
          <dt>Equity</dt>
          <dd>{input.valid ? formatPercent(equity, 6) : "—"}</dd>
        </div>
      </dl>
      {ownedShares > 0 ? <p className="owned-shares">You own {formatNumber(ownedShares)} shares</p> : null}
      <AllowanceNote allowance={allowance} total={total} sharePrice={sharePrice} title={title} compact />
      {children}
    </section>
  );
}
