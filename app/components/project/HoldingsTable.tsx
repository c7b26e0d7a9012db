import { href } from "react-router";

import type { InvestmentStatus as InvestmentStatusKey } from "../../../domain/settlement";
import { AppLink, useLinkClicks } from "../AppLinks";
import { formatDate, formatNumber, formatPrice } from "../../../domain/format";
import { InvestmentStatus } from "../portfolio/InvestmentStatus";

export interface Holding {
  _id: string;
  projectTitle: string;
  projectSlug: string;
  shares: number;
  sharePrice: number;
  currentValue: number;
  investmentDate: string;
  status: InvestmentStatusKey;
  /** Still before the cancellation cutoff (48 hours before the funding deadline). */
  cancellable: boolean;
}

/**
 * The portfolio's holdings: every investment, a cancelled one labelled Cancelled with no value
 * (it is history: nothing is held). Each row links to the investment's own page and, while it may
 * still be cancelled, to that page's confirm step. On phones each row stacks into a labelled block
 * (CSS, from the cells' data-label); in between, the wrapper scrolls sideways and is focusable and
 * named so keyboard users can scroll it too. The rows' links are plain, navigated in the app by the
 * wrapper's one click handler (AppLinks.tsx).
 */
export function HoldingsTable({ holdings, highlight }: { holdings: Holding[]; highlight?: string | null }) {
  const onLinkClick = useLinkClicks();
  return (
    // The clicks are the links' own (a keyboard's Enter on a link is a click too).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <div className="table-scroll" role="region" aria-labelledby="holdings-title" tabIndex={0} onClick={onLinkClick}>
      <table className="holdings">
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
            <th scope="col">Date</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {holdings.map((h) => {
            const cancelled = h.status === "cancelled";
            const page = href("/portfolio/investments/:id", { id: h._id });
            const classes = [h._id === highlight ? "is-new" : "", cancelled ? "is-cancelled" : ""].filter(Boolean);
            return (
              <tr key={h._id} className={classes.length ? classes.join(" ") : undefined}>
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
                  {cancelled ? (
                    <>
                      <span aria-hidden="true">—</span>
                      <span className="visually-hidden">None (canceled)</span>
                    </>
                  ) : (
                    formatPrice(h.currentValue)
                  )}
                </td>
                <td data-label="Date">{formatDate(h.investmentDate)}</td>
                <td data-label="Status">
                  <InvestmentStatus status={h.status} />
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
          })}
        </tbody>
      </table>
    </div>
  );
}
