/**
 * The project page's Trade tab (ADR 053), loaded with its tab: the market's status, the transfer
 * rule with the day the shares become free, the last trade and the day's volume beside the latest
 * valuation (kept apart: trading never changes a valuation), the order book, the price chart (SVG
 * markup drawn on the server), the recent trades; for a signed-in viewer their shares here, their
 * orders (each open one with Cancel) and their fills; and the order form (a founder's own company:
 * the buy-back form). A visitor gets a link to sign in that comes back here. Every form is a plain
 * POST; with JavaScript the tab also follows the market live (`useMarketEvents`).
 */
import { Form, Link } from "react-router";

import { FEE_TEXT, MARKET_MESSAGES, type CancelReason } from "../../../domain/market/market";
import { formatDate, formatDateTime, formatNumber, formatPrice } from "../../../domain/shared/format";
import type { BookLevel, MarketPanelData as MarketView, OrderView as OrderDTO, TradeView } from "./types";
import { Notice } from "../Notice";
import { OrderForm, type OrderFormFailure } from "./OrderForm";
import { useMarketEvents } from "./useMarketEvents";

export interface TradePanelView {
  market: MarketView | null;
  chartHtml: string;
  notice: string | null;
  /** The order form's idempotency key (a new one with each page). */
  orderKey: string;
}

const STATUS_BADGE = { open: "badge-success", halted: "badge-warning", closed: "badge-muted" } as const;

const CANCEL_REASON: Record<CancelReason, string> = {
  owner: "Canceled",
  halt: "Canceled: market halted",
  exit: "Canceled: company exited",
  sweep: "Canceled: too many fills at once",
};

function orderStatus(o: OrderDTO): string {
  if (o.status === "cancelled") return o.cancelReason ? CANCEL_REASON[o.cancelReason] : "Canceled";
  if (o.status === "open") return o.filled > 0 ? "Open, part filled" : "Open";
  return o.status === "filled" ? "Filled" : "Expired";
}

/** A recent trade's day, short ("Nov 30"; the year only when not this one): the time goes under it. */
const monthDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const dayOf = (iso: string) =>
  iso.slice(0, 4) === new Date().toISOString().slice(0, 4) ? monthDay.format(new Date(iso)) : formatDate(iso);

const shares = (n: number) => `${formatNumber(n)} ${n === 1 ? "share" : "shares"}`;

export function TradePanel({
  title,
  view,
  action,
  signInHref,
  failure,
  cancelFailure,
}: {
  title: string;
  view: TradePanelView;
  /** The tab's own URL: the forms post there. */
  action: string;
  signInHref: string;
  failure: OrderFormFailure | null;
  /** A refused cancel: which order, and the service's message. */
  cancelFailure: { orderId: string; message: string } | null;
}) {
  const { market } = view;
  useMarketEvents(market?.project.id ?? "", market !== null && market.status !== "closed");
  if (!market) {
    return (
      <>
        <h2>Trade</h2>
        <p className="muted">{MARKET_MESSAGES.notTrading}.</p>
      </>
    );
  }
  const viewer = market.viewer;
  const fills = market.trades.filter((t) => t.mine !== null || (t.buyback && viewer?.isFounder));
  return (
    <div className="trade-panel">
      <div className="trade-head">
        <h2>Trade</h2>
        <span className={`badge ${STATUS_BADGE[market.status]}`}>
          {market.status === "open" ? "Open" : market.status === "halted" ? "Halted" : "Closed"}
        </span>
      </div>
      {view.notice ? (
        <div id="trade-result">
          <Notice tone="success">{view.notice}</Notice>
        </div>
      ) : null}
      <MarketStatusLine market={market} />
      <TransferRule market={market} />

      <section className="panel-section" aria-labelledby="prices-h">
        <h3 id="prices-h">Prices</h3>
        <dl className="trade-figures">
          <div className="trade-figure">
            <dt>Last trade</dt>
            <dd>
              <strong>{market.lastPrice === null ? "No trades yet" : formatPrice(market.lastPrice)}</strong>
              {market.lastTradeAt ? <span className="muted small">{formatDateTime(market.lastTradeAt)}</span> : null}
            </dd>
          </div>
          <div className="trade-figure">
            <dt>Today&apos;s volume</dt>
            <dd>
              <strong>{shares(market.today.shares)}</strong>
              <span className="muted small">
                {formatPrice(market.today.value)} in {formatNumber(market.today.trades)}{" "}
                {market.today.trades === 1 ? "trade" : "trades"}
              </span>
            </dd>
          </div>
          <div className="trade-figure trade-valuation">
            <dt>Valuation</dt>
            <dd>
              <strong>{formatPrice(market.valuation.price)}</strong>
              <span className="muted small">
                {market.valuation.atCost
                  ? "a share, the raise's price (no reviewed event since)"
                  : `a share, reviewed ${market.valuation.on ? formatDate(market.valuation.on) : ""}`}
              </span>
            </dd>
          </div>
        </dl>
        <p className="muted small">
          The valuation is what CampusFund values holdings at (the History tab says why). Trades on the exchange never
          change it: the last trade is what two investors agreed, shown beside it.
        </p>
      </section>

      <section className="panel-section" aria-labelledby="book-h">
        <h3 id="book-h">Order book</h3>
        <div className="order-book">
          <BookSide caption="Bids: buy orders, best first" levels={market.bids} kind="bid" />
          <BookSide caption="Asks: sell orders, best first" levels={market.asks} kind="ask" />
        </div>
      </section>

      {view.chartHtml ? (
        <section className="panel-section" aria-labelledby="chart-h">
          <h3 id="chart-h">Price history</h3>
          <div className="price-chart-host" dangerouslySetInnerHTML={{ __html: view.chartHtml }} />
        </section>
      ) : null}

      <section className="panel-section" aria-labelledby="trades-h">
        <h3 id="trades-h">Recent trades</h3>
        {market.trades.length === 0 ? (
          <p className="muted">No trades yet.</p>
        ) : (
          <TradesTable trades={market.trades} caption={`The newest trades in ${title}'s shares`} />
        )}
      </section>

      {viewer ? (
        <section className="panel-section" aria-labelledby="mine-h" id="your-orders">
          <h3 id="mine-h">Your trading</h3>
          {viewer.role !== "founder" ? (
            <dl className="kv trade-position">
              <div>
                <dt>Shares held</dt>
                <dd>{formatNumber(viewer.shares)}</dd>
              </div>
              <div>
                <dt>Listed in open sell orders</dt>
                <dd>{formatNumber(viewer.listed)}</dd>
              </div>
              <div>
                <dt>Free to sell</dt>
                <dd>{formatNumber(viewer.shares - viewer.listed)}</dd>
              </div>
              {market.locked && market.freeOn ? (
                <div>
                  <dt>Locked until</dt>
                  <dd>
                    {formatDate(market.freeOn)} (only the company or accredited investors may buy them until then)
                  </dd>
                </div>
              ) : null}
            </dl>
          ) : null}
          <h4>Your orders</h4>
          {cancelFailure ? <Notice tone="error">{cancelFailure.message}</Notice> : null}
          {viewer.orders.length === 0 ? (
            <p className="muted">No orders here yet.</p>
          ) : (
            <OrdersTable orders={viewer.orders} action={action} />
          )}
          <h4>Your fills</h4>
          {fills.length === 0 ? (
            <p className="muted">None among the recent trades.</p>
          ) : (
            <TradesTable trades={fills} caption="Your trades among the recent ones" mine />
          )}
        </section>
      ) : null}

      <section className="panel-section trade-order" aria-label="Order">
        {market.status !== "open" ? (
          <p className="muted">Orders cannot be placed while the market is {market.status}.</p>
        ) : !viewer ? (
          <p>
            <Link className="btn btn-primary" to={signInHref}>
              Sign in to trade
            </Link>{" "}
            <span className="muted">Investors buy and sell {title}&apos;s shares here.</span>
          </p>
        ) : viewer.role === "founder" && !viewer.isFounder ? (
          <p className="muted">{MARKET_MESSAGES.founderBuysOther}.</p>
        ) : (
          <>
            {market.locked && market.freeOn && !viewer.isFounder && !viewer.accredited ? (
              <Notice tone="info">{MARKET_MESSAGES.locked(market.freeOn)}</Notice>
            ) : null}
            <OrderForm
              action={action}
              projectId={market.project.id}
              idempotencyKey={view.orderKey}
              buyback={viewer.role === "founder"}
              failure={failure}
              goodForDays={market.goodForDays}
            />
          </>
        )}
      </section>
    </div>
  );
}

function MarketStatusLine({ market }: { market: MarketView }) {
  if (market.status === "halted") {
    return (
      <Notice tone="warning">
        Trading is halted. No order can be placed until it resumes; open orders were canceled.
        {market.haltReason ? (
          <>
            {" "}
            CampusFund&apos;s reason: <q>{market.haltReason}</q>
          </>
        ) : null}
      </Notice>
    );
  }
  if (market.status === "closed") {
    return (
      <Notice tone="info">
        This market is closed: the company was acquired or shut down, so its shares no longer trade.
      </Notice>
    );
  }
  return (
    <p className="muted trade-status">
      Open since {formatDate(market.openedAt)}: an order trades as soon as a buyer&apos;s price meets a seller&apos;s,
      at the price of the order that was waiting. The seller pays a {FEE_TEXT} fee.
    </p>
  );
}

function TransferRule({ market }: { market: MarketView }) {
  const text =
    market.freeOn === null
      ? "These shares were sold under Regulation A+ Tier 2 and are not restricted: anyone may buy them."
      : market.locked
        ? `The one-year rule (Regulation Crowdfunding, 17 CFR 227.501): until ${formatDate(market.freeOn)} these shares may be sold only to the company or to an accredited investor. From ${formatDate(market.freeOn)} anyone may buy them.`
        : `The one-year rule (Regulation Crowdfunding, 17 CFR 227.501) ended on ${formatDate(market.freeOn)}: anyone may buy these shares.`;
  return (
    <p className="trade-rule" id="transfer-rule">
      <strong>Who may buy: </strong>
      {text}
    </p>
  );
}

function BookSide({ caption, levels, kind }: { caption: string; levels: BookLevel[]; kind: "bid" | "ask" }) {
  let depth = 0;
  return (
    <div className={`book-side book-${kind}`}>
      <table className="book-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="num">
              Price
            </th>
            <th scope="col" className="num">
              Shares
            </th>
            <th scope="col" className="num">
              Orders
            </th>
            <th scope="col" className="num">
              Depth
            </th>
          </tr>
        </thead>
        <tbody>
          {levels.length === 0 ? (
            <tr>
              <td colSpan={4} className="muted">
                {kind === "bid" ? "No buy orders" : "No sell orders"}
              </td>
            </tr>
          ) : (
            levels.map((l) => {
              depth += l.shares;
              return (
                <tr key={l.price}>
                  <th scope="row" className="num">
                    {formatPrice(l.price)}
                  </th>
                  <td className="num">{formatNumber(l.shares)}</td>
                  <td className="num">{formatNumber(l.orders)}</td>
                  <td className="num">{formatNumber(depth)}</td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}

const noteOf = (t: TradeView) =>
  t.buyback ? "Company buy-back" : t.mine === "sold" ? "You sold" : t.mine ? "You bought" : "";

function TradesTable({ trades, caption, mine = false }: { trades: TradeView[]; caption: string; mine?: boolean }) {
  // The note column (a buy-back, the viewer's own trades) only when a trade has one.
  const notes = !mine && trades.some((t) => noteOf(t) !== "");
  return (
    <div className="table-scroll">
      <table className="book-table trades-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col" className="num">
              Price
            </th>
            <th scope="col" className="num">
              Shares
            </th>
            <th scope="col" className="num">
              Value
            </th>
            {mine ? (
              <>
                <th scope="col">You</th>
                <th scope="col" className="num">
                  Fee
                </th>
              </>
            ) : notes ? (
              <th scope="col">Note</th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {trades.map((t) => (
            <tr key={t.id}>
              <th scope="row">
                <time dateTime={t.at}>
                  <span className="nowrap">{dayOf(t.at)}</span>
                  <span className="muted small block nowrap">{formatDateTime(t.at).slice(-9)}</span>
                </time>
              </th>
              <td className="num">{formatPrice(t.price)}</td>
              <td className="num">{formatNumber(t.shares)}</td>
              <td className="num">{formatPrice(t.value)}</td>
              {mine ? (
                <>
                  <td>{t.mine === "sold" ? "Sold" : t.buyback ? "Bought back" : "Bought"}</td>
                  <td className="num">{t.mine === "sold" ? formatPrice(t.fee) : "—"}</td>
                </>
              ) : notes ? (
                <td>{noteOf(t)}</td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OrdersTable({ orders, action }: { orders: OrderDTO[]; action: string }) {
  return (
    <div className="table-scroll">
      <table className="book-table orders-table stack-table">
        <caption className="visually-hidden">Your orders here, open first</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col" className="num">
              Price
            </th>
            <th scope="col" className="num">
              Filled
            </th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Action</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => {
            const name = `${o.forCompany ? "Buy back" : o.side === "buy" ? "Buy" : "Sell"} ${shares(o.shares)}`;
            return (
              <tr key={o.id} id={`order-${o.id}`}>
                <th scope="row">
                  {name}
                  <span className="muted small block">Placed {formatDate(o.createdAt)}</span>
                </th>
                <td className="num" data-label="Price">
                  {formatPrice(o.price)}
                </td>
                <td className="num" data-label="Filled">
                  {formatNumber(o.filled)} of {formatNumber(o.shares)}
                </td>
                <td data-label="Status">
                  {orderStatus(o)}
                  {o.status === "open" ? (
                    <span className="muted small block">until {formatDate(o.expiresAt)}</span>
                  ) : null}
                </td>
                <td>
                  {o.status === "open" ? (
                    <Form method="post" action={action}>
                      <input type="hidden" name="intent" value="cancel-order" />
                      <input type="hidden" name="orderId" value={o.id} />
                      <button type="submit" className="btn btn-ghost btn-sm">
                        Cancel<span className="visually-hidden">: {`${name} at ${formatPrice(o.price)}`}</span>
                      </button>
                    </Form>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
