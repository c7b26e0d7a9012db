/**
 * The write limits (ADR 025) through the API: the write loops. Follows and unfollows are limited per user (60
 * changes an hour, reserved in the write's batch), and a follow refreshes only its project's
 * follower count in the visitors' cache; founders' updates are limited per project (10 a day),
 * so a loop cannot send followers a notification a second.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { UPDATE_MESSAGES } from "../../domain/conversation/conversation-messages";
import { FOLLOW_MESSAGES, FOLLOW_RATE_LIMIT } from "../../worker/services/conversation/follows";
import { FOLLOWERS_FRESH_MS } from "../../worker/services/visitors/public-content";
import { call, insertProject, json, signup, unique } from "./helpers";
import { queries } from "../shared/responses";

const tally = (codes: number[]) => codes.reduce<Record<number, number>>((t, c) => ({ ...t, [c]: (t[c] ?? 0) + 1 }), {});

const follow = (id: string, token: string, method: "POST" | "DELETE" = "POST") =>
  call(`/api/projects/${id}/follow`, { method, token });

const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function founderWithProject() {
  const founder = await signup("founder");
  const project = await insertProject({ founderId: founder.user.id, publishedAt: Date.now() });
  return { founder, project };
}

describe("the follow limit (60 changes an hour per user)", () => {
  it("61 follows sent at once: exactly 60 are stored, one is a 429 with Retry-After, and its project has no follower", async () => {
    const projects = await Promise.all(Array.from({ length: 61 }, () => insertProject({ publishedAt: Date.now() })));
    const fan = await signup();
    const answers = await Promise.all(projects.map((p) => follow(p.id, fan.token)));
    expect(tally(answers.map((r) => r.status))).toEqual({ 200: 60, 429: 1 });
    const refusedAt = answers.findIndex((r) => r.status === 429);
    const refused = answers[refusedAt]!;
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await json(refused)).message).toBe(FOLLOW_MESSAGES.tooMany);
    expect(await count("select count(*) n from project_follows where user_id = ?", fan.user.id)).toBe(60);
    expect(await count("select count(*) n from project_follows where project_id = ?", projects[refusedAt]!.id)).toBe(0);
    expect(await count("select count as n from rate_limits where key = ?", `follow:user:${fan.user.id}`)).toBe(
      FOLLOW_RATE_LIMIT.max,
    );
  });

  it("toggling one project counts every change: the 61st toggle is refused and the follow stays as it was", async () => {
    const { project } = await founderWithProject();
    const fan = await signup();
    for (let i = 0; i < 60; i++) {
      const res = await follow(project.id, fan.token, i % 2 === 0 ? "POST" : "DELETE");
      expect(res.status).toBe(200);
    }
    // 60 changes: followed, unfollowed … last was an unfollow
    const refused = await follow(project.id, fan.token, "POST");
    expect(refused.status).toBe(429);
    expect(await count("select count(*) n from project_follows where project_id = ?", project.id)).toBe(0);
  });

  it("a follow that changes nothing is not counted and never refused", async () => {
    const { project } = await founderWithProject();
    const fan = await signup();
    expect((await follow(project.id, fan.token)).status).toBe(200);
    const repeats = await Promise.all(Array.from({ length: 70 }, () => follow(project.id, fan.token)));
    expect(tally(repeats.map((r) => r.status))).toEqual({ 200: 70 });
    expect(await count("select count as n from rate_limits where key = ?", `follow:user:${fan.user.id}`)).toBe(1);
  });
});

describe("a follow and the visitors' cache", () => {
  it("leaves the project list and other projects cached, and the project's own count is fresh within a second", async () => {
    // a slug unlike the id: copies by either name must go
    const project = await insertProject({ slug: unique("fresh-count-"), publishedAt: Date.now() });
    const other = await insertProject({ publishedAt: Date.now() });
    const fan = await signup();
    // visitors' copies: the list, this project by slug and by id, another project
    const urls = [
      "/api/projects",
      `/api/projects/${project.slug}`,
      `/api/projects/${project.id}`,
      `/api/projects/${other.slug}`,
    ];
    for (const url of urls) await call(url);
    for (const url of urls) expect((await call(url)).headers.get("X-Edge-Cache"), url).toBe("HIT");

    expect((await follow(project.id, fan.token)).status).toBe(200);
    await sleep(FOLLOWERS_FRESH_MS + 50);

    const list = await call("/api/projects");
    expect(list.headers.get("X-Edge-Cache")).toBe("HIT");
    expect(queries(list)).toBe(0);
    expect((await call(`/api/projects/${other.slug}`)).headers.get("X-Edge-Cache")).toBe("HIT");
    for (const url of [`/api/projects/${project.slug}`, `/api/projects/${project.id}`]) {
      const res = await call(url);
      expect(res.headers.get("X-Edge-Cache"), url).toBe("MISS");
      expect(await json(res), url).toMatchObject({ followers: 1 });
    }
  });

  it("a follow loop re-renders the project's copy at most once per second in this isolate", async () => {
    const { project } = await founderWithProject();
    const fan = await signup();
    await call(`/api/projects/${project.slug}`);
    const statuses: string[] = [];
    for (let i = 0; i < 10; i++) {
      await follow(project.id, fan.token, i % 2 === 0 ? "POST" : "DELETE");
      statuses.push((await call(`/api/projects/${project.slug}`)).headers.get("X-Edge-Cache") ?? "none");
    }
    // ten changes in well under a second: the copy made before them is younger than a second
    expect(statuses.filter((s) => s === "MISS").length).toBeLessThanOrEqual(1);
  });
});

describe("the update limit (10 a day per project)", () => {
  const post = (id: string, token: string, i: number) =>
    call(`/api/projects/${id}/updates`, { body: { title: `Update ${i}`, body: "News." }, token });

  it("the 11th update of the day is a 429 with the message and Retry-After, and stores nothing", async () => {
    const { founder, project } = await founderWithProject();
    for (let i = 0; i < 10; i++) expect((await post(project.id, founder.token, i)).status).toBe(201);
    const refused = await post(project.id, founder.token, 10);
    expect(refused.status).toBe(429);
    expect((await json(refused)).message).toBe(UPDATE_MESSAGES.tooMany);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(23 * 3600);
    expect(await count("select count(*) n from project_updates where project_id = ?", project.id)).toBe(10);
  });

  it("12 updates posted at once: exactly 10 are stored, each follower hears of 10", async () => {
    const { founder, project } = await founderWithProject();
    const fans = await Promise.all([signup(), signup(), signup()]);
    for (const fan of fans) expect((await follow(project.id, fan.token)).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => post(project.id, founder.token, i)));
    expect(tally(answers.map((r) => r.status))).toEqual({ 201: 10, 429: 2 });
    expect(await count("select count(*) n from project_updates where project_id = ?", project.id)).toBe(10);
    expect(
      await count("select count(*) n from notifications where project_id = ? and kind = 'update'", project.id),
    ).toBe(10 * fans.length);
  });
});
