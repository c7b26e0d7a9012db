/**
 * Edge cache for anonymous visitors (ADR 011). Public pages and the public project API look the
 * same for every visitor, so each isolate (one isolate serves many requests in a data center)
 * remembers a rendered copy for a few seconds: most visitor requests then cost neither a render
 * nor a D1 read.
 *
 * Never cached: anything with a session cookie, a bearer token or a D1 bookmark (cookie or header:
 * the person just wrote and must read it, ADR 036), non-GET requests, responses that set a cookie
 * or are not 200. Browsers are told `no-cache`, so a visitor who signs in never sees
 * an anonymous page from their own cache. A request with `Cache-Control: no-cache` (a hard reload)
 * skips the lookup and refreshes the copy. Only the services that change what visitors see mark
 * public content changed (worker/services/visitors/public-content.ts `markPublicContentChanged`:
 * a purchase or a cancellation, a public supporter, a listed project's edit, its review, its
 * updates and questions, its deadline, a settlement, a suspension); copies
 * older than that change are stale in this isolate at once, and other isolates catch up within
 * EDGE_TTL_SECONDS. Sign-ins, sign-outs and contact messages do not touch the cache. A follow
 * changes only its project's follower count: it marks that project alone (`markFollowersChanged`),
 * and a copy of that project's page, `.data` or API answer made before the follow is dropped once
 * it is FOLLOWERS_FRESH_MS old, so `/demo`, `/` and other projects stay cached (ADR 025).
 * (The shared Cache API was tried as a second layer and dropped: its copies cannot be purged by
 * a write without enumerating every URL variant of a project.)
 *
 * Pages carry a Content-Security-Policy nonce that must differ per response (ADR 014). A copy
 * remembers the nonce it was rendered with; a hit replaces it, in the HTML, with the nonce of the
 * response being made (the outer middleware puts the same one in the header). The stored nonce is
 * 128 random bits made for that render, so it occurs nowhere else in the page. The request's id
 * (ADR 056) is handled the same way, in pages and in `.data` answers: the root loader's data carries
 * it for an error page to show, and a copy must answer the id of the request it answers (the
 * `X-Request-Id` header), never the id of whoever's request made the copy. Error pages themselves
 * are never copies (only 200s are kept).
 *
 * The key is the whole URL, query string included: `/demo?q=campus&sort=funded` and
 * `/api/projects?q=campus` are copies of their own. Searches are open-ended (anyone can send a
 * million distinct `q`), so they may hold at most SEARCH_MAX_ENTRIES of the entries and evict each
 * other, oldest first: a flood of searches cannot push the home page, the browser or the project
 * pages out. A URL longer than MAX_KEY_LENGTH is never remembered (a search is cut to 100
 * characters anyway, so such a URL renders what a shorter one does).
 */
import type { MiddlewareHandler } from "hono";

import { requestBookmark } from "./middleware/d1-session";
import { SESSION_COOKIE } from "./services/accounts/sessions";
import { FOLLOWERS_FRESH_MS, followersChangedAt, publicContentGeneration } from "./services/visitors/public-content";
import { routePatternOf } from "./middleware/observe";
import type { HonoEnv } from "./types";

export const EDGE_TTL_SECONDS = 10;

const CACHEABLE = [
  /^\/$/,
  /^\/_root\.data$/,
  /^\/(demo|explore)(\/[^/]+)?(\.data)?$/,
  /^\/explore\/sector\/[^/]+(\.data)?$/,
  /^\/project\/[^/]+(\.data)?$/,
  /^\/api\/projects(\/[^/]+)?$/,
  // what search engines read (ADR 038): the same for every visitor
  /^\/robots\.txt$/,
  /^\/sitemap(-[a-z0-9-]+)?\.xml$/,
];

export function isCacheable(request: Request): boolean {
  if (request.method !== "GET") return false;
  if (request.headers.has("Authorization")) return false;
  const cookie = request.headers.get("Cookie");
  if (cookie && cookie.includes(`${SESSION_COOKIE}=`)) return false;
  // someone who just wrote reads their own write from D1, not a copy made before it (ADR 036)
  if (requestBookmark(request) !== null) return false;
  if (request.url.length > MAX_KEY_LENGTH) return false;
  const url = new URL(request.url);
  // A company's Trade tab moves with every order (ADR 053) and follows its market live: never a copy.
  if (url.searchParams.get("tab") === "trade") return false;
  return CACHEABLE.some((re) => re.test(url.pathname));
}

/**
 * Recent copies, bounded in entries and in total bytes (an isolate has 128 MB); each expires after
 * EDGE_TTL_SECONDS. The oldest insertion is evicted first.
 */
const MEMORY_MAX_ENTRIES = 200;
const MEMORY_MAX_BODY = 512 * 1024;
const MEMORY_MAX_TOTAL = 16 * 1024 * 1024;
export const SEARCH_MAX_ENTRIES = 50;
const MAX_KEY_LENGTH = 2048;
let memoryBytes = 0;
let searchEntries = 0;
interface MemoryEntry {
  expires: number;
  /** Public content generation when rendered: a later change makes the copy stale. */
  generation: number;
  /** When the request that made the copy started (before it read D1). */
  created: number;
  /** The project id or slug a project page, `.data` or API copy shows (its follower count), else null. */
  project: string | null;
  /** Bytes counted against the isolate's budget. */
  size: number;
  /** A search result (its URL has a `q`): counted against SEARCH_MAX_ENTRIES. */
  search: boolean;
  /** HTML and `.data`: the text split at its CSP nonce and request id, rejoined with each response's own on a hit… */
  parts: string[] | null;
  /** …what goes between parts[i] and parts[i + 1]: the nonce or the request id… */
  holes: Hole[];
  /** …anything else: the body as it was. */
  body: ArrayBuffer | null;
  status: number;
  headers: [string, string][];
  /** The route pattern that made it, reported on a hit (worker/middleware/observe.ts). */
  route: string;
}
const memory = new Map<string, MemoryEntry>();

type Hole = "nonce" | "id";

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The text cut at each occurrence of the render's nonce and request id, and which one was at each cut. */
function cutAtHoles(text: string, nonce: string | null, requestId: string): { parts: string[]; holes: Hole[] } {
  const marks = [nonce, requestId].filter((m): m is string => !!m);
  if (!marks.length) return { parts: [text], holes: [] };
  const pieces = text.split(new RegExp(`(${marks.map(escapeRegExp).join("|")})`));
  const parts: string[] = [];
  const holes: Hole[] = [];
  for (let i = 0; i < pieces.length; i++) {
    if (i % 2 === 0) parts.push(pieces[i]!);
    else holes.push(pieces[i] === nonce ? "nonce" : "id");
  }
  return { parts, holes };
}

function fillHoles(parts: string[], holes: Hole[], nonce: string, requestId: string): string {
  let out = parts[0] ?? "";
  for (let i = 0; i < holes.length; i++) out += (holes[i] === "nonce" ? nonce : requestId) + parts[i + 1];
  return out;
}

/**
 * Drops every copy this isolate holds: what a fresh isolate starts with. The Workers tests call it
 * before each file (tests/workers/setup.ts), since one workerd serves a test worker's files.
 */
export function dropAllCopies(): void {
  memory.clear();
  memoryBytes = 0;
  searchEntries = 0;
}

function forget(key: string) {
  const entry = memory.get(key);
  if (!entry) return;
  memoryBytes -= entry.size;
  if (entry.search) searchEntries -= 1;
  memory.delete(key);
}

const PROJECT_URL = /^\/(?:project|api\/projects)\/([^/]+?)(?:\.data)?$/;

/** The project (id or slug) whose follower count a cached URL shows, or null. */
export function projectOfUrl(url: string): string | null {
  const project = PROJECT_URL.exec(new URL(url).pathname)?.[1];
  if (project === undefined) return null;
  try {
    return decodeURIComponent(project);
  } catch {
    return project;
  }
}

/** Whether a URL is a search: its query names a non-empty `q`. */
export function isSearchUrl(url: string): boolean {
  return !!new URL(url).searchParams.get("q")?.trim();
}

function remember(
  key: string,
  res: Response,
  body: ArrayBuffer,
  text: { nonce: string | null; requestId: string } | null,
  generation: number,
  started: number,
  route: string,
) {
  if (body.byteLength > MEMORY_MAX_BODY) return;
  forget(key);
  const search = isSearchUrl(key);
  if (search) {
    // the oldest search makes room for this one (a Map iterates in insertion order)
    for (const [k, e] of memory) {
      if (searchEntries < SEARCH_MAX_ENTRIES) break;
      if (e.search) forget(k);
    }
  }
  while (memory.size && (memory.size >= MEMORY_MAX_ENTRIES || memoryBytes + body.byteLength > MEMORY_MAX_TOTAL)) {
    forget(memory.keys().next().value as string);
  }
  memoryBytes += body.byteLength;
  if (search) searchEntries += 1;
  // a hit reports its own (zero) queries
  const headers = [...res.headers].filter(([name]) => name.toLowerCase() !== "server-timing");
  const cut = text ? cutAtHoles(new TextDecoder().decode(body), text.nonce, text.requestId) : null;
  memory.set(key, {
    expires: Date.now() + EDGE_TTL_SECONDS * 1000,
    generation,
    created: started,
    project: projectOfUrl(key),
    size: body.byteLength,
    search,
    parts: cut?.parts ?? null,
    holes: cut?.holes ?? [],
    body: cut ? null : body,
    status: res.status,
    headers,
    route,
  });
}

/** A project's copy made before its followers changed, once it is FOLLOWERS_FRESH_MS old. */
function followersMoved(entry: MemoryEntry, now: number): boolean {
  return (
    entry.project !== null &&
    now - entry.created >= FOLLOWERS_FRESH_MS &&
    followersChangedAt(entry.project) >= entry.created
  );
}

function recall(key: string, nonce: string, requestId: string): { res: Response; route: string } | null {
  const entry = memory.get(key);
  if (!entry) return null;
  const now = Date.now();
  if (entry.expires <= now || entry.generation !== publicContentGeneration() || followersMoved(entry, now)) {
    forget(key);
    return null;
  }
  const body = entry.parts ? fillHoles(entry.parts, entry.holes, nonce, requestId) : entry.body;
  return { res: new Response(body, { status: entry.status, headers: entry.headers }), route: entry.route };
}

const isHtml = (res: Response) => /^text\/html/i.test(res.headers.get("Content-Type") ?? "");
/** React Router's data answer (turbo-stream): the root loader's request id is in it. */
const isRouteData = (url: string) => new URL(url).pathname.endsWith(".data");

function forBrowser(res: Response, status: "HIT" | "MISS"): Response {
  const out = new Response(res.body, res);
  out.headers.set("Cache-Control", "no-cache");
  out.headers.set("X-Edge-Cache", status);
  return out;
}

export function edgeCache(): MiddlewareHandler<HonoEnv> {
  return async (c, next) => {
    if (!isCacheable(c.req.raw)) {
      await next();
      return;
    }
    const url = c.req.url;
    const nonce = c.get("nonce");
    const requestId = c.get("requestId");
    const bypass = /no-cache|no-store|max-age=0/.test(c.req.header("Cache-Control") ?? "");
    if (!bypass) {
      const hit = recall(url, nonce, requestId);
      if (hit) {
        c.get("observation").route = hit.route;
        c.res = forBrowser(hit.res, "HIT");
        return;
      }
    }
    const generation = publicContentGeneration();
    const started = Date.now();
    await next();
    const res = c.res;
    if (res.status !== 200 || res.headers.has("Set-Cookie")) return;
    const body = await res.arrayBuffer();
    const html = isHtml(res);
    const text = html || isRouteData(url) ? { nonce: html ? nonce : null, requestId } : null;
    remember(url, res, body, text, generation, started, routePatternOf(c));
    c.res = forBrowser(new Response(body, res), "MISS");
  };
}
