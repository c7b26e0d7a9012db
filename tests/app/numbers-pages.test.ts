/**
 * One set of numbers and words on every screen, through the pages as a browser without
 * JavaScript gets and posts them (the built Worker): the demo account's money is one statement on
 * the profile and in settings; a closed raise below its goal is "Closed (goal not reached)" on its
 * card, its page's sidebar and My Projects, with what was committed and returned; RegA+ without figures says where to declare them; no preset below the
 * minimum; no settings page says "Coming soon"; the yearly statement downloads as CSV; seeing
 * /notifications clears the bell.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { call, inDays, insertProject, page, recordPurchase, signup, unique, visibleText } from "./helpers";

/** An investor who bought `shares` (at $10) of two open projects through the API. */
async function investorWithPurchases(shares: [number, number]) {
  const investor = await signup();
  const bought: string[] = [];
  for (const n of shares) {
    const project = await insertProject({ publishedAt: Date.now() });
    const res = await call(`/api/projects/${project.id}/invest`, {
      body: { shares: n, sharePrice: 10 },
      token: investor.token,
      headers: { "Idempotency-Key": unique("k") },
    });
    if (res.status !== 201) throw new Error(`purchase failed: ${res.status}`);
    bought.push(project.title);
  }
  return { ...investor, bought };
}

const textOf = async (path: string, token?: string) => {
  const res = await page(path, { token });
  expect(res.status).toBe(200);
  return visibleText(await res.text());
};

/** The figure after a label in a page's visible text ("Invested so far $1,230"). */
const after = (text: string, label: string) => new RegExp(`${label} (\\$[\\d,]+)`).exec(text)?.[1] ?? null;

describe("the demo account's money: one statement", () => {
  it("the profile's balance card, Financial Info, and settings' Cash and Portfolio say the same invested figure", async () => {
    const { token } = await investorWithPurchases([12, 111]); // $120 + $1,110
    const figures = [
      after(await textOf("/profile", token), "Invested so far"),
      after(await textOf("/profile", token), "Total Invested"),
      after(await textOf("/profile?tab=financial", token), "Invested so far"),
      after(await textOf("/settings?tab=cash", token), "Invested so far"),
      after(await textOf("/settings?tab=portfolio", token), "Invested so far"),
    ];
    expect(figures).toEqual(Array(5).fill("$1,230"));
  });

  it("the balance is unlimited and virtual on the profile and in settings, never a fixed sum", async () => {
    const { token } = await investorWithPurchases([10, 10]);
    const profile = await textOf("/profile", token);
    const cash = await textOf("/settings?tab=cash", token);
    expect([profile, cash].map((t) => t.includes("Unlimited (virtual)") && !t.includes("$10,000,000"))).toEqual([
      true,
      true,
    ]);
  });

  it("the credit card is a student-scale line at 0.5% APR, the same on the profile and in Banks & Cards", async () => {
    // (The profile shows it once the account has invested: tests/app/profile-trust.test.ts.)
    const { token } = await investorWithPurchases([12, 111]);
    const card = (t: string) => /Credit limit (\$[\d,]+) Used \$0 Available credit \$[\d,]+ APR 0\.5%/.exec(t)?.[1];
    const shown = [card(await textOf("/profile", token)), card(await textOf("/settings?section=banks-cards", token))];
    expect(shown).toEqual(["$2,500", "$2,500"]);
  });
});

describe("settings: every entry the spec names has content", () => {
  const PAGES = [
    "/settings?tab=portfolio",
    "/settings?tab=followers",
    "/settings?tab=watchlist",
    "/settings?tab=cash",
    "/settings?tab=tax-docs",
    "/settings?section=login-security",
    "/settings?section=investor-information",
    "/settings?section=banks-cards",
    "/settings?section=public-profile",
    "/settings?section=notifications",
    "/settings?section=vip",
  ];
  for (const path of PAGES) {
    it(`${path}: no "Coming soon"`, async () => {
      const { token } = await signup();
      expect(await textOf(path, token)).not.toMatch(/coming soon/i);
    });
  }

  it("Tax Docs: the year's statement of investments downloads as CSV with the year's net", async () => {
    const { token } = await investorWithPurchases([12, 111]);
    const year = new Date().getUTCFullYear();
    expect(await textOf("/settings?tab=tax-docs", token)).toContain(`Statement of investments ${year} (CSV)`);
    const res = await page(`/settings/tax-statement.csv?year=${year}`, { token });
    const body = await res.text();
    expect([res.headers.get("Content-Type"), body.trim().split(/\r?\n/).at(-2)]).toEqual([
      "text/csv; charset=utf-8",
      `,Net invested in ${year},,,1230.00,,`,
    ]);
  });
});

describe("a closed raise below its goal is Closed everywhere", () => {
  async function closedBelowGoal() {
    const founder = await signup("founder");
    // 41% of a $10,000 goal, deadline passed, still stored active: the first read settles it.
    const project = await insertProject({
      publishedAt: Date.now() - 40 * 86_400_000,
      fundingDeadline: inDays(-2),
      founderId: founder.user.id,
      title: `Closed Raise ${unique()}`,
    });
    await recordPurchase(project.id, (await signup()).user.id, 410);
    return { founder, project };
  }

  it("the project page's sidebar says Closed, not Funding completed", async () => {
    const { project } = await closedBelowGoal();
    const text = await textOf(`/project/${project.slug}`);
    expect([/Days left Closed Share Information/.test(text), text.includes("Funding completed")]).toEqual([
      true,
      false,
    ]);
  });

  it("the sidebar shows what was committed and that it was returned, never $0 raised", async () => {
    const { project } = await closedBelowGoal();
    const text = await textOf(`/project/${project.slug}`);
    expect([
      text.includes("$4,100 committed of $10,000 goal"),
      text.includes("The goal was not reached by the deadline: every investment was returned to its investor."),
      text.includes("$0 raised"),
    ]).toEqual([true, true, false]);
  });

  it("its card, My Projects, the founder dashboard and the purchase page say committed, returned", async () => {
    const { founder, project } = await closedBelowGoal();
    const card = await textOf(`/demo?q=${encodeURIComponent(project.title)}`);
    const mine = visibleText(await (await page("/my-projects", { token: founder.token })).text());
    const dashboard = visibleText(await (await page("/founder-dashboard", { token: founder.token })).text());
    const purchase = visibleText(
      await (await page(`/purchase/${project.slug}`, { token: (await signup()).token })).text(),
    );
    expect([
      card.includes("$4,100 committed, returned"),
      mine.includes("$4,100 committed, returned"),
      dashboard.includes("Committed, returned $4,100"),
      purchase.includes("Total fundraising $4,100 committed, returned, of $10,000"),
    ]).toEqual([true, true, true, true]);
  });

  it("a stored completed raise at 78% is badged Closed on the project page, never Completed", async () => {
    const project = await insertProject({
      publishedAt: Date.now() - 40 * 86_400_000,
      fundingDeadline: inDays(-2),
      status: "completed",
      sharesSold: 780,
      fundingCurrentCents: 780_000,
    });
    const html = await (await page(`/project/${project.slug}`)).text();
    expect(/class="badge status-badge[^"]*">([^<]+)</.exec(html)?.[1]).toBe("Closed (goal not reached)");
  });

  it("its card in the project browser is badged Closed", async () => {
    const { project } = await closedBelowGoal();
    const html = await (await page(`/demo?q=${encodeURIComponent(project.title)}`)).text();
    const card = html.slice(html.indexOf(project.title) - 3000, html.indexOf(project.title) + 3000);
    expect(/class="badge status-badge[^"]*">([^<]+)</.exec(card)?.[1]).toBe("Closed (goal not reached)");
  });

  it("My Projects badges it Closed", async () => {
    const { founder } = await closedBelowGoal();
    const html = await (await page("/my-projects", { token: founder.token })).text();
    expect(/class="badge status-badge[^"]*">([^<]+)</.exec(html)?.[1]).toBe("Closed (goal not reached)");
  });
});

describe("the purchase page", () => {
  it("RegA+ without declared figures says where to declare them, never up to $0", async () => {
    const project = await insertProject({ regulationType: "RegA+", publishedAt: Date.now() });
    const { token } = await signup();
    const html = await (await page(`/purchase/${project.slug}`, { token })).text();
    const text = visibleText(html);
    expect([
      text.includes("Declare your income or net worth to see your Reg A+ limit"),
      html.includes('href="/settings?section=investor-information"'),
      /up to \$0\b/.test(text),
    ]).toEqual([true, true, false]);
  });

  it("no preset share count buys less than the minimum investment", async () => {
    // $7 shares, $100 minimum: 15 shares is the least that reaches it.
    const project = await insertProject({ sharePriceCents: 700, publishedAt: Date.now() });
    const { token } = await signup();
    const html = await (await page(`/purchase/${project.slug}`, { token })).text();
    const presets = [...html.matchAll(/class="preset"[^>]*>([\d,]+)<!-- --> shares|>([\d,]+) shares<\/a>/g)].map((m) =>
      Number((m[1] ?? m[2])!.replace(/,/g, "")),
    );
    expect(presets.length > 0 && presets.every((n) => n * 7 >= 100)).toBe(true);
  });

  it("the allowance counts purchases made, not the shares being chosen", async () => {
    const project = await insertProject({ publishedAt: Date.now() });
    const { token } = await signup();
    const text = await textOf(`/purchase/${project.slug}?shares=200`, token);
    expect(text).toContain("used $0 in the last 12 months");
  });
});

describe("/notifications clears the bell", () => {
  it("showing the page marks the shown notifications seen: the bell says no unread", async () => {
    const founder = await signup("founder");
    const project = await insertProject({ publishedAt: Date.now(), founderId: founder.user.id });
    const fan = await signup();
    await call(`/api/projects/${project.id}/follow`, { method: "POST", token: fan.token });
    await env.DB.prepare(
      "insert into notifications (id, user_id, kind, event_key, text, link, project_id, created_at) values (?, ?, 'update', ?, 'News', '/', ?, ?)",
    )
      .bind(unique("n"), fan.user.id, unique("e"), project.id, Date.now())
      .run();
    const html = await (await page("/notifications", { token: fan.token })).text();
    const next = await (await page("/portfolio", { token: fan.token })).text();
    expect([html.includes('aria-label="Notifications"'), next.includes('aria-label="Notifications"')]).toEqual([
      true,
      true,
    ]);
  });
});
