/**
 * The write limits (ADR 025) through the page doors (forms as a browser without JavaScript sends them, and their
 * `.data` twins): the follow limit on the project page and the browser's cards, the visitors'
 * cache during a follow loop, the update limit on the founder dashboard, and the username rules on
 * the settings page.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { UPDATE_MESSAGES } from "../../domain/conversation/conversation-messages";
import { PROFILE_MESSAGES } from "../../domain/accounts/public-profile-form";
import { FOLLOW_MESSAGES, FOLLOW_RATE_LIMIT } from "../../worker/services/conversation/follows";
import { FOLLOWERS_FRESH_MS } from "../../worker/services/visitors/public-content";
import { dataMessage } from "./fuzz-arbitraries";
import { alerts, call, expectAlert, insertProject, page, rows, signup, tally, unique, visibleText } from "./helpers";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Uses up `key`'s window as if `count` requests had been accepted just now. */
async function usedUp(key: string, count: number, windowMs: number) {
  await env.DB.prepare(
    `insert into rate_limits (key, window_start, window_ms, count, max_count) values (?1, ?2, ?3, ?4, ?4)
     on conflict (key) do update set window_start = ?2, window_ms = ?3, count = ?4, max_count = ?4`,
  )
    .bind(key, Date.now(), windowMs, count)
    .run();
}

describe("the follow limit through the pages", () => {
  it("61 follows through the project page's form at once: 60 redirect, one 429 shows the message beside the button", async () => {
    const projects = await Promise.all(Array.from({ length: 61 }, () => insertProject({ publishedAt: Date.now() })));
    const fan = await signup();
    const answers = await Promise.all(
      projects.map((p) =>
        page(`/project/${p.slug}`, { token: fan.token, form: { intent: "follow", projectId: p.id } }),
      ),
    );
    expect(tally(answers.map((r) => r.status))).toEqual({ 302: 60, 429: 1 });
    const refusedAt = answers.findIndex((r) => r.status === 429);
    expect(Number(answers[refusedAt]!.headers.get("Retry-After"))).toBeGreaterThan(0);
    await expectAlert(answers[refusedAt]!, 429, FOLLOW_MESSAGES.tooMany);
    expect(await rows("project_follows", "user_id = ?", fan.user.id)).toBe(60);
    expect(await rows("project_follows", "project_id = ?", projects[refusedAt]!.id)).toBe(0);
  });

  it("the project page's .data door: 429 with the message and Retry-After, nothing stored", async () => {
    const project = await insertProject({ publishedAt: Date.now() });
    const fan = await signup();
    await usedUp(`follow:user:${fan.user.id}`, FOLLOW_RATE_LIMIT.max, FOLLOW_RATE_LIMIT.windowMs);
    const res = await page(`/project/${project.slug}.data`, {
      token: fan.token,
      form: { intent: "follow", projectId: project.id },
    });
    expect({
      status: res.status,
      retryAfter: Number(res.headers.get("Retry-After")) > 0,
      message: dataMessage(await res.text()),
      stored: await rows("project_follows", "user_id = ?", fan.user.id),
    }).toEqual({ status: 429, retryAfter: true, message: FOLLOW_MESSAGES.tooMany, stored: 0 });
  });

  it.each(["/demo", "/demo.data"])(
    "the browser card's Follow (%s): 429 with the message and Retry-After, nothing stored",
    async (path) => {
      const project = await insertProject({ publishedAt: Date.now() });
      const fan = await signup();
      await usedUp(`follow:user:${fan.user.id}`, FOLLOW_RATE_LIMIT.max, FOLLOW_RATE_LIMIT.windowMs);
      const res = await page(path, { token: fan.token, form: { intent: "follow", projectId: project.id } });
      const text = await res.text();
      expect({
        status: res.status,
        retryAfter: Number(res.headers.get("Retry-After")) > 0,
        message: path.endsWith(".data") ? dataMessage(text) : alerts(text).includes(FOLLOW_MESSAGES.tooMany),
        stored: await rows("project_follows", "user_id = ?", fan.user.id),
      }).toEqual({
        status: 429,
        retryAfter: true,
        message: path.endsWith(".data") ? FOLLOW_MESSAGES.tooMany : true,
        stored: 0,
      });
    },
  );

  it("settings' Unfollow counts against the same limit", async () => {
    const project = await insertProject({ publishedAt: Date.now() });
    const fan = await signup();
    await call(`/api/projects/${project.id}/follow`, { method: "POST", token: fan.token });
    await usedUp(`follow:user:${fan.user.id}`, FOLLOW_RATE_LIMIT.max, FOLLOW_RATE_LIMIT.windowMs);
    const res = await page("/settings/watchlist", {
      token: fan.token,
      form: { intent: "unfollow", projectId: project.id },
    });
    await expectAlert(res, 429, FOLLOW_MESSAGES.tooMany);
  });
});

describe("a follow loop and the visitors' cache", () => {
  it("20 follows and unfollows through the page: every anonymous /demo after the first is a cache hit", async () => {
    const project = await insertProject({ publishedAt: Date.now() });
    const fan = await signup();
    const demo = unique("/demo?page=1&run=");
    const seen: string[] = [];
    seen.push((await page(demo)).headers.get("X-Edge-Cache") ?? "none");
    for (let i = 0; i < 20; i++) {
      const toggled = await page(`/project/${project.slug}`, {
        token: fan.token,
        form: { intent: i % 2 === 0 ? "follow" : "unfollow", projectId: project.id },
      });
      expect(toggled.status).toBe(302);
      seen.push((await page(demo)).headers.get("X-Edge-Cache") ?? "none");
    }
    expect(seen).toEqual(["MISS", ...Array(20).fill("HIT")]);
  });

  it("the project page's own count is fresh a second after a follow", async () => {
    const project = await insertProject({ slug: unique("count-"), publishedAt: Date.now() });
    const fan = await signup();
    expect(visibleText(await (await page(`/project/${project.slug}`)).text())).toContain("0 followers");
    await page(`/project/${project.slug}`, { token: fan.token, form: { intent: "follow", projectId: project.id } });
    await sleep(FOLLOWERS_FRESH_MS + 50);
    expect(visibleText(await (await page(`/project/${project.slug}`)).text())).toContain("1 follower");
  });
});

describe("the update limit through the founder dashboard", () => {
  async function founderWithFans(fans: number) {
    const founder = await signup("founder");
    const project = await insertProject({ founderId: founder.user.id, publishedAt: Date.now() });
    for (let i = 0; i < fans; i++) {
      const fan = await signup();
      await call(`/api/projects/${project.id}/follow`, { method: "POST", token: fan.token });
    }
    return { founder, project };
  }
  const post = (token: string, projectId: string, i: number, suffix = "") =>
    page(`/founder-dashboard${suffix}`, {
      token,
      form: { intent: "post-update", projectId, title: `Update ${i}`, body: "News." },
    });

  it("12 updates through the form at once: 10 redirect, 2 show the limit's message; 10 stored, 10 per follower", async () => {
    const { founder, project } = await founderWithFans(2);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => post(founder.token, project.id, i)));
    expect(tally(answers.map((r) => r.status))).toEqual({ 302: 10, 429: 2 });
    const refused = answers.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(alerts(await refused.text())).toContain(UPDATE_MESSAGES.tooMany);
    expect(await rows("project_updates", "project_id = ?", project.id)).toBe(10);
    expect(await rows("notifications", "project_id = ? and kind = 'update'", project.id)).toBe(20);
  });

  it("the 11th update through the .data door: 429 with the message, nothing stored", async () => {
    const { founder, project } = await founderWithFans(1);
    for (let i = 0; i < 10; i++) expect((await post(founder.token, project.id, i)).status).toBe(302);
    const res = await post(founder.token, project.id, 10, ".data");
    expect({
      status: res.status,
      message: dataMessage(await res.text()),
      stored: await rows("project_updates", "project_id = ?", project.id),
      notified: await rows("notifications", "project_id = ? and kind = 'update'", project.id),
    }).toEqual({ status: 429, message: UPDATE_MESSAGES.tooMany, stored: 10, notified: 10 });
  });
});

describe("usernames through the settings form", () => {
  const saveName = (token: string, username: string, suffix = "") =>
    page(`/settings/public-profile${suffix}`, { token, form: { intent: "profile", username } });
  const nameOf = async (userId: string) =>
    (
      await env.DB.prepare("select username from public_profiles where user_id = ?")
        .bind(userId)
        .first<{ username: string | null }>()
    )?.username ?? null;

  it.each(["admin", "Support", "campusfund", "Campus_Fund", "investors"])(
    "%s is refused with the field's message 'This username is reserved'",
    async (name) => {
      const { user, token } = await signup();
      const res = await saveName(token, name);
      const text = visibleText(await res.text());
      expect({
        status: res.status,
        said: text.includes(PROFILE_MESSAGES.usernameReserved),
        stored: await nameOf(user.id),
      }).toEqual({ status: 400, said: true, stored: null });
    },
  );

  it("a reserved name through the .data door: 400 with the field's message", async () => {
    const { token } = await signup();
    const res = await saveName(token, "administrator", ".data");
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(PROFILE_MESSAGES.usernameReserved);
  });

  it("a name another account gave up today is refused with the hold's message", async () => {
    const a = await signup();
    const b = await signup();
    const name = unique("given-up-").toLowerCase();
    expect((await saveName(a.token, name)).status).toBe(302);
    expect((await saveName(a.token, "")).status).toBe(302);
    const res = await saveName(b.token, name);
    expect(res.status).toBe(409);
    expect(visibleText(await res.text())).toContain(PROFILE_MESSAGES.usernameHeld);
  });

  it("5 changes through the form at once: 3 saved, 2 refused with the limit's message", async () => {
    const { token } = await signup();
    const answers = await Promise.all(Array.from({ length: 5 }, () => saveName(token, unique("burst-").toLowerCase())));
    expect(tally(answers.map((r) => r.status))).toEqual({ 302: 3, 429: 2 });
    const refused = answers.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(visibleText(await refused.text())).toContain(PROFILE_MESSAGES.usernameTooOften);
  });
});
