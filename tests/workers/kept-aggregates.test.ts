/**
 * The kept sums (ADR 037, db/schema-aggregates.ts) through the doors a user uses: purchases and
 * cancellations through the API, a founder's category edit, purchases sent at once. What the
 * project page, the portfolio and the founder dashboard show comes from them, and every kept row
 * must equal what the investments add up to (tests/workers/kept-aggregates.ts, also run after
 * every test file by tests/workers/setup.ts).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import {
  buyShares,
  call,
  db,
  inDays,
  insertProject,
  json,
  projectBody,
  saveLiveProject,
  signup,
  submitAndApprove,
} from "./helpers";
import { keptAggregateProblems } from "./kept-aggregates";
import { readPortfolio } from "../../worker/services/money/holdings";
import { validateSessionToken } from "../../worker/services/accounts/sessions";

const buy = buyShares;

const cancel = async (id: string, token: string) => {
  const res = await call(`/api/investments/${id}/cancel`, { method: "POST", token });
  if (res.status !== 200) throw new Error(`cancel failed: ${res.status} ${await res.text()}`);
};

const projectPage = async (id: string) =>
  json<{ investors: number; raise: { investors: number; largestInvestorAmount: number } }>(
    await call(`/api/projects/${id}`),
  );

async function summaryOf(token: string) {
  const session = await validateSessionToken(db(), token);
  const viewer = session!.user;
  return (await readPortfolio(db(), viewer, viewer.id, { summary: true, rows: { page: 1, active: true } })).summary!;
}

describe("sums kept as investments change", () => {
  it("a purchase, a second purchase and a cancellation: the project page's count and largest investor follow", async () => {
    const project = await insertProject({ fundingDeadline: inDays(40) });
    const [ana, ben] = [await signup(), await signup()];
    await buy(project.id, ana.token, 10); // $100
    const second = await buy(project.id, ana.token, 30); // ana $400 in two purchases
    await buy(project.id, ben.token, 25); // $250

    const before = await projectPage(project.id);
    expect({ investors: before.investors, largest: before.raise.largestInvestorAmount }).toEqual({
      investors: 2,
      largest: 400,
    });

    await cancel(second, ana.token);
    const after = await projectPage(project.id);
    expect({ investors: after.investors, largest: after.raise.largestInvestorAmount }).toEqual({
      investors: 2,
      largest: 250,
    });
    expect(await keptAggregateProblems(env.DB)).toEqual([]);
  });

  it("cancelling an investor's only purchase takes them off the count and out of the position table", async () => {
    const project = await insertProject({ fundingDeadline: inDays(40) });
    const ana = await signup();
    const id = await buy(project.id, ana.token, 12);
    await cancel(id, ana.token);
    expect((await projectPage(project.id)).investors).toBe(0);
    const rows = await env.DB.prepare("select count(*) as n from positions where project_id = ?")
      .bind(project.id)
      .first<{ n: number }>();
    expect(rows).toEqual({ n: 0 });
  });

  it("the portfolio's sums: count, cents, groups by category and risk, largest projects and the last 90 days", async () => {
    const tech = await insertProject({ category: "technology", riskLevel: "high", fundingDeadline: inDays(40) });
    const food = await insertProject({ category: "food & beverage", riskLevel: "low", fundingDeadline: inDays(40) });
    const ana = await signup();
    await buy(tech.id, ana.token, 10);
    await buy(food.id, ana.token, 20);
    const gone = await buy(tech.id, ana.token, 15);
    await cancel(gone, ana.token);

    const summary = await summaryOf(ana.token);
    expect(summary).toEqual({
      count: 2,
      cents: 30_000,
      shares: 30,
      recent90: 2,
      recent180: 2,
      // newest group first: the food purchase came after the tech one that still stands
      groups: [
        { category: "food & beverage", riskLevel: "low", cents: 20_000, count: 1, firstProjectTitle: food.title },
        { category: "technology", riskLevel: "high", cents: 10_000, count: 1, firstProjectTitle: tech.title },
      ],
      topProjects: [
        { projectId: food.id, projectTitle: food.title, category: "food & beverage", riskLevel: "low", cents: 20_000 },
        { projectId: tech.id, projectTitle: tech.title, category: "technology", riskLevel: "high", cents: 10_000 },
      ],
      projectCount: 2,
      projectCentsSquared: 20_000 * 20_000 + 10_000 * 10_000,
      // no reviewed event yet: the holdings are worth what was paid (ADR 052)
      valueCents: 30_000,
      projectValueSquared: 20_000 * 20_000 + 10_000 * 10_000,
      largestByValue: { projectId: food.id, projectTitle: food.title, cents: 20_000 },
    });
  });

  it("a founder's category and risk edit through the API moves their investors' money with it", async () => {
    const founder = await signup("founder");
    const body = projectBody({ category: "Technology", riskLevel: "high" });
    const created = await call("/api/projects/create", { body, token: founder.token });
    const draft = await json<{ _id: string }>(created);
    const project = await submitAndApprove<{ _id: string }>(draft._id, founder.token);
    const ana = await signup();
    await buy(project._id, ana.token, 10);

    const edited = await saveLiveProject(project._id, founder.token, {
      ...body,
      category: "Education",
      riskLevel: "low",
    });
    expect(edited.status).toBe(200);
    const summary = await summaryOf(ana.token);
    expect(summary.groups.map((g) => [g.category, g.riskLevel, g.cents])).toEqual([["education", "low", 10_000]]);
    expect(await keptAggregateProblems(env.DB)).toEqual([]);
  });

  it("20 purchases sent at once by 4 investors, then 4 cancellations at once: every kept row is exact", async () => {
    const project = await insertProject({ fundingDeadline: inDays(40) });
    const investors = await Promise.all([signup(), signup(), signup(), signup()]);
    const ids = await Promise.all(
      Array.from({ length: 20 }, (_, k) => buy(project.id, investors[k % 4]!.token, 10 + k)),
    );
    await Promise.all(ids.slice(0, 4).map((id, k) => cancel(id, investors[k]!.token)));
    expect(await keptAggregateProblems(env.DB)).toEqual([]);
    const row = await env.DB.prepare("select investor_count, investment_count from projects where id = ?")
      .bind(project.id)
      .first();
    expect(row).toEqual({ investor_count: 4, investment_count: 16 });
  });
});

describe("the check itself", () => {
  it("reports a kept row that differs from the investments, and nothing once it is right again", async () => {
    const project = await insertProject({ fundingDeadline: inDays(40) });
    const ana = await signup();
    await buy(project.id, ana.token, 10);
    const where = "where project_id = ? and investor_id = ?";
    await env.DB.prepare(`update positions set amount_cents = amount_cents + 1 ${where}`)
      .bind(project.id, ana.user.id)
      .run();
    const problems = await keptAggregateProblems(env.DB);
    await env.DB.prepare(`update positions set amount_cents = amount_cents - 1 ${where}`)
      .bind(project.id, ana.user.id)
      .run();
    expect(problems.some((p) => p.startsWith("positions: kept"))).toBe(true);
    expect(await keptAggregateProblems(env.DB)).toEqual([]);
  });
});
