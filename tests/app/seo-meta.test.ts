/**
 * What search engines and link previews read in a page's head (ADR 038): the
 * canonical URL and description of every public page, the Open Graph and Twitter card of the home
 * page, a project and an investor page, a project's JSON-LD, and `noindex` where a page must not
 * be indexed.
 */
import { describe, expect, it } from "vitest";

import { sql } from "drizzle-orm";

import { call, db, insertProject, page, signup, unique } from "./helpers";

const ORIGIN = "http://localhost";

/** The site image's alt text (public/images/og-campusfund.png: the brand and its tagline). */
const SITE_IMAGE_ALT = "CampusFund: back the student founders building what's next";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const decode = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) =>
    e[0] === "#"
      ? String.fromCodePoint(e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : Number(e.slice(1)))
      : (ENTITIES[e.toLowerCase()] ?? m),
  );

interface Head {
  html: string;
  /** `<meta>` content by its name or property (the first of each). */
  meta: Record<string, string>;
  /** Every `<meta name="robots">`'s content. */
  robots: string[];
  canonical: string[];
  jsonLd: string[];
}

function headOf(html: string): Head {
  const head = html.slice(0, html.indexOf("</head>"));
  const meta: Record<string, string> = {};
  const robots: string[] = [];
  const canonical: string[] = [];
  for (const [tag] of head.matchAll(/<(?:meta|link)\b[^>]*>/g)) {
    const attrs = Object.fromEntries([...tag.matchAll(/([\w:-]+)="([^"]*)"/g)].map((m) => [m[1], decode(m[2]!)]));
    const key = attrs.name ?? attrs.property;
    if (tag.startsWith("<meta") && key && attrs.content !== undefined) {
      if (key === "robots") robots.push(attrs.content);
      meta[key] ??= attrs.content;
    }
    if (tag.startsWith("<link") && attrs.rel === "canonical") canonical.push(attrs.href);
  }
  const jsonLd = [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  return { html, meta, robots, canonical, jsonLd };
}

async function headAt(path: string, token?: string): Promise<Head> {
  const res = await page(path, { token, headers: { "Cache-Control": "no-cache" } });
  expect(res.status).toBe(200);
  return headOf(await res.text());
}

/** The Open Graph and Twitter tags a preview card reads. */
const card = (h: Head) =>
  Object.fromEntries(Object.entries(h.meta).filter(([k]) => k.startsWith("og:") || k.startsWith("twitter:")));

describe("every public page", () => {
  it.each([
    ["/", "/"],
    ["/demo", "/demo"],
    ["/markets", "/markets"],
    ["/about", "/about"],
    ["/contact", "/contact"],
    ["/support", "/support"],
    ["/privacy-policy", "/privacy-policy"],
    ["/terms-of-service", "/terms-of-service"],
  ])("%s has one absolute canonical URL without tracking parameters, and a description", async (path, canonical) => {
    const h = await headAt(`${path}?utm_source=newsletter&fbclid=abc`);
    expect({ canonical: h.canonical, described: (h.meta.description ?? "").length > 20, robots: h.robots }).toEqual({
      canonical: [`${ORIGIN}${canonical}`],
      described: true,
      robots: [],
    });
  });
});

describe("the project browser's canonical URL", () => {
  it("keeps the category and the page, on /demo", async () => {
    const h = await headAt("/explore?category=health&page=2&utm_campaign=x");
    expect(h.canonical).toEqual([`${ORIGIN}/demo?category=health&page=2`]);
  });

  it("leaves out a search and an order", async () => {
    const h = await headAt("/demo?q=campus&sort=funded");
    expect(h.canonical).toEqual([`${ORIGIN}/demo`]);
  });
});

describe("the home page's preview card", () => {
  it("has Open Graph and Twitter tags with the site image as an absolute URL", async () => {
    const h = await headAt("/");
    expect(card(h)).toEqual({
      "og:site_name": "CampusFund",
      "og:type": "website",
      "og:title": "CampusFund",
      "og:url": `${ORIGIN}/`,
      "og:image": `${ORIGIN}/images/og-campusfund.png`,
      "og:image:width": "1200",
      "og:image:height": "630",
      "og:image:alt": SITE_IMAGE_ALT,
      "og:description": h.meta.description,
      "twitter:card": "summary_large_image",
      "twitter:title": "CampusFund",
      "twitter:description": h.meta.description,
      "twitter:image": `${ORIGIN}/images/og-campusfund.png`,
      "twitter:image:alt": SITE_IMAGE_ALT,
    });
  });
});

describe("a project page", () => {
  it("has its canonical URL, description and preview card, its rendered share image as an absolute URL", async () => {
    const p = await insertProject({
      image: "/uploads/0b6d5d5e-1f0e-4b8e-9d1a-3c2b1a0f9e8d.png",
      fundingCurrentCents: 1_240_000,
      fundingGoalCents: 5_000_000,
    });
    const h = await headAt(`/project/${p.slug}?tab=team&utm_source=x`);
    const image = `${ORIGIN}/og/project/${p.slug}.png`;
    const alt = `${p.title} on CampusFund: $12,400 raised of $50,000`;
    expect({ canonical: h.canonical, description: h.meta.description, card: card(h) }).toEqual({
      canonical: [`${ORIGIN}/project/${p.slug}`],
      description: p.shortDescription,
      card: {
        "og:site_name": "CampusFund",
        "og:type": "website",
        "og:title": p.title,
        "og:url": `${ORIGIN}/project/${p.slug}`,
        "og:image": image,
        "og:image:width": "1200",
        "og:image:height": "630",
        "og:image:alt": alt,
        "og:description": p.shortDescription,
        "twitter:card": "summary_large_image",
        "twitter:title": p.title,
        "twitter:description": p.shortDescription,
        "twitter:image": image,
        "twitter:image:alt": alt,
      },
    });
  });

  it("names the same share image URL whatever the figures, so a shared link keeps one image address", async () => {
    const p = await insertProject();
    const before = (await headAt(`/project/${p.slug}`)).meta["og:image"];
    await db().run(sql`update projects set funding_current_cents = 400000 where id = ${p.id}`);
    expect((await headAt(`/project/${p.slug}`)).meta["og:image"]).toBe(before);
  });

  it("names a share image the built Worker answers as a 1200×630 PNG", async () => {
    const p = await insertProject();
    const image = (await headAt(`/project/${p.slug}`)).meta["og:image"]!;
    const res = await call(image.slice(ORIGIN.length));
    const bytes = new DataView(await res.arrayBuffer());
    expect({
      status: res.status,
      type: res.headers.get("Content-Type"),
      width: bytes.getUint32(16),
      height: bytes.getUint32(20),
    }).toEqual({ status: 200, type: "image/png", width: 1200, height: 630 });
  });

  it("keeps a draft's own image in its founder's preview (a draft has no share image)", async () => {
    const founder = await signup("founder");
    const p = await insertProject({
      status: "draft",
      founderId: founder.user.id,
      image: "https://cdn.example.org/main.png",
    });
    const h = await headAt(`/project/${p.slug}`, founder.token);
    expect({ image: h.meta["og:image"], width: h.meta["og:image:width"] }).toEqual({
      image: "https://cdn.example.org/main.png",
      width: undefined,
    });
  });

  it("names the slug's URL as canonical when opened by its id", async () => {
    const slug = unique("slug-");
    const p = await insertProject({ slug });
    expect((await headAt(`/project/${p.id}`)).canonical).toEqual([`${ORIGIN}/project/${slug}`]);
  });

  it("describes the startup as an Organization making an Offer of its shares, in JSON-LD", async () => {
    const p = await insertProject({ universityName: "Ridgeview University" });
    const h = await headAt(`/project/${p.slug}`);
    expect(h.jsonLd).toHaveLength(1);
    expect(JSON.parse(h.jsonLd[0]!)).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: p.title,
      description: p.shortDescription,
      url: `${ORIGIN}/project/${p.slug}`,
      image: `${ORIGIN}/images/placeholder-project.svg`,
      founder: { "@type": "Person", name: "Test Founder" },
      location: { "@type": "Place", name: "Ridgeview University" },
      makesOffer: {
        "@type": "Offer",
        price: 10,
        priceCurrency: "USD",
        validThrough: p.fundingDeadline,
        availability: "https://schema.org/InStock",
        inventoryLevel: { "@type": "QuantitativeValue", value: 1_000, unitText: "shares" },
      },
    });
  });

  it("keeps a hostile title inside the JSON-LD: no tag breaks out of the script", async () => {
    const title = `Evil</script><script>alert(1)</script><!--`;
    const p = await insertProject({ title });
    const h = await headAt(`/project/${p.slug}`);
    expect({
      name: JSON.parse(h.jsonLd[0]!).name,
      breakout: h.html.includes("<script>alert(1)"),
      closesEarly: h.jsonLd[0]!.includes("</"),
    }).toEqual({ name: title, breakout: false, closesEarly: false });
  });

  it("is noindex when there is no such project (404)", async () => {
    const res = await page(`/project/${unique("missing-")}`);
    expect(res.status).toBe(404);
    expect(headOf(await res.text()).robots).toEqual(["noindex"]);
  });
});

describe("an investor's public page", () => {
  async function investorPage(hideInSearchEngines: boolean) {
    const me = await signup();
    const username = unique("inv");
    const saved = await call(`/api/users/profile/${me.user.id}`, {
      method: "PUT",
      token: me.token,
      body: { username, confidentiality: { hideInSearchEngines } },
    });
    expect(saved.status).toBe(200);
    // signed up as Ada Lovelace: named as the public lists name people
    return { username, name: "Ada L." };
  }

  it("has its canonical URL and a profile preview card with the site image", async () => {
    const { username, name } = await investorPage(false);
    const h = await headAt(`/investors/${username}?ref=share`);
    expect({ canonical: h.canonical, robots: h.robots, card: card(h) }).toEqual({
      canonical: [`${ORIGIN}/investors/${username}`],
      robots: [],
      card: {
        "og:site_name": "CampusFund",
        "og:type": "profile",
        "og:title": name,
        "og:url": `${ORIGIN}/investors/${username}`,
        "og:image": `${ORIGIN}/images/og-campusfund.png`,
        "og:image:width": "1200",
        "og:image:height": "630",
        "og:image:alt": SITE_IMAGE_ALT,
        "og:description": `${name}, an investor on CampusFund.`,
        "twitter:card": "summary_large_image",
        "twitter:title": name,
        "twitter:description": `${name}, an investor on CampusFund.`,
        "twitter:image": `${ORIGIN}/images/og-campusfund.png`,
        "twitter:image:alt": SITE_IMAGE_ALT,
      },
    });
  });

  it("is noindex when its owner hides it from search engines", async () => {
    const { username } = await investorPage(true);
    expect((await headAt(`/investors/${username}`)).robots).toEqual(["noindex"]);
  });
});

describe("private pages", () => {
  it("are noindex", async () => {
    const me = await signup();
    expect((await headAt("/portfolio", me.token)).robots).toEqual(["noindex"]);
  });
});
