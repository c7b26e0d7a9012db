/**
 * robots.txt and the sitemap (ADR 038): what a search engine fetching them reads.
 */
import { describe, expect, it } from "vitest";

import { SESSION_COOKIE } from "../../worker/services/accounts/sessions";
import { sitemapFileXml, sitemapXml } from "../../worker/services/visitors/sitemap";
import { call, db, insertProject, json, projectBody, signup, submitAndApprove, unique } from "./helpers";

const ORIGIN = "http://localhost";

/** The `<loc>`s of a sitemap file or index. */
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

/** The sitemap as D1 holds it now: `no-cache` skips the visitors' copy (10 s; ADR 011). */
async function sitemap(): Promise<string> {
  const res = await call("/sitemap.xml", { headers: { "Cache-Control": "no-cache" } });
  expect(res.status).toBe(200);
  return res.text();
}

async function publicProfile(hideInSearchEngines: boolean): Promise<string> {
  const me = await signup();
  const username = unique("inv");
  const res = await call(`/api/users/profile/${me.user.id}`, {
    method: "PUT",
    token: me.token,
    body: { username, confidentiality: { hideInSearchEngines } },
  });
  expect(res.status).toBe(200);
  return username;
}

describe("GET /robots.txt", () => {
  it("answers text/plain naming the sitemap by its absolute URL and disallowing every private path", async () => {
    const res = await call("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/plain/);
    const lines = (await res.text()).split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Allow: /");
    expect(lines.filter((l) => l.startsWith("Disallow: "))).toEqual([
      "Disallow: /portfolio",
      "Disallow: /profile",
      "Disallow: /settings",
      "Disallow: /my-projects",
      "Disallow: /founder-dashboard",
      "Disallow: /notifications",
      "Disallow: /purchase/",
      "Disallow: /invest/",
      "Disallow: /admin",
      "Disallow: /discussion/report/",
      "Disallow: /api/",
    ]);
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it("allows the API reference and the document it draws, under the disallowed /api/", async () => {
    const lines = (await (await call("/robots.txt")).text()).split("\n");
    expect(lines.filter((l) => l.startsWith("Allow: /api/"))).toEqual(["Allow: /api/docs", "Allow: /api/openapi.json"]);
  });

  it("is the same public answer for a signed-in person: no session lookup, no cookie, not private", async () => {
    const { token } = await signup();
    const res = await call("/robots.txt", { headers: { Cookie: `${SESSION_COOKIE}=${token}` } });
    expect({
      status: res.status,
      private: /private/.test(res.headers.get("Cache-Control") ?? ""),
      setCookie: res.headers.get("Set-Cookie"),
    }).toEqual({ status: 200, private: false, setCookie: null });
  });

  it("names the sitemap on the origin the request came to", async () => {
    const res = await (
      await import("cloudflare:workers")
    ).exports.default.fetch("https://campusfund.example/robots.txt");
    expect(await res.text()).toContain("Sitemap: https://campusfund.example/sitemap.xml");
  });
});

describe("GET /sitemap.xml", () => {
  it("answers application/xml listing the public pages", async () => {
    const res = await call("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(locs(xml)).toEqual(
      expect.arrayContaining(
        ["/", "/demo", "/about", "/contact", "/support", "/privacy-policy", "/terms-of-service"].map((p) => ORIGIN + p),
      ),
    );
  });

  it("is kept for visitors by the edge cache, like the public pages", async () => {
    await call("/sitemap.xml", { headers: { "Cache-Control": "no-cache" } });
    const again = await call("/sitemap.xml");
    expect(again.headers.get("X-Edge-Cache")).toBe("HIT");
  });

  it("lists a published project with its updated_at as lastmod", async () => {
    const p = await insertProject({ updatedAt: Date.UTC(2026, 10, 20, 8, 30) });
    const xml = await sitemap();
    expect(xml).toContain(
      `<url><loc>${ORIGIN}/project/${p.slug}</loc><lastmod>2026-11-20T08:30:00.000Z</lastmod></url>`,
    );
  });

  it("does not list a draft", async () => {
    const p = await insertProject({ status: "draft" });
    expect(locs(await sitemap())).not.toContain(`${ORIGIN}/project/${p.slug}`);
  });

  it("does not list a project in review", async () => {
    const p = await insertProject({ status: "in_review" });
    expect(locs(await sitemap())).not.toContain(`${ORIGIN}/project/${p.slug}`);
  });

  it("lists a founder's project once it is approved, not before", async () => {
    const founder = await signup("founder");
    const created = await call("/api/projects/create", { token: founder.token, body: projectBody() });
    expect(created.status).toBe(201);
    const draft = await json<{ _id: string }>(created);
    const before = locs(await sitemap()).filter((l) => l!.includes(draft._id));
    const live = await submitAndApprove<{ slug: string }>(draft._id, founder.token);
    expect({ before, after: locs(await sitemap()).includes(`${ORIGIN}/project/${live.slug}`) }).toEqual({
      before: [],
      after: true,
    });
  });

  it("lists a public investor page", async () => {
    const username = await publicProfile(false);
    expect(locs(await sitemap())).toContain(`${ORIGIN}/investors/${username}`);
  });

  it("does not list an investor page whose owner hides it from search engines", async () => {
    const username = await publicProfile(true);
    expect(locs(await sitemap())).not.toContain(`${ORIGIN}/investors/${username}`);
  });

  it("does not list the investor page of a suspended account", async () => {
    const username = await publicProfile(false);
    await db().run(
      (await import("drizzle-orm"))
        .sql`update users set suspended_at = 1 where id = (select user_id from public_profiles where username = ${username})`,
    );
    expect(locs(await sitemap())).not.toContain(`${ORIGIN}/investors/${username}`);
  });
});

describe("a sitemap over its file limit", () => {
  it("becomes an index of the pages', projects' and investors' files, each within the limit", async () => {
    const perFile = 3;
    const index = await sitemapXml(db(), ORIGIN, perFile);
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = locs(index).map((l) => l!.slice(ORIGIN.length + 1));
    expect(files[0]).toBe("sitemap-pages.xml");
    const sizes = await Promise.all(
      files.map(async (f) => locs((await sitemapFileXml(db(), ORIGIN, f, perFile))!).length),
    );
    expect(sizes.slice(1).every((n) => n >= 1 && n <= perFile)).toBe(true);
  });

  it("lists every published project exactly once across its project files", async () => {
    const perFile = 3;
    const p = await insertProject();
    const files = locs(await sitemapXml(db(), ORIGIN, perFile)).filter((l) => l!.includes("sitemap-projects-"));
    const all = (
      await Promise.all(
        files.map(async (f) => locs((await sitemapFileXml(db(), ORIGIN, f!.slice(ORIGIN.length + 1), perFile))!)),
      )
    ).flat();
    expect(all.filter((l) => l === `${ORIGIN}/project/${p.slug}`)).toHaveLength(1);
    expect(new Set(all).size).toBe(all.length);
  });

  it("serves a file the index names over HTTP, and 404 for a page past the last", async () => {
    const first = await call("/sitemap-projects-1.xml");
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toMatch(/^application\/xml/);
    expect((await call("/sitemap-projects-999999.xml")).status).toBe(404);
  });
});
