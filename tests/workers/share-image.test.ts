/**
 * A published project's share image: what a link preview fetches from
 * `/og/project/<slug>.png`: a 1200×630 PNG of the project's figures, rendered once per set of
 * figures and then served from the stored copy in R2 (`X-Cache: HIT`, no render), rendered again
 * when a purchase changes what it shows; nothing for a project that is not listed, and never a 500.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { SESSION_COOKIE } from "../../worker/services/accounts/sessions";
import { cardsDrawn } from "../../worker/services/visitors/internal/share-image/render";
import {
  fingerprint,
  RENDER_CLAIM_MS,
  SHARE_IMAGE_CACHE_CONTROL,
  SHARE_IMAGE_PREFIX,
  shareCard,
} from "../../worker/services/visitors/share-image";
import {
  TINY_PNG,
  buyShares,
  call,
  insertProject,
  json,
  projectBody,
  recordUpload,
  signup,
  submitAndApprove,
  unique,
} from "./helpers";

/** A PNG's signature and the width and height its IHDR chunk states. */
function pngHeader(bytes: Uint8Array): { png: boolean; width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b);
  const ihdr = String.fromCharCode(...bytes.subarray(12, 16)) === "IHDR";
  return { png: signature && ihdr, width: view.getUint32(16), height: view.getUint32(20) };
}

const shareImage = (slug: string, headers?: Record<string, string>) => call(`/og/project/${slug}.png`, { headers });

/** The status, type, size and cache answer of a share image request. */
async function fetched(slug: string) {
  const res = await shareImage(slug);
  const bytes = new Uint8Array(await res.arrayBuffer());
  return {
    status: res.status,
    type: res.headers.get("Content-Type"),
    cache: res.headers.get("X-Cache"),
    etag: res.headers.get("ETag"),
    header: res.status === 200 ? pngHeader(bytes) : null,
  };
}

/** The stored copies of a project's card. */
async function storedCards(projectId: string): Promise<string[]> {
  const listed = await env.IMAGES.list({ prefix: `${SHARE_IMAGE_PREFIX}${projectId}/` });
  return listed.objects.map((o) => o.key);
}

/**
 * Two cards of the same figures: one of a project whose main image is `image()`, one of a project
 * whose main image is an upload missing from the bucket (the plain panel).
 */
async function cards(image: () => Promise<string>): Promise<{ withImage: Uint8Array; plain: Uint8Array }> {
  const title = unique("Same title ");
  const a = await insertProject({ title, image: await image() });
  const b = await insertProject({ title, image: `/uploads/${crypto.randomUUID()}.png` });
  const bytes = async (slug: string) => new Uint8Array(await (await shareImage(slug)).arrayBuffer());
  return { withImage: await bytes(a.slug), plain: await bytes(b.slug) };
}

describe("GET /og/project/<slug>.png for a published project", () => {
  it("answers a 1200×630 PNG", async () => {
    const p = await insertProject();
    const res = await fetched(p.slug);
    expect({ status: res.status, type: res.type, header: res.header }).toEqual({
      status: 200,
      type: "image/png",
      header: { png: true, width: 1200, height: 630 },
    });
  });

  it("may be kept by browsers and shared caches a few minutes, revalidated by its ETag", async () => {
    const p = await insertProject();
    const res = await shareImage(p.slug);
    expect({
      cacheControl: res.headers.get("Cache-Control"),
      etag: /^"[0-9a-f]{32}"$/.test(res.headers.get("ETag") ?? ""),
    }).toEqual({ cacheControl: SHARE_IMAGE_CACHE_CONTROL, etag: true });
  });

  it("is the same public answer for a signed-in person: no session lookup, no cookie, not private", async () => {
    const p = await insertProject();
    const { token } = await signup();
    const res = await shareImage(p.slug, { Cookie: `${SESSION_COOKIE}=${token}` });
    expect({
      status: res.status,
      cacheControl: res.headers.get("Cache-Control"),
      setCookie: res.headers.get("Set-Cookie"),
    }).toEqual({ status: 200, cacheControl: SHARE_IMAGE_CACHE_CONTROL, setCookie: null });
  });

  it("answers 304 without a body to a client that has the current image", async () => {
    const p = await insertProject();
    const etag = (await shareImage(p.slug)).headers.get("ETag")!;
    const again = await shareImage(p.slug, { "If-None-Match": etag });
    expect({ status: again.status, body: await again.text() }).toEqual({ status: 304, body: "" });
  });

  it("renders the first request and stores the image in R2 under its fingerprint", async () => {
    const p = await insertProject();
    const first = await fetched(p.slug);
    expect({ cache: first.cache, stored: await storedCards(p.id) }).toEqual({
      cache: "MISS",
      stored: [`${SHARE_IMAGE_PREFIX}${p.id}/${first.etag!.slice(1, -1)}.png`],
    });
  });

  it("serves the second request for the same figures from the stored copy, without rendering", async () => {
    const p = await insertProject();
    const first = await shareImage(p.slug);
    const firstBytes = new Uint8Array(await first.arrayBuffer());
    const second = await shareImage(p.slug);
    expect({
      cache: second.headers.get("X-Cache"),
      etag: second.headers.get("ETag"),
      sameBytes: new Uint8Array(await second.arrayBuffer()).join() === firstBytes.join(),
    }).toEqual({ cache: "HIT", etag: first.headers.get("ETag"), sameBytes: true });
  });

  it("renders again after a purchase changes the amount raised, and keeps only the new image", async () => {
    const p = await insertProject();
    const before = await fetched(p.slug);
    expect((await fetched(p.slug)).cache).toBe("HIT");
    const investor = await signup();
    await buyShares(p.id, investor.token, 10);
    const after = await fetched(p.slug);
    expect({
      cache: after.cache,
      newFingerprint: after.etag !== before.etag,
      stored: await storedCards(p.id),
    }).toEqual({
      cache: "MISS",
      newFingerprint: true,
      stored: [`${SHARE_IMAGE_PREFIX}${p.id}/${after.etag!.slice(1, -1)}.png`],
    });
  });

  it("draws the project's uploaded main image", async () => {
    const { withImage, plain } = await cards(async () => {
      const founder = await signup("founder");
      return (await recordUpload(founder.user.id, { put: true })).url;
    });
    expect({ header: pngHeader(withImage), differs: withImage.join() !== plain.join() }).toEqual({
      header: { png: true, width: 1200, height: 630 },
      differs: true,
    });
  });

  it("draws the plain panel when the uploaded main image is broken", async () => {
    const { withImage, plain } = await cards(async () => {
      const founder = await signup("founder");
      const upload = await recordUpload(founder.user.id);
      // PNG's signature, then nothing a decoder can read
      const broken = new Uint8Array([...TINY_PNG.subarray(0, 8), ...new TextEncoder().encode("not really a png")]);
      await env.IMAGES.put(upload.key, broken, { httpMetadata: { contentType: "image/png" } });
      return upload.url;
    });
    expect(withImage.join() === plain.join()).toBe(true);
  });

  it("draws the plain panel when the main image is an external URL", async () => {
    const { withImage, plain } = await cards(async () => "https://cdn.example.org/main.png");
    expect(withImage.join() === plain.join()).toBe(true);
  });
});

/** What a request that finds no image gets: the route's plain 404 (not the pages' redirect). */
async function missing(res: Response) {
  return { status: res.status, body: await res.text() };
}
const NOT_FOUND = { status: 404, body: "Not found" };

describe("GET /og/project/<slug>.png for anything not listed", () => {
  it("is 404 for a draft", async () => {
    const p = await insertProject({ status: "draft" });
    expect(await missing(await shareImage(p.slug))).toEqual(NOT_FOUND);
  });

  it("is 404 for a project in review", async () => {
    const p = await insertProject({ status: "in_review" });
    expect(await missing(await shareImage(p.slug))).toEqual(NOT_FOUND);
  });

  it("is 404 for a founder's project until it is approved, then the image", async () => {
    const founder = await signup("founder");
    const created = await call("/api/projects/create", { token: founder.token, body: projectBody() });
    const draft = await json<{ _id: string; slug: string }>(created);
    const before = await missing(await shareImage(draft.slug));
    const live = await submitAndApprove<{ slug: string }>(draft._id, founder.token);
    const after = await shareImage(live.slug);
    expect({ before, after: after.status, type: after.headers.get("Content-Type") }).toEqual({
      before: NOT_FOUND,
      after: 200,
      type: "image/png",
    });
  });

  it("is 404 for an unknown slug", async () => {
    expect(await missing(await shareImage(unique("missing-")))).toEqual(NOT_FOUND);
  });

  it("is 404, not 500, for a slug whose percent-encoding is malformed", async () => {
    expect(await missing(await shareImage("%E0%A4%A"))).toEqual(NOT_FOUND);
  });

  it("is 404 for another path under /og/", async () => {
    const p = await insertProject();
    expect(await missing(await call(`/og/project/${p.slug}.jpg`))).toEqual(NOT_FOUND);
  });
});

describe("what the card says of a raise that ended (ADR 043)", () => {
  const row = {
    id: "p",
    title: "Ended",
    universityName: null,
    image: "/x.png",
    fundingGoalCents: 1_000_000,
    fundingDeadline: "2026-01-01",
    totalShares: 1_000,
  };
  it("closed below its goal: what was committed, then returned, and the status word", () => {
    const card = shareCard({ ...row, status: "closed", fundingCurrentCents: 0, settledCents: 410_000, sharesSold: 0 });
    expect([card.raised, card.percent, card.timing]).toEqual([
      "$4,100 committed of $10,000",
      41,
      "Closed (goal not reached)",
    ]);
  });
  it("funded: what was raised", () => {
    const card = shareCard({
      ...row,
      status: "funded",
      fundingCurrentCents: 1_000_000,
      settledCents: 1_000_000,
      sharesSold: 1_000,
    });
    expect([card.raised, card.percent, card.timing]).toEqual(["$10,000 raised of $10,000", 100, "Funded"]);
  });
});

describe("a card is drawn once however many ask at once", () => {
  /** Ten requests at once for a card nobody has drawn yet. */
  async function tenAtOnce() {
    const p = await insertProject();
    const before = cardsDrawn();
    const answers = await Promise.all(Array.from({ length: 10 }, () => shareImage(p.slug)));
    const bodies = await Promise.all(answers.map(async (r) => new Uint8Array(await r.arrayBuffer()).join()));
    return { p, drawn: cardsDrawn() - before, answers, bodies };
  }

  it("ten requests at once: one render", async () => {
    expect((await tenAtOnce()).drawn).toBe(1);
  });

  it("ten requests at once: every one answers the same PNG with the same ETag", async () => {
    const { answers, bodies } = await tenAtOnce();
    expect({
      statuses: new Set(answers.map((r) => r.status)),
      etags: new Set(answers.map((r) => r.headers.get("ETag"))).size,
      bodies: new Set(bodies).size,
    }).toEqual({ statuses: new Set([200]), etags: 1, bodies: 1 });
  });

  it("ten requests at once: one says MISS (it drew), nine HIT", async () => {
    const { answers } = await tenAtOnce();
    expect(answers.map((r) => r.headers.get("X-Cache")).sort()).toEqual([...Array(9).fill("HIT"), "MISS"]);
  });

  /** The project's card claimed in D1 as another isolate drawing it would hold it, until `until`. */
  async function claimedElsewhere(until: number) {
    const p = await insertProject();
    const hash = await fingerprint(shareCard(p), p.image);
    await env.DB.prepare("insert into share_image_renders (project_id, fingerprint, claimed_until) values (?, ?, ?)")
      .bind(p.id, hash, until)
      .run();
    return { p, key: `${SHARE_IMAGE_PREFIX}${p.id}/${hash}.png` };
  }

  it("a card another isolate is drawing is not drawn again: the request waits and serves that copy", async () => {
    const { p, key } = await claimedElsewhere(Date.now() + RENDER_CLAIM_MS);
    const before = cardsDrawn();
    const asked = shareImage(p.slug);
    // The other isolate finishes its drawing a moment later.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await env.IMAGES.put(key, TINY_PNG, { httpMetadata: { contentType: "image/png" } });
    const res = await asked;
    expect({
      drawn: cardsDrawn() - before,
      cache: res.headers.get("X-Cache"),
      body: new Uint8Array(await res.arrayBuffer()).join(),
    }).toEqual({ drawn: 0, cache: "HIT", body: TINY_PNG.join() });
  });

  it("a claim that ran out (its isolate failed) is taken over at once: drawn by the next request", async () => {
    const { p } = await claimedElsewhere(Date.now() - 1);
    const before = cardsDrawn();
    const res = await shareImage(p.slug);
    expect({ drawn: cardsDrawn() - before, cache: res.headers.get("X-Cache") }).toEqual({ drawn: 1, cache: "MISS" });
  });

  it("new figures are drawn at once although the old figures' claim still holds", async () => {
    const p = await insertProject();
    await env.DB.prepare("insert into share_image_renders (project_id, fingerprint, claimed_until) values (?, ?, ?)")
      .bind(p.id, "0".repeat(32), Date.now() + RENDER_CLAIM_MS)
      .run();
    const before = cardsDrawn();
    const res = await shareImage(p.slug);
    expect({ drawn: cardsDrawn() - before, cache: res.headers.get("X-Cache") }).toEqual({ drawn: 1, cache: "MISS" });
  });

  it("keeps one claim row per project", async () => {
    const { p } = await tenAtOnce();
    const investor = await signup();
    await buyShares(p.id, investor.token, 10);
    await shareImage(p.slug);
    const { n } = (await env.DB.prepare("select count(*) as n from share_image_renders where project_id = ?")
      .bind(p.id)
      .first<{ n: number }>())!;
    expect(n).toBe(1);
  });
});
