/**
 * The rails (worker/services/projects/rails.ts) and the Trending score they read
 * (worker/services/projects/trending.ts): each rail's order, its bound (13 eligible → 12) and its
 * eligibility; the score a purchase, a follow and a cancellation keep, and its decay with a fixed
 * clock; "Because you follow …"; and each rail's statement walking its index.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";

import { createDb } from "../../db/client";
import { trendScore } from "../../domain/projects/trending";
import { addDays, DAY_MS, isoDay } from "../../domain/shared/dates";
import { listRails, RAIL_SIZE, type Rail } from "../../worker/services/projects/rails";
import { activityStatements, refreshTrendScores } from "../../worker/services/projects/trending";
import { buyShares, call, db, inDays, insertProject, signup, unique, viewerFor } from "./helpers";

const rail = (rails: Rail[], id: Rail["id"]) => rails.find((r) => r.id === id);
const slugsOf = (rails: Rail[], id: Rail["id"]) => rail(rails, id)?.projects.map((p) => p.slug) ?? [];

/** A day's activity written as a purchase or follow would, then the score recomputed at `now`. */
async function activity(projectId: string, now: number, investedCents: number, newFollowers = 0) {
  await env.DB.batch(activityStatements(db(), projectId, now, { investedCents, newFollowers }));
}

async function scoreOf(projectId: string): Promise<{ score: number; day: string | null }> {
  const row = await env.DB.prepare("select trend_score as score, trend_day as day from projects where id = ?")
    .bind(projectId)
    .first<{ score: number; day: string | null }>();
  return row!;
}

async function activityDay(projectId: string, day: string) {
  return env.DB.prepare(
    "select invested_cents as cents, new_followers as followers from project_activity_days where project_id = ? and day = ?",
  )
    .bind(projectId, day)
    .first<{ cents: number; followers: number }>();
}

/** The projects that are in no rail, whatever their figures: closed, draft, Coming soon, sold out, past their deadline. */
async function ineligible(tag: string) {
  const base = { publishedAt: Date.now() - DAY_MS, fundingCurrentCents: 700_000, sharesSold: 700 };
  return Promise.all([
    insertProject({ ...base, slug: `${tag}-closed`, status: "closed" }),
    insertProject({ ...base, slug: `${tag}-draft`, status: "draft", publishedAt: null }),
    insertProject({ ...base, slug: `${tag}-soon`, status: "coming_soon", launchAt: Date.now() + 5 * DAY_MS }),
    insertProject({ ...base, slug: `${tag}-soldout`, sharesSold: 1_000, fundingCurrentCents: 700_000 }),
    insertProject({ ...base, slug: `${tag}-ended`, fundingDeadline: isoDay(Date.now() - DAY_MS) }),
  ]);
}

describe("the rails: order, bound and eligibility", () => {
  const now = Date.now();
  let rails: Rail[];
  let excluded: string[];

  beforeAll(async () => {
    // 13 eligible for each rail; each rail's order is set by a different figure.
    for (let i = 1; i <= 13; i++) {
      const p = await insertProject({
        slug: `rail-${String(i).padStart(2, "0")}`,
        fundingDeadline: inDays(1 + i),
        publishedAt: now - i * 3_600_000,
        // 50% … 98% of a $10,000 goal: closest to the goal is rail-13
        fundingCurrentCents: 500_000 + i * 37_000,
        sharesSold: 500 + i * 37,
      });
      await activity(p.id, now, i * 10_000);
    }
    const bad = await ineligible("rail-x");
    for (const p of bad) await activity(p.id, now, 10_000_000);
    excluded = bad.map((p) => p.slug);
    // Not new (published 8 days ago), not almost funded (49% and 100%), no momentum: only Closing soon.
    await insertProject({
      slug: "rail-old",
      fundingDeadline: inDays(60),
      publishedAt: now - 8 * DAY_MS,
      fundingCurrentCents: 490_000,
    });
    await insertProject({
      slug: "rail-full",
      fundingDeadline: inDays(61),
      publishedAt: now - 8 * DAY_MS,
      fundingCurrentCents: 1_000_000,
    });
    rails = await listRails(db(), null, now);
  });

  const rank = (from: number, to: number) => {
    const out: string[] = [];
    for (let i = from; from <= to ? i <= to : i >= to; i += from <= to ? 1 : -1)
      out.push(`rail-${String(i).padStart(2, "0")}`);
    return out;
  };

  it("Trending: open raises by momentum, 12 of 13", () => {
    expect(slugsOf(rails, "trending")).toEqual(rank(13, 2));
  });

  it("Closing soon: open raises by deadline, soonest first, 12 of 13", () => {
    expect(slugsOf(rails, "closing")).toEqual(rank(1, 12));
  });

  it("New this week: published in the last 7 days, newest first, 12 of 13", () => {
    expect(slugsOf(rails, "new")).toEqual(rank(1, 12));
  });

  it("Almost funded: at 50% to 99% of the goal, closest first, 12 of 13", () => {
    expect(slugsOf(rails, "almost")).toEqual(rank(13, 2));
  });

  it("no rail shows a closed, draft, Coming soon, sold-out or ended raise", () => {
    const shown = rails.flatMap((r) => r.projects.map((p) => p.slug));
    expect(shown.filter((s) => excluded.includes(s))).toEqual([]);
    expect(rails.every((r) => r.projects.length <= RAIL_SIZE)).toBe(true);
  });

  it("each rail's See all names the browser's order", () => {
    expect(rails.map((r) => [r.id, r.sort])).toEqual([
      ["trending", "trending"],
      ["closing", "ending"],
      ["new", "newest"],
      ["almost", "almost"],
    ]);
  });

  it("the browser sorted by a rail starts with that rail's projects", async () => {
    for (const [sort, id] of [
      ["trending", "trending"],
      ["almost", "almost"],
    ] as const) {
      const res = await call(`/api/projects?sort=${sort}&pageSize=12`, { headers: { "Cache-Control": "no-cache" } });
      const body = await res.json<{ projects: { slug: string }[] }>();
      expect(
        body.projects.map((p) => p.slug),
        sort,
      ).toEqual(slugsOf(rails, id));
    }
  });
});

describe("a rail with no projects is not shown", () => {
  it("without momentum nothing is Trending", async () => {
    await env.DB.prepare("update projects set trend_score = 0, trend_day = null").run();
    await env.DB.prepare("delete from project_activity_days").run();
    const rails = await listRails(db(), null);
    expect(rail(rails, "trending")).toBeUndefined();
  });
});

describe("the Trending score", () => {
  it("is the formula over the last 7 days, and decays day by day with a fixed clock", async () => {
    const p = await insertProject({ fundingDeadline: "2099-01-01" });
    const t0 = Date.parse("2026-03-10T12:00:00Z");
    await activity(p.id, t0, 50_000, 2); // $500 and 2 followers: 500 + 200 = 700
    expect(await scoreOf(p.id)).toEqual({ score: 700, day: "2026-03-10" });
    await activity(p.id, t0 + DAY_MS, 10_000); // the next day $100: 700 × 0.75 + 100
    expect((await scoreOf(p.id)).score).toBeCloseTo(625, 9);

    // The daily job: three days later, then when the first day leaves the window.
    await refreshTrendScores(db(), t0 + 4 * DAY_MS);
    expect((await scoreOf(p.id)).score).toBeCloseTo(700 * 0.75 ** 4 + 100 * 0.75 ** 3, 9);
    await refreshTrendScores(db(), t0 + 7 * DAY_MS);
    expect(await scoreOf(p.id)).toEqual({ score: 100 * 0.75 ** 6, day: "2026-03-17" });
    await refreshTrendScores(db(), t0 + 8 * DAY_MS);
    expect(await scoreOf(p.id)).toEqual({ score: 0, day: "2026-03-18" });
  });

  it("the domain's formula gives the same", () => {
    const days = [
      { day: "2026-03-10", investedCents: 50_000, newFollowers: 2 },
      { day: "2026-03-11", investedCents: 10_000, newFollowers: 0 },
    ];
    expect(trendScore(days, "2026-03-14")).toBeCloseTo(700 * 0.75 ** 4 + 100 * 0.75 ** 3, 9);
    expect(trendScore(days, "2026-03-18")).toBe(0);
  });

  it("a purchase and a new follow raise it; an unfollow does not lower it; a cancellation takes its amount back", async () => {
    const p = await insertProject({ sharePriceCents: 1_000 });
    const today = isoDay();
    const investor = await signup();
    const invested = await buyShares(p.id, investor.token, 25); // $250
    expect(await activityDay(p.id, today)).toEqual({ cents: 25_000, followers: 0 });
    expect((await scoreOf(p.id)).score).toBeCloseTo(250, 9);

    const follower = await signup();
    const follow = (method: "POST" | "DELETE") =>
      call(`/api/projects/${p.id}/follow`, { method, token: follower.token });
    expect((await follow("POST")).status).toBe(200);
    expect((await follow("POST")).status).toBe(200); // following twice is one follow
    expect(await activityDay(p.id, today)).toEqual({ cents: 25_000, followers: 1 });
    expect((await scoreOf(p.id)).score).toBeCloseTo(350, 9);
    await follow("DELETE");
    expect((await scoreOf(p.id)).score).toBeCloseTo(350, 9);

    const res = await call(`/api/investments/${invested}/cancel`, { method: "POST", token: investor.token });
    expect(res.status).toBe(200);
    expect(await activityDay(p.id, today)).toEqual({ cents: 0, followers: 1 });
    expect((await scoreOf(p.id)).score).toBeCloseTo(100, 9);
  });

  it("a cancellation of a purchase from before the window changes nothing", async () => {
    const p = await insertProject();
    const now = Date.now();
    const old = addDays(isoDay(now), -7);
    expect(activityStatements(db(), p.id, now, { investedCents: -10_000, day: old })).toEqual([]);
  });
});

describe("Because you follow …", () => {
  it("shows open raises in the sector or university of what they follow or hold, never those, and names the source", async () => {
    const tag = unique("bc");
    const uni = `University ${tag}`;
    const source = await insertProject({
      slug: `${tag}-source`,
      title: "Source Project",
      category: "education",
      universityName: uni,
    });
    const held = await insertProject({ slug: `${tag}-held`, category: "education" });
    const followed = await insertProject({ slug: `${tag}-followed`, category: "education" });
    const sameSector = await insertProject({ slug: `${tag}-sector`, category: "education" });
    const sameUni = await insertProject({ slug: `${tag}-uni`, category: "food & beverage", universityName: uni });
    await insertProject({ slug: `${tag}-other`, category: "food & beverage", universityName: "Elsewhere" });
    await insertProject({ slug: `${tag}-closed`, category: "education", status: "closed" });
    const person = await signup();
    await buyShares(held.id, person.token, 10);
    for (const p of [followed, source]) {
      expect((await call(`/api/projects/${p.id}/follow`, { method: "POST", token: person.token })).status).toBe(200);
    }
    const rails = await listRails(db(), await viewerFor(person.token));
    const because = rail(rails, "because");
    expect(because?.title).toBe("Because you follow Source Project");
    const shown = because?.projects.map((p) => p.slug) ?? [];
    expect(shown.filter((s) => s.startsWith(tag)).sort()).toEqual([sameSector.slug, sameUni.slug].sort());
  });

  it("a signed-out visitor gets none", async () => {
    const rails = await listRails(db(), null);
    expect(rail(rails, "because")).toBeUndefined();
  });

  it("someone who follows and holds nothing gets none", async () => {
    const person = await signup();
    const rails = await listRails(db(), await viewerFor(person.token));
    expect(rail(rails, "because")).toBeUndefined();
  });
});

/** A D1 that remembers every statement it prepares, with its bound values (as project-lists-scale.test.ts). */
export function recordingD1(d1: D1Database) {
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
      if (prop === "batch") return (stmts: D1PreparedStatement[]) => target.batch(stmts);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { d1: proxy, seen };
}

/** Each rail's statement, explained: the index it walks, with no sort of its own and no full read. */
export async function railPlans(viewer: { id: string } | null): Promise<string[]> {
  const { d1, seen } = recordingD1(env.DB);
  await listRails(createDb(d1), viewer);
  const out: string[] = [];
  for (const s of seen) {
    const plan = await env.DB.prepare(`explain query plan ${s.sql}`)
      .bind(...s.params)
      .all<{ detail: string }>();
    out.push(plan.results.map((r) => r.detail).join("\n"));
  }
  return out;
}

describe("each rail walks its index and stops at 12", () => {
  it("Trending, Closing soon, New this week, Almost funded and Because you follow …", async () => {
    const person = await signup();
    const plans = await railPlans(await viewerFor(person.token));
    expect(plans).toHaveLength(5);
    const [trending, closing, fresh, almost, because] = plans as [string, string, string, string, string];
    expect(trending).toMatch(/SEARCH p USING INDEX projects_trending_idx \(status=\? AND trend_score>\?\)/);
    expect(closing).toMatch(/SEARCH p USING INDEX projects_due_idx \(status=\? AND funding_deadline>\?\)/);
    expect(fresh).toMatch(/SEARCH p USING INDEX projects_new_idx \(status=\? AND published_at>\?\)/);
    expect(almost).toMatch(/SEARCH p USING INDEX projects_funded_idx \(<expr>>\? AND <expr><\?\)/);
    expect(because).toMatch(/projects_sector_trending_idx \(sector=\? AND status=\?\)/);
    expect(because).toMatch(/projects_university_trending_idx \(university_name=\? AND status=\?\)/);
    // The walks sort nothing; "Because you follow …" sorts only its few sources and the walks' rows it merges.
    for (const plan of [trending, fresh, almost]) expect(plan).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
    for (const plan of plans) expect(plan).not.toMatch(/^SCAN (p|projects|investments|project_follows)\b/m);
  });
});
