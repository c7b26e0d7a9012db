/**
 * The project lists at scale: 4,000 published projects and one project with
 * 10,000 investments. Every statement the browser's page, the plain API list, the investors API,
 * the founder dashboard and its CSV send is read with EXPLAIN QUERY PLAN: no full SCAN of a
 * growing table but the browser's narrow index (see `allowed`), and the answers keep their bounds.
 * The timings are logged for the report (set LOG), never asserted.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";

import { createDb } from "../../db/client";
import { SORT_IDS } from "../../domain/projects/project-search";
import {
  founderCsvProject,
  getFounderDashboard,
  investorCsvChunks,
  SERIES_BUCKETS,
} from "../../worker/services/projects/founder-dashboard";
import { getProjectDetail, listProjectsPage } from "../../worker/services/projects/projects";
import { getProjectInvestors, listProjectInvestorsPage } from "../../worker/services/projects/project-investors";
import type { SessionUser } from "../../domain/shared/types";
import { insertProject, signup } from "./helpers";
import { isoDay } from "../../domain/shared/dates";
import { listRails } from "../../worker/services/projects/rails";
import { refreshTrendScores } from "../../worker/services/projects/trending";
import { bulkInvestments, bulkProjects, bulkUsers } from "./scale";

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

async function plans(seen: { sql: string; params: unknown[] }[]): Promise<string[]> {
  const out: string[] = [];
  for (const s of seen) {
    const plan = await env.DB.prepare(`explain query plan ${s.sql}`)
      .bind(...s.params)
      .all<{ detail: string }>();
    out.push(plan.results.map((r) => r.detail).join("\n"));
  }
  return out;
}

const GROWING = ["projects", "users", "investments", "project_follows", "project_updates", "discussion_posts"];
/** A full scan of a growing table: `SCAN t` or `SCAN t USING COVERING INDEX` (not an alias of a subquery). */
function fullScans(plan: string): string[] {
  return plan
    .split("\n")
    .filter((line) => GROWING.some((t) => new RegExp(`^SCAN ${t}\\b(?! USING INDEX)`).test(line.trim())));
}

const LOG = false;
const log = (...args: unknown[]) => {
  if (LOG) console.log(...args);
};

async function timed<T>(fn: () => Promise<T>, runs = 5): Promise<{ ms: number; value: T }> {
  let value: T | undefined;
  const t0 = performance.now();
  for (let i = 0; i < runs; i++) value = await fn();
  return { ms: (performance.now() - t0) / runs, value: value! };
}

let bigId = "";
let bigSlug = "";
let founder: SessionUser;

beforeAll(async () => {
  await bulkProjects("scale-", 4_000);
  const f = await signup("founder");
  founder = { ...f.user, ownedProject: null } as unknown as SessionUser;
  const big = await insertProject({ totalShares: 1_000_000, founderId: f.user.id });
  bigId = big.id;
  bigSlug = big.slug;
  founder = { ...founder, ownedProject: big.id };
  await bulkUsers("scale-u-", 2_000);
  await bulkInvestments("scale-i-", big.id, "scale-u-", 2_000, 10_000, Date.now() - 200 * 86_400_000);
}, 120_000);

describe("the browser's page at 4,000 projects", () => {
  it.each([null, ...SORT_IDS.filter((s) => s !== "relevance")])(
    "sort %s: one statement, no full scan but the browse index",
    async (sort) => {
      const rec = recordingD1(env.DB);
      const first = await timed(() => listProjectsPage(createDb(rec.d1), { sector: "all", page: 1, sort }));
      const deep = await timed(() => listProjectsPage(createDb(rec.d1), { sector: "all", page: 800, sort }));
      const sector = await timed(() => listProjectsPage(createDb(rec.d1), { sector: "technology", page: 3, sort }));
      log(
        `browser sort=${sort}: page 1 ${first.ms.toFixed(1)} ms, page 800 ${deep.ms.toFixed(1)} ms, sector ${sector.ms.toFixed(1)} ms`,
      );
      expect(first.value.projects).toHaveLength(5);
      expect(first.value.total).toBeGreaterThanOrEqual(4_000);
      const [plan] = await plans(rec.seen.slice(0, 1));
      log(plan);
      expect(rec.seen).toHaveLength(15); // one statement a page
      // The only full scans are of narrow indexes (the count and the page's choice, across all sectors).
      // The total counts on a status-led two-column index: projects_status_idx or its twin projects_update_due_idx.
      expect(
        fullScans(plan!).filter((line) => !/COVERING INDEX projects_(browse|status|update_due)_idx$/.test(line)),
      ).toEqual([]);
      const [sectorPlan] = await plans(rec.seen.slice(-1));
      expect(fullScans(sectorPlan!)).toEqual([]);
    },
  );
});

describe("the rails at 4,000 projects", () => {
  it("one batch; each rail walks its index and reads about its 12 projects, not the catalogue", async () => {
    // (None was published this week: New this week is empty and not shown.) Momentum for every project, as the purchases' and follows' batches would keep it.
    await env.DB.prepare(
      `insert into project_activity_days (project_id, day, invested_cents, new_followers)
       select id, ?1, (rowid % 97) * 1000, rowid % 3 from projects`,
    )
      .bind(isoDay())
      .run();
    await refreshTrendScores(createDb(env.DB));
    const person = await signup();
    await env.DB.prepare("insert into project_follows (user_id, project_id, created_at) values (?1, 'scale-7', ?2)")
      .bind(person.user.id, Date.now())
      .run();
    const rec = recordingD1(env.DB);
    const { value: rails, ms } = await timed(() => listRails(createDb(rec.d1), { id: person.user.id }));
    log(`rails: ${ms.toFixed(1)} ms`);
    expect(rails.map((r) => [r.id, r.projects.length])).toEqual([
      ["trending", 12],
      ["closing", 12],
      ["almost", 12],
      ["because", 12],
    ]);
    expect(rec.seen).toHaveLength(5 * 5); // five statements a run (`timed` runs it five times)
    for (const [i, s] of rec.seen.slice(0, 5).entries()) {
      const res = await env.DB.prepare(s.sql)
        .bind(...s.params)
        .all();
      log(`rail ${i}: ${res.meta.rows_read} rows read`);
      expect(res.meta.rows_read, s.sql).toBeLessThan(400);
    }
  });
});

describe("one project with 10,000 investments", () => {
  it("a list's investor counts are kept on the project rows: the page reads no investment", async () => {
    const rec = recordingD1(env.DB);
    const page = await timed(() => listProjectsPage(createDb(rec.d1), { sector: "all", page: 1, pageSize: 100 }));
    log(`plain list page of 100: ${page.ms.toFixed(1)} ms`);
    const [plan] = await plans(rec.seen.slice(0, 1));
    expect(plan).not.toContain("investments");
  });

  it("the detail read: the kept investor count, and the largest investor from the top of positions_project_amount_idx", async () => {
    const rec = recordingD1(env.DB);
    const detail = await timed(() => getProjectDetail(createDb(rec.d1), bigSlug));
    log(`project detail: ${detail.ms.toFixed(1)} ms`);
    expect(detail.value!.project.investors).toBe(2_000);
    const [plan] = await plans(rec.seen.slice(0, 1));
    log(plan);
    expect(plan).toContain("COVERING INDEX positions_project_amount_idx");
    expect(plan).not.toContain("TEMP B-TREE FOR GROUP BY");
    expect(fullScans(plan!)).toEqual([]);
  });

  it("GET /api/projects/{slug}/investors: a page of 100 in one statement on the index", async () => {
    const rec = recordingD1(env.DB);
    const first = await timed(() => getProjectInvestors(createDb(rec.d1), bigSlug, "1"));
    const last = await timed(() => getProjectInvestors(createDb(rec.d1), bigSlug, "100"));
    log(`investors API: page 1 ${first.ms.toFixed(1)} ms, page 100 ${last.ms.toFixed(1)} ms`);
    expect(first.value).toMatchObject({ total: 10_000, pageCount: 100 });
    expect(last.value!.investors).toHaveLength(100);
    for (const plan of await plans(rec.seen.slice(0, 1))) {
      log(plan);
      expect(fullScans(plan)).toEqual([]);
    }
    const tab = await timed(() => listProjectInvestorsPage(createDb(rec.d1), bigId, 3));
    log(`project page's investor tab: ${tab.ms.toFixed(1)} ms`);
  });

  it("the founder dashboard: two statements, a bounded series and a page of 20", async () => {
    const rec = recordingD1(env.DB);
    const dash = await timed(() => getFounderDashboard(createDb(rec.d1), founder, undefined, 7));
    log(`dashboard: ${dash.ms.toFixed(1)} ms`);
    expect(rec.seen.length).toBe(10); // 2 a load, 5 loads
    expect(dash.value!.project.investments).toBe(10_000);
    expect(dash.value!.investors).toMatchObject({ total: 10_000, page: 7, pageCount: 500 });
    expect(dash.value!.investors.investors).toHaveLength(20);
    expect(dash.value!.series.length).toBeLessThanOrEqual(SERIES_BUCKETS + 2);
    // The bulk investments leave the project's own total alone: the series ends at their sum.
    expect(dash.value!.series.at(-1)!.cumulative).toBe(dash.value!.project.averageInvestment * 10_000);
    for (const plan of await plans(rec.seen.slice(0, 2))) {
      log(plan);
      expect(fullScans(plan)).toEqual([]);
    }
  });

  it("the CSV: every investment once, 500 a statement, on the index", async () => {
    const rec = recordingD1(env.DB);
    const project = await founderCsvProject(createDb(rec.d1), founder);
    const t0 = performance.now();
    let rows = 0;
    for await (const chunk of investorCsvChunks(createDb(rec.d1), project!.id)) rows += chunk.length;
    log(`CSV of 10,000: ${(performance.now() - t0).toFixed(1)} ms, ${rec.seen.length} statements`);
    expect(rows).toBe(10_000);
    expect(rec.seen.length).toBe(1 + 21); // the project, 20 full chunks and the empty one that ends it
    for (const plan of await plans(rec.seen.slice(1, 3))) expect(fullScans(plan)).toEqual([]);
  });
});
