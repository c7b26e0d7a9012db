/**
 * The Discussion at scale (ADR 055): one project with a 5,000-post discussion (1,000 threads of
 * five posts: the root, two replies and two replies to the first one; votes from 500 people).
 * A page of the Discussion tab, in either order and deep in the list, and a thread's own view
 * send a fixed number of statements whatever the size (no N+1), each read with EXPLAIN QUERY
 * PLAN: no full scan of a growing table and no sort of the posts. The timings are logged for the
 * report (set LOG), never asserted.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";

import { createDb } from "../../db/client";
import { DISCUSSION_LIMITS } from "../../domain/conversation/discussion-rules";
import type { SessionUser } from "../../domain/shared/types";
import { listDiscussionFor, readThread } from "../../worker/services/conversation/discussion";
import { insertProject, signup } from "./helpers";
import { bulkUsers } from "./scale";

const THREADS = 1_000;
const VOTERS = 500;
const LOG = false;

/** A D1 that remembers every statement it prepares, with its bound values. */
function recordingD1(d1: D1Database) {
  const seen: { sql: string; params: unknown[] }[] = [];
  const proxy = new Proxy(d1, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop === "prepare")
        return (text: string) => {
          const entry = { sql: text, params: [] as unknown[] };
          seen.push(entry);
          const stmt = target.prepare(text);
          return new Proxy(stmt, {
            get(t, p, r) {
              const v = Reflect.get(t, p, r);
              if (p === "bind")
                return (...args: unknown[]) => {
                  entry.params = args;
                  return t.bind(...args);
                };
              return typeof v === "function" ? v.bind(t) : v;
            },
          });
        };
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { d1: proxy, seen };
}

/** The plan lines that read a whole growing table, or sort the posts. */
async function problems(seen: { sql: string; params: unknown[] }[]): Promise<string[]> {
  const out: string[] = [];
  for (const s of seen) {
    const plan = await env.DB.prepare(`explain query plan ${s.sql}`)
      .bind(...s.params)
      .all<{ detail: string }>();
    for (const { detail } of plan.results) {
      const line = detail.trim();
      if (/^SCAN (discussion_posts|discussion_votes|users|projects)\b(?! USING INDEX)/.test(line)) out.push(line);
    }
  }
  return out;
}

let project: { id: string; founderId: string | null };
let founder: SessionUser;
let voter: SessionUser;

beforeAll(async () => {
  const f = await signup("founder");
  const p = await insertProject({ founderId: f.user.id, publishedAt: Date.now() });
  project = { id: p.id, founderId: f.user.id };
  founder = { ...f.user, ownedProject: p.id } as unknown as SessionUser;
  await bulkUsers("disc-u-", VOTERS);
  voter = { id: "disc-u-1", role: "investor" } as unknown as SessionUser;
  const t0 = Date.now() - 400 * 86_400_000;
  // The rows in JS, written 500 at a time through json_each (level by level: a parent before its replies).
  type Row = [string, string, string | null, number, string, number, number, number, number, number];
  const posts: Row[] = [];
  const votes: [string, string][] = [];
  for (let i = 0; i < THREADS; i++) {
    const id = `d-${i}`;
    const at = t0 + i * 3_600_000;
    const who = (k: number) => (k === 1 ? f.user.id : `disc-u-${1 + ((i * 7 + k) % VOTERS)}`);
    posts.push([id, id, null, 0, who(0), 0, i % 13, 4, at, at + 4 * 60_000]);
    posts.push([`${id}-r1`, id, id, 1, who(1), 1, 0, 0, at + 60_000, at + 60_000]);
    posts.push([`${id}-r2`, id, id, 1, who(2), 0, 0, 0, at + 120_000, at + 120_000]);
    posts.push([`${id}-r3`, id, `${id}-r1`, 2, who(3), 0, 0, 0, at + 180_000, at + 180_000]);
    posts.push([`${id}-r4`, id, `${id}-r1`, 2, who(4), 0, 0, 0, at + 240_000, at + 240_000]);
    for (let j = 0; j < i % 13; j++) votes.push([id, `disc-u-${1 + ((i + j) % VOTERS)}`]);
  }
  const stmts: D1PreparedStatement[] = [];
  for (const depth of [0, 1, 2]) {
    const level = posts.filter((r) => r[3] === depth);
    for (let from = 0; from < level.length; from += 500) {
      stmts.push(
        env.DB.prepare(
          `insert into discussion_posts (id, project_id, thread_id, parent_id, depth, author_id, body, by_founder,
             vote_count, reply_count, created_at, last_activity_at)
           select j.value ->> 0, ?2, j.value ->> 1, j.value ->> 2, j.value ->> 3, j.value ->> 4, 'Post ' || (j.value ->> 0),
             j.value ->> 5, j.value ->> 6, j.value ->> 7, j.value ->> 8, j.value ->> 9
           from json_each(?1) j`,
        ).bind(JSON.stringify(level.slice(from, from + 500)), p.id),
      );
    }
  }
  for (let from = 0; from < votes.length; from += 1_000) {
    stmts.push(
      env.DB.prepare(
        `insert into discussion_votes (post_id, user_id, created_at) select j.value ->> 0, j.value ->> 1, ?2 from json_each(?1) j`,
      ).bind(JSON.stringify(votes.slice(from, from + 1_000)), t0),
    );
  }
  stmts.push(env.DB.prepare("update projects set thread_count = ?2 where id = ?1").bind(p.id, THREADS));
  await env.DB.batch(stmts);
}, 120_000);

async function timed<T>(fn: () => Promise<T>, runs = 5): Promise<{ ms: number; value: T }> {
  let value: T | undefined;
  const t0 = performance.now();
  for (let i = 0; i < runs; i++) value = await fn();
  return { ms: (performance.now() - t0) / runs, value: value! };
}

describe("a project with a 5,000-post discussion", () => {
  it("holds 5,000 posts", async () => {
    const n = await env.DB.prepare("select count(*) as n from discussion_posts where project_id = ?")
      .bind(project.id)
      .first<{ n: number }>();
    expect(n!.n).toBe(THREADS * 5);
  });

  it.each([
    ["top", 1],
    ["top", 40],
    ["newest", 1],
    ["newest", 40],
  ] as const)("order %s, page %i: three statements, each on an index", async (order, page) => {
    for (const viewer of [null, voter, founder]) {
      const rec = recordingD1(env.DB);
      const read = await timed(() => listDiscussionFor(createDb(rec.d1), viewer, project, order, page), 3);
      if (LOG) console.log(`discussion ${order} page ${page} (${viewer?.id ?? "visitor"}): ${read.ms.toFixed(1)} ms`);
      expect(read.value.threads).toHaveLength(DISCUSSION_LIMITS.threadsPerPage);
      expect(read.value.threads.every((t) => t.replies.length === 4)).toBe(true);
      expect(read.value.total).toBe(THREADS);
      // One page: the threads, their replies and (signed in) the viewer's votes on them.
      expect(rec.seen.length / 3).toBe(viewer ? 3 : 2);
      expect(await problems(rec.seen.slice(0, viewer ? 3 : 2))).toEqual([]);
    }
  });

  it("orders Top by votes, then newest", async () => {
    const { threads } = await listDiscussionFor(createDb(env.DB), null, project, "top", 1);
    const votes = threads.map((t) => t.voteCount);
    expect(votes).toEqual([...votes].sort((a, b) => b - a));
    expect(votes[0]).toBe(12);
  });

  it("a thread's own view: one statement for the thread, one for its replies, one for the votes", async () => {
    const rec = recordingD1(env.DB);
    const read = await timed(() => readThread(createDb(rec.d1), voter, "d-500"), 3);
    if (LOG) console.log(`thread view: ${read.ms.toFixed(1)} ms`);
    expect(read.value.replies.map((r) => r.depth)).toEqual([1, 1, 2, 2]);
    expect(rec.seen.length / 3).toBe(3);
    expect(await problems(rec.seen.slice(0, 3))).toEqual([]);
  });
});
