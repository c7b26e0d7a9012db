// How a request finds its handler (ADR 057): a request under /api goes to the API's app, any other
// to the site's (files and pages), so a page never matches against the API's 270 routes, and the
// site's few routes run on Hono's RegExpRouter (one precompiled expression), not its TrieRouter.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";

import { createApp, isApiUrl } from "../../worker/app";

/** The router a Hono app settled on after its first match (SmartRouter picks one then). */
function activeRouter(app: ReturnType<typeof createApp>["site"]): string {
  return (app.router as unknown as { activeRouter: { name: string } }).activeRouter.name;
}

async function fetchThrough(app: ReturnType<typeof createApp>, path: string): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`http://localhost${path}`), env, ctx);
  await res.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return res;
}

describe("routing", () => {
  it("answers a page request without running the API router's matching", async () => {
    const app = createApp((c) => c.text("the page"));
    const apiMatch = vi.spyOn(app.api.router, "match");
    const siteMatch = vi.spyOn(app.site.router, "match");

    const page = await fetchThrough(app, "/portfolio");

    expect({
      status: page.status,
      apiMatches: apiMatch.mock.calls.length,
      siteMatches: siteMatch.mock.calls.length,
    }).toEqual({
      status: 200,
      apiMatches: 0,
      siteMatches: 1,
    });
  });

  it("sends an API request to the API's router only", async () => {
    const app = createApp((c) => c.text("the page"));
    const apiMatch = vi.spyOn(app.api.router, "match");
    const siteMatch = vi.spyOn(app.site.router, "match");

    const res = await fetchThrough(app, "/api/projects?limit=1");

    expect({
      status: res.status,
      apiMatches: apiMatch.mock.calls.length,
      siteMatches: siteMatch.mock.calls.length,
    }).toEqual({
      status: 200,
      apiMatches: 1,
      siteMatches: 0,
    });
  });

  it("routes the site's requests with Hono's RegExpRouter", async () => {
    const app = createApp((c) => c.text("the page"));
    await fetchThrough(app, "/portfolio");
    expect(activeRouter(app.site)).toBe("RegExpRouter");
  });

  it("still answers the site's own files before the pages", async () => {
    const app = createApp((c) => c.text("the page"));
    const answers = await Promise.all(
      [
        "/robots.txt",
        "/sitemap.xml",
        "/sitemap-pages.xml",
        "/sitemap-nothing.xml",
        "/sitemap-Bad.xml",
        "/sitemapx.xml",
        "/assets/gone.js",
      ].map(async (path) => {
        const res = await fetchThrough(app, path);
        return [path, res.status, res.headers.get("Content-Type")?.split(";")[0]];
      }),
    );
    expect(answers).toEqual([
      ["/robots.txt", 200, "text/plain"],
      ["/sitemap.xml", 200, "application/xml"],
      ["/sitemap-pages.xml", 200, "application/xml"],
      ["/sitemap-nothing.xml", 404, "text/plain"],
      ["/sitemap-Bad.xml", 404, "text/plain"],
      ["/sitemapx.xml", 200, "text/plain"],
      ["/assets/gone.js", 404, "text/plain"],
    ]);
  });

  it("reads /api as the API only as a whole first segment", () => {
    const urls = [
      "http://localhost/api",
      "http://localhost/api/",
      "http://localhost/api?x=1",
      "http://localhost/api#top",
      "https://campusfund.example/api/projects",
      "http://localhost/apis",
      "http://localhost/apiary/api",
      "http://localhost/project/api",
      "http://localhost/",
      "http://localhost:8787/api/health",
    ];
    expect(urls.map((u) => [u, isApiUrl(u)])).toEqual([
      ["http://localhost/api", true],
      ["http://localhost/api/", true],
      ["http://localhost/api?x=1", true],
      ["http://localhost/api#top", true],
      ["https://campusfund.example/api/projects", true],
      ["http://localhost/apis", false],
      ["http://localhost/apiary/api", false],
      ["http://localhost/project/api", false],
      ["http://localhost/", false],
      ["http://localhost:8787/api/health", true],
    ]);
  });
});
