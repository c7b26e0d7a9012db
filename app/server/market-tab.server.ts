/**
 * The project page's Trade tab, read on the server (ADR 053): the market as
 * worker/services/market/market-view.ts `readMarket` reads it (one statement for the market, one
 * batch for the rest), its price chart drawn here as SVG markup, and what the page says after a
 * form redirected back: `?placed=<order id>` names the viewer's own order, whose outcome (what
 * traded, its value, the fee and the net) is told from the order and its trades as the database
 * holds them (never from text in the URL); `?saved=order-cancelled` after a cancel. Server only.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

import { PriceChart } from "../components/market/PriceChart";
import { FEE_TEXT, orderOutcome, orderPreview } from "../../domain/market/market";
import { formatPrice } from "../../domain/shared/format";
import { toCents, toDollars } from "../../domain/shared/money";
import type { SessionUser } from "../../domain/shared/types";
import type { Database } from "../../db/client";
import { readMarket, type MarketView } from "../../worker/services/market/market-view";
import type { OrderDTO } from "../../worker/services/market/orders";

/** What the Trade tab shows: the market (null when the company has none), its chart, a message. */
export interface TradeTabView {
  market: MarketView | null;
  chartHtml: string;
  /** The outcome of the order the viewer just placed, or of a cancel. */
  notice: string | null;
}

/** The cancel's `?saved=` code (codes, never free text). */
export const ORDER_CANCELLED = "order-cancelled";

const money = (dollars: number) => formatPrice(dollars);

/**
 * What placing `order` did, with its money: what traded and what rests (the service's sentence),
 * then the value, the fee and the net, so a reader without JavaScript sees them too.
 */
export function placedMessage(order: OrderDTO, market: MarketView): string {
  // The trades it made when placed carry its own instant (one batch wrote both).
  const fills = market.trades.filter(
    (t) =>
      t.at === order.createdAt &&
      (order.side === "sell" ? t.mine === "sold" : order.forCompany ? t.buyback : t.mine === "bought"),
  );
  const filled = fills.reduce((n, t) => n + t.shares, 0);
  const valueCents = fills.reduce((n, t) => n + toCents(t.value), 0);
  const rests = order.status === "open" ? order.remaining : 0;
  const swept = order.status === "cancelled" && order.cancelReason === "sweep" ? order.remaining : 0;
  const priceCents = toCents(order.price);
  const parts = [
    orderOutcome({
      side: order.side,
      shares: order.shares,
      priceCents,
      filled,
      valueCents,
      rests,
      swept,
      forCompany: order.forCompany,
    }),
  ];
  if (filled > 0) {
    const value = toDollars(valueCents);
    if (order.side === "sell") {
      const fee = fills.reduce((n, t) => n + t.fee, 0);
      parts.push(
        `Value ${money(value)}, fee ${money(fee)} (${FEE_TEXT}, paid by the seller): you receive ${money(value - fee)}.`,
      );
    } else {
      parts.push(`You paid ${money(value)}; the buyer pays no fee.`);
    }
  }
  if (rests > 0) {
    const p = orderPreview({ side: order.side, shares: rests, priceCents });
    parts.push(
      order.side === "sell"
        ? `If it fills at your price: value ${money(toDollars(p.valueCents))}, fee ${money(toDollars(p.feeCents))}, you receive ${money(toDollars(p.netCents))}.`
        : `If it fills at your price it costs at most ${money(toDollars(p.valueCents))}; the seller pays the fee.`,
    );
  }
  return parts.join(" ");
}

export async function tradeTab(
  db: Database,
  user: SessionUser | null,
  projectId: string,
  query: URLSearchParams,
): Promise<TradeTabView> {
  const market = await readMarket(db, projectId, user);
  if (!market) return { market: null, chartHtml: "", notice: null };
  const chartHtml =
    market.days.length > 0
      ? renderToStaticMarkup(createElement(PriceChart, { days: market.days, valuation: market.valuation.price }))
      : "";
  const placedId = query.get("placed");
  const placed = placedId ? market.viewer?.orders.find((o) => o.id === placedId) : undefined;
  const notice = placed
    ? placedMessage(placed, market)
    : query.get("saved") === ORDER_CANCELLED
      ? "Your order was canceled: nothing more of it will trade."
      : null;
  return { market, chartHtml, notice };
}
