/**
 * What search engines read (ADR 038): `robots.txt` and the sitemap.
 *
 * The sitemap lists the public pages (domain/visitors/seo.ts `PUBLIC_PAGES`), every published project
 * (`isPublished`, the rule every public list uses: never a draft or a project in review) with its
 * `updated_at` as `lastmod`, and every public investor page whose owner did not ask to be hidden
 * from search engines (and whose account is not suspended, as the page itself). A file holds at
 * most `perFile` URLs (the protocol's 50,000): while everything fits, `/sitemap.xml` is that one
 * file; beyond, it is a sitemap index naming `/sitemap-pages.xml`, `/sitemap-projects-N.xml` and
 * `/sitemap-investors-N.xml`, each a page of `perFile`.
 *
 * Every statement reads an index range: the projects from `projects_sitemap_idx` (slug, status,
 * updated_at: the page's rows come from the index alone, never the wide rows), the profiles from
 * `public_profiles_sitemap_idx` (username, the opt-out, updated_at, user id), each profile's
 * account read by its key for the suspension. Page N skips (N − 1) × perFile entries of that narrow index: a database holds
 * about 60,000 projects at most (ARCHITECTURE "At scale"), so two project pages, the second
 * reading about 100,000 index entries of some 60 bytes.
 */
import { sql } from "drizzle-orm";

import { PRIVATE_PATHS, PUBLIC_API_PATHS, PUBLIC_PAGES } from "../../../domain/visitors/seo";
import type { Database } from "../../../db/client";
import { isPublished } from "../projects/projects";

/** The protocol's limit of URLs in one sitemap file (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

/** robots.txt: everything allowed but the private paths; the sitemap named by its absolute URL. */
export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    // The API reference is a public page (ADR 042), with the document it draws, under the private /api/.
    ...PUBLIC_API_PATHS.map((p) => `Allow: ${p}`),
    ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}

interface SitemapUrl {
  loc: string;
  /** Epoch milliseconds; written as a W3C date-time. */
  lastmod?: number;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/** XML text: slugs and usernames are [a-z0-9_-], but the origin is the request's. */
function xmlText(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function urlset(urls: readonly SitemapUrl[]): string {
  const body = urls
    .map(
      (u) =>
        `<url><loc>${xmlText(u.loc)}</loc>${u.lastmod ? `<lastmod>${new Date(u.lastmod).toISOString()}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  return `${XML_HEAD}<urlset ${NS}>\n${body}\n</urlset>\n`;
}

function sitemapIndex(locs: readonly string[]): string {
  const body = locs.map((loc) => `<sitemap><loc>${xmlText(loc)}</loc></sitemap>`).join("\n");
  return `${XML_HEAD}<sitemapindex ${NS}>\n${body}\n</sitemapindex>\n`;
}

const pageUrls = (origin: string): SitemapUrl[] => PUBLIC_PAGES.map((p) => ({ loc: `${origin}${p}` }));

/** A page of published projects by slug (`projects_sitemap_idx`). */
async function projectUrls(db: Database, origin: string, limit: number, offset: number): Promise<SitemapUrl[]> {
  const rows = await db.all<{ slug: string; updated_at: number }>(sql`
    select slug, updated_at from projects
    where slug > '' and ${isPublished}
    order by slug limit ${limit} offset ${offset}`);
  return rows.map((r) => ({ loc: `${origin}/project/${encodeURIComponent(r.slug)}`, lastmod: r.updated_at }));
}

/** Public investor pages that may be indexed, by username (`public_profiles_sitemap_idx`). */
const INDEXABLE_PROFILE = sql`p.username > '' and p.hide_in_search_engines = 0 and u.suspended_at is null`;

async function investorUrls(db: Database, origin: string, limit: number, offset: number): Promise<SitemapUrl[]> {
  const rows = await db.all<{ username: string; updated_at: number }>(sql`
    select p.username as username, p.updated_at as updated_at
    from public_profiles p join users u on u.id = p.user_id
    where ${INDEXABLE_PROFILE}
    order by p.username limit ${limit} offset ${offset}`);
  return rows.map((r) => ({ loc: `${origin}/investors/${encodeURIComponent(r.username)}`, lastmod: r.updated_at }));
}

async function counts(db: Database): Promise<{ projects: number; investors: number }> {
  const [row] = await db.all<{ projects: number; investors: number }>(sql`
    select
      (select count(*) from projects where ${isPublished}) as projects,
      (select count(*) from public_profiles p join users u on u.id = p.user_id where ${INDEXABLE_PROFILE}) as investors`);
  return { projects: row?.projects ?? 0, investors: row?.investors ?? 0 };
}

const pages = (n: number, perFile: number) => Math.ceil(n / perFile);

/**
 * `/sitemap.xml`: every URL in one file while they fit in `perFile`, else the index of the files.
 * Two statements: the counts, then (one file) the rows.
 */
export async function sitemapXml(db: Database, origin: string, perFile = SITEMAP_MAX_URLS): Promise<string> {
  const n = await counts(db);
  if (PUBLIC_PAGES.length + n.projects + n.investors <= perFile) {
    const [projectList, investorList] = await Promise.all([
      projectUrls(db, origin, perFile, 0),
      investorUrls(db, origin, perFile, 0),
    ]);
    return urlset([...pageUrls(origin), ...projectList, ...investorList]);
  }
  const files = [`${origin}/sitemap-pages.xml`];
  for (let i = 1; i <= pages(n.projects, perFile); i++) files.push(`${origin}/sitemap-projects-${i}.xml`);
  for (let i = 1; i <= pages(n.investors, perFile); i++) files.push(`${origin}/sitemap-investors-${i}.xml`);
  return sitemapIndex(files);
}

/** The names of the files a sitemap index points to. */
export const SITEMAP_FILE = /^sitemap-(?:pages|(projects|investors)-([1-9]\d{0,5}))\.xml$/;

/**
 * One file the index names (`sitemap-pages.xml`, `sitemap-projects-N.xml`,
 * `sitemap-investors-N.xml`), or null for any other name or a page past the last (a 404).
 */
export async function sitemapFileXml(
  db: Database,
  origin: string,
  name: string,
  perFile = SITEMAP_MAX_URLS,
): Promise<string | null> {
  const m = SITEMAP_FILE.exec(name);
  if (!m) return null;
  if (!m[1]) return urlset(pageUrls(origin));
  const page = Number(m[2]);
  const read = m[1] === "projects" ? projectUrls : investorUrls;
  const urls = await read(db, origin, perFile, (page - 1) * perFile);
  // Page 1 exists even when empty (the index always names it when there is anything); a later
  // empty page is past the end.
  if (!urls.length && page > 1) return null;
  return urlset(urls);
}
