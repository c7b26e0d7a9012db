/**
 * Every list bounded (ADR 035), the project side: `GET /api/projects` and `GET /api/projects/{slug}/investors`
 * answer a bounded page with the paging fields, and every row stays reachable through `?page=`:
 * the first, a middle and the last page, a page past the end, and sizes at the bound.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";

import { API_PAGE_SIZE, LIST_MESSAGES } from "../../worker/services/projects/projects";
import { API_INVESTORS_PAGE_SIZE, INVESTORS_API_MESSAGES } from "../../worker/services/projects/project-investors";
import { call, insertProject, json, signup } from "./helpers";
import { bulkInvestments, bulkProjects, bulkUsers } from "./scale";

interface ListAnswer {
  projects: { _id: string }[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
}

const list = async (qs = "") => {
  const res = await call(`/api/projects${qs}`, { headers: { "Cache-Control": "no-cache" } });
  expect(res.status, qs).toBe(200);
  return json<ListAnswer>(res);
};

async function publishedIds(): Promise<string[]> {
  const rows = await env.DB.prepare(`select id from projects where status not in ('draft', 'in_review')`).all<{
    id: string;
  }>();
  return rows.results.map((r) => r.id);
}

describe("GET /api/projects without a search: the plain list, 100 a page", () => {
  beforeAll(async () => {
    await bulkProjects("plain-", 250);
    await insertProject({ status: "draft" });
  });

  it("the first page holds 100 published projects and says how to reach the rest", async () => {
    const total = (await publishedIds()).length;
    const first = await list();
    expect(first).toMatchObject({ total, page: 1, pageSize: API_PAGE_SIZE, pageCount: Math.ceil(total / 100) });
    expect(first.projects).toHaveLength(100);
  });

  it("every published project is on exactly one page, first to last, in the browser's default order", async () => {
    const first = await list();
    const seen: string[] = [];
    for (let page = 1; page <= first.pageCount; page++) seen.push(...ids(await list(`?page=${page}`)));
    expect(seen.toSorted()).toEqual((await publishedIds()).toSorted());
  });

  it("a middle page is full and the last page holds the remainder", async () => {
    const { total, pageCount } = await list();
    expect((await list("?page=2")).projects).toHaveLength(100);
    expect((await list(`?page=${pageCount}`)).projects).toHaveLength(total - (pageCount - 1) * 100);
  });

  it("a page past the end answers no projects with the total", async () => {
    const { total, pageCount } = await list();
    expect(await list(`?page=${pageCount + 1}`)).toMatchObject({ projects: [], total, page: pageCount + 1 });
  });

  it("pageSize takes 1 to 100", async () => {
    expect((await list("?pageSize=100")).projects).toHaveLength(100);
    expect(await list("?pageSize=1&page=3")).toMatchObject({ pageSize: 1, page: 3, projects: [expect.anything()] });
    for (const bad of ["0", "101", "abc", "1.5", "-1", "1000"]) {
      const res = await call(`/api/projects?pageSize=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(await json(res), bad).toMatchObject({ message: LIST_MESSAGES.pageSize });
    }
  });

  it("a search keeps the browser's page of 5", async () => {
    expect((await list("?sort=newest")).pageSize).toBe(5);
  });
});

function ids(page: ListAnswer): string[] {
  return page.projects.map((p) => p._id);
}

describe("GET /api/projects/{slug}/investors: 100 a page, newest first", () => {
  interface InvestorsAnswer {
    project: { _id: string; slug: string };
    investors: { name: string; shares: number; amountInvested: number; investedAt: string }[];
    count: number;
    total: number;
    page: number;
    pageCount: number;
    pageSize: number;
  }
  const investorsOf = async (slug: string, qs = "") => {
    const res = await call(`/api/projects/${slug}/investors${qs}`);
    expect(res.status, qs).toBe(200);
    return json<InvestorsAnswer>(res);
  };
  let slug = "";

  beforeAll(async () => {
    const p = await insertProject({ totalShares: 1_000_000 });
    slug = p.slug;
    await bulkUsers("inv-pg-", 40);
    await bulkInvestments("inv-pg-i", p.id, "inv-pg-", 40, 250);
  });

  it("the first page: the 100 newest, the total and the paging fields", async () => {
    const first = await investorsOf(slug);
    expect(first).toMatchObject({ total: 250, count: 250, page: 1, pageCount: 3, pageSize: API_INVESTORS_PAGE_SIZE });
    expect(first.investors).toHaveLength(100);
    expect(first.investors[0]!.name).toBe("First10 L."); // investment 250 is by user (249 % 40) + 1
  });

  it("the middle and last pages continue where the one before stopped, each investment once", async () => {
    const pages = [await investorsOf(slug), await investorsOf(slug, "?page=2"), await investorsOf(slug, "?page=3")];
    expect(pages.map((p) => p.investors.length)).toEqual([100, 100, 50]);
    const times = pages.flatMap((p) => p.investors.map((i) => i.investedAt));
    expect(new Set(times).size).toBe(250);
    expect(times).toEqual(times.toSorted().reverse());
  });

  it("a page past the end answers no investors with the total", async () => {
    expect(await investorsOf(slug, "?page=4")).toMatchObject({ investors: [], total: 250, page: 4, pageCount: 3 });
  });

  it("a page that is not a whole number from 1 to 1000 is a 400 with the message", async () => {
    for (const bad of ["0", "-1", "abc", "2.5", "1001", "99999999999"]) {
      const res = await call(`/api/projects/${slug}/investors?page=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(await json(res), bad).toMatchObject({ message: INVESTORS_API_MESSAGES.page });
    }
  });

  it("a project with nobody invested answers an empty first page; a draft or unknown one a 404", async () => {
    const empty = await insertProject();
    expect(await investorsOf(empty.slug)).toMatchObject({ investors: [], total: 0, page: 1, pageCount: 1 });
    const founder = await signup("founder");
    const draft = await insertProject({ status: "draft", founderId: founder.user.id });
    expect((await call(`/api/projects/${draft.slug}/investors`)).status).toBe(404);
    expect((await call(`/api/projects/no-such-project/investors`)).status).toBe(404);
  });
});
