/**
 * The portfolio's "On the Campus Exchange" (ADR 053): the shares the investor holds in companies
 * whose shares trade, how many they have listed for sale, how long the one-year transfer rule still
 * binds each, the last trade; and their newest trades, bought and sold, with the seller's fee. Read
 * in the portfolio's one batch (worker/services/market/my-exchange.ts). Plain markup: links to each
 * company's Trade tab, where orders are placed and cancelled.
 */
import { Link } from "react-router";

import type { MyExchange } from "../../../domain/market/views";
import { DAY_MS } from "../../../domain/shared/dates";
import { formatDate, formatNumber, formatPrice } from "../../../domain/shared/format";

const tradeTab = (slug: string) => `/project/${encodeURIComponent(slug)}?tab=trade`;

/** "Locked until Mar 3, 2027 (90 days)", "Free to sell since Mar 3, 2026", "Free to sell". */
export function lockText(freeOn: string | null, locked: boolean, now: number): string {
  if (freeOn === null) return "Free to sell";
  if (!locked) return `Free to sell since ${formatDate(freeOn)}`;
  const days = Math.max(1, Math.ceil((Date.parse(`${freeOn}T00:00:00Z`) - now) / DAY_MS));
  return `Locked until ${formatDate(freeOn)} (${formatNumber(days)} ${days === 1 ? "day" : "days"})`;
}

export function OnTheExchange({ x, now }: { x: MyExchange; now: number }) {
  if (x.holdings.length === 0 && x.fills.length === 0) return null;
  const anyLocked = x.holdings.some((h) => h.locked);
  return (
    <section className="returns exchange-mine" aria-labelledby="exchange-mine-title">
      <h2 id="exchange-mine-title" className="returns-title">
        On the Campus Exchange
      </h2>
      <p className="field-hint returns-lead">
        Sell your shares or buy more on each company&apos;s Trade tab. Trading never changes how we value your holdings.{" "}
        <Link to="/markets">All markets</Link>
      </p>
      <div className="returns-tables">
        {x.holdings.length > 0 ? (
          <div className="returns-panel card">
            <table
              className="returns-table"
              aria-labelledby="exchange-holdings"
              aria-describedby={anyLocked ? "exchange-lock-hint" : undefined}
            >
              <caption>
                <span id="exchange-holdings">Your shares that trade</span>
                {anyLocked ? (
                  <span id="exchange-lock-hint" className="returns-caption-hint">
                    Shares bought in a Reg CF or SAFE raise may be sold only to accredited investors or back to the
                    company for a year after the raise settled (17 CFR 227.501).
                  </span>
                ) : null}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Company</th>
                  <th scope="col" className="num">
                    Shares
                  </th>
                  <th scope="col" className="num">
                    Listed for sale
                  </th>
                  <th scope="col" className="num">
                    Last trade
                  </th>
                  <th scope="col">Transfer rule</th>
                </tr>
              </thead>
              <tbody>
                {x.holdings.map((h) => (
                  <tr key={h.projectId}>
                    <th scope="row">
                      <Link to={tradeTab(h.slug)}>{h.title}</Link>
                      {h.market === "halted" ? <span className="returns-count">Trading halted</span> : null}
                    </th>
                    <td className="num" data-label="Shares">
                      {formatNumber(h.shares)}
                    </td>
                    <td className="num" data-label="Listed for sale">
                      {formatNumber(h.listed)}
                    </td>
                    <td className="num" data-label="Last trade">
                      {h.lastPrice === null ? "No trades yet" : formatPrice(h.lastPrice)}
                    </td>
                    <td className="wide" data-label="Transfer rule">
                      {lockText(h.freeOn, h.locked, now)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {x.fills.length > 0 ? (
          <div className="returns-panel card">
            <table className="returns-table" aria-labelledby="exchange-fills">
              <caption>
                <span id="exchange-fills">Your recent trades</span>
                <span className="returns-caption-hint">
                  The seller pays a 2% fee out of the proceeds. Every trade is on your statement.
                </span>
              </caption>
              <thead>
                <tr>
                  <th scope="col">Trade</th>
                  <th scope="col" className="num">
                    Price
                  </th>
                  <th scope="col" className="num">
                    Fee
                  </th>
                  <th scope="col" className="num">
                    Paid or received
                  </th>
                  <th scope="col">Date</th>
                </tr>
              </thead>
              <tbody>
                {x.fills.map((f) => (
                  <tr key={`${f.id}-${f.side}`}>
                    <th scope="row">
                      {f.side === "bought" ? "Bought" : "Sold"} {formatNumber(f.shares)}{" "}
                      <Link to={tradeTab(f.slug)}>{f.title}</Link>
                    </th>
                    <td className="num" data-label="Price">
                      {formatPrice(f.price)}
                    </td>
                    <td className="num" data-label="Fee">
                      {formatPrice(f.fee)}
                    </td>
                    <td className="num" data-label="Paid or received">
                      {f.side === "bought" ? `−${formatPrice(f.net)}` : `+${formatPrice(f.net)}`}
                    </td>
                    <td data-label="Date">{formatDate(f.at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </div>
    </section>
  );
}
