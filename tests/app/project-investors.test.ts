/**
 * The project page's public investor list (Investment tab): names as the public API gives them,
 * newest first, pages by `?investors=`; a page number that is no page is the first page, never a
 * 500; one statement for the list and its total (the tab is 3 queries, like the other tabs), on
 * an index. And the tab counts ride on the project's own statement.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { INVESTORS_MAX_PAGE, investorsPageParam } from "../../domain/projects/investor-list";
import { listProjectInvestorsPage } from "../../worker/services/projects/project-investors";
import { call, db, insertProject, json, page, queries, signup, unique, visibleText, withPrice } from "./helpers";

async function buy(projectId: string, token: string, times: number) {
  for (let i = 0; i < times; i++) {
    const res = await call(`/api/projects/${projectId}/invest`, {
      method: "POST",
      body: await withPrice(projectId, { shares: 10 }),
      token,
      headers: { "Idempotency-Key": unique("k") },
    });
    expect(res.status).toBe(201);
  }
}

describe("the project page's investor list", () => {
  it("pages 20 at a time, newest first, named as the public API names them", async () => {
    const p = await insertProject();
    const older = await signup("investor", { firstName: "Zora", lastName: "Quill" });
    const newer = await signup("investor", { firstName: "Yusuf", lastName: "Okafor" });
    await buy(p.id, older.token, 20);
    await buy(p.id, newer.token, 1);

    const first = await listProjectInvestorsPage(db(), p.id, 1);
    expect(first.total).toBe(21);
    expect(first.pageCount).toBe(2);
    expect(first.investors).toHaveLength(20);
    expect(first.investors[0]!.name).toBe("Yusuf O.");
    const api = await json<{ investors: { name: string }[] }>(await call(`/api/projects/${p.slug}/investors`));
    expect(first.investors.map((i) => i.name)).toEqual(api.investors.slice(0, 20).map((i) => i.name));
    const second = await listProjectInvestorsPage(db(), p.id, 2);
    expect(second.investors.map((i) => i.name)).toEqual(["Zora Q."]);
    // Past the end: the total, no rows, never an error.
    const past = await listProjectInvestorsPage(db(), p.id, 3);
    expect(past).toMatchObject({ total: 21, investors: [], page: 3, pageCount: 2 });

    const res = await page(`/project/${p.slug}?tab=investment&investors=2`);
    expect(res.status).toBe(200);
    expect(queries(res)).toBe(2); // no session: the project, then the page of investors
    const text = visibleText(await res.text());
    expect(text).toContain("Investors (21)");
    expect(text).toContain("Zora Q.");
    expect(text).not.toContain(older.user.email);
  });

  it("a page number that is no page is the first page, never a 500", async () => {
    expect(investorsPageParam(null)).toBe(1);
    for (const bad of [
      "",
      "0",
      "-1",
      "abc",
      "2.5",
      "1e3",
      "99999999999999999999",
      String(INVESTORS_MAX_PAGE + 1),
      " 2",
    ]) {
      expect(investorsPageParam(bad)).toBe(1);
    }
    expect(investorsPageParam("2")).toBe(2);
    expect((await listProjectInvestorsPage(db(), "no-such-project", Number.NaN)).page).toBe(1);

    const p = await insertProject();
    const investor = await signup();
    await buy(p.id, investor.token, 1);
    for (const bad of ["0", "-1", "abc", "99999999999999999999", "%00", "2.5", "1&investors=2"]) {
      const res = await page(`/project/${p.slug}?tab=investment&investors=${bad}`);
      expect(res.status, bad).toBe(200);
      expect(visibleText(await res.text())).toContain("Investors (1)");
    }
  });

  it("reads the list on the index, without a sort", async () => {
    const plan = await env.DB.prepare(
      `explain query plan select i.id from investments i join users u on u.id = i.investor_id
       where i.project_id = ?1 and i.held = 1 order by i.created_at desc, i.id desc limit 20 offset 0`,
    )
      .bind("x")
      .all<{ detail: string }>();
    const details = plan.results.map((r) => r.detail).join("\n");
    expect(details).toContain("investments_project_held_recent_idx");
    expect(details).not.toContain("TEMP B-TREE");
  });
});

describe("the tab counts", () => {
  it("Updates (n) and Discussion (n) on every tab, in the project's own statement", async () => {
    const founder = await signup("founder");
    const p = await insertProject({ founderId: founder.user.id });
    const fan = await signup();
    for (const title of ["One", "Two"]) {
      await call(`/api/projects/${p.id}/updates`, { body: { title, body: "." }, token: founder.token });
    }
    await call(`/api/projects/${p.id}/discussion`, { body: { body: "Runway?" }, token: fan.token });
    const res = await page(`/project/${p.slug}`);
    expect(res.status).toBe(200);
    expect(queries(res)).toBe(1);
    const text = visibleText(await res.text());
    expect(text).toContain("Updates (2)");
    expect(text).toContain("Discussion (1)");
  });
});
