/**
 * Each test file starts from what a fresh deployment has, although one workerd serves all the
 * files of a test worker (vitest.config.ts `isolate: false`: loading the Worker's modules into a
 * new workerd took about 8 s a file, three quarters of the suite's time). Before a file runs:
 * - D1: every table, view and trigger is dropped in one batch and the migrations are applied
 *   again (0.1–0.3 s), so a file sees only its own rows;
 * - the visitors' copies (worker/edge-cache.ts) are dropped and public content counts as changed
 *   (in the app suite's bundle, through a public supporter: `staleBundleCopies`);
 * - R2: every stored upload is deleted.
 * Nothing else to reset: the share image's drawings in flight (worker/services/visitors/share-image.ts
 * `drawing`) empty themselves, and its count of cards drawn is read as a difference.
 * After it: spies and fake timers are undone (vi.restoreAllMocks, vi.useRealTimers).
 */
import { applyD1Migrations } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { vi } from "vitest";

import { dropAllCopies } from "../../worker/edge-cache";
import { markPublicContentChanged } from "../../worker/services/visitors/public-content";

interface SchemaRow {
  type: string;
  name: string;
  sql: string | null;
}

/** Drops every object the migrations made (SQLite's and D1's own tables stay). */
async function dropSchema(db: D1Database): Promise<void> {
  const { results } = await db
    .prepare(
      "select type, name, sql from sqlite_master where name not like 'sqlite_%' and name not like '_cf_%' and type in ('table', 'view', 'trigger')",
    )
    .all<SchemaRow>();
  if (!results.length) return;
  const virtual = results.filter((r) => r.type === "table" && /^create virtual table/i.test(r.sql ?? ""));
  // A virtual table's shadow tables (FTS5's `<name>_data`, …) go with it.
  const shadow = (name: string) => virtual.some((v) => name.startsWith(`${v.name}_`));
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
  await db.batch([
    ...results.filter((r) => r.type === "trigger").map((r) => db.prepare(`drop trigger if exists ${quote(r.name)}`)),
    ...results.filter((r) => r.type === "view").map((r) => db.prepare(`drop view if exists ${quote(r.name)}`)),
    ...virtual.map((r) => db.prepare(`drop table if exists ${quote(r.name)}`)),
  ]);
  // Tables that others reference go after those others: a table is dropped once nothing left
  // refers to it (D1 keeps foreign keys on).
  let tables = results.filter((r) => r.type === "table" && !virtual.includes(r) && !shadow(r.name)).map((r) => r.name);
  const refs = new Map<string, string[]>();
  for (const name of tables) {
    const { results: keys } = await db
      .prepare(`select "table" as parent from pragma_foreign_key_list(?1)`)
      .bind(name)
      .all<{ parent: string }>();
    refs.set(
      name,
      keys.map((k) => k.parent).filter((p) => p !== name),
    );
  }
  while (tables.length) {
    const referenced = new Set(tables.flatMap((t) => refs.get(t) ?? []));
    const now = tables.filter((t) => !referenced.has(t));
    if (!now.length) throw new Error(`fresh-state: tables refer to each other in a loop: ${tables.join(", ")}`);
    await db.batch(now.map((t) => db.prepare(`drop table if exists ${quote(t)}`)));
    tables = tables.filter((t) => referenced.has(t));
  }
}

async function deleteUploads(bucket: R2Bucket): Promise<void> {
  for (;;) {
    const page = await bucket.list({ limit: 1000 });
    if (!page.objects.length) return;
    await bucket.delete(page.objects.map((o) => o.key));
  }
}

let resets = 0;

/**
 * The app suite's Worker is the built bundle, whose copies this module cannot reach: a public
 * supporter, through the bundle's own door, marks public content changed there, which makes every
 * copy it holds stale at once (worker/edge-cache.ts). Needs the previous file's schema.
 */
async function staleBundleCopies(): Promise<void> {
  const res = await exports.default.fetch("http://localhost/api/supporters", {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": `198.18.250.${++resets % 250}` },
    body: JSON.stringify({ name: "Between Files", email: `between-${resets}@example.edu`, showPublicly: true }),
  });
  if (res.status !== 201) throw new Error(`fresh-state: the supporter that marks copies stale got ${res.status}`);
}

const hasSchema = async (db: D1Database) =>
  (await db.prepare("select 1 from sqlite_master where name = 'supporters'").first()) !== null;

export async function freshState(): Promise<void> {
  if (await hasSchema(env.DB)) await staleBundleCopies();
  await dropSchema(env.DB);
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  await deleteUploads(env.IMAGES);
  dropAllCopies();
  markPublicContentChanged();
}

export function undoMocks(): void {
  vi.restoreAllMocks();
  vi.useRealTimers();
}
