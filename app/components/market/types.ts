/**
 * What the exchange's pages render (ADR 053), as the loaders hand it over: the shape of
 * worker/services/market/market-view.ts `MarketView` and orders.ts `OrderDTO` that the components
 * read (components take no server code; the loader's value is checked against these where it is
 * passed on).
 */
import type { CancelReason, MarketStatus, OrderSide, OrderStatus } from "../../../domain/market/market";
import type { BookLevel, TradeView } from "../../../domain/market/views";

export type { BookLevel, TradeView } from "../../../domain/market/views";

export interface OrderView {
  id: string;
  side: OrderSide;
  forCompany: boolean;
  shares: number;
  remaining: number;
  filled: number;
  price: number;
  status: OrderStatus;
  cancelReason: CancelReason | null;
  createdAt: string;
  expiresAt: string;
}

export interface MarketPanelData {
  project: { id: string; slug: string; title: string };
  status: MarketStatus;
  haltReason: string | null;
  openedAt: string;
  freeOn: string | null;
  locked: boolean;
  bids: BookLevel[];
  asks: BookLevel[];
  lastPrice: number | null;
  lastTradeAt: string | null;
  today: { shares: number; value: number; trades: number };
  valuation: { price: number; on: string | null; atCost: boolean };
  trades: TradeView[];
  viewer: null | {
    role: string;
    isFounder: boolean;
    accredited: boolean;
    shares: number;
    listed: number;
    orders: OrderView[];
  };
  goodForDays: number;
}
