/**
 * An investor with 1,030 investments: the API answers a page of at most 100, newest
 * first, with its paging in headers; the sums every portfolio screen shows come from SQL and equal
 * what the portfolio math gives over every investment; and no statement the portfolio reads issues
 * scans a growing table.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";

import {
  analysisReport,
  analysisReportOf,
  chartSlices,
  chartSlicesOf,
  concentration,
  concentrationOf,
  whatIfOf,
  whatIfOneFails,
} from "../../domain/money/portfolio-analysis";
import {
  diversificationScore,
  diversificationScoreOf,
  holdingsFrom,
  riskScore,
  riskScoreOf,
  sectorDistribution,
  sectorDistributionOf,
} from "../../domain/money/portfolio-math";
import type { InvestmentDTO } from "../../domain/shared/types";
import { createDb } from "../../db/client";
import { readPortfolio } from "../../worker/services/money/holdings";
import { statementChunk } from "../../worker/services/money/statement";
import { INVESTMENTS_PAGE_MESSAGE } from "../../worker/api/investments";
import { call, db, json, makeAdmin, signup } from "./helpers";
import { seedPortfolio, type SeededPortfolio } from "./portfolio-seed";

const COUNT = 1_030;
const NOW = Date.now();

let investor: Awaited<ReturnType<typeof signup>>;
let seeded: SeededPortfolio;

beforeAll(async () => {
  investor = await signup();
  seeded = await seedPortfolio(investor.user.id, COUNT, { endAt: NOW - 60_000 });
});

const viewer = () => ({ ...investor.user, role: "investor" as const }) as never;

async function apiPage(page?: string) {
  const res = await call(`/api/investments/user/${investor.user.id}${page === undefined ? "" : `?page=${page}`}`, {
    token: investor.token,
  });
  return { res, list: res.status === 200 ? await json<InvestmentDTO[]>(res.clone()) : [] };
}

describe("GET /api/investments/user/{userId} for 1,030 investments", () => {
  it("the first page (no page asked for) is the newest 100, the paging in headers", async () => {
    const { res, list } = await apiPage();
    expect(res.status).toBe(200);
    expect(list.map((i) => i._id)).toEqual(seeded.newestFirst.slice(0, 100));
    expect(res.headers.get("X-Total-Count")).toBe(String(COUNT));
    expect(res.headers.get("X-Page-Count")).toBe("11");
    expect(res.headers.get("Link")).toContain(`</api/investments/user/${investor.user.id}?page=2>; rel="next"`);
  });

  it("a middle page holds the next 100", async () => {
    const { list } = await apiPage("6");
    expect(list.map((i) => i._id)).toEqual(seeded.newestFirst.slice(500, 600));
  });

  it("the last page holds the 30 left", async () => {
    const { res, list } = await apiPage("11");
    expect(list.map((i) => i._id)).toEqual(seeded.newestFirst.slice(1000));
    expect(res.headers.get("Link")).not.toContain('rel="next"');
  });

  it("a page past the end is an empty list with the total", async () => {
    const { res, list } = await apiPage("12");
    expect([res.status, list.length, res.headers.get("X-Total-Count")]).toEqual([200, 0, String(COUNT)]);
  });

  it("exactly 100 investments are one full page", async () => {
    const other = await signup();
    await seedPortfolio(other.user.id, 100, { projects: 3 });
    const res = await call(`/api/investments/user/${other.user.id}?page=1`, { token: other.token });
    expect([(await json<unknown[]>(res.clone())).length, res.headers.get("X-Page-Count")]).toEqual([100, "1"]);
  });

  it("a page that is no page is a 400 that says what is accepted", async () => {
    for (const bad of ["0", "-1", "abc", "2.5", "1001", "99999999999"]) {
      const { res } = await apiPage(bad);
      expect([res.status, await json(res)], bad).toEqual([400, { success: false, message: INVESTMENTS_PAGE_MESSAGE }]);
    }
  });

  it("who may read comes before the page: 401 without a token, 403 for another investor", async () => {
    const other = await signup();
    const anon = await call(`/api/investments/user/${investor.user.id}?page=abc`);
    const stranger = await call(`/api/investments/user/${investor.user.id}?page=abc`, { token: other.token });
    expect([anon.status, stranger.status]).toEqual([401, 403]);
  });

  it("an admin reads anyone's pages", async () => {
    const admin = await signup();
    await makeAdmin(admin.user.id);
    const res = await call(`/api/investments/user/${investor.user.id}?page=11`, { token: admin.token });
    expect((await json<unknown[]>(res)).length).toBe(30);
  });
});

describe("the portfolio's sums, from SQL", () => {
  it("equal the portfolio math over every investment (today's numbers)", async () => {
    const read = await readPortfolio(db(), viewer(), investor.user.id, { summary: true, now: NOW });
    // Every investment, read whole only here, as the pages read them before they were paged.
    const all: InvestmentDTO[] = [];
    for (let page = 1; page <= 11; page++) {
      const r = await readPortfolio(db(), viewer(), investor.user.id, { rows: { page, pageSize: 100 }, now: NOW });
      all.push(...r.page!.investments);
    }
    const holdings = holdingsFrom(all);
    const s = read.summary!;
    expect({
      count: s.count,
      invested: s.cents / 100,
      sectors: sectorDistributionOf(s),
      slices: chartSlicesOf(s),
      risk: riskScoreOf(s),
      score: diversificationScoreOf(s),
      concentration: concentrationOf(s),
      whatIf: whatIfOf(s),
      report: analysisReportOf(s),
    }).toEqual({
      count: seeded.activeCount,
      invested: holdings.reduce((c, h) => c + Math.round(h.amount * 100), 0) / 100,
      sectors: sectorDistribution(holdings),
      slices: chartSlices(holdings),
      risk: riskScore(holdings),
      score: diversificationScore(holdings),
      concentration: concentration(holdings),
      whatIf: whatIfOneFails(holdings).slice(0, 20),
      report: analysisReport(holdings, NOW),
    });
  });

  it("the totals are the table's sums of the active investments", async () => {
    const read = await readPortfolio(db(), viewer(), investor.user.id, { summary: true });
    const sums = await env.DB.prepare(
      `select count(*) as n, sum(i.amount_cents) as cents, sum(i.shares) as shares,
         sum(i.shares * p.share_price_cents) as value from investments i join projects p on p.id = i.project_id
       where i.investor_id = ? and i.status = 'active'`,
    )
      .bind(investor.user.id)
      .first<{ n: number; cents: number; shares: number; value: number }>();
    expect({
      n: read.summary!.count,
      cents: read.summary!.cents,
      shares: read.summary!.shares,
      value: read.valueCents,
    }).toEqual(sums);
  });

  it("the statement's running total on its first page is what is invested now", async () => {
    const read = await readPortfolio(db(), viewer(), investor.user.id, { summary: true, statement: { page: 1 } });
    expect(read.statement!.rows[0]!.runningTotal).toBe(read.summary!.cents / 100);
  });

  it("the statement's total counts a purchase line per investment and a refund per cancellation", async () => {
    const read = await readPortfolio(db(), viewer(), investor.user.id, { statement: { page: 1 } });
    expect(read.statement!.total).toBe(COUNT + seeded.cancelledCount);
  });
});

/** A Database whose D1 remembers every statement prepared through it, with its bindings. */
function recordingDb() {
  const seen: { sql: string; binds: unknown[] }[] = [];
  const d1 = new Proxy(env.DB, {
    get(target, prop) {
      if (prop === "prepare") {
        return (sql: string) => {
          const stmt = target.prepare(sql);
          return new Proxy(stmt, {
            get(t, p) {
              if (p === "bind") {
                return (...binds: unknown[]) => {
                  seen.push({ sql, binds });
                  return t.bind(...binds);
                };
              }
              const v = Reflect.get(t, p, t);
              return typeof v === "function" ? v.bind(t) : v;
            },
          });
        };
      }
      const v = Reflect.get(target, prop, target);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
  return { db: createDb(d1), seen };
}

describe("every statement the portfolio reads, on an index", () => {
  it("EXPLAIN QUERY PLAN shows no full scan of investments or projects", async () => {
    const { db: recording, seen } = recordingDb();
    await readPortfolio(recording, viewer(), investor.user.id, {
      rows: { page: 3 },
      summary: true,
      find: seeded.newestFirst[5]!,
      statement: { page: 2 },
      years: true,
    });
    await readPortfolio(recording, viewer(), investor.user.id, { rows: { page: 1, pageSize: 3, active: true } });
    await statementChunk(recording.$client, investor.user.id, new Date(NOW).getUTCFullYear(), null);
    expect(seen.length).toBe(8);
    const scans: string[] = [];
    for (const { sql, binds } of seen) {
      const plan = await env.DB.prepare(`explain query plan ${sql}`)
        .bind(...binds)
        .all<{ detail: string }>();
      for (const { detail } of plan.results) {
        if (/^SCAN (investments|projects|i|p)\b/.test(detail) && !/USING (INDEX|INTEGER PRIMARY KEY)\b/.test(detail)) {
          scans.push(`${detail} in ${sql.slice(0, 80)}`);
        }
        if (/^SCAN .*USING COVERING INDEX/.test(detail)) scans.push(`${detail} in ${sql.slice(0, 80)}`);
      }
    }
    expect(scans).toEqual([]);
  });
});
