/**
 * Honest returns: what a portfolio of startup holdings has made, and how each figure is computed.
 * XIRR on dated cash flows, the IRR we show (blank under a year), the multiples (MOIC, TVPI, DPI,
 * RVPI), a holding's and a portfolio's figures, the value-over-time series, the sentences the
 * reader sees next to each figure, and their formatters.
 *
 * Pure functions: no I/O, no framework imports. Money is integer cents (ADR 003); multiples and
 * rates stay unrounded and are rounded only by the formatters. A day is a whole UTC day since
 * 1970-01-01: Math.floor(ms / DAY_MS).
 */
import { formatMoney, formatPercent } from "../shared/format";
import { toDollars } from "../shared/money";

/** One dated cash flow: negative is money the investor put in, positive is money out to them. */
export interface CashFlow {
  day: number;
  cents: number;
}

/** XIRR's year (Excel's); the rates it searches, just above a total loss to a millionfold a year. */
const YEAR_DAYS = 365;
const RATE_MIN = -0.9999;
const RATE_MAX = 1e6;
/** Where the bisection fallback looks for a sign change, lowest first. */
const RATE_GRID = [RATE_MIN, -0.999, -0.99, -0.9, -0.5, 0, 0.5, 1, 2, 5, 10, 100, 1e3, 1e4, 1e5, RATE_MAX];

type Dated = readonly { years: number; cents: number }[];

/** Σ cents × (1 + r)^−years, and its slope in r. */
function npv(flows: Dated, r: number): { value: number; slope: number } {
  let value = 0;
  let slope = 0;
  for (const f of flows) {
    const discounted = f.cents * Math.pow(1 + r, -f.years);
    value += discounted;
    slope -= (f.years * discounted) / (1 + r);
  }
  return { value, slope };
}

/**
 * The annual rate r that makes Σ cents_i / (1 + r)^((day_i − day_0) / 365) zero, day_0 the
 * earliest flow: Excel's XIRR (its documented example reads 0.373362535). Flows may be unsorted and
 * may share a day; zero flows are ignored. Newton's method from 10 %, and when it strays or stalls,
 * bisection on the first sign change across −99.99 % … 1,000,000 %.
 *
 * A total loss (money went in, nothing came out and nothing is left) is −1, i.e. −100 %: a
 * write-off is a meaningful return, not a missing one. Null when nothing went in, when every flow
 * is on one day, when a flow is not a finite number, or when no rate is found.
 */
export function xirr(flows: readonly CashFlow[]): number | null {
  if (flows.some((f) => !Number.isFinite(f.day) || !Number.isFinite(f.cents))) return null;
  const moving = flows.filter((f) => f.cents !== 0);
  if (!moving.some((f) => f.cents < 0)) return null;
  if (!moving.some((f) => f.cents > 0)) return -1;
  const day0 = moving.reduce((first, f) => Math.min(first, f.day), Infinity);
  if (moving.every((f) => f.day === day0)) return null;
  const dated = moving.map((f) => ({ years: (f.day - day0) / YEAR_DAYS, cents: f.cents }));
  const scale = moving.reduce((sum, f) => sum + Math.abs(f.cents), 0);
  return newton(dated, scale) ?? bisect(dated);
}

function newton(dated: Dated, scale: number): number | null {
  let r = 0.1;
  for (let i = 0; i < 100; i++) {
    const { value, slope } = npv(dated, r);
    if (!Number.isFinite(value) || !Number.isFinite(slope) || slope === 0) return null;
    const next = r - value / slope;
    if (!Number.isFinite(next) || next <= RATE_MIN - 1e-9 || next > RATE_MAX) return null;
    if (Math.abs(next - r) <= 1e-12 * Math.max(1, Math.abs(r))) {
      return Math.abs(npv(dated, next).value) <= 1e-9 * scale ? next : null;
    }
    r = next;
  }
  return null;
}

function bisect(dated: Dated): number | null {
  for (let i = 1; i < RATE_GRID.length; i++) {
    let lo = RATE_GRID[i - 1]!;
    let hi = RATE_GRID[i]!;
    let fLo = npv(dated, lo).value;
    const fHi = npv(dated, hi).value;
    if (fLo === 0) return lo;
    if (!Number.isFinite(fLo) || !Number.isFinite(fHi) || Math.sign(fLo) === Math.sign(fHi)) continue;
    for (let step = 0; step < 200 && hi - lo > 1e-13 * Math.max(1, Math.abs(lo)); step++) {
      const mid = (lo + hi) / 2;
      const fMid = npv(dated, mid).value;
      if (fMid === 0) return mid;
      if (Math.sign(fMid) === Math.sign(fLo)) [lo, fLo] = [mid, fMid];
      else hi = mid;
    }
    return (lo + hi) / 2;
  }
  return null;
}

/** The IRR is shown once the first money in is this many days old. */
export const IRR_MIN_HOLDING_DAYS = 365;

/**
 * The IRR we show: `xirr` of the flows, blank (null) until the earliest money in is
 * IRR_MIN_HOLDING_DAYS days before `today` (annualizing a few weeks gives wild numbers: a 10 % gain
 * in a month reads as 214 % a year), and blank with no money in or no rate.
 */
export function irrOf(flows: readonly CashFlow[], today: number): number | null {
  const firstIn = flows.reduce((first, f) => (f.cents < 0 ? Math.min(first, f.day) : first), Infinity);
  if (firstIn === Infinity || today - firstIn < IRR_MIN_HOLDING_DAYS) return null;
  return xirr(flows);
}

/** A multiple of what was paid in, unrounded: MOIC, TVPI, DPI or RVPI. Null when nothing was paid in. */
export function multiple(numeratorCents: number, paidInCents: number): number | null {
  return paidInCents > 0 && Number.isFinite(numeratorCents) ? numeratorCents / paidInCents : null;
}

/**
 * A holding's cash flows: each purchase as money in (negative), each distribution as money out
 * (positive), and the current value as a final flow out on `today` when there is any, sorted by day.
 * A written-off holding has no final flow, so its XIRR is a total loss (−100 %).
 */
export function holdingFlows(
  purchases: readonly CashFlow[],
  distributions: readonly CashFlow[],
  valueCents: number,
  today: number,
): CashFlow[] {
  const flows = [
    ...purchases.map((p) => ({ day: p.day, cents: -p.cents })),
    ...distributions.map((d) => ({ day: d.day, cents: d.cents })),
  ];
  if (valueCents > 0) flows.push({ day: today, cents: valueCents });
  return flows.sort((a, b) => a.day - b.day);
}

/** One holding's figures: its gains in cents, its MOIC and its IRR. */
export interface HoldingFigures {
  costCents: number;
  valueCents: number;
  realizedCents: number;
  unrealizedGainCents: number;
  realizedGainCents: number;
  totalGainCents: number;
  moic: number | null;
  irr: number | null;
}

/**
 * A holding's gains, MOIC and IRR. Still held: the unrealized gain is value − cost and the realized
 * gain is what was paid out. Exited (acquired or shut down; its value is 0): nothing is unrealized
 * and the realized gain is what was received − cost. The total gain is value + realized − cost
 * either way; MOIC is (value + realized) ÷ cost; the IRR is `irrOf` the holding's flows.
 */
export function holdingFigures(h: {
  costCents: number;
  valueCents: number;
  realizedCents: number;
  exited: boolean;
  flows: readonly CashFlow[];
  today: number;
}): HoldingFigures {
  const { costCents, valueCents, realizedCents } = h;
  return {
    costCents,
    valueCents,
    realizedCents,
    unrealizedGainCents: h.exited ? 0 : valueCents - costCents,
    realizedGainCents: h.exited ? realizedCents - costCents : realizedCents,
    totalGainCents: valueCents + realizedCents - costCents,
    moic: multiple(valueCents + realizedCents, costCents),
    irr: irrOf(h.flows, h.today),
  };
}

/** A portfolio's figures. */
export interface PortfolioFigures {
  investedCents: number;
  valueCents: number;
  distributedCents: number;
  gainCents: number;
  tvpi: number | null;
  dpi: number | null;
  rvpi: number | null;
  irr: number | null;
}

/**
 * A portfolio's totals and multiples: TVPI = (value + distributed) ÷ invested, DPI = distributed ÷
 * invested, RVPI = value ÷ invested, gain = value + distributed − invested. The IRR's flows are each
 * day's distributions − investments, and the current value as a final flow on `today`.
 */
export function portfolioFigures(p: {
  days: readonly { day: number; investedCents: number; distributedCents: number }[];
  valueCents: number;
  today: number;
}): PortfolioFigures {
  const investedCents = p.days.reduce((sum, d) => sum + d.investedCents, 0);
  const distributedCents = p.days.reduce((sum, d) => sum + d.distributedCents, 0);
  const flows = p.days.map((d) => ({ day: d.day, cents: d.distributedCents - d.investedCents }));
  if (p.valueCents > 0) flows.push({ day: p.today, cents: p.valueCents });
  return {
    investedCents,
    valueCents: p.valueCents,
    distributedCents,
    gainCents: p.valueCents + distributedCents - investedCents,
    tvpi: multiple(p.valueCents + distributedCents, investedCents),
    dpi: multiple(distributedCents, investedCents),
    rvpi: multiple(p.valueCents, investedCents),
    irr: irrOf(flows, p.today),
  };
}

/** One point of the value-over-time chart: cumulative cents at the end of `day`. */
export interface ValuePoint {
  day: number;
  investedCents: number;
  valueCents: number;
}

/**
 * Cumulative invested and value by day, oldest first, ending with a point on `today`; entries
 * after `today` have not happened and are left out. More than `maxPoints` days keep evenly spaced
 * days, always the first and the last, each with its true cumulative value (never an average).
 */
export function valueSeries(
  days: readonly { day: number; investedCents: number; valueDeltaCents: number }[],
  today: number,
  maxPoints = 60,
): ValuePoint[] {
  const sorted = days.filter((d) => d.day <= today).sort((a, b) => a.day - b.day);
  if (sorted.length === 0) return [];
  const points: ValuePoint[] = [];
  let investedCents = 0;
  let valueCents = 0;
  for (const d of sorted) {
    investedCents += d.investedCents;
    valueCents += d.valueDeltaCents;
    const last = points[points.length - 1];
    if (last?.day === d.day) Object.assign(last, { investedCents, valueCents });
    else points.push({ day: d.day, investedCents, valueCents });
  }
  if (points[points.length - 1]!.day < today) points.push({ day: today, investedCents, valueCents });
  const keep = Math.max(2, Math.floor(maxPoints));
  if (points.length <= keep) return points;
  return Array.from({ length: keep }, (_, i) => points[Math.round((i * (points.length - 1)) / (keep - 1))]!);
}

/** The sentences shown next to each figure: how it was computed, in plain words. */
export const RETURNS_EXPLAINED = {
  value:
    "Current value: your shares × the price per share of the company's latest reviewed event (a priced round, a write-down or write-up, an acquisition or a shutdown); at cost until the first one.",
  unrealizedGain:
    "Unrealized gain: current value minus what you paid, for shares you still hold. It is on paper until the shares are sold or the company exits.",
  realizedGain:
    "Realized gain: cash paid out to you. Once a holding has ended (an acquisition or a shutdown), what you received minus what you paid.",
  totalGain: "Total gain: current value plus cash paid out to you, minus what you paid.",
  moic: "MOIC (multiple on invested capital): current value plus cash paid out to you, divided by what you paid. 1.00× is break-even.",
  tvpi: "TVPI (total value to paid-in): current value plus all cash paid out to you, divided by all you invested. 1.00× is break-even.",
  dpi: "DPI (distributions to paid-in): cash actually paid out to you, divided by all you invested.",
  rvpi: "RVPI (residual value to paid-in): current value, divided by all you invested; what is still on paper. TVPI = DPI + RVPI.",
  irr: `IRR: the yearly rate that makes your dated cash flows (each investment in, each payout, and today's value) net to zero, computed as XIRR on a 365-day year. Blank until your first investment is ${IRR_MIN_HOLDING_DAYS} days old: a few weeks annualized gives wild numbers. A total loss reads -100%.`,
} as const;

/** "1.25×", two decimals; "—" when there is no multiple. */
export function formatMultiple(m: number | null): string {
  return m === null || !Number.isFinite(m) ? "—" : `${m.toFixed(2)}×`;
}

/** "37.3%" or "-12.5%" (the hyphen-minus, as formatMoney writes "-$50"), one decimal; "—" when blank. */
export function formatIrr(r: number | null): string {
  if (r === null || !Number.isFinite(r)) return "—";
  return formatPercent(Math.round(r * 1000) / 10 || 0, 1);
}

/** A gain in whole dollars, as formatMoney writes money, signed: "+$1,235", "-$50", "$0". */
export function formatGain(cents: number): string {
  const dollars = Math.round(toDollars(cents)) || 0;
  return dollars > 0 ? `+${formatMoney(dollars)}` : formatMoney(dollars);
}
