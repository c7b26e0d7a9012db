/**
 * The daily cleanup of uploaded images and documents (ADR 023, ADR 031), run by the cron in
 * worker/index.ts: an upload no project uses is deleted a day after it was stored, which also
 * frees its owner's quota.
 *
 * Two passes, each bounded per run (CLEANUP_LIMITS.maxObjects):
 * 1. the ledger (`uploads`): rows older than a day that no project references are deleted (one
 *    DELETE … RETURNING, its condition checked in the same statement), then their R2 objects;
 * 2. the bucket: objects under `projects/` with no ledger row (stored before the ledger existed, or
 *    left behind when a delete from R2 failed) that are older than a day and unreferenced. The
 *    listing resumes where the last run stopped (the last key is kept in the bucket at
 *    CLEANUP_LIMITS.cursorKey) and starts over after the end, so every object is seen in turn.
 *
 * "Referenced" means the URL `/uploads/<name>` is a project's main image, logo, gallery image,
 * creator photo, team member photo or document (every field that takes an upload's URL), a company
 * event's evidence (ADR 052), or any
 * text in a founder's working copy of the form (ADR 033: a draft not yet saved to its project). The set is one
 * uncorrelated subquery, which SQLite evaluates once per statement: one pass over `projects` per
 * batch of keys, not one query per object. D1 allows at most 5 terms in a compound SELECT (this one
 * has 5), so the single-URL columns are one term (a `json_each` over a JSON array of them).
 */
import type { Database } from "../../../db/client";
import { DAY_MS } from "../../../domain/shared/dates";
import { UPLOAD_KEY_PREFIX, UPLOAD_URL_PREFIX } from "./uploads";

export const CLEANUP_LIMITS = {
  /** Only uploads older than this are deleted: a founder may still be filling in the form. */
  minAgeMs: DAY_MS,
  /** At most this many ledger rows and this many listed objects per run. */
  maxObjects: 1000,
  /** Where the bucket pass keeps the last key it listed (outside `projects/`: never served). */
  cursorKey: "maintenance/upload-cleanup-after",
} as const;

/** A JSON column as JSON, or an empty array when a row holds something else (never an error). */
const json = (column: string) => `case when json_valid(${column}) then ${column} else '[]' end`;

/** The keys (`projects/<name>`) of every upload some project uses. */
const REFERENCED_KEYS = `
  select '${UPLOAD_KEY_PREFIX}' || substr(ref, ${UPLOAD_URL_PREFIX.length + 1}) from (
    select f.value as ref from projects,
      json_each(json_array(image, logo, json_extract(${json("creator_info")}, '$.image'))) as f
    union all select g.value from projects, json_each(${json("projects.gallery")}) as g where g.type = 'text'
    union all select json_extract(t.value, '$.image') from projects, json_each(${json("projects.team")}) as t
      where t.type = 'object'
    union all select json_extract(d.value, '$.url') from projects, json_each(${json("projects.documents")}) as d
      where d.type = 'object'
    union all select w.value from project_drafts, json_tree(project_drafts.body) as w where w.type = 'text'
  ) where ref like '${UPLOAD_URL_PREFIX}%'`;

/** The keys of the evidence a company event keeps (ADR 052): a second set, D1's compound limit being reached above. */
const EVIDENCE_KEYS = `
  select '${UPLOAD_KEY_PREFIX}' || substr(evidence, ${UPLOAD_URL_PREFIX.length + 1}) from valuation_events
  where evidence like '${UPLOAD_URL_PREFIX}%'`;

export interface CleanupResult {
  /** Ledger rows (and their objects) deleted. */
  ledger: number;
  /** Objects without a ledger row deleted. */
  unlisted: number;
  /** Objects the bucket pass listed. */
  listed: number;
}

export async function deleteUnusedUploads(
  db: Database,
  bucket: R2Bucket,
  now: number = Date.now(),
  limits: { minAgeMs: number; maxObjects: number; cursorKey: string } = CLEANUP_LIMITS,
): Promise<CleanupResult> {
  const cutoff = now - limits.minAgeMs;

  // 1. The ledger: the rows go first, in the statement that checks them, so a project saved in the
  //    meantime cannot lose an image that the check saw unused. An R2 delete that fails leaves an
  //    object without a row, which pass 2 finds on a later run.
  const gone = await db.$client
    .prepare(
      `delete from uploads where key in (
         select key from uploads where created_at < ?1 and key not in (${REFERENCED_KEYS})
           and key not in (${EVIDENCE_KEYS})
         order by created_at limit ?2
       ) returning key`,
    )
    .bind(cutoff, limits.maxObjects)
    .all<{ key: string }>();
  const ledgerKeys = gone.results.map((r) => r.key);
  if (ledgerKeys.length) await bucket.delete(ledgerKeys);

  // 2. The bucket: objects without a row.
  const stored = await bucket.get(limits.cursorKey);
  const startAfter = stored ? (await stored.text()) || undefined : undefined;
  let listed = 0;
  let unlisted = 0;
  let cursor: string | undefined;
  let last: string | undefined;
  let finished = false;
  while (listed < limits.maxObjects) {
    const page = await bucket.list({
      prefix: UPLOAD_KEY_PREFIX,
      limit: Math.min(1000, limits.maxObjects - listed),
      ...(cursor ? { cursor } : startAfter ? { startAfter } : {}),
    });
    listed += page.objects.length;
    last = page.objects.at(-1)?.key ?? last;
    const old = page.objects.filter((o) => o.uploaded.getTime() < cutoff).map((o) => o.key);
    if (old.length) {
      const orphans = await db.$client
        .prepare(
          `select value as key from json_each(?1)
           where value not in (select key from uploads) and value not in (${REFERENCED_KEYS})
             and value not in (${EVIDENCE_KEYS})`,
        )
        .bind(JSON.stringify(old))
        .all<{ key: string }>();
      const keys = orphans.results.map((r) => r.key);
      if (keys.length) await bucket.delete(keys);
      unlisted += keys.length;
    }
    if (!page.truncated) {
      finished = true;
      break;
    }
    cursor = page.cursor;
  }
  // The next run goes on after the last key seen, or starts over once the listing has ended.
  if (finished || !last) await bucket.delete(limits.cursorKey);
  else await bucket.put(limits.cursorKey, last);

  return { ledger: ledgerKeys.length, unlisted, listed };
}
