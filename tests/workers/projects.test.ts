import { describe, expect, it } from "vitest";

import { listProjectsPage } from "../../worker/services/projects/projects";
import { call, db, inDays, insertProject, json, signup, unique, withPrice } from "./helpers";

describe("GET /api/projects", () => {
  it("answers { projects: [...] } with the spec's field names and dollar amounts", async () => {
    const p = await insertProject({
      sharePriceCents: 250,
      totalShares: 4_000,
      fundingGoalCents: 1_000_000,
      valuationCents: 200_000_000,
      equityPercentage: 12.5,
      minInvestmentCents: 25_000,
      regulationType: "RegA+",
      universityName: "Test University",
    });
    const res = await call("/api/projects");
    expect(res.status).toBe(200);
    const { projects } = await json<{ projects: Record<string, unknown>[] }>(res);
    const found = projects.find((x) => x._id === p.id);
    expect(found).toMatchObject({
      _id: p.id,
      slug: p.slug,
      title: p.title,
      category: "technology",
      fundingGoal: 10_000,
      fundingCurrent: 0,
      fundingDeadline: p.fundingDeadline,
      sharePrice: 2.5,
      totalShares: 4_000,
      sharesSold: 0,
      sharesRemaining: 4_000,
      regulationType: "RegA+",
      investmentTerms: { valuation: 2_000_000, equityPercentage: 12.5, minInvestment: 250 },
      status: "active",
      investors: 0,
      university: { name: "Test University", logo: null },
    });
  });
});

describe("GET /api/projects/{slug or id}", () => {
  it("finds a project by slug and by id, and 404s an unknown one", async () => {
    const p = await insertProject({ slug: unique("by-slug-") });
    expect(await json(await call(`/api/projects/${p.slug}`))).toMatchObject({ _id: p.id });
    expect(await json(await call(`/api/projects/${p.id}`))).toMatchObject({ slug: p.slug });
    const missing = await call("/api/projects/does-not-exist");
    expect(missing.status).toBe(404);
    expect(await json(missing)).toMatchObject({ message: "Project Not Found" });
  });

  it("counts distinct investors and lists them without emails or ids", async () => {
    const p = await insertProject();
    const a = await signup("investor", { firstName: "Grace", lastName: "Hopper" });
    const b = await signup();
    for (const [t, k] of [
      [a.token, "1"],
      [a.token, "2"],
      [b.token, "3"],
    ] as const) {
      await call(`/api/projects/${p.id}/invest`, {
        method: "POST",
        body: await withPrice(p.id, { shares: 10 }),
        token: t,
        headers: { "Idempotency-Key": unique(k) },
      });
    }
    expect(await json(await call(`/api/projects/${p.slug}`))).toMatchObject({ investors: 2, sharesSold: 30 });
    const res = await call(`/api/projects/${p.slug}/investors`);
    expect(res.status).toBe(200);
    const out = await json<{ count: number; investors: { name: string }[] }>(res);
    expect(out.count).toBe(3);
    expect(out.investors.map((i) => i.name)).toContain("Grace H.");
    const text = JSON.stringify(out);
    expect(text).not.toContain(a.user.email);
    expect(text).not.toContain(a.user.id);
    expect((await call("/api/projects/nope/investors")).status).toBe(404);
  });

  it("unknown API paths answer JSON 404", async () => {
    const res = await call("/api/nothing-here");
    expect(res.status).toBe(404);
    expect(await json(res)).toMatchObject({ message: "Not found" });
  });
});

describe("project browser query", () => {
  it("pages 5 at a time within a sector in one statement, open projects first", async () => {
    const sector = "education";
    const before = await listProjectsPage(db(), { sector, page: 1 });
    const closed = await insertProject({ category: "education", fundingDeadline: inDays(-3) });
    const open = await Promise.all(Array.from({ length: 6 }, () => insertProject({ category: "education" })));
    const openIds = open.map((p) => p.id);
    const page1 = await listProjectsPage(db(), { sector, page: 1 });
    expect(page1.projects).toHaveLength(5);
    expect(page1.total).toBe(before.total + 7);
    expect(page1.pageCount).toBe(Math.ceil((before.total + 7) / 5));
    expect(page1.projects.every((p) => p.sector === "education")).toBe(true);
    expect(page1.projects.map((p) => p._id)).not.toContain(closed.id);
    const all = [];
    for (let page = 1; page <= page1.pageCount; page++)
      all.push(...(await listProjectsPage(db(), { sector, page })).projects);
    expect(new Set(all.map((p) => p._id)).size).toBe(before.total + 7);
    expect(all.at(-1)?.daysLeft).toBe(0);
    // every project just added is listed exactly once, the open ones before the closed one
    const ids = all.map((p) => p._id);
    for (const id of openIds) expect(ids.filter((x) => x === id)).toHaveLength(1);
    expect(ids.filter((x) => x === closed.id)).toHaveLength(1);
    expect(Math.max(...openIds.map((id) => ids.indexOf(id)))).toBeLessThan(ids.indexOf(closed.id));
  });
});

describe("stored JSON parts are read through their shapes", () => {
  it("keeps the entries that match and drops the ones that do not", async () => {
    const p = await insertProject({
      details: {
        overview: "Hello",
        // one good row, and rows of the shapes the spec's other readings allowed
        traction: [{ metric: "Users", value: "3,200" }, { title: "Old shape" }, "x"],
        roadmap: [{ date: "Q1 2027", milestone: "Launch", completed: false }, { date: 2027 }],
      } as never,
      faqs: [{ question: "Q?", answer: "A." }, { question: "Only a question" }] as never,
      team: [{ name: "Sam", role: "CTO" }, { role: "nameless" }] as never,
      documents: [
        { name: "Deck", type: "pdf", url: "/docs/investor-deck.pdf" },
        { title: "Old", url: "/x.pdf" },
      ] as never,
    });
    const out = await json<{
      details: Record<string, unknown>;
      faqs: unknown[];
      team: unknown[];
      documents: unknown[];
    }>(await call(`/api/projects/${p.slug}`));
    expect(out.details).toEqual({
      overview: "Hello",
      traction: [{ metric: "Users", value: "3,200" }],
      roadmap: [{ date: "Q1 2027", milestone: "Launch", completed: false }],
    });
    expect(out.faqs).toEqual([{ question: "Q?", answer: "A." }]);
    expect(out.team).toEqual([{ name: "Sam", role: "CTO" }]);
    expect(out.documents).toEqual([{ name: "Deck", type: "pdf", url: "/docs/investor-deck.pdf" }]);
  });
});
