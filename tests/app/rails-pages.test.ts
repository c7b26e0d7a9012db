/**
 * The rails through the page door (the built Worker): the home page and the browser's own first
 * page show them, each a section with its heading, a list of cards and a "See all" that opens the
 * browser in the rail's order; a signed-in person's home page adds "Because you follow …"; a
 * search hides them; the rails cost one D1 round trip. The rails' orders and bounds:
 * tests/workers/rails.test.ts.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";

import { activityStatements } from "../../worker/services/projects/trending";
import { call, db, insertProject, page, queries, signup, unique, visibleText } from "./helpers";

/** The rails' headings as rendered, in order. */
const railTitles = (html: string) =>
  [...html.matchAll(/<h[23] id="rail-[a-z]+" class="rail-title">([^<]*)<\/h[23]>/g)].map((m) => m[1]);
const seeAll = (html: string) =>
  [...html.matchAll(/<a class="rail-see-all" href="([^"]*)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));

const NO_CACHE = { "Cache-Control": "no-cache" };

describe("the rails on the home page and the browser", () => {
  let trendy: string;

  beforeAll(async () => {
    const tag = unique("rl");
    const p = await insertProject({
      slug: `${tag}-trendy`,
      title: `Trendy ${tag}`,
      publishedAt: Date.now() - 3_600_000,
      fundingCurrentCents: 800_000,
      sharesSold: 800,
      universityName: "Rail State University",
    });
    trendy = p.title;
    await env.DB.batch(activityStatements(db(), p.id, Date.now(), { investedCents: 100_000, newFollowers: 3 }));
  });

  it("home shows each rail as a section with a heading, its cards and See all in the rail's order", async () => {
    const res = await page("/", { headers: NO_CACHE });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(railTitles(html)).toEqual(["Trending", "Closing soon", "New this week", "Almost funded"]);
    expect(seeAll(html)).toEqual([
      "/demo?sort=trending",
      "/demo?sort=ending",
      "/demo?sort=newest",
      "/demo?sort=almost",
    ]);
    expect(html).toMatch(/<section class="rail" aria-labelledby="rail-trending"[^>]*>[\s\S]*?<ul class="rail-list/);
    expect(visibleText(html)).toContain(trendy);
  });

  it("a rail's card is compact: the title links to the project, then category · university, % funded, days left", async () => {
    const html = await (await page("/", { headers: NO_CACHE })).text();
    const trending = html.slice(
      html.indexOf('aria-labelledby="rail-trending"'),
      html.indexOf('aria-labelledby="rail-closing"'),
    );
    const card = trending
      .split('<li class="rail-item">')
      .find((c) => c.includes(trendy))!
      .split("</li>")[0]!;
    expect(card).toMatch(/<h4 [^>]*class="rail-card-title"[^>]*><a href="\/project\/[^"]+-trendy"[^>]*>/);
    // $8,000 of $10,000, a deadline 30 days away; no description, terms or buttons
    expect(visibleText(card)).toBe(`${trendy} Technology · Rail State University 80% funded 30 days left`);
  });

  it("See all opens the browser sorted, with the rail's project first", async () => {
    const html = await (await page("/demo?sort=trending", { headers: NO_CACHE })).text();
    expect(html).toMatch(/<option value="trending" selected="">Trending<\/option>/);
    const grid = html.slice(html.indexOf('class="project-grid"'));
    expect(visibleText(grid).indexOf(trendy)).toBeGreaterThan(-1);
    // a sorted browser is not the plain first page: no rails above its grid
    expect(railTitles(html)).toEqual([]);
  });

  it("the browser's own first page shows the rails above the grid; a search does not", async () => {
    const plain = await (await page("/demo", { headers: NO_CACHE })).text();
    expect(railTitles(plain)).toEqual(["Trending", "Closing soon", "New this week", "Almost funded"]);
    expect(plain.indexOf('class="rails"')).toBeLessThan(plain.indexOf('class="project-grid"'));
    const searched = await (await page("/demo?q=trendy", { headers: NO_CACHE })).text();
    expect(railTitles(searched)).toEqual([]);
  });

  it("the rails are one D1 round trip beside the page's own", async () => {
    expect(queries(await page("/", { headers: NO_CACHE }))).toBe(2); // featured projects, the rails
    expect(queries(await page("/demo", { headers: NO_CACHE }))).toBe(2); // the page, the rails
  });

  it("a signed-in person's home adds Because you follow …, a visitor's does not", async () => {
    const tag = unique("bf");
    const followed = await insertProject({ slug: `${tag}-src`, title: `Source ${tag}`, category: "education" });
    await insertProject({ slug: `${tag}-like`, title: `Alike ${tag}`, category: "education" });
    const person = await signup();
    expect((await call(`/api/projects/${followed.id}/follow`, { method: "POST", token: person.token })).status).toBe(
      200,
    );
    const html = await (await page("/", { token: person.token })).text();
    expect(railTitles(html)).toContain(`Because you follow Source ${tag}`);
    expect(seeAll(html)).toContain("/demo?category=education&sort=trending");
    expect(visibleText(html)).toContain(`Alike ${tag}`);
    const visitor = await (await page("/", { headers: NO_CACHE })).text();
    expect(railTitles(visitor).some((t) => t?.startsWith("Because you follow"))).toBe(false);
  });
});
