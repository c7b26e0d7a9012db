/**
 * The founder dashboard's investor table at scale, through the page a founder opens: 20 a page,
 * newest first, `?investors=` links that work without JavaScript (first, middle, last, past the
 * end), the same query count as before; and the CSV download streams every investment.
 */
import { describe, expect, it } from "vitest";

import { insertProject, page, queries, signup, visibleText } from "./helpers";
import { bulkInvestments, bulkUsers } from "../workers/scale";

async function founderWith(investments: number) {
  const founder = await signup("founder");
  const project = await insertProject({ founderId: founder.user.id, totalShares: 1_000_000 });
  const prefix = `fdi-${project.id}-`;
  await bulkUsers(prefix, 30);
  await bulkInvestments(`${prefix}i`, project.id, prefix, 30, investments);
  return { founder, project };
}

/** The names in the investor table (not the chart's table of points). */
const rowsOf = (html: string) =>
  [...html.slice(html.indexOf("investor-table")).matchAll(/<tr[^>]*>\s*<th scope="row">([^<]*)<\/th>/g)].map(
    (m) => m[1],
  );

describe("the founder dashboard's investor table", () => {
  it("pages 20 at a time, newest first, with links to the other pages", async () => {
    const { founder } = await founderWith(45);
    const first = await page("/founder-dashboard", { token: founder.token });
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(rowsOf(html)).toHaveLength(20);
    expect(rowsOf(html)[0]).toBe("First15 L."); // investment 45 is by user (44 % 30) + 1
    expect(html).toContain('href="/founder-dashboard?investors=2#dash-investors"');
    expect(visibleText(html)).toContain("Investments 1–20 of 45, newest first. The CSV lists them all.");
  });

  it("a middle page and the last page continue the list", async () => {
    const { founder } = await founderWith(45);
    const middle = await (await page("/founder-dashboard?investors=2", { token: founder.token })).text();
    expect(visibleText(middle)).toContain("Investments 21–40 of 45");
    const last = await (await page("/founder-dashboard?investors=3", { token: founder.token })).text();
    expect(rowsOf(last)).toHaveLength(5);
    expect(visibleText(last)).toContain("Investments 41–45 of 45");
  });

  it("a page past the end says so and links back; a page number that is no page is the first page", async () => {
    const { founder } = await founderWith(45);
    const past = await (await page("/founder-dashboard?investors=9", { token: founder.token })).text();
    expect(visibleText(past)).toContain("No investors on this page.");
    expect(past).toContain('href="/founder-dashboard?investors=1#dash-investors"');
    for (const bad of ["0", "abc", "-2", "99999999999"]) {
      const res = await page(`/founder-dashboard?investors=${bad}`, { token: founder.token });
      expect(res.status, bad).toBe(200);
      expect(visibleText(await res.text()), bad).toContain("Investments 1–20 of 45");
    }
  });

  it("costs the same number of statements as a dashboard with one investor", async () => {
    const small = await founderWith(1);
    const big = await founderWith(300);
    const one = await page("/founder-dashboard", { token: small.founder.token });
    const many = await page("/founder-dashboard?investors=7", { token: big.founder.token });
    expect(queries(many)).toBe(queries(one));
  });

  it("the CSV holds every investment once, newest first, after its header", async () => {
    const { founder } = await founderWith(1_234);
    const res = await page("/founder-dashboard/investors.csv", { token: founder.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const lines = (await res.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("Investor,Shares,Amount (USD),Date");
    expect(lines).toHaveLength(1 + 1_234);
    expect(lines[1]).toMatch(/^First4 L\.,\d+,\d+\.00,\d{4}-\d\d-\d\d$/); // investment 1,234 is by user (1233 % 30) + 1
  });
});
