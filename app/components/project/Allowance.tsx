/**
 * The investor's remaining allowance under the investment limits, as the purchase page
 * and the detail page's share calculator show it before anything is bought: the
 * remaining-allowance sentence ('You can invest up to $X more in Reg CF offerings in the next
 * 12 months'), what is used, a warning when the chosen total is above it, and how to raise it.
 * With the limits off, what the real limit would be.
 */
import { Link } from "react-router";

import { formatNumber, formatPrice } from "../../../domain/shared/format";
import { toCents } from "../../../domain/shared/money";
import {
  type Allowance,
  REG_A_DECLARE,
  regARemainingSentence,
  regCfRemainingSentence,
} from "../../../domain/money/reg-cf";

const SETTINGS = "/settings?section=investor-information";

/** True when the limits are enforced for this investor and `total` (dollars) is above what is left. */
export function overAllowance(allowance: Allowance | null, total: number): boolean {
  if (!allowance?.applied || allowance.remaining === null) return false;
  return toCents(total) > toCents(allowance.remaining);
}

export function AllowanceNote({
  allowance,
  total,
  sharePrice,
  title,
  compact = false,
}: {
  allowance: Allowance | null;
  /** The chosen total, in dollars. */
  total: number;
  sharePrice: number;
  /** The offering's title, named by the RegA+ sentence. */
  title?: string;
  /** The detail sidebar's shorter version. */
  compact?: boolean;
}) {
  if (!allowance) return null;
  if (allowance.accredited) {
    return (
      <div className="allowance">
        <p>You declared yourself an accredited investor: no investment limit applies to you.</p>
      </div>
    );
  }
  if (allowance.kind === "reg-a" && allowance.figuresMissing) {
    // No figures, no limit to state (never "up to $0"): where to declare them.
    return (
      <div className={`allowance${allowance.applied ? "" : " is-off"}`}>
        <p>
          <strong>
            <Link to={SETTINGS}>{REG_A_DECLARE}</Link>.
          </strong>
        </p>
        {compact ? null : <p className="muted">{allowance.hint}</p>}
      </div>
    );
  }
  const remaining = allowance.remaining ?? 0;
  const sentence =
    allowance.kind === "reg-a"
      ? regARemainingSentence(remaining, title ?? "this offering")
      : regCfRemainingSentence(remaining);
  const usedWhere = allowance.kind === "reg-a" ? "in this offering" : "in the last 12 months";
  const limitLine = `Limit ${formatPrice(allowance.limit ?? 0)} · used ${formatPrice(allowance.used)} ${usedWhere}`;

  if (!allowance.applied) {
    if (compact) return null;
    return (
      <div className="allowance is-off">
        <p>{`The investment limits are off for you (unlimited virtual funds). Under the real rules: ${sentence.replace(/^You can/, "you could")}.`}</p>
        <p className="muted">
          {limitLine}. <Link to={SETTINGS}>Invest under the real limits</Link>
        </p>
      </div>
    );
  }

  const over = overAllowance(allowance, total);
  const priceCents = toCents(sharePrice);
  const maxShares = priceCents > 0 ? Math.floor(toCents(remaining) / priceCents) : 0;
  return (
    <div className={`allowance${over ? " is-over" : ""}`}>
      <p>
        <strong>{`${sentence}.`}</strong>
      </p>
      <p className="muted">{limitLine}</p>
      <p className="allowance-warn" role="status">
        {over
          ? maxShares > 0
            ? `${formatPrice(total)} is above it: choose at most ${formatNumber(maxShares)} shares.`
            : `${formatPrice(total)} is above it.`
          : ""}
      </p>
      {compact ? null : (
        <p className="muted">
          {allowance.hint} <Link to={SETTINGS}>Investor Information</Link>
        </p>
      )}
    </div>
  );
}
