/**
 * The Campus Exchange's doors (ADR 053): mounted at /api/markets (the list, a market, placing an
 * order) and /api/orders (cancelling one). Thin doors onto worker/services/market/, the services the
 * Trade tab's forms call.
 */
import { Hono, type Context } from "hono";
import { streamSSE } from "hono/streaming";
import * as v from "valibot";

import { MARKET_MESSAGES, OrderBody } from "../../domain/market/market";
import { listMarkets, marketSeq, readMarket } from "../services/market/market-view";
import { cancelOrder, placeOrder } from "../services/market/orders";
import { ServiceError } from "../services/shared/errors";
import type { HonoEnv } from "../types";
import { CancelOrderAnswer, MARKET_EXAMPLES, MarketAnswer, MarketsAnswer, PlaceOrderAnswer } from "./answers/market";
import { operation } from "./openapi";
import { readBody } from "./util";

const ID = "The company's project `_id` or slug.";
/** How often the event stream reads the market's sequence number, and how long one stream lasts. */
export const EVENTS_POLL_MS = 2_000;
export const EVENTS_FOR_MS = 55_000;
const param = (c: Context<HonoEnv>, name: string): string => c.req.param(name) ?? "";

export const marketsApi = new Hono<HonoEnv>()
  .get(
    "/",
    operation({
      operationId: "listMarkets",
      tag: "Exchange",
      summary: "The markets",
      description:
        "Every funded company whose shares trade (or whose market is halted), the most recently traded first: at most 50.",
      access: "public",
      ok: { 200: { description: "The markets", schema: MarketsAnswer, example: MARKET_EXAMPLES.markets } },
      refusals: [],
    }),
    async (c) => c.json({ markets: await listMarkets(c.get("db")) }),
  )
  .get(
    "/:id",
    operation({
      operationId: "getMarket",
      tag: "Exchange",
      summary: "A company's market",
      description:
        "The book's best 10 prices a side with their sizes, the last trade, today's and all-time volume, the 20 newest trades, " +
        "up to 180 days of daily prices, and the latest valuation beside them (trading never changes a valuation). The " +
        "transfer rule: `freeOn` is the first day anyone may buy; until then only the company and accredited investors may. " +
        "A signed-in caller also gets their shares, what they have listed and their orders here.",
      access: "optional",
      params: { id: ID },
      ok: { 200: { description: "The market", schema: MarketAnswer, example: MARKET_EXAMPLES.market } },
      refusals: [404],
    }),
    async (c) => {
      const market = await readMarket(c.get("db"), param(c, "id"), c.get("user"));
      if (!market) throw new ServiceError(404, MARKET_MESSAGES.notFound, "not_found");
      return c.json(market);
    },
  )
  .get(
    "/:id/events",
    operation({
      operationId: "marketEvents",
      tag: "Exchange",
      summary: "A market's changes, live",
      description:
        "Server-sent events: `change` whenever the market's book or trades change (an order placed, filled, canceled or " +
        "expired, a halt, an exit), with the market's sequence number as the event's `id`; read the market again on one. " +
        "The stream opens with `open` (the current sequence number), checks every 2 s and ends after about 55 s; " +
        "EventSource reconnects by itself, and sending the last `id` back (`Last-Event-ID`) answers at once with a " +
        "`change` when something changed in between.",
      access: "public",
      params: { id: ID },
      ok: {
        200: {
          description: "The event stream",
          schema: v.string(),
          example: "event: open\nid: 41\nretry: 2000\ndata: {}\n\nevent: change\nid: 42\ndata: {}\n\n",
          media: "text/event-stream",
        },
      },
      refusals: [404],
    }),
    async (c) => {
      const db = c.get("db");
      const head = await marketSeq(db, param(c, "id"));
      if (!head) throw new ServiceError(404, MARKET_MESSAGES.notFound, "not_found");
      const last = c.req.header("Last-Event-ID") ?? "";
      let seen = /^\d{1,15}$/.test(last) ? Number(last) : head.seq;
      return streamSSE(c, async (stream) => {
        let open = true;
        stream.onAbort(() => {
          open = false;
        });
        const started = Date.now();
        await stream.writeSSE({
          event: seen === head.seq ? "open" : "change",
          id: String(head.seq),
          retry: EVENTS_POLL_MS,
          data: "{}",
        });
        seen = head.seq;
        while (open && Date.now() - started < EVENTS_FOR_MS) {
          await stream.sleep(EVENTS_POLL_MS);
          if (!open) break;
          const now = await marketSeq(db, head.projectId);
          if (!now) break;
          if (now.seq !== seen) {
            seen = now.seq;
            await stream.writeSSE({ event: "change", id: String(seen), data: "{}" });
          }
        }
      });
    },
  )
  .post(
    "/:id/orders",
    operation({
      operationId: "placeOrder",
      tag: "Exchange",
      summary: "Place an order",
      description:
        "A limit order: buy or sell whole shares at a price per share. It trades at once with the best resting orders it " +
        "crosses (at their prices, price then time), and what is left rests for 30 days until filled or canceled. The seller " +
        "pays a 2% fee out of the proceeds. Send an `Idempotency-Key` header or `idempotencyKey` (1 to 100 visible ASCII " +
        "characters): a retry with the same key answers the original order (200, `replayed: true`) instead of placing " +
        "another (201). 400 with each field's message; 403 for a founder (except buying back their own company) or a buyer " +
        "the transfer rule does not allow yet (the answer says the date); 409 when the market does not trade now, the " +
        "seller has too few unlisted shares, the order would trade with the caller's own, or they have 10 open orders " +
        "here; 429 past 60 orders an hour.",
      access: "signed-in",
      params: { id: ID },
      body: { schema: OrderBody, example: MARKET_EXAMPLES.order },
      ok: {
        201: { description: "Placed", schema: PlaceOrderAnswer, example: MARKET_EXAMPLES.placed },
        200: { description: "A replay: the original order", schema: PlaceOrderAnswer, example: MARKET_EXAMPLES.placed },
      },
      refusals: [400, 401, 403, 404, 409, 413, 415, 429],
    }),
    async (c) => {
      const body = await readBody(c);
      const key =
        c.req.header("Idempotency-Key") ??
        (typeof body.idempotencyKey === "string" ? body.idempotencyKey : undefined) ??
        crypto.randomUUID();
      const result = await placeOrder(c.get("db"), c.get("user"), {
        project: param(c, "id"),
        side: body.side,
        shares: body.shares,
        price: body.price,
        idempotencyKey: key,
      });
      return c.json({ success: true as const, ...result }, result.replayed ? 200 : 201);
    },
  );

export const ordersApi = new Hono<HonoEnv>().post(
  "/:id/cancel",
  operation({
    operationId: "cancelOrder",
    tag: "Exchange",
    summary: "Cancel an order",
    description:
      "The caller's own open order stops resting: nothing more of it trades, and a sell order's shares are free again. " +
      "Canceling it again answers the same; one that filled or expired is a 409.",
    access: "signed-in",
    params: { id: "The order's id." },
    ok: { 200: { description: "Canceled", schema: CancelOrderAnswer, example: MARKET_EXAMPLES.cancelled } },
    refusals: [401, 403, 404, 409],
  }),
  async (c) => c.json({ success: true as const, ...(await cancelOrder(c.get("db"), c.get("user"), param(c, "id"))) }),
);
