import { href } from "react-router";

import type { InvestmentStatus as InvestmentStatusKey } from "../../../domain/raises/settlement";
import { AppLink, useLinkClicks } from "../AppLinks";
import { formatDate, formatMoney, formatNumber, formatPrice } from "../../../domain/shared/format";
import { formatGain, formatMultiple } from "../../../domain/money/returns";
import type { HoldingExit } from "../../../domain/money/performance";
import { toCents } from "../../../domain/shared/money";
import { InvestmentStatus } from "../portfolio/InvestmentStatus";
import { OpenCutoff } from "../portfolio/OpenCutoff";
import { groupHoldings } from "../portfolio/holding-groups";

export interface Holding {
  _id: string;
  projectTitle: string;
  projectSlug: string;
  shares: number;
  sharePrice: number;
  amountInvested: number;
  /** At the holding's mark (ADR 052): 0 after an exit. */
  currentValue: number;
  /** Cash its exit paid. */
  realized: number;
  gain: number;
  moic: number | null;
  exit: HoldingExit;
  investmentDate: string;
  status: InvestmentStatusKey;
  /** Still before the cancellation cutoff (48 hours before the funding deadline). */
  cancellable: boolean;
  /** An open investment's cutoff (ms) and as the pages say it in UTC; null once its raise settled or it was canceled. */
  cancelUntil: { at: number; utc: string } | null;
}

/**
 * The portfolio's holdings, a page at a time, under a heading per group on the page (Confirmed,
 * Open, Returned, Canceled: app/components/portfolio/holding-groups.ts), newest first within each:
 * one table, a row group per group, so a row keeps its table when its status changes. An open one
 * says until when it can be canceled (UTC, and the reader's time once JavaScript runs); a returned
 * or canceled one has no value (nothing is held). A held one shows its value at its company's latest
 * reviewed event, its gain and its multiple (ADR 052), and an exit what it paid. Each row links to the investment's own page and,
 * while it may still be canceled, to that page's confirm step. On phones each row stacks into a
 * labelled block (CSS, from the cells' data-label); in between, the wrapper scrolls sideways and is
 * focusable and named so keyboard users can scroll it too. The rows' links are plain, navigated in
 * the app by the wrapper's one click handler (AppLinks.tsx).
 */
export function HoldingsTable({ holdings, highlight }: { holdings: Holding[]; highlight?: string | null }) {
  const onLinkClick = useLinkClicks();
  return (
    // The clicks are the links' own (a keyboard's Enter on a link is a click too).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <div className="table-scroll" role="region" aria-labelledby="holdings-title" tabIndex={0} onClick={onLinkClick}>
      <table className="holdings holdings-grouped">
        <caption id="holdings-title">Your holdings</caption>
        <thead>
          <tr>
            <th scope="col">Project</th>
            <th scope="col" className="num">
              Shares
            </th>
            <th scope="col" className="num">
              Purchase price
            </th>
            <th scope="col" className="num">
              Value
            </th>
            <th scope="col" className="num">
              Gain
            </th>
            <th scope="col" className="num">
              Multiple
            </th>
            <th scope="col">Date</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        {groupHoldings(holdings).map((g) => (
          <tbody key={g.id} className={`holding-group holding-group-${g.id}`} data-group={g.id}>
            <tr className="holding-group-head">
              <th scope="rowgroup" colSpan={9}>
                <span className="holding-group-name">{g.label}</span>
                <span className="holding-group-hint">{g.hint}</span>
              </th>
            </tr>
            {g.rows.map((h) => (
              <HoldingRow key={h._id} h={h} highlight={h._id === highlight} />
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}

/** A returned or canceled investment holds nothing: a dash, read as why. */
function None({ status }: { status: InvestmentStatusKey }) {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{status === "returned" ? "None (returned)" : "None (canceled)"}</span>
    </>
  );
}

const toneClass = (n: number) => (n > 0 ? "is-gain" : n < 0 ? "is-loss" : "");

function HoldingRow({ h, highlight }: { h: Holding; highlight: boolean }) {
  const gone = h.status === "cancelled" || h.status === "returned";
  const page = href("/portfolio/investments/:id", { id: h._id });
  const classes = [highlight ? "is-new" : "", gone ? "is-cancelled" : ""].filter(Boolean);
  return (
    <tr className={classes.length ? classes.join(" ") : undefined}>
      <th scope="row">
        <AppLink to={href("/project/:slug", { slug: h.projectSlug })}>{h.projectTitle}</AppLink>
      </th>
      <td className="num" data-label="Shares">
        {formatNumber(h.shares)}
      </td>
      <td className="num" data-label="Purchase price">
        {formatPrice(h.sharePrice)}
      </td>
      <td className="num" data-label="Value">
        {gone ? (
          <None status={h.status} />
        ) : (
          <>
            {formatPrice(h.currentValue)}
            {h.exit ? (
              <span className="holding-exit">
                {`${h.exit === "acquired" ? "Acquired" : "Shut down"}${h.realized > 0 ? `: ${formatMoney(h.realized)} paid out` : ""}`}
              </span>
            ) : null}
          </>
        )}
      </td>
      <td className={`num holding-gain${gone ? "" : ` ${toneClass(h.gain)}`}`} data-label="Gain">
        {gone ? <None status={h.status} /> : formatGain(toCents(h.gain))}
      </td>
      <td className="num" data-label="Multiple">
        {gone ? <None status={h.status} /> : formatMultiple(h.moic)}
      </td>
      <td data-label="Date">{formatDate(h.investmentDate)}</td>
      <td data-label="Status" className="holding-status">
        <InvestmentStatus status={h.status} />
        <OpenCutoff cutoff={h.cancelUntil} cancellable={h.cancellable} />
      </td>
      <td className="holding-actions-cell" data-label="Actions">
        <div className="holding-actions">
          <AppLink to={page} className="btn btn-secondary btn-sm">
            Details<span className="visually-hidden"> of {h.projectTitle}</span>
          </AppLink>
          {h.status === "active" && h.cancellable ? (
            <AppLink to={`${page}?confirm=1#cancel`} className="btn btn-ghost btn-sm holding-cancel">
              Cancel<span className="visually-hidden"> investment in {h.projectTitle}</span>
            </AppLink>
          ) : null}
        </div>
      </td>
    </tr>
  );
}
