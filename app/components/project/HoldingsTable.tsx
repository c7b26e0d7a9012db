import { Link } from "react-router";

import { formatDate, formatNumber, formatPrice } from "../../lib/format";

export interface Holding {
  _id: string;
  projectTitle: string;
  projectSlug: string;
  shares: number;
  sharePrice: number;
  currentValue: number;
  investmentDate: string;
}

/**
 * The portfolio's holdings. On phones each row stacks into a labelled block (CSS, from the
 * cells' data-label); in between, the wrapper scrolls sideways and is focusable and named so
 * keyboard users can scroll it too.
 */
export function HoldingsTable({ holdings, highlight }: { holdings: Holding[]; highlight?: string | null }) {
  return (
    <div className="table-scroll" role="region" aria-labelledby="holdings-title" tabIndex={0}>
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
          </tr>
        </thead>
        <tbody>
          {holdings.map((h) => (
            <tr key={h._id} className={h._id === highlight ? "is-new" : undefined}>
              <th scope="row">
                <Link to={`/project/${h.projectSlug}`}>{h.projectTitle}</Link>
              </th>
              <td className="num" data-label="Shares">
                {formatNumber(h.shares)}
              </td>
              <td className="num" data-label="Purchase price">
                {formatPrice(h.sharePrice)}
              </td>
              <td className="num" data-label="Value">
                {formatPrice(h.currentValue)}
              </td>
              <td data-label="Date">{formatDate(h.investmentDate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
