/**
 * What the first paint waits for: the site's one stylesheet, asked for before the
 * scripts' module preloads; module preloads for the entry and the page's own route modules only;
 * the project page's main image sized and fetched first; and one robots tag on a private page (the
 * layout's, never a second from the route).
 */
import { describe, expect, it } from "vitest";

import { discussionPost } from "../workers/others-records";
import { adminSession, buyShares, insertProject, page, signup, unique } from "./helpers";

async function html(path: string, token?: string): Promise<string> {
  const res = await page(path, { token, headers: { "Cache-Control": "no-cache" } });
  expect(res.status).toBe(200);
  return res.text();
}

const headOf = (doc: string) => doc.slice(0, doc.indexOf("</head>"));
/** A tag's attributes by lower-case name (HTML's names are case-insensitive; React writes `fetchPriority`). */
const attrsOf = (tag: string) =>
  Object.fromEntries([...tag.matchAll(/([\w:-]+)="([^"]*)"/g)].map((m) => [m[1]!.toLowerCase(), m[2]]));

/** The head's `<link>`s in document order: their rel, and for a stylesheet its href's file name. */
function headLinks(doc: string): string[] {
  return [...headOf(doc).matchAll(/<link\b[^>]*>/g)].map(([tag]) => {
    const a = attrsOf(tag);
    return a.rel === "stylesheet" ? `stylesheet ${a.href!.replace(/^\/assets\/([\w]+)-[\w-]+\.css$/, "$1")}` : a.rel!;
  });
}

describe("the stylesheets a page waits for", () => {
  it("the home page links one stylesheet, the site's, before any other resource", async () => {
    const links = headLinks(await html("/"));
    expect({
      stylesheets: links.filter((l) => l.startsWith("stylesheet")),
      first: links.find((l) => l === "modulepreload" || l.startsWith("stylesheet")),
    }).toEqual({ stylesheets: ["stylesheet site"], first: "stylesheet site" });
  });

  it("the signed-in portfolio links the same one stylesheet, before any other resource", async () => {
    const me = await signup();
    const links = headLinks(await html("/portfolio", me.token));
    expect({
      stylesheets: links.filter((l) => l.startsWith("stylesheet")),
      first: links.find((l) => l === "modulepreload" || l.startsWith("stylesheet")),
    }).toEqual({ stylesheets: ["stylesheet site"], first: "stylesheet site" });
  });
});

describe("the scripts a page asks for beside its stylesheet", () => {
  /** The head's module preloads, by file name without the build's hash. */
  const preloads = (doc: string) =>
    [...headOf(doc).matchAll(/<link\b[^>]*>/g)]
      .map(([tag]) => attrsOf(tag))
      .filter((a) => a.rel === "modulepreload")
      .map((a) => a.href!.replace(/^\/assets\/(.+)-[\w-]{8}\.js$/, "$1"));

  it("the home page preloads the entry, the root and its own route module, not their shared chunks", async () => {
    expect(preloads(await html("/"))).toEqual(["entry.client", "root", "home"]);
  });

  it("the signed-in portfolio preloads the entry, the root and its own route module only", async () => {
    const me = await signup();
    expect(preloads(await html("/portfolio", me.token))).toEqual(["entry.client", "root", "portfolio"]);
  });
});

describe("the project page's main image", () => {
  it("has its size, is fetched first and is not lazy", async () => {
    const p = await insertProject({ image: "/images/projects/quietly.svg" });
    const doc = await html(`/project/${p.slug}`);
    const tag = [...doc.matchAll(/<img\b[^>]*>/g)]
      .map(([t]) => t)
      .find((t) => t.includes('src="/images/projects/quietly.svg"'));
    const a = attrsOf(tag ?? "");
    expect({ width: a.width, height: a.height, fetchpriority: a.fetchpriority, loading: a.loading ?? null }).toEqual({
      width: "640",
      height: "360",
      fetchpriority: "high",
      loading: null,
    });
  });
});

describe("the project browser's card images", () => {
  /** Each card image in page order (the rails' compact cards, then the grid's): size, loading, priority. */
  const cardImages = (doc: string, card = /<article class="(?:rail-card|project-card)"[\s\S]*?<img\b[^>]*>/g) =>
    [...doc.matchAll(card)].map(([t]) => {
      const a = attrsOf(t.slice(t.lastIndexOf("<img")));
      return `${a.width}x${a.height} ${a.loading ?? "eager"} ${a.fetchpriority ?? "auto"}`;
    });

  it("the first rail's first image loads at once and first, every other lazily, all with their size", async () => {
    for (let i = 0; i < 3; i++) await insertProject();
    const cards = cardImages(await html("/demo"));
    expect({ first: cards[0], others: [...new Set(cards.slice(1).map((c) => c.replace(/^\S+ /, "")))] }).toEqual({
      first: "320x180 eager high",
      others: ["lazy auto"],
    });
  });

  it("on the home page, below the hero, every rail image loads lazily with its size", async () => {
    const cards = cardImages(await html("/"), /<article class="rail-card"[\s\S]*?<img\b[^>]*>/g);
    expect(cards.length).toBeGreaterThan(0);
    expect([...new Set(cards)]).toEqual(["320x180 lazy auto"]);
  });
});

describe("a private page's robots tag", () => {
  const robots = (doc: string) =>
    [...headOf(doc).matchAll(/<meta\b[^>]*>/g)].map(([t]) => attrsOf(t)).filter((a) => a.name === "robots");

  it.each([
    ["settings", async () => ({ path: "/settings", token: (await signup()).token })],
    ["admin", async () => ({ path: "/admin", token: await adminSession() })],
    ["purchase", async () => ({ path: `/purchase/${(await insertProject()).id}`, token: (await signup()).token })],
    [
      "investment",
      async () => {
        const me = await signup();
        const id = await buyShares((await insertProject()).id, me.token, 10);
        return { path: `/portfolio/investments/${id}`, token: me.token };
      },
    ],
    ["project form", async () => ({ path: "/my-projects/create", token: (await signup("founder")).token })],
    [
      "report a post",
      async () => ({ path: `/discussion/report/${(await discussionPost()).id}`, token: (await signup()).token }),
    ],
  ])("%s has exactly one noindex", async (_name, open) => {
    const { path, token } = await open();
    expect(robots(await html(path, token))).toEqual([{ name: "robots", content: "noindex" }]);
  });

  it("a missing page under a private path has exactly one noindex too", async () => {
    const me = await signup();
    const res = await page(`/portfolio/investments/${unique("missing-")}`, { token: me.token });
    expect(res.status).toBe(404);
    expect(robots(await res.text())).toEqual([{ name: "robots", content: "noindex" }]);
  });
});
