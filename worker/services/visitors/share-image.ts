/**
 * A published project's share image: `GET /og/project/<slug>.png`, the 1200×630 PNG
 * a link preview shows (worker/services/visitors/internal/share-image/card.ts draws it, render.ts renders it). Its
 * main image is drawn when we hold it: an upload in R2 (PNG or JPEG, checked whole by
 * share-image/image-bytes.ts) or a site image under /images/ from the static assets (`ASSETS`:
 * the demo projects' SVGs); anything else, or a broken image, gives the plain panel.
 *
 * Rendered once per set of figures, then kept in R2 (the uploads bucket, under
 * `share-images/<project id>/<fingerprint>.png`, apart from `projects/` which the upload cleanup
 * walks). The fingerprint is a hash of everything the card shows (title, university, raised,
 * goal, the days left or the status word, the main image's URL) and of CARD_VERSION (the
 * layout), so a purchase or a new day makes the next request render a new image, and a copy is
 * never served for figures it does not show. The answer says which: `X-Cache: HIT` (the stored
 * copy, or one another request drew meanwhile: no render by this one) or `MISS` (rendered now). When a new copy is written, the project's older
 * copies are deleted (one bounded list under its prefix): at most one image per project stays
 * stored, and no R2 lifecycle rule is needed.
 *
 * **Drawn once however many ask at once** (single flight per card): within an isolate, requests for
 * a card being drawn await that one drawing (`drawing`, a map of promises that empties itself);
 * across isolates, the drawing request first claims the card in D1 (`share_image_renders`, one
 * guarded upsert: taken when the row names another fingerprint or its claim ran out, RENDER_CLAIM_MS).
 * A request that finds the card claimed elsewhere waits for the stored copy (polling R2 every
 * RENDER_POLL_MS, at most RENDER_WAIT_MS) and serves it; only if none comes (the claimant failed)
 * does it draw the card itself. A failed drawing gives its claim back at once.
 *
 * Only a published project has one: a draft, a project in review, an unknown slug and a path that
 * does not decode (`%E0%A4%A`) are a 404, never a 500. One D1 statement, on `projects_slug_unique`
 * (and, when the card must be drawn, its claim).
 * Browsers and shared caches keep it a few minutes (SHARE_IMAGE_CACHE_CONTROL) and revalidate by
 * ETag (the fingerprint): the URL stays the same when the figures change.
 */
import { and, eq, or, sql } from "drizzle-orm";

import { projects, shareImageRenders } from "../../../db/schema";
import type { Database } from "../../../db/client";
import { formatMoney } from "../../../domain/shared/format";
import { IMAGE_LIMITS } from "../../../domain/shared/limits";
import { daysLeft, progressPercent } from "../../../domain/projects/project";
import { projectStatus } from "../../../domain/projects/project-status";
import { isPublished } from "../projects/projects";
import type { ShareCard, ShareCardImage } from "./internal/share-image/card";
import { isWholeJpeg, isWholePng } from "./internal/share-image/image-bytes";
import { renderShareCard } from "./internal/share-image/render";
import { sniffImageType, uploadKeyOf } from "../projects/uploads";
import { toDollars } from "../../../domain/shared/money";
import { raiseProgress } from "../../../domain/raises/settlement";

/** Bumped when the card's layout changes, so every stored copy is rendered again. */
export const CARD_VERSION = 1;

export const SHARE_IMAGE_PREFIX = "share-images/";

/** Five minutes in a browser, ten in a shared cache; then revalidated by ETag. */
export const SHARE_IMAGE_CACHE_CONTROL = "public, max-age=300, s-maxage=600";

/** How long a claim to draw a card holds: well over a render (0.15–2 s), so a failed claimant delays the card little. */
export const RENDER_CLAIM_MS = 20_000;
/** How long a request waits for a card another isolate is drawing, and how often it looks. */
export const RENDER_WAIT_MS = 10_000;
export const RENDER_POLL_MS = 200;

/** `/og/project/<slug>.png`: the slug, still percent-encoded. */
const SHARE_IMAGE_PATH = /^\/og\/project\/([^/]{1,300})\.png$/;

/** The slug a share image path names, or null (not such a path, or not decodable). */
export function shareImageSlug(pathname: string): string | null {
  const m = SHARE_IMAGE_PATH.exec(pathname);
  if (!m) return null;
  try {
    const slug = decodeURIComponent(m[1]!);
    return slug.length > 0 && slug.length <= 200 ? slug : null;
  } catch {
    return null;
  }
}

interface CardRow {
  id: string;
  title: string;
  universityName: string | null;
  image: string;
  status: string;
  fundingGoalCents: number;
  fundingCurrentCents: number;
  /** What a settled raise had at its deadline (ADR 043); null while it runs. */
  settledCents: number | null;
  fundingDeadline: string;
  totalShares: number;
  sharesSold: number;
}

/** A published project's card figures by slug (`projects_slug_unique`), or null. */
async function readCardRow(db: Database, slug: string): Promise<CardRow | null> {
  const [row] = await db
    .select({
      id: projects.id,
      title: projects.title,
      universityName: projects.universityName,
      image: projects.image,
      status: projects.status,
      fundingGoalCents: projects.fundingGoalCents,
      fundingCurrentCents: projects.fundingCurrentCents,
      settledCents: projects.settledCents,
      fundingDeadline: projects.fundingDeadline,
      totalShares: projects.totalShares,
      sharesSold: projects.sharesSold,
    })
    .from(projects)
    .where(and(eq(projects.slug, slug), isPublished))
    .limit(1);
  return row ?? null;
}

/** What the card shows: the days left while the raise is open, else the status word (domain/projects/project-status.ts). */
export function shareCard(row: CardRow, now: number = Date.now()): ShareCard {
  const fundingCurrent = toDollars(row.fundingCurrentCents);
  const fundingGoal = toDollars(row.fundingGoalCents);
  // A raise closed below its goal shows what had been committed, then returned (ADR 043).
  const shown = raiseProgress({
    fundingCurrent,
    settlement:
      row.status === "closed" && row.settledCents !== null
        ? { outcome: "closed", amount: toDollars(row.settledCents) }
        : null,
  });
  const days = daysLeft(row.fundingDeadline, now);
  const status = projectStatus({
    status: row.status,
    daysLeft: days,
    sharesRemaining: row.totalShares - row.sharesSold,
    fundingCurrent,
    fundingGoal,
  });
  return {
    title: row.title,
    university: row.universityName?.trim() || null,
    raised: `${formatMoney(shown.amount)} ${shown.returned ? "committed" : "raised"} of ${formatMoney(fundingGoal)}`,
    percent: progressPercent(shown.amount, fundingGoal),
    timing: status.open ? `${days} ${days === 1 ? "day" : "days"} left` : status.label,
  };
}

/** The hash of what a card shows and how it is drawn: hex, 32 characters. */
export async function fingerprint(card: ShareCard, imageUrl: string): Promise<string> {
  const text = JSON.stringify([CARD_VERSION, card, imageUrl]);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest).slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Bytes as base64, in chunks (an image is up to IMAGE_LIMITS.maxBytes). */
function base64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The largest site image (an SVG under /images/) drawn on a card; the seed's are about 2 KB. */
const MAX_SITE_IMAGE_BYTES = 256 * 1024;

/** A site image path: `/images/…` in PNG, JPEG or SVG, no `..`. */
const SITE_IMAGE_PATH = /^\/images\/(?:[a-z0-9_-]+\/)*[a-z0-9_.-]+\.(?:svg|png|jpg|jpeg)$/i;

function dataUrl(type: string, bytes: Uint8Array): ShareCardImage {
  return { src: `data:${type};base64,${base64(bytes)}` };
}

/** Whole PNG or JPEG bytes as an image satori and resvg draw; anything else (broken, WebP …) null. */
function rasterImage(bytes: Uint8Array): ShareCardImage | null {
  const type = sniffImageType(bytes);
  if (type === "image/png" && isWholePng(bytes)) return dataUrl(type, bytes);
  if (type === "image/jpeg" && isWholeJpeg(bytes)) return dataUrl(type, bytes);
  return null;
}

/** An upload of ours from R2 (`/uploads/<uuid>.png|jpg`), within the upload limit. */
async function uploadedImage(bucket: R2Bucket, key: string): Promise<ShareCardImage | null> {
  if (!/\.(png|jpg)$/.test(key)) return null;
  const object = await bucket.get(key);
  if (!object || object.size > IMAGE_LIMITS.maxBytes) return null;
  return rasterImage(new Uint8Array(await object.arrayBuffer()));
}

/** A site image from the static assets (the demo projects' `/images/projects/<slug>.svg`). */
async function siteImage(assets: Fetcher, path: string): Promise<ShareCardImage | null> {
  const res = await assets.fetch(new Request(`https://assets.invalid${path}`));
  if (!res.ok) return null;
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (bytes.length > MAX_SITE_IMAGE_BYTES) return null;
  if (/\.svg$/i.test(path)) {
    return /^\s*(?:<\?xml[^>]*>\s*)?<svg[\s>]/.test(new TextDecoder().decode(bytes.subarray(0, 512)))
      ? dataUrl("image/svg+xml", bytes)
      : null;
  }
  return rasterImage(bytes);
}

/**
 * The project's main image when we hold it: one of our uploads in PNG or JPEG (read from R2), or a
 * site image under /images/ (read from the static assets). Anything else (an external URL, WebP,
 * a missing object, bytes that are not what the name says) is null: the card shows its plain panel.
 */
async function mainImage(stores: ShareImageStores, imageUrl: string): Promise<ShareCardImage | null> {
  const key = uploadKeyOf(imageUrl);
  if (key) return uploadedImage(stores.bucket, key);
  if (stores.assets && SITE_IMAGE_PATH.test(imageUrl) && !imageUrl.includes("..")) {
    return siteImage(stores.assets, imageUrl);
  }
  return null;
}

/** The card as a PNG, with its image; if that image cannot be drawn, with the plain panel. */
async function render(stores: ShareImageStores, card: ShareCard, imageUrl: string): Promise<Uint8Array<ArrayBuffer>> {
  const image = await mainImage(stores, imageUrl).catch(() => null);
  if (image) {
    try {
      return await renderShareCard(card, image);
    } catch {
      // a broken image: the card without it
    }
  }
  return renderShareCard(card, null);
}

/** Deletes a project's stored cards other than `keep` (at most one page of its prefix). */
async function deleteOlder(bucket: R2Bucket, projectId: string, keep: string): Promise<void> {
  const listed = await bucket.list({ prefix: `${SHARE_IMAGE_PREFIX}${projectId}/`, limit: 100 });
  const old = listed.objects.map((o) => o.key).filter((k) => k !== keep);
  if (old.length) await bucket.delete(old);
}

/**
 * Claims the drawing of `hash` for the project, for every isolate: true when this request may draw
 * it (no claim, a claim on other figures, or one that ran out), false when another holds it.
 */
async function claimDrawing(db: Database, projectId: string, hash: string, now: number): Promise<boolean> {
  const claimed = await db
    .insert(shareImageRenders)
    .values({ projectId, fingerprint: hash, claimedUntil: now + RENDER_CLAIM_MS })
    .onConflictDoUpdate({
      target: shareImageRenders.projectId,
      set: { fingerprint: hash, claimedUntil: now + RENDER_CLAIM_MS },
      setWhere: or(sql`${shareImageRenders.fingerprint} <> ${hash}`, sql`${shareImageRenders.claimedUntil} <= ${now}`),
    })
    .returning({ projectId: shareImageRenders.projectId });
  return claimed.length === 1;
}

/** Gives a claim back (a drawing that failed), so the next request may draw at once. */
async function releaseDrawing(db: Database, projectId: string, hash: string): Promise<void> {
  await db
    .update(shareImageRenders)
    .set({ claimedUntil: 0 })
    .where(and(eq(shareImageRenders.projectId, projectId), eq(shareImageRenders.fingerprint, hash)));
}

/** The stored copy at `key` once another isolate has written it, or null after RENDER_WAIT_MS. */
async function waitForStored(bucket: R2Bucket, key: string): Promise<Uint8Array<ArrayBuffer> | null> {
  for (let waited = 0; waited < RENDER_WAIT_MS; waited += RENDER_POLL_MS) {
    await new Promise((resolve) => setTimeout(resolve, RENDER_POLL_MS));
    const stored = await bucket.get(key);
    if (stored) return new Uint8Array(await stored.arrayBuffer());
  }
  return null;
}

/** The drawings under way in this isolate, by R2 key: each entry is removed when its drawing ends. */
const drawing = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

interface CardToDraw {
  row: CardRow;
  card: ShareCard;
  hash: string;
  key: string;
}

/** Renders the card, stores it and deletes the project's older copies. */
async function drawAndStore(stores: ShareImageStores, c: CardToDraw): Promise<Uint8Array<ArrayBuffer>> {
  const png = await render(stores, c.card, c.row.image);
  await stores.bucket.put(c.key, png, { httpMetadata: { contentType: "image/png" } });
  await deleteOlder(stores.bucket, c.row.id, c.key);
  return png;
}

/**
 * The card's PNG, drawn by one request however many ask at once (the single flight above);
 * `drew` says whether this request drew it.
 */
async function drawnOnce(
  db: Database,
  stores: ShareImageStores,
  c: CardToDraw,
): Promise<{ png: Uint8Array<ArrayBuffer>; drew: boolean }> {
  const under = drawing.get(c.key);
  if (under) return { png: await under, drew: false };
  let drew = false;
  const work = (async () => {
    if (await claimDrawing(db, c.row.id, c.hash, Date.now())) {
      drew = true;
      try {
        return await drawAndStore(stores, c);
      } catch (error) {
        await releaseDrawing(db, c.row.id, c.hash);
        throw error;
      }
    }
    const stored = await waitForStored(stores.bucket, c.key);
    if (stored) return stored;
    // The claimant wrote nothing in time (it failed, or its isolate went away): draw it here.
    drew = true;
    return drawAndStore(stores, c);
  })();
  drawing.set(c.key, work);
  try {
    return { png: await work, drew };
  } finally {
    drawing.delete(c.key);
  }
}

const notFound = (): ShareImageAnswer => ({
  status: 404,
  headers: { "Cache-Control": "no-cache" },
  body: "Not found",
});

/** What `GET /og/project/<slug>.png` answers; the door (worker/app.ts) sends it as it is. */
export interface ShareImageAnswer {
  status: 200 | 304 | 404;
  headers: Record<string, string>;
  /** The PNG (stored or just rendered), the 404's text, or nothing for a 304. */
  body: ReadableStream | Uint8Array<ArrayBuffer> | string | null;
}

/** Where the cards are kept (R2) and where a project's main image is read from (R2, the static assets). */
export interface ShareImageStores {
  bucket: R2Bucket;
  /** The static assets (wrangler.toml `[assets] binding`); absent, site images are not drawn. */
  assets?: Fetcher;
}

/**
 * The answer to `GET /og/project/<slug>.png`: `pathname` still percent-encoded (the request URL's),
 * `ifNoneMatch` the request's If-None-Match header.
 */
export async function shareImage(
  pathname: string,
  ifNoneMatch: string | null,
  db: Database,
  stores: ShareImageStores,
): Promise<ShareImageAnswer> {
  const { bucket } = stores;
  const slug = shareImageSlug(pathname);
  if (slug === null) return notFound();
  const row = await readCardRow(db, slug);
  if (!row) return notFound();

  const card = shareCard(row);
  const hash = await fingerprint(card, row.image);
  const etag = `"${hash}"`;
  const headers: Record<string, string> = { "Cache-Control": SHARE_IMAGE_CACHE_CONTROL, ETag: etag };
  if (ifNoneMatch?.split(/\s*,\s*/).includes(etag)) return { status: 304, headers, body: null };
  headers["Content-Type"] = "image/png";

  const key = `${SHARE_IMAGE_PREFIX}${row.id}/${hash}.png`;
  const stored = await bucket.get(key);
  if (stored) {
    return {
      status: 200,
      headers: { ...headers, "X-Cache": "HIT", "Content-Length": String(stored.size) },
      body: stored.body,
    };
  }

  // Drawn now, by this request (MISS), or by another one it waited for (HIT).
  const { png, drew } = await drawnOnce(db, stores, { row, card, hash, key });
  return { status: 200, headers: { ...headers, "X-Cache": drew ? "MISS" : "HIT" }, body: png };
}
