/**
 * What an investment became (ADR 052), as every screen and the API say it: one holding's figures
 * (`investmentFigures`) and a portfolio's (`portfolioPerformance`), both from returns.ts, so the
 * portfolio, the profile, the holding's page, the receipt, the API and the export agree.
 * Money in integer cents inside, dollars in the DTOs (as every DTO). Pure.
 */
import { DAY_MS } from "../shared/dates";
import { toDollars } from "../shared/money";
import { holdingFigures, holdingFlows, multiple, portfolioFigures, valueSeries } from "./returns";
import { sectorName } from "./portfolio-math";

/** UTC days since 1970-01-01 of an instant (ms) or a `YYYY-MM-DD` day. */
export const dayNumber = (at: number | string): number =>
  Math.floor((typeof at === "number" ? at : Date.parse(`${at}T00:00:00Z`)) / DAY_MS);
const dayText = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** How a holding ended, when it did. */
export type HoldingExit = "acquired" | "shut_down" | null;

/** One investment's figures, in dollars (on InvestmentDTO). */
export interface InvestmentFigures {
  currentValue: number;
  /** Cash its exit paid for these shares. */
  realized: number;
  /** Value + realized − cost. */
  gain: number;
  moic: number | null;
  irr: number | null;
  /** The day of the reviewed event that valued it (null: at cost). */
  valuedOn: string | null;
  exit: HoldingExit;
}

/**
 * One held investment's figures: its value at the holding's mark (at cost without one), what its
 * exit paid (shares × proceeds per share), its multiple, and its IRR from its dated flows (the
 * purchase, the payout on the event's day, today's value). A canceled or returned one is worth
 * nothing and earned nothing: its money came back.
 */
export function investmentFigures(
  inv: { shares: number; amountCents: number; createdAt: number; held: boolean },
  mark: {
    markCents: number | null;
    eventKind: string | null;
    proceedsCents: number | null;
    effectiveOn: string | null;
  },
  now: number,
): InvestmentFigures {
  if (!inv.held) {
    return { currentValue: 0, realized: 0, gain: 0, moic: null, irr: null, valuedOn: null, exit: null };
  }
  const exit: HoldingExit =
    mark.eventKind === "acquisition" ? "acquired" : mark.eventKind === "shutdown" ? "shut_down" : null;
  const valueCents = mark.markCents == null ? inv.amountCents : inv.shares * mark.markCents;
  const realizedCents = exit ? inv.shares * (mark.proceedsCents ?? 0) : 0;
  const today = dayNumber(now);
  const paidOn = mark.effectiveOn ? dayNumber(mark.effectiveOn) : today;
  const f = holdingFigures({
    costCents: inv.amountCents,
    valueCents,
    realizedCents,
    exited: exit !== null,
    flows: holdingFlows(
      [{ day: dayNumber(inv.createdAt), cents: inv.amountCents }],
      realizedCents > 0 ? [{ day: paidOn, cents: realizedCents }] : [],
      valueCents,
      today,
    ),
    today,
  });
  return {
    currentValue: toDollars(valueCents),
    realized: toDollars(realizedCents),
    gain: toDollars(f.totalGainCents),
    moic: f.moic,
    irr: f.irr,
    valuedOn: mark.markCents == null ? null : mark.effectiveOn,
    exit,
  };
}

/** A holding among the best or the worst, by multiple. */
export interface HoldingPerformance {
  projectId: string;
  projectTitle: string;
  projectSlug: string;
  invested: number;
  value: number;
  realized: number;
  moic: number | null;
}

export interface GroupPerformance {
  /** A sector's name, or a vintage's year as text. */
  name: string;
  /** A sector's investments, or a vintage's holdings (the year of each holding's first purchase). */
  count: number;
  invested: number;
  value: number;
  realized: number;
  moic: number | null;
}

/** A portfolio's performance (the portfolio page, `GET /api/investments/user/{id}/performance`). */
export interface PortfolioPerformance {
  invested: number;
  value: number;
  realized: number;
  gain: number;
  tvpi: number | null;
  dpi: number | null;
  rvpi: number | null;
  irr: number | null;
  /** Value over time: cumulative invested and value at the end of each day shown (at most 60). */
  series: { day: string; invested: number; value: number }[];
  best: HoldingPerformance[];
  worst: HoldingPerformance[];
  sectors: GroupPerformance[];
  vintages: GroupPerformance[];
}

/** The rows one statement reads (worker/services/money/internal/performance.ts), by `part`. */
export interface PerformanceRow {
  part: "flow" | "vintage" | "sector" | "best" | "worst";
  /** flow: day; vintage: year; sector: category; best/worst: project id. */
  k: string | number;
  /** flow: invested, marked, distributed; groups: holdings, invested, value, realized (cents). */
  a: number;
  b: number;
  c: number;
  d: number;
  title: string | null;
  slug: string | null;
}

const group = (name: string, r: PerformanceRow): GroupPerformance => ({
  name,
  count: r.a,
  invested: toDollars(r.b),
  value: toDollars(r.c),
  realized: toDollars(r.d),
  moic: multiple(r.c + r.d, r.b),
});

const holding = (r: PerformanceRow): HoldingPerformance => ({
  projectId: String(r.k),
  projectTitle: r.title ?? "",
  projectSlug: r.slug ?? "",
  invested: toDollars(r.b),
  value: toDollars(r.c),
  realized: toDollars(r.d),
  moic: multiple(r.c + r.d, r.b),
});

/** The portfolio's performance from its rows: totals, multiples, IRR, the chart, best and worst, groups. */
export function portfolioPerformance(rows: readonly PerformanceRow[], now: number): PortfolioPerformance {
  const today = dayNumber(now);
  const flows = rows.filter((r) => r.part === "flow");
  const days = flows.map((r) => ({ day: Number(r.k), investedCents: r.a, distributedCents: r.c, markedCents: r.b }));
  const valueCents = days.reduce((sum, d) => sum + d.investedCents + d.markedCents, 0);
  const figures = portfolioFigures({ days, valueCents, today });
  const series = valueSeries(
    days.map((d) => ({ day: d.day, investedCents: d.investedCents, valueDeltaCents: d.investedCents + d.markedCents })),
    today,
  );
  // Sectors by display name (two stored categories may read as one), largest value first.
  const sectors = new Map<string, PerformanceRow>();
  for (const r of rows.filter((x) => x.part === "sector")) {
    const name = sectorName(String(r.k));
    const g = sectors.get(name);
    if (g) sectors.set(name, { ...g, a: g.a + r.a, b: g.b + r.b, c: g.c + r.c, d: g.d + r.d });
    else sectors.set(name, r);
  }
  return {
    invested: toDollars(figures.investedCents),
    value: toDollars(figures.valueCents),
    realized: toDollars(figures.distributedCents),
    gain: toDollars(figures.gainCents),
    tvpi: figures.tvpi,
    dpi: figures.dpi,
    rvpi: figures.rvpi,
    irr: figures.irr,
    series: series.map((p) => ({
      day: dayText(p.day),
      invested: toDollars(p.investedCents),
      value: toDollars(p.valueCents),
    })),
    best: rows.filter((r) => r.part === "best").map(holding),
    // the worst that are not also among the best (a portfolio of four holdings has one worst)
    worst: rows.filter((r) => r.part === "worst" && !rows.some((b) => b.part === "best" && b.k === r.k)).map(holding),
    sectors: [...sectors.entries()]
      .map(([name, r]) => group(name, r))
      .sort((x, y) => y.value - x.value || x.name.localeCompare(y.name)),
    vintages: rows
      .filter((r) => r.part === "vintage")
      .map((r) => group(String(r.k), r))
      .sort((x, y) => x.name.localeCompare(y.name)),
  };
}
