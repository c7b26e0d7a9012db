/**
 * The demo account's statement read in SQL, a page at a time (domain/money/portfolio-account.ts says what
 * a line is: each purchase, for a canceled investment the refund on the day it was canceled, and
 * for a returned one (its raise closed below its goal, ADR 043) the return on the day its raise
 * settled it, with running totals in date order). The running total is a window sum over the investor's rows,
 * so a page costs the same whatever page it is; the yearly CSV reads its year in keyset chunks.
 *
 * Every statement here reads the investor's rows on investments_investor_recent_idx; the
 * statements are handed to `readPortfolio`'s batch (worker/services/money/holdings.ts), so a page that
 * shows the statement and the sums still makes one round trip.
 */
import { toCsv } from "../../../domain/shared/csv";
import { isoDay } from "../../../domain/shared/dates";
import { statementLineType, type StatementRow } from "../../../domain/money/portfolio-account";
import { toCents, toDollars } from "../../../domain/shared/money";
import { streamOf, type Download } from "../shared/download";

/** The statement's lines a page, newest first. */
export const STATEMENT_PAGE_SIZE = 20;
/** The CSV reads this many lines a statement. */
export const STATEMENT_CHUNK = 500;

/**
 * The investor's statement lines (at in ms): purchases (`refund` 0), refunds of canceled
 * investments (1), returns of returned ones (2), and what an exit paid (ADR 052: 3 an acquisition,
 * 4 a shutdown's proceeds, with the holding's cost; dated when it was paid, or the end of the
 * event's day for an event dated earlier). `refund` is also the lines'
 * order on the same instant (a purchase, then what gave it back), so it is part of the keyset
 * cursor. `cents` is what a line does to the running total, the money invested: a refund or a
 * return takes its purchase back out; a payout does not (the money was invested, and paid back as
 * a gain or a loss), so it is 0 there and `shown` is its amount.
 * The exchange (ADR 053): 5 a purchase (money invested, like a raise's), 6 a sale (what the buyer
 * paid less the seller's fee, with the cost of the shares sold; like a payout, the running total
 * keeps what was invested); one term for both (D1 allows 5 terms in a compound SELECT), read on
 * trades_seller_idx and trades_buyer_idx (an OR of the two: nobody trades with themselves).
 */
const ENTRIES = `entries as (
    select i.id as key, i.created_at as at, i.project_id as project_id, i.shares as shares,
      i.amount_cents as cents, 0 as refund, i.amount_cents as shown, null as cost
    from investments i where i.investor_id = ?1
    union all
    select i.id || '-cancelled', i.cancelled_at, i.project_id, i.shares, -i.amount_cents, 1, i.amount_cents, null
    from investments i where i.investor_id = ?1 and i.status = 'cancelled' and i.cancelled_at is not null
    union all
    select i.id || '-returned', i.settled_at, i.project_id, i.shares, -i.amount_cents, 2, i.amount_cents, null
    from investments i where i.investor_id = ?1 and i.status = 'returned' and i.settled_at is not null
    union all
    select d.id || '-paid', min(d.paid_at, (d.day + 1) * 86400000 - 1), d.project_id, d.shares, 0,
      case when e.kind = 'acquisition' then 3 else 4 end, d.amount_cents, d.cost_cents
    from distributions d join valuation_events e on e.id = d.event_id where d.investor_id = ?1
    union all
    select t.id || case when t.seller_id = ?1 then '-sold' else '-bought' end, t.created_at, t.project_id, t.shares,
      case when t.seller_id = ?1 then 0 else t.value_cents end, case when t.seller_id = ?1 then 6 else 5 end,
      case when t.seller_id = ?1 then t.value_cents - t.fee_cents else t.value_cents end,
      case when t.seller_id = ?1 then t.seller_cost_cents end
    from trades t where t.seller_id = ?1 or (t.buyer_id = ?1 and t.buyer_company = 0)
  )`;

interface LineRow {
  key: string;
  at: number;
  shares: number;
  cents: number;
  refund: number;
  shown: number;
  cost: number | null;
  title: string | null;
}

function lineOf(r: LineRow, running: number): StatementRow {
  return {
    key: r.key,
    at: new Date(r.at).toISOString(),
    projectTitle: r.title ?? "",
    shares: r.shares,
    refund: r.refund > 0 && r.refund !== 5,
    returned: r.refund === 2,
    distribution: r.refund === 3 ? "acquisition" : r.refund === 4 ? "shutdown" : null,
    trade: r.refund === 5 ? "bought" : r.refund === 6 ? "sold" : null,
    costBasis: r.cost == null ? null : toDollars(r.cost),
    amount: toDollars(r.shown),
    runningTotal: toDollars(running),
  };
}

/** One page of the statement, newest first, with its count in the same statement. */
export function statementPageStatement(d1: D1Database, userId: string, page: number): D1PreparedStatement {
  return d1
    .prepare(
      `with ${ENTRIES},
      ran as (
        select key, at, project_id, shares, cents, refund, shown, cost,
          sum(cents) over (order by at, refund, key rows between unbounded preceding and current row) as running
        from entries
      )
      select c.total as total, s.key as key, s.at as at, s.shares as shares, s.cents as cents, s.refund as refund,
        s.shown as shown, s.cost as cost,
        s.running as running, p.title as title
      from (select count(*) as total from entries) as c
      left join (select * from ran order by at desc, refund desc, key desc limit ?2 offset ?3) as s on 1 = 1
      left join projects p on p.id = s.project_id
      order by s.at desc, s.refund desc, s.key desc`,
    )
    .bind(userId, STATEMENT_PAGE_SIZE, (page - 1) * STATEMENT_PAGE_SIZE);
}

export interface StatementPage {
  rows: StatementRow[];
  total: number;
  page: number;
  pageCount: number;
}

export function statementPageOf(results: Record<string, unknown>[], page: number): StatementPage {
  const rows = results as (Partial<LineRow> & { total: number; running: number | null })[];
  const total = Number(rows[0]?.total ?? 0);
  return {
    rows: rows
      .filter((r): r is LineRow & { total: number; running: number } => r.key != null)
      .map((r) => lineOf(r, r.running)),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / STATEMENT_PAGE_SIZE)),
  };
}

/** The calendar years (UTC) with a statement line, newest first: one row a year. */
export function statementYearsStatement(d1: D1Database, userId: string): D1PreparedStatement {
  return d1
    .prepare(
      `with ${ENTRIES}
      select distinct cast(strftime('%Y', at / 1000, 'unixepoch') as integer) as year from entries order by year desc`,
    )
    .bind(userId);
}

export const statementYearsOf = (results: Record<string, unknown>[]): number[] =>
  results.map((r) => Number(r.year)).filter(Number.isFinite);

/** Where a chunk of a year's lines starts: after this line (date order). */
export interface StatementCursor {
  at: number;
  refund: number;
  key: string;
}

/**
 * A year's lines, oldest first, STATEMENT_CHUNK at a time after `after` (keyset: the next chunk
 * starts where the last one ended, so every line is read once whatever the year holds).
 */
export async function statementChunk(
  d1: D1Database,
  userId: string,
  year: number,
  after: StatementCursor | null,
): Promise<{ lines: StatementRow[]; next: StatementCursor | null }> {
  const from = Date.UTC(year, 0, 1);
  const to = Date.UTC(year + 1, 0, 1);
  const cursor = after ?? { at: from - 1, refund: 1, key: "" };
  const { results } = await d1
    .prepare(
      `with ${ENTRIES}
      select e.key as key, e.at as at, e.shares as shares, e.cents as cents, e.refund as refund, e.shown as shown,
        e.cost as cost, p.title as title
      from entries e left join projects p on p.id = e.project_id
      where e.at >= ?2 and e.at < ?3 and (e.at, e.refund, e.key) > (?4, ?5, ?6)
      order by e.at, e.refund, e.key limit ?7`,
    )
    .bind(userId, from, to, cursor.at, cursor.refund, cursor.key, STATEMENT_CHUNK)
    .all<LineRow>();
  const last = results[results.length - 1];
  return {
    lines: results.map((r) => lineOf(r, 0)),
    next: last && results.length === STATEMENT_CHUNK ? { at: last.at, refund: last.refund, key: last.key } : null,
  };
}

/**
 * A payout's or an exchange sale's realized gain or loss in cents (what was received − the cost of
 * the shares it closed); null for other lines.
 */
const realizedCents = (r: StatementRow) =>
  (r.distribution || r.trade === "sold") && r.costBasis != null ? toCents(r.amount) - toCents(r.costBasis) : null;

const csvLine = (r: StatementRow) => {
  const realized = realizedCents(r);
  return [
    isoDay(Date.parse(r.at)),
    r.projectTitle,
    statementLineType(r),
    r.refund ? -r.shares : r.shares,
    (r.refund ? -r.amount : r.amount).toFixed(2),
    r.costBasis == null ? "" : r.costBasis.toFixed(2),
    realized == null ? "" : toDollars(realized).toFixed(2),
  ];
};

async function* taxStatementText(
  d1: D1Database,
  userId: string,
  year: number,
  withLines: boolean,
): AsyncGenerator<string> {
  yield toCsv([
    [`CampusFund demo account: statement of investments for ${year}. Simulated money, not a tax document.`],
    ["Date", "Project", "Type", "Shares", "Amount (USD)", "Cost basis (USD)", "Realized gain or loss (USD)"],
  ]);
  let netCents = 0;
  let realizedTotal = 0;
  let cursor: StatementCursor | null = null;
  let done = !withLines;
  while (!done) {
    const chunk = await statementChunk(d1, userId, year, cursor);
    for (const r of chunk.lines) {
      const realized = realizedCents(r);
      if (realized != null) realizedTotal += realized;
      else netCents += r.refund ? -toCents(r.amount) : toCents(r.amount);
    }
    if (chunk.lines.length > 0) yield toCsv(chunk.lines.map(csvLine));
    cursor = chunk.next;
    done = cursor === null;
  }
  yield toCsv([
    ["", `Net invested in ${year}`, "", "", toDollars(netCents).toFixed(2), "", ""],
    ["", `Realized gains and losses in ${year}`, "", "", "", "", toDollars(realizedTotal).toFixed(2)],
  ]);
}

/**
 * /settings/tax-statement.csv?year=YYYY: the year's statement lines, oldest first, and the year's
 * net, streamed STATEMENT_CHUNK lines at a time (`statementChunk`), the net summed as the lines go
 * out. `withLines` false (a founder: no investments) gives the header and a net of 0.00.
 */
export function taxStatementDownload(d1: D1Database, userId: string, year: number, withLines: boolean): Download {
  return {
    filename: `campusfund-statement-${year}.csv`,
    contentType: "text/csv; charset=utf-8",
    body: streamOf(taxStatementText(d1, userId, year, withLines), "tax statement"),
  };
}
