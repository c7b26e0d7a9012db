/**
 * The investor's pages with 1,030 investments: the portfolio's holdings and the
 * profile's My Investments and statement page 20 at a time (`?page=`, links that work without
 * JavaScript, the project page's pager); the totals are the SQL sums; each page load takes as many
 * D1 queries as it takes for an investor with one investment; the yearly CSV still holds every line.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";

import { formatMoney, formatNumber } from "../../domain/shared/format";
import { HOLDING_GROUPS, holdingGroupOf } from "../../app/components/portfolio/holding-groups";
import { seedPortfolio, type SeededPortfolio } from "../workers/portfolio-seed";
import { page, queries, signup, visibleText } from "./helpers";

const COUNT = 1_030;
let big: Awaited<ReturnType<typeof signup>>;
let small: Awaited<ReturnType<typeof signup>>;
let seeded: SeededPortfolio;

beforeAll(async () => {
  big = await signup();
  small = await signup();
  seeded = await seedPortfolio(big.user.id, COUNT);
  await seedPortfolio(small.user.id, 1, { projects: 1 });
});

/**
 * A page's ids as the page shows them: grouped by status (Confirmed, Open, Returned, Canceled:
 * app/components/portfolio/holding-groups.ts), newest first within each group.
 */
async function grouped(ids: string[]): Promise<string[]> {
  const { results } = await env.DB.prepare(
    `select id, status from investments where id in (select value from json_each(?))`,
  )
    .bind(JSON.stringify(ids))
    .all<{ id: string; status: string }>();
  const group = new Map(results.map((r) => [r.id, holdingGroupOf(r.status)]));
  const order = HOLDING_GROUPS.map((g) => g.id);
  return order.flatMap((g) => ids.filter((id) => group.get(id) === g));
}

/** The investment ids a page links to, in order, once each. */
function linkedIds(html: string): string[] {
  return [...new Set([...html.matchAll(/\/portfolio\/investments\/([^"?#]+)/g)].map((m) => m[1]!))];
}

async function sums(userId: string) {
  return (await env.DB.prepare(
    `select sum(i.amount_cents) as cents, sum(i.shares) as shares from investments i
     where i.investor_id = ? and i.status = 'active'`,
  )
    .bind(userId)
    .first<{ cents: number; shares: number }>())!;
}

describe("/portfolio with 1,030 investments", () => {
  it("the first page lists the newest 20, grouped by status", async () => {
    const res = await page("/portfolio", { token: big.token });
    expect(linkedIds(await res.text())).toEqual(await grouped(seeded.newestFirst.slice(0, 20)));
  });

  it("a middle page lists its 20", async () => {
    const res = await page("/portfolio?page=26", { token: big.token });
    expect(linkedIds(await res.text())).toEqual(await grouped(seeded.newestFirst.slice(500, 520)));
  });

  it("the last page lists the 10 left", async () => {
    const res = await page("/portfolio?page=52", { token: big.token });
    expect(linkedIds(await res.text())).toEqual(await grouped(seeded.newestFirst.slice(1020)));
  });

  it("a page past the end says so and links back to the first page", async () => {
    const res = await page("/portfolio?page=53", { token: big.token });
    expect(visibleText(await res.text())).toContain("No investments on this page. Back to the first page");
  });

  it("a page number that is no page is the first page, never a 500", async () => {
    const first = (await grouped(seeded.newestFirst.slice(0, 20)))[0];
    for (const bad of ["0", "-1", "abc", "2.5", "1001", "99999999999", "%00"]) {
      const res = await page(`/portfolio?page=${bad}`, { token: big.token });
      expect([res.status, linkedIds(await res.text())[0]], bad).toEqual([200, first]);
    }
  });

  it("the pager links the pages without JavaScript", async () => {
    const html = await page("/portfolio?page=26", { token: big.token }).then((r) => r.text());
    expect([html.includes('href="/portfolio?page=25"'), html.includes('href="/portfolio?page=52"')]).toEqual([
      true,
      true,
    ]);
  });

  it("the totals are the SQL sums of the active investments", async () => {
    const { cents, shares } = await sums(big.user.id);
    const text = visibleText(await page("/portfolio", { token: big.token }).then((r) => r.text()));
    expect(text).toContain(`Total Invested ${formatMoney(cents / 100)}`);
    expect(text).toContain(`Total Shares ${formatNumber(shares)}`);
  });

  it("takes the same D1 queries as a portfolio of one", async () => {
    const one = await page("/portfolio", { token: small.token });
    const many = await page("/portfolio?page=26", { token: big.token });
    expect([queries(many), queries(one)]).toEqual([2, 2]);
  });

  it("the AI Tools tab takes the same D1 queries as a portfolio of one", async () => {
    const one = await page("/portfolio?tab=ai", { token: small.token });
    const many = await page("/portfolio?tab=ai", { token: big.token });
    expect(queries(many)).toBe(queries(one));
  });

  it("the AI Tools tab's data carries none of the holdings the tab does not list", async () => {
    const res = await page("/portfolio.data?tab=ai", { token: big.token });
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain(seeded.newestFirst[0]!);
  });

  it("the AI Tools tab reads the holdings' sums once: one D1 query more than the overview, its cached insights", async () => {
    await page("/portfolio?tab=ai", { token: big.token }); // the insights cached
    const overview = queries(await page("/portfolio", { token: big.token }));
    const ai = queries(await page("/portfolio?tab=ai", { token: big.token }));
    expect(overview).toBeDefined();
    expect(ai).toBe(overview! + 1);
  });
});

describe("/profile with 1,030 investments", () => {
  const cards = (html: string) => (html.match(/class="profile-investment"/g) ?? []).length;

  it("My Investments: first, middle and last page, 20, 20 and 10", async () => {
    const counts = [];
    for (const n of ["1", "26", "52"]) {
      counts.push(cards(await page(`/profile?tab=investments&page=${n}`, { token: big.token }).then((r) => r.text())));
    }
    expect(counts).toEqual([20, 20, 10]);
  });

  it("My Investments past the end says so", async () => {
    const res = await page("/profile?tab=investments&page=53", { token: big.token });
    expect(visibleText(await res.text())).toContain("No investments on this page.");
  });

  it("the stat cards are the SQL sums", async () => {
    const { cents } = await sums(big.user.id);
    const text = visibleText(await page("/profile", { token: big.token }).then((r) => r.text()));
    expect(text).toContain(
      `Total Invested ${formatMoney(cents / 100)} Investments ${formatNumber(seeded.activeCount)}`,
    );
  });

  it("each tab takes the same D1 queries as a portfolio of one", async () => {
    const got = [];
    for (const tab of ["overview", "investments", "preferences", "financial"]) {
      const one = await page(`/profile?tab=${tab}`, { token: small.token });
      const many = await page(`/profile?tab=${tab}&page=2`, { token: big.token });
      got.push([queries(many), queries(one)]);
    }
    expect(got).toEqual([
      [3, 3],
      [3, 3],
      [3, 3],
      [3, 3],
    ]);
  });

  it("the statement's last page ends with the oldest purchase, its running total its amount", async () => {
    const lines = COUNT + seeded.cancelledCount;
    const last = Math.ceil(lines / 20);
    const html = await page(`/profile?tab=financial&page=${last}`, { token: big.token }).then((r) => r.text());
    const oldest = (await env.DB.prepare(
      "select amount_cents from investments where investor_id = ? order by created_at, id limit 1",
    )
      .bind(big.user.id)
      .first<{ amount_cents: number }>())!;
    const money = formatMoney(oldest.amount_cents / 100);
    // The oldest line: its amount, and a running total of just that amount; then the pager.
    expect(visibleText(html)).toContain(`− ${money} ${money} Previous`);
  });
});

describe("settings and the yearly statement with 1,030 investments", () => {
  it("the Cash tab shows the latest 20 lines and links to the whole statement", async () => {
    const text = visibleText(await page("/settings?tab=cash", { token: big.token }).then((r) => r.text()));
    expect(text).toContain(
      `The latest 20 of ${formatNumber(COUNT + seeded.cancelledCount)} lines. See the whole statement`,
    );
  });

  it("the Cash tab takes the same D1 queries as a portfolio of one", async () => {
    const one = await page("/settings?tab=cash", { token: small.token });
    const many = await page("/settings?tab=cash", { token: big.token });
    expect(queries(many)).toBe(queries(one));
  });

  it("the CSV holds every line of the year, streamed, and the year's net", async () => {
    const year = new Date().getUTCFullYear();
    const from = Date.UTC(year, 0, 1);
    const to = Date.UTC(year + 1, 0, 1);
    const want = (await env.DB.prepare(
      `select (select count(*) from investments where investor_id = ?1 and created_at >= ?2 and created_at < ?3)
         + (select count(*) from investments where investor_id = ?1 and status = 'cancelled'
              and cancelled_at >= ?2 and cancelled_at < ?3) as lines,
       (select coalesce(sum(amount_cents), 0) from investments where investor_id = ?1 and created_at >= ?2 and created_at < ?3)
         - (select coalesce(sum(amount_cents), 0) from investments where investor_id = ?1 and status = 'cancelled'
              and cancelled_at >= ?2 and cancelled_at < ?3) as net`,
    )
      .bind(big.user.id, from, to)
      .first<{ lines: number; net: number }>())!;
    const csv = await page(`/settings/tax-statement.csv?year=${year}`, { token: big.token }).then((r) => r.text());
    const rows = csv.trimEnd().split("\r\n");
    // The note, the header, every line, the net and the realized total (no exit paid this investor).
    expect([rows.length, rows.at(-2), rows.at(-1)]).toEqual([
      want.lines + 4,
      `,Net invested in ${year},,,${(want.net / 100).toFixed(2)},,`,
      `,Realized gains and losses in ${year},,,,,0.00`,
    ]);
  });
});
