/**
 * The project browser's search and sort through the page door (the built Worker): the GET form's
 * URLs render what a visitor reads, every link keeps the search, and any search text is a page,
 * never an error. The ranking and orders themselves: tests/workers/search.test.ts.
 */
import { describe, expect, it } from "vitest";

import { HOSTILE_SEARCHES } from "../shared/hostile-searches";
import { inDays, insertProject, page, unique, visibleText, queries } from "./helpers";

const word = () => unique("zq").toLowerCase();

/** The hrefs of the page's links and the form's action, as rendered (`&amp;` read back). */
function hrefs(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
}

describe("/demo with a search", () => {
  it("shows how many projects match, the search in its box, and the chosen order", async () => {
    const w = word();
    await Promise.all([insertProject({ title: `Alpha ${w}` }), insertProject({ tags: [w] })]);
    const res = await page(`/demo?q=${w}&sort=funded`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(visibleText(html)).toContain(`2 projects match “${w}”`);
    expect(html).toMatch(new RegExp(`<input[^>]*name="q"[^>]*value="${w}"`));
    expect(html).toMatch(/<option value="funded" selected="">Most funded<\/option>/);
  });

  it("keeps the search and order in the category links and the pager, and the category in the form", async () => {
    const w = word();
    await Promise.all(Array.from({ length: 6 }, () => insertProject({ category: "education", tags: [w] })));
    const html = await (await page(`/demo?category=education&q=${w}&sort=ending`)).text();
    const links = hrefs(html);
    expect(links).toContain(`/demo?category=fintech&q=${w}&sort=ending`);
    expect(links).toContain(`/demo?q=${w}&sort=ending`); // "All"
    expect(links).toContain(`/demo?category=education&q=${w}&sort=ending&page=2`);
    expect(html).toMatch(/<form role="search"[^>]*action="\/demo" method="get">/);
    expect(html).toMatch(/<input type="hidden" name="category" value="education"\/>/);
    const two = visibleText(await (await page(`/demo?category=education&q=${w}&sort=ending&page=2`)).text());
    expect(two).toContain(`6 projects match “${w}” in Education (showing 6–6)`);
  });

  it("/explore and /demo/{sector} search the same way, and their links stay under their own path", async () => {
    const w = word();
    await insertProject({ category: "healthcare", title: `Clinic ${w}` });
    for (const path of [`/explore?q=${w}`, `/demo/health?q=${w}`, `/explore/sector/health?q=${w}`]) {
      const html = await (await page(path)).text();
      expect(visibleText(html), path).toContain(`1 project matches “${w}”`);
    }
    expect(hrefs(await (await page(`/explore?q=${w}`)).text())).toContain(`/explore?category=health&q=${w}`);
  });

  it("with no match: 'No projects found' and a link that clears the search in the same category", async () => {
    const w = word();
    const html = await (await page(`/demo?category=fintech&q=${w}&sort=newest`)).text();
    const text = visibleText(html);
    expect(text).toContain("No projects found");
    expect(text).toContain(`No projects match “${w}” in Fintech.`);
    const links = hrefs(html);
    expect(links).toContain("/demo?category=fintech&sort=newest"); // Clear the search
    expect(links).toContain(`/demo?q=${w}&sort=newest`); // Search all categories
    expect(html).toMatch(/>Clear the search</);
  });

  it("one D1 statement for a searched, sorted, filtered page", async () => {
    const w = word();
    await insertProject({ title: `Counted ${w}`, fundingDeadline: inDays(5) });
    const res = await page(`/demo?category=technology&q=${w}&sort=ending&page=1`);
    expect(res.status).toBe(200);
    expect(queries(res)).toBe(1);
  });

  it.each(HOSTILE_SEARCHES.map((q) => [JSON.stringify(q).slice(0, 40), q]))(
    "any search text is a page: %s",
    async (_label, q) => {
      const qs = new URLSearchParams({ q, sort: "remaining" });
      const doc = await page(`/demo?${qs}`);
      expect(doc.status).toBe(200);
      expect(visibleText(await doc.text())).toMatch(/projects? match|Showing \d|No projects found/);
      const data = await page(`/demo.data?${qs}`);
      expect(data.status).toBe(200);
      await data.arrayBuffer();
    },
  );

  it("an unknown sort, a bad page or an unknown category is the default, never an error", async () => {
    for (const qs of [
      "sort=popular",
      "sort=relevance",
      "page=abc",
      "page=0",
      "category=astrology",
      "page=99999999",
      // names every object inherits (the fuzz suite found a 500 for `constructor`)
      "category=constructor",
      "category=__proto__",
      "category=toString",
    ]) {
      const res = await page(`/demo?${qs}`);
      expect(res.status, qs).toBe(200);
      await res.arrayBuffer();
    }
  });
});
