/**
 * Honest returns (domain/money/returns.ts): XIRR against Excel's documented example and answers
 * worked by hand, the IRR's one-year rule, the multiples, a holding's and a portfolio's figures,
 * the value series and the formatters. One expected outcome per test.
 */
import { describe, expect, it } from "vitest";

import {
  type CashFlow,
  formatGain,
  formatIrr,
  formatMultiple,
  holdingFigures,
  holdingFlows,
  IRR_MIN_HOLDING_DAYS,
  irrOf,
  multiple,
  portfolioFigures,
  RETURNS_EXPLAINED,
  valueSeries,
  xirr,
} from "../../domain/money/returns";
import { DAY_MS } from "../../domain/shared/dates";

/** The whole UTC day of an ISO date. */
const day = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);

/** Excel's XIRR example (its documentation reads 0.373362535). */
const EXCEL: CashFlow[] = [
  { day: day("2008-01-01"), cents: -10000 },
  { day: day("2008-03-01"), cents: 2750 },
  { day: day("2008-10-30"), cents: 4250 },
  { day: day("2009-02-15"), cents: 3250 },
  { day: day("2009-04-01"), cents: 2750 },
];

describe("xirr", () => {
  it("matches Excel's documented example", () => {
    expect(xirr(EXCEL)).toBeCloseTo(0.373362535, 6);
  });

  it("reads 10 % for 1,000 in and 1,100 out exactly 365 days later", () => {
    expect(
      xirr([
        { day: 0, cents: -1000 },
        { day: 365, cents: 1100 },
      ]),
    ).toBeCloseTo(0.1, 9);
  });

  it("reads 1/√2 − 1 for 1,000 in and 500 out 730 days later", () => {
    expect(
      xirr([
        { day: 0, cents: -1000 },
        { day: 730, cents: 500 },
      ]),
    ).toBeCloseTo(Math.SQRT1_2 - 1, 9);
  });

  it("reads −100 % for a total loss (a write-off is a return, not a blank)", () => {
    expect(
      xirr([
        { day: 0, cents: -1000 },
        { day: 400, cents: 0 },
      ]),
    ).toBe(-1);
  });

  it("finds a rate far below Newton's guess (0.1 % back after a year: −99.9 %)", () => {
    expect(
      xirr([
        { day: 0, cents: -1000 },
        { day: 365, cents: 1 },
      ]),
    ).toBeCloseTo(-0.999, 9);
  });

  it("finds a rate far above it (tripled in a fifth of a year: 3⁵ − 1)", () => {
    expect(
      xirr([
        { day: 0, cents: -100 },
        { day: 73, cents: 300 },
      ]),
    ).toBeCloseTo(242, 6);
  });

  it("reads unsorted flows as sorted ones", () => {
    expect(xirr([EXCEL[3]!, EXCEL[0]!, EXCEL[4]!, EXCEL[2]!, EXCEL[1]!])).toBeCloseTo(0.373362535, 6);
  });

  it("sums flows that share a day", () => {
    const split = [{ ...EXCEL[0]!, cents: -6000 }, { ...EXCEL[0]!, cents: -4000 }, ...EXCEL.slice(1)];
    expect(xirr(split)).toBeCloseTo(0.373362535, 6);
  });

  it("is null when nothing went in", () => {
    expect(
      xirr([
        { day: 0, cents: 1000 },
        { day: 365, cents: 1100 },
      ]),
    ).toBeNull();
  });

  it("is null when every flow is on one day", () => {
    expect(
      xirr([
        { day: 10, cents: -1000 },
        { day: 10, cents: 1100 },
      ]),
    ).toBeNull();
  });

  it("is null with no flows", () => {
    expect(xirr([])).toBeNull();
  });

  it("is null when a flow is not a number", () => {
    expect(
      xirr([
        { day: 0, cents: -1000 },
        { day: 365, cents: Number.NaN },
      ]),
    ).toBeNull();
  });

  it("is null when no rate in range balances the flows (a millionfold in a day)", () => {
    expect(
      xirr([
        { day: 0, cents: -1 },
        { day: 1, cents: 1_000_000 },
      ]),
    ).toBeNull();
  });
});

describe("irrOf", () => {
  const tenPercent = (today: number): CashFlow[] => [
    { day: 0, cents: -1000 },
    { day: today, cents: Math.round(1000 * 1.1 ** (today / 365)) },
  ];

  it("is blank when the first money in is one day short of a year old", () => {
    expect(irrOf(tenPercent(IRR_MIN_HOLDING_DAYS - 1), IRR_MIN_HOLDING_DAYS - 1)).toBeNull();
  });

  it("is shown once the first money in is 365 days old", () => {
    expect(irrOf(tenPercent(365), 365)).toBeCloseTo(0.1, 9);
  });

  it("counts from the earliest money in, not a later purchase", () => {
    const flows = [
      { day: 300, cents: -1000 },
      { day: 0, cents: -1000 },
      { day: 400, cents: 2500 },
    ];
    expect(irrOf(flows, 400)).toBe(xirr(flows));
  });

  it("is blank with no money in", () => {
    expect(irrOf([{ day: 0, cents: 500 }], 1000)).toBeNull();
  });
});

describe("multiple", () => {
  it("divides by what was paid in: $1,250 on $1,000 is 1.25", () => {
    expect(multiple(125000, 100000)).toBe(1.25);
  });

  it("stays unrounded: $1,000 on $3,000 is a third", () => {
    expect(multiple(100000, 300000)).toBe(1 / 3);
  });

  it("is null when nothing was paid in", () => {
    expect(multiple(5000, 0)).toBeNull();
  });
});

describe("holdingFigures", () => {
  const base = { flows: [], today: 0 };

  it("a held holding's gain is unrealized: $1,000 now worth $1,500", () => {
    expect(holdingFigures({ ...base, costCents: 100000, valueCents: 150000, realizedCents: 0, exited: false })).toEqual(
      {
        costCents: 100000,
        valueCents: 150000,
        realizedCents: 0,
        unrealizedGainCents: 50000,
        realizedGainCents: 0,
        totalGainCents: 50000,
        moic: 1.5,
        irr: null,
      },
    );
  });

  it("a held holding's payouts are realized: $1,000 worth $800 after $300 paid out", () => {
    const f = holdingFigures({ ...base, costCents: 100000, valueCents: 80000, realizedCents: 30000, exited: false });
    expect([f.unrealizedGainCents, f.realizedGainCents, f.totalGainCents, f.moic]).toEqual([-20000, 30000, 10000, 1.1]);
  });

  it("an acquired holding's gain is realized: $1,000 in, $2,500 received", () => {
    const f = holdingFigures({ ...base, costCents: 100000, valueCents: 0, realizedCents: 250000, exited: true });
    expect([f.unrealizedGainCents, f.realizedGainCents, f.totalGainCents, f.moic]).toEqual([0, 150000, 150000, 2.5]);
  });

  it("a shut-down holding is a realized loss of its cost", () => {
    const f = holdingFigures({ ...base, costCents: 100000, valueCents: 0, realizedCents: 0, exited: true });
    expect([f.unrealizedGainCents, f.realizedGainCents, f.totalGainCents, f.moic]).toEqual([0, -100000, -100000, 0]);
  });

  it("its IRR is irrOf its flows", () => {
    const flows = [
      { day: 0, cents: -1000 },
      { day: 365, cents: 1100 },
    ];
    const f = holdingFigures({ costCents: 1000, valueCents: 1100, realizedCents: 0, exited: false, flows, today: 365 });
    expect(f.irr).toBeCloseTo(0.1, 9);
  });
});

describe("holdingFlows", () => {
  it("purchases in, distributions out, and the value out today, by day", () => {
    expect(
      holdingFlows(
        [
          { day: 100, cents: 50000 },
          { day: 10, cents: 100000 },
        ],
        [{ day: 200, cents: 20000 }],
        180000,
        400,
      ),
    ).toEqual([
      { day: 10, cents: -100000 },
      { day: 100, cents: -50000 },
      { day: 200, cents: 20000 },
      { day: 400, cents: 180000 },
    ]);
  });

  it("adds no final flow for a holding worth nothing", () => {
    expect(holdingFlows([{ day: 10, cents: 100000 }], [], 0, 400)).toEqual([{ day: 10, cents: -100000 }]);
  });

  it("a written-off holding's IRR after a year is −100 %", () => {
    expect(irrOf(holdingFlows([{ day: 10, cents: 100000 }], [], 0, 400), 400)).toBe(-1);
  });
});

describe("portfolioFigures", () => {
  // $1,000 in on day 0; $550 paid out on day 365; worth $605 on day 730. At 10 % a year:
  // −1,000 + 550 / 1.1 + 605 / 1.21 = −1,000 + 500 + 500 = 0. TVPI (605 + 550) / 1,000 = 1.155,
  // DPI 0.55, RVPI 0.605, gain 605 + 550 − 1,000 = $155.
  const figures = portfolioFigures({
    days: [
      { day: 0, investedCents: 100000, distributedCents: 0 },
      { day: 365, investedCents: 0, distributedCents: 55000 },
    ],
    valueCents: 60500,
    today: 730,
  });

  it("sums invested, distributed and the gain", () => {
    expect([figures.investedCents, figures.distributedCents, figures.valueCents, figures.gainCents]).toEqual([
      100000, 55000, 60500, 15500,
    ]);
  });

  it("TVPI is (value + distributed) ÷ invested", () => {
    expect(figures.tvpi).toBeCloseTo(1.155, 12);
  });

  it("DPI is distributed ÷ invested", () => {
    expect(figures.dpi).toBeCloseTo(0.55, 12);
  });

  it("RVPI is value ÷ invested", () => {
    expect(figures.rvpi).toBeCloseTo(0.605, 12);
  });

  it("the IRR reads 10 %", () => {
    expect(figures.irr).toBeCloseTo(0.1, 9);
  });

  it("an empty portfolio has no multiples and no IRR", () => {
    const empty = portfolioFigures({ days: [], valueCents: 0, today: 730 });
    expect([empty.tvpi, empty.dpi, empty.rvpi, empty.irr]).toEqual([null, null, null, null]);
  });
});

describe("valueSeries", () => {
  it("is cumulative by day, sorted, same-day entries summed, ending today", () => {
    expect(
      valueSeries(
        [
          { day: 20, investedCents: 500, valueDeltaCents: 700 },
          { day: 10, investedCents: 1000, valueDeltaCents: 1000 },
          { day: 20, investedCents: 0, valueDeltaCents: -200 },
        ],
        30,
      ),
    ).toEqual([
      { day: 10, investedCents: 1000, valueCents: 1000 },
      { day: 20, investedCents: 1500, valueCents: 1500 },
      { day: 30, investedCents: 1500, valueCents: 1500 },
    ]);
  });

  it("does not repeat today when the last entry is today", () => {
    expect(valueSeries([{ day: 30, investedCents: 100, valueDeltaCents: 100 }], 30)).toEqual([
      { day: 30, investedCents: 100, valueCents: 100 },
    ]);
  });

  it("leaves out entries after today", () => {
    expect(
      valueSeries(
        [
          { day: 10, investedCents: 100, valueDeltaCents: 100 },
          { day: 40, investedCents: 900, valueDeltaCents: 900 },
        ],
        30,
      ).at(-1),
    ).toEqual({ day: 30, investedCents: 100, valueCents: 100 });
  });

  it("is empty without entries", () => {
    expect(valueSeries([], 30)).toEqual([]);
  });

  describe("with more days than points", () => {
    // Day d (0 … 99) invests 1 cent and its value moves by d cents: the true value on day d is
    // 0 + 1 + … + d = d(d + 1)/2, which an average of neighbours would miss. Today is day 99.
    const days = Array.from({ length: 100 }, (_, d) => ({ day: d, investedCents: 1, valueDeltaCents: d }));
    const series = valueSeries(days, 99, 10);

    it("keeps maxPoints points", () => {
      expect(series).toHaveLength(10);
    });

    it("keeps the first and the last day", () => {
      expect([series[0]!.day, series.at(-1)!.day]).toEqual([0, 99]);
    });

    it("keeps evenly spaced days", () => {
      expect(series.map((p) => p.day)).toEqual([0, 11, 22, 33, 44, 55, 66, 77, 88, 99]);
    });

    it("each kept day carries its true cumulative value and investment", () => {
      expect(series.every((p) => p.valueCents === (p.day * (p.day + 1)) / 2 && p.investedCents === p.day + 1)).toBe(
        true,
      );
    });
  });
});

describe("formatters", () => {
  it("a multiple has two decimals and ×", () => {
    expect(formatMultiple(1.25)).toBe("1.25×");
  });

  it("a missing multiple is a dash", () => {
    expect(formatMultiple(null)).toBe("—");
  });

  it("an IRR has one decimal", () => {
    expect(formatIrr(0.373362535)).toBe("37.3%");
  });

  it("a negative IRR takes formatMoney's minus", () => {
    expect(formatIrr(-0.125)).toBe("-12.5%");
  });

  it("an IRR that rounds to zero has no sign", () => {
    expect(formatIrr(-0.0001)).toBe("0.0%");
  });

  it("a blank IRR is a dash", () => {
    expect(formatIrr(null)).toBe("—");
  });

  it("a gain is signed whole dollars", () => {
    expect(formatGain(123456)).toBe("+$1,235");
  });

  it("a loss reads as formatMoney writes a negative amount", () => {
    expect(formatGain(-5000)).toBe("-$50");
  });

  it("a gain that rounds to nothing has no sign", () => {
    expect(formatGain(-20)).toBe("$0");
  });
});

describe("RETURNS_EXPLAINED", () => {
  it("the IRR's sentence names dated cash flows, XIRR and the 365-day rule", () => {
    expect(RETURNS_EXPLAINED.irr).toMatch(/dated cash flows.*XIRR.*365 days/);
  });
});
