/**
 * What the exchange's pages and the API show of a market and of a trader's own exchange (ADR 053):
 * the shapes the services return (worker/services/market/market-view.ts, my-exchange.ts) and the
 * components render (app/components/market/, portfolio/OnTheExchange.tsx), written once here, where
 * both may import them (components take no server code).
 */
import type { MarketStatus } from "./market";

/** One price of the book: its shares summed over the orders resting there. */
export interface BookLevel {
  price: number;
  shares: number;
  orders: number;
}

export interface TradeView {
  id: string;
  shares: number;
  price: number;
  value: number;
  at: string;
  /** To the viewer: whether they bought or sold it (null when neither). */
  mine: "bought" | "sold" | null;
  /** The seller's fee, shown to the seller; 0 otherwise. */
  fee: number;
  /** The company bought it back. */
  buyback: boolean;
}

/** A holding in a company whose market is open or halted, as the portfolio lists it. */
export interface ExchangeHolding {
  projectId: string;
  slug: string;
  title: string;
  shares: number;
  /** Shares reserved by the holder's open sell orders. */
  listed: number;
  /** The first day anyone may buy these shares (ISO date); null when the rule never bound. */
  freeOn: string | null;
  locked: boolean;
  market: MarketStatus;
  lastPrice: number | null;
}

/** One of the trader's trades, from their side. */
export interface ExchangeFill {
  id: string;
  side: "bought" | "sold";
  slug: string;
  title: string;
  shares: number;
  price: number;
  value: number;
  /** The seller's fee: what a sale cost; 0 on a purchase. */
  fee: number;
  /** Paid (a purchase) or received after the fee (a sale). */
  net: number;
  at: string;
}

/** The portfolio's "On the Campus Exchange". */
export interface MyExchange {
  holdings: ExchangeHolding[];
  fills: ExchangeFill[];
}
