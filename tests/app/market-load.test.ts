/**
 * The Campus Exchange under load (ADR 053): 50 traders on one company for a minute, against the
 * built Worker behind `wrangler dev` with its persisted local D1; then the same with the server
 * SIGKILLed twice mid-run and started again on the same D1. After each run the database must hold
 * every acknowledged order once (one row per key), every trade an answer reported once, and every
 * exchange invariant (tests/workers/kept-aggregates.ts, read from the D1's SQLite file).
 *
 * Runs in Node, not workerd (its own project in vitest.app.config.ts): it starts, kills and
 * restarts the server. Each run has its own 50 traders (the hourly order limit is per trader):
 * 25 sellers who first buy their shares off the demo's resting asks, 25 buyers. Each places about
 * one order a second at a price near a mid below the demo's asks (so the run's orders cross each
 * other, not the demo's book), and now and then cancels one of its own open orders.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { killServer, lastServerOutput, startAppServer, stopServerAndWait } from "../../scripts/app-server.mjs";
import { MARKET_MESSAGES, ORDERS_PER_HOUR } from "../../domain/market/market";
import { TEST_PASSWORD, uniqueIp } from "../shared/clients";
import { keptAggregateProblems } from "../workers/kept-aggregates";

const PORT = Number(process.env.MARKET_LOAD_PORT ?? 8831);
const BASE = `http://127.0.0.1:${PORT}`;
const STATE = "market-load-state";
/** A demo market a year past its raise (anyone may buy) with thousands of shares resting for sale. */
const COMPANY = "proj-suncanopy";
const TRADERS = 50;
const RUN_MS = 60_000;
/** Prices: the mid and how far an order strays from it, cents (the demo's asks start above $15). */
const MID_CENTS = 1400;
const SPREAD_CENTS = 40;
/** What a seller buys before the run, and the highest price it pays for it. */
const SETUP_SHARES = 100;
const SETUP_PRICE = 17;
/** Orders a trader places, its setup order included: under the hourly limit, with one to spare. */
const ORDERS_MAX = ORDERS_PER_HOUR - 2;
/** Open orders a trader keeps before it cancels its oldest (the limit is 10 a market). */
const OPEN_KEPT = 8;
/** How long a request may keep failing for a network reason (the server restarting) before the run fails. */
const RETRY_FOR_MS = 60_000;

interface Trader {
  n: number;
  role: "buy" | "sell";
  token: string;
  ip: string;
  /** Shares it may still list (a seller's: bought, less listed, plus what a cancel freed). */
  sellable: number;
  /** Its orders that were open when acknowledged, oldest first. */
  open: string[];
  placed: number;
  keys: number;
}

interface Run {
  label: string;
  /** Every acknowledged order: its key, owner and id. */
  acked: { key: string; owner: string; id: string }[];
  /** Every trade an answer reported, by id. */
  trades: Map<string, { shares: number; price: number }>;
  /** Milliseconds from sending to the acknowledgement of each new order (no network failure between). */
  latencies: number[];
  busy: number;
  networkRetries: number;
  refused: Record<string, number>;
  serverErrors: string[];
  cancels: number;
  /** Orders and trades of the sellers' buying before the run (in `acked` and `trades`, not in the figures). */
  setupOrders: number;
  setupTrades: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function call(
  path: string,
  init: { token?: string; ip: string; body?: unknown; key?: string },
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${BASE}/api${path}`, {
    method: init.body === undefined ? "GET" : "POST",
    headers: {
      "CF-Connecting-IP": init.ip,
      "Content-Type": "application/json",
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
      ...(init.key ? { "Idempotency-Key": init.key } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    // A client that gives up: its request is cancelled on the server, and the order is retried (same key).
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { text: text.slice(0, 300) };
  }
  return { status: res.status, body };
}

/** A call retried while the server cannot be reached (or answers that it is not up yet), same body, same key. */
async function persistent(
  run: Run,
  path: string,
  init: { token?: string; ip: string; body?: unknown; key?: string },
): Promise<{ status: number; body: Record<string, unknown>; retried: boolean }> {
  const since = Date.now();
  let retried = false;
  for (;;) {
    try {
      const answer = await call(path, init);
      // wrangler's proxy answers 502/503 while the Worker behind it is starting: not the app's answer.
      if (answer.status !== 502 && answer.status !== 503) return { ...answer, retried };
    } catch {
      /* connection refused or reset: the server is down */
    }
    retried = true;
    run.networkRetries++;
    if (Date.now() - since > RETRY_FOR_MS)
      throw new Error(`${path} failed for ${RETRY_FOR_MS} ms\n${lastServerOutput()}`);
    await sleep(250);
  }
}

type Fill = { tradeId: string; shares: number; price: number };
type Order = { id: string; status: string; remaining: number };

function acknowledge(run: Run, t: Trader, key: string, body: Record<string, unknown>): Order {
  const order = body.order as Order;
  run.acked.push({ key, owner: String(t.n), id: order.id });
  for (const f of body.fills as Fill[]) run.trades.set(f.tradeId, { shares: f.shares, price: f.price });
  return order;
}

/** Places an order until it is acknowledged or refused; the market's busy answer is retried with the same key. */
async function place(run: Run, t: Trader, side: "buy" | "sell", shares: number, price: number): Promise<Order | null> {
  const key = `load-${run.label}-${t.n}-${++t.keys}`;
  const started = performance.now();
  let interrupted = false;
  for (let busy = 0; ;) {
    const answer = await persistent(run, `/markets/${COMPANY}/orders`, {
      token: t.token,
      ip: t.ip,
      key,
      body: { side, shares, price },
    });
    interrupted ||= answer.retried;
    if (answer.status === 201 || answer.status === 200) {
      if (answer.status === 201 && !interrupted) run.latencies.push(performance.now() - started);
      t.placed++;
      return acknowledge(run, t, key, answer.body);
    }
    if (answer.status >= 500) {
      run.serverErrors.push(`${answer.status} ${JSON.stringify(answer.body)}`);
      return null;
    }
    const message = String(answer.body.message);
    if (answer.status === 409 && message === MARKET_MESSAGES.busy) {
      run.busy++;
      if (++busy < 5) {
        await sleep(50 + Math.random() * 100);
        continue;
      }
    }
    const reason = `${answer.status} ${message}`;
    run.refused[reason] = (run.refused[reason] ?? 0) + 1;
    return null;
  }
}

async function cancel(run: Run, t: Trader, id: string): Promise<void> {
  const answer = await persistent(run, `/orders/${id}/cancel`, { token: t.token, ip: t.ip, body: {} });
  if (answer.status === 200) {
    run.cancels++;
    const order = answer.body.order as Order & { side: string };
    if (t.role === "sell") t.sellable += order.remaining;
  } else if (answer.status >= 500) run.serverErrors.push(`${answer.status} ${JSON.stringify(answer.body)}`);
  // A 409: it filled (or was swept) since; nothing to free.
}

async function signUp(run: Run, n: number, role: Trader["role"]): Promise<Trader> {
  const ip = uniqueIp();
  const email = `load-${run.label}-${n}-${Date.now().toString(36)}@example.edu`;
  const answer = await call("/auth/signup", {
    ip,
    body: {
      firstName: "Load",
      lastName: `Trader${n}`,
      email,
      password: TEST_PASSWORD,
      birthDate: "1999-05-01",
      role: "investor",
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { n, role, token: String(answer.body.token), ip, sellable: 0, open: [], placed: 0, keys: 0 };
}

/** The run's traders; each seller first buys its shares off the book (one order, cancelled if it rests). */
async function traders(run: Run): Promise<Trader[]> {
  const all = await Promise.all(
    Array.from({ length: TRADERS }, (_, n) => signUp(run, n, n % 2 === 0 ? "sell" : "buy")),
  );
  for (const t of all.filter((x) => x.role === "sell")) {
    const order = await place(run, t, "buy", SETUP_SHARES, SETUP_PRICE);
    expect(order, JSON.stringify(run.refused)).not.toBeNull();
    t.sellable = SETUP_SHARES - order!.remaining;
    if (order!.status === "open") await cancel(run, t, order!.id);
    expect(t.sellable, "a seller bought shares to sell").toBeGreaterThan(0);
  }
  return all;
}

async function trade(run: Run, t: Trader, until: number): Promise<void> {
  while (t.placed < ORDERS_MAX) {
    await sleep(700 + Math.random() * 600);
    if (Date.now() >= until) return;
    if (t.open.length >= OPEN_KEPT || (t.open.length > 0 && Math.random() < 0.08)) {
      await cancel(run, t, t.open.shift()!);
      continue;
    }
    let shares = 1 + Math.floor(Math.random() * 3);
    if (t.role === "sell") {
      shares = Math.min(shares, t.sellable);
      if (shares === 0) continue;
      t.sellable -= shares;
    }
    const price = (MID_CENTS + Math.round((Math.random() * 2 - 1) * SPREAD_CENTS)) / 100;
    const order = await place(run, t, t.role, shares, price);
    if (!order && t.role === "sell") t.sellable += shares;
    if (order?.status === "open") t.open.push(order.id);
  }
}

function d1File(): string {
  const dir = join(process.cwd(), ".wrangler", STATE, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  if (!file) throw new Error(`no D1 database in ${dir}`);
  return join(dir, file);
}

/** The D1 API keptAggregateProblems uses (prepare, bind, batch), over the server's SQLite file. */
function d1Of(db: DatabaseSync): D1Database {
  const prepare = (sql: string) => {
    const statement = { sql, binds: [] as (string | number | null)[] };
    return Object.assign(statement, {
      bind: (...binds: (string | number | null)[]) => Object.assign(statement, { binds }),
    });
  };
  const batch = async (statements: ReturnType<typeof prepare>[]) =>
    statements.map((s) => ({ results: db.prepare(s.sql).all(...s.binds) }));
  return { prepare, batch } as unknown as D1Database;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function report(run: Run, ms: number): string {
  const placed = run.acked.length - run.setupOrders;
  return (
    `market load (${run.label}): ${placed} orders placed in ${(ms / 1000).toFixed(0)} s = ` +
    `${(placed / (ms / 1000)).toFixed(1)} orders/s; ${run.trades.size - run.setupTrades} trades; ${run.cancels} cancels; ` +
    `placing p50 ${percentile(run.latencies, 50).toFixed(0)} ms, p95 ${percentile(run.latencies, 95).toFixed(0)} ms; ` +
    `busy (409) ${run.busy}; network retries ${run.networkRetries}; refused ${JSON.stringify(run.refused)}`
  );
}

/** Everything the run was told is in the database exactly once, and every invariant holds. */
async function expectRecorded(run: Run): Promise<void> {
  const db = new DatabaseSync(d1File(), { readOnly: true });
  try {
    const orders = db
      .prepare(
        `select idempotency_key as key, id, count(*) over (partition by owner_id, idempotency_key) as n
        from market_orders where idempotency_key like ?1`,
      )
      .all(`load-${run.label}-%`) as { key: string; id: string; n: number }[];
    const byKey = new Map(orders.map((o) => [o.key, o]));
    const missing = run.acked.filter((a) => byKey.get(a.key)?.id !== a.id);
    expect(missing, "acknowledged orders not recorded under their key").toEqual([]);
    expect(
      orders.filter((o) => o.n !== 1),
      "keys recorded more than once",
    ).toEqual([]);
    // An order the server wrote but never answered (killed first) was answered by its retry.
    expect(orders.length, "orders recorded for this run's keys").toBe(run.acked.length);

    const seen = [...run.trades.keys()];
    const trades = new Map<string, { n: number; shares: number; price_cents: number }>();
    for (let i = 0; i < seen.length; i += 500) {
      const ids = seen.slice(i, i + 500);
      const rows = db
        .prepare(
          `select id, count(*) as n, shares, price_cents from trades where id in (${ids.map(() => "?").join(",")}) group by id`,
        )
        .all(...ids) as { id: string; n: number; shares: number; price_cents: number }[];
      for (const r of rows) trades.set(r.id, r);
    }
    const wrong = seen.filter((id) => {
      const row = trades.get(id);
      const told = run.trades.get(id)!;
      return !row || row.n !== 1 || row.shares !== told.shares || row.price_cents !== Math.round(told.price * 100);
    });
    expect(wrong, "trades the answers reported, not recorded once as reported").toEqual([]);

    const broken = db
      .prepare(
        `select (select count(*) from positions where shares < 0 or reserved_shares < 0 or reserved_shares > shares)
          as positions, (select count(*) from market_orders where remaining < 0 or remaining > shares) as orders`,
      )
      .get();
    expect({ ...broken }).toEqual({ positions: 0, orders: 0 });
    expect(await keptAggregateProblems(d1Of(db))).toEqual([]);
  } finally {
    db.close();
  }
}

function newRun(label: string): Run {
  return {
    label,
    acked: [],
    trades: new Map(),
    latencies: [],
    busy: 0,
    networkRetries: 0,
    refused: {},
    serverErrors: [],
    cancels: 0,
    setupOrders: 0,
    setupTrades: 0,
  };
}

/** Sets up the run's traders, lets them trade for a minute (with `during` alongside), reports. */
async function runFor(run: Run, during: (started: number) => Promise<void> = async () => {}): Promise<void> {
  const all = await traders(run);
  // The setup's orders and trades stay in the run's records (the database check covers them), not in its figures.
  run.setupOrders = run.acked.length;
  run.setupTrades = run.trades.size;
  Object.assign(run, { latencies: [], busy: 0, networkRetries: 0, cancels: 0 });
  const started = Date.now();
  await Promise.all([...all.map((t) => trade(run, t, started + RUN_MS)), during(started)]);
  console.log(report(run, Date.now() - started));
}

describe("the exchange under load: 50 traders on one company for a minute", () => {
  beforeAll(async () => {
    await startAppServer({ port: PORT, state: STATE, appEnv: "test" });
  });
  afterAll(async () => {
    await stopServerAndWait();
  });

  test("every acknowledged order and trade is recorded once and every invariant holds", async () => {
    const run = newRun("steady");
    await runFor(run);
    expect(run.serverErrors).toEqual([]);
    expect(run.acked.length - run.setupOrders).toBeGreaterThan(TRADERS);
    expect(run.trades.size).toBeGreaterThan(0);
    await expectRecorded(run);
  });

  test("killed twice mid-run and restarted on the same D1, nothing acknowledged is lost or duplicated", async () => {
    const run = newRun("killed");
    await runFor(run, async (started) => {
      for (const at of [20_000, 40_000]) {
        await sleep(started + at - Date.now());
        await killServer();
        await startAppServer({ port: PORT, state: STATE, appEnv: "test", keepState: true });
      }
    });
    expect(run.serverErrors).toEqual([]);
    expect(run.networkRetries).toBeGreaterThan(0);
    expect(run.acked.length - run.setupOrders).toBeGreaterThan(TRADERS);
    await expectRecorded(run);
  });
});
