/**
 * The conversation (ADR 022) through the page doors (forms as a browser without JavaScript sends them): the Discussion's
 * forms and limit under concurrency, who may answer and post updates, the bell's count read with the session,
 * and the query counts of the conversation's pages.
 */
import { describe, expect, it } from "vitest";

import { DISCUSSION_MESSAGES } from "../../domain/conversation/discussion-rules";
import { UPDATE_MESSAGES } from "../../domain/conversation/update-form";
import { call, expectAlert, insertProject, page, rows, signup, visibleText, queries } from "./helpers";

async function founderWithProject() {
  const founder = await signup("founder");
  const project = await insertProject({ founderId: founder.user.id, publishedAt: Date.now() });
  return { founder, project };
}

describe("the Discussion through the project page's forms", () => {
  const tab = (slug: string) => `/project/${slug}?tab=discussion`;

  it("8 threads sent at once: 5 are posted (redirects), 3 get the limit's message, 5 rows", async () => {
    const { project } = await founderWithProject();
    const poster = await signup();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        page(tab(project.slug), { token: poster.token, form: { intent: "thread", body: `Thread ${i}?` } }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([302, 302, 302, 302, 302, 429, 429, 429]);
    const refused = answers.find((r) => r.status === 429)!;
    await expectAlert(refused, 429, DISCUSSION_MESSAGES.tooManyThreads);
    expect(await rows("discussion_posts", "author_id = ?", poster.user.id)).toBe(5);
  });

  it("an empty thread re-renders with an alert and the message beside the field, and posts nothing", async () => {
    const { project } = await founderWithProject();
    const poster = await signup();
    const res = await page(tab(project.slug), { token: poster.token, form: { intent: "thread", body: "  " } });
    const html = await expectAlert(res, 400, "Your post was not published: please see below.");
    expect(visibleText(html)).toContain(DISCUSSION_MESSAGES.bodyRequired);
    expect(await rows("discussion_posts", "project_id = ?", project.id)).toBe(0);
  });

  it("a reply, an upvote and its undo, without JavaScript: each redirects back to the post", async () => {
    const { founder, project } = await founderWithProject();
    const poster = await signup();
    const started = await page(tab(project.slug), {
      token: poster.token,
      form: { intent: "thread", body: "Where do you manufacture?" },
    });
    expect(started.status).toBe(302);
    const threadId = /#post-(.+)$/.exec(started.headers.get("Location")!)![1]!;
    const replied = await page(tab(project.slug), {
      token: founder.token,
      form: { intent: "reply", postId: threadId, body: "In Ohio, @founder here." },
    });
    expect(replied.headers.get("Location")).toMatch(/\?tab=discussion&saved=replied#post-/);
    for (const intent of ["vote", "vote"]) {
      const voted = await page(tab(project.slug), { token: poster.token, form: { intent, postId: threadId } });
      expect(voted.headers.get("Location")).toBe(`${tab(project.slug)}#post-${threadId}`);
    }
    expect(await rows("discussion_votes", "post_id = ?", threadId)).toBe(1);
    await page(tab(project.slug), { token: poster.token, form: { intent: "unvote", postId: threadId } });
    expect(await rows("discussion_votes", "post_id = ?", threadId)).toBe(0);

    const html = await (await page(tab(project.slug), { token: poster.token })).text();
    const text = visibleText(html);
    expect(text).toContain("Where do you manufacture?");
    expect(text).toContain("In Ohio, @founder here.");
    expect(text).toContain("Founder");
    expect(text).toContain("Discussion (1)");
  });

  it("someone else's pin is refused with the message; the founder's pins", async () => {
    const { founder, project } = await founderWithProject();
    const poster = await signup();
    const posted = await call(`/api/projects/${project.id}/discussion`, {
      body: { body: "Pin me?" },
      token: poster.token,
    });
    const { id } = await posted.json<{ id: string }>();
    const refused = await page(tab(project.slug), { token: poster.token, form: { intent: "pin", postId: id } });
    await expectAlert(refused, 403, DISCUSSION_MESSAGES.onlyFounderPins);
    const pinned = await page(tab(project.slug), { token: founder.token, form: { intent: "pin", postId: id } });
    expect(pinned.status).toBe(302);
    expect(await rows("discussion_posts", "id = ? and pinned_at is not null", id)).toBe(1);
  });

  it("an old link to the Questions tab redirects to the Discussion", async () => {
    const { project } = await founderWithProject();
    const res = await page(`/project/${project.slug}?tab=questions`);
    expect([res.status, res.headers.get("Location")]).toEqual([302, `/project/${project.slug}?tab=discussion`]);
  });

  it("a visitor's thread goes to sign in carrying the draft", async () => {
    const { project } = await founderWithProject();
    const res = await page(tab(project.slug), { form: { intent: "thread", body: "Is it open source?" } });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(
      `/signin?intent=post&project=${project.slug}&body=Is%20it%20open%20source%3F`,
    );
  });
});

describe("a post to the project page that names none of its forms", () => {
  for (const tab of ["", "?tab=team"]) {
    it(`answers 400 with 'Unknown action' in an alert on the page${tab ? ` (${tab})` : ""}, writing nothing`, async () => {
      const { token } = await signup("founder");
      const project = await insertProject();
      const follows = await rows("project_follows", "project_id = ?", project.id);
      const res = await page(`/project/${project.slug}${tab}`, { token, form: {} });
      await expectAlert(res, 400, "Unknown action");
      expect(await rows("project_follows", "project_id = ?", project.id)).toBe(follows);
    });
  }
});

describe("updates through the founder dashboard's form", () => {
  it("an empty update re-renders with each field's message and writes nothing", async () => {
    const { founder, project } = await founderWithProject();
    const res = await page("/founder-dashboard", {
      token: founder.token,
      form: { intent: "post-update", projectId: project.id, title: "", body: "" },
    });
    expect(res.status).toBe(400);
    const text = visibleText(await res.text());
    expect(text).toContain(UPDATE_MESSAGES.titleRequired);
    expect(text).toContain(UPDATE_MESSAGES.bodyRequired);
    expect(await rows("project_updates", "project_id = ?", project.id)).toBe(0);
  });

  it("a founder posting to someone else's project is refused with the message", async () => {
    const { project } = await founderWithProject();
    const other = await signup("founder");
    await insertProject({ founderId: other.user.id, publishedAt: Date.now() });
    const res = await page("/founder-dashboard", {
      token: other.token,
      form: { intent: "post-update", projectId: project.id, title: "Hi", body: "There" },
    });
    await expectAlert(res, 403, UPDATE_MESSAGES.onlyFounder);
    expect(await rows("project_updates", "project_id = ?", project.id)).toBe(0);
  });
});

describe("the founder dashboard's updates: titles listed, a body only in the edit form", () => {
  async function withTwoUpdates() {
    const { founder, project } = await founderWithProject();
    const ids: string[] = [];
    for (const [title, body] of [
      ["Pilot live", "We launched the pilot in two dorms."],
      ["Hiring", "We are looking for a designer."],
    ]) {
      const posted = await call(`/api/projects/${project.id}/updates`, { body: { title, body }, token: founder.token });
      ids.push((await posted.json<{ id: string }>()).id);
    }
    return { founder, ids };
  }

  it("the dashboard's data lists both titles and carries neither body", async () => {
    const { founder } = await withTwoUpdates();
    const data = await (await page("/founder-dashboard.data", { token: founder.token })).text();
    expect([data.includes("Pilot live"), data.includes("Hiring")]).toEqual([true, true]);
    expect([data.includes("two dorms"), data.includes("a designer")]).toEqual([false, false]);
  });

  it("Edit (`?edit=`) fills the form with that update's body, and only its", async () => {
    const { founder, ids } = await withTwoUpdates();
    const html = await (await page(`/founder-dashboard?edit=${ids[0]}`, { token: founder.token })).text();
    expect(visibleText(html)).toContain("Edit update");
    expect([html.includes("We launched the pilot in two dorms."), html.includes("a designer")]).toEqual([true, false]);
  });
});

describe("deleting an update through the founder dashboard: a confirm step first", () => {
  async function withUpdate() {
    const { founder, project } = await founderWithProject();
    const posted = await call(`/api/projects/${project.id}/updates`, {
      body: { title: "Pilot live", body: "We launched." },
      token: founder.token,
    });
    const { id } = await posted.json<{ id: string }>();
    return { founder, project, updateId: id };
  }

  it("Delete's post deletes nothing and goes to the confirm step, which asks 'Delete this update?'", async () => {
    const { founder, project, updateId } = await withUpdate();
    const res = await page("/founder-dashboard", {
      token: founder.token,
      form: { intent: "delete-update", projectId: project.id, updateId },
    });
    expect(res.status).toBe(302);
    const location = res.headers.get("Location")!;
    expect(location).toBe(`/founder-dashboard?delete=${updateId}#dash-update-${updateId}`);
    expect(await rows("project_updates", "id = ?", updateId)).toBe(1);
    const step = visibleText(await (await page(location, { token: founder.token })).text());
    expect(step).toContain("Delete this update? “Pilot live”");
    expect(step).toContain("This cannot be undone.");
    expect(step).toContain("Delete update");
    expect(step).toContain("Keep it");
  });

  it("the confirmed post deletes the update and says so", async () => {
    const { founder, project, updateId } = await withUpdate();
    const res = await page("/founder-dashboard", {
      token: founder.token,
      form: { intent: "delete-update", projectId: project.id, updateId, confirm: "yes" },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/founder-dashboard?saved=deleted#updates");
    expect(await rows("project_updates", "id = ?", updateId)).toBe(0);
  });

  it("a post whose confirmation is missing or wrong (an older page's form) deletes nothing", async () => {
    const { founder, project, updateId } = await withUpdate();
    const extras: Record<string, string>[] = [{}, { confirm: "" }, { confirm: "1" }];
    for (const extra of extras) {
      const res = await page("/founder-dashboard", {
        token: founder.token,
        form: { intent: "delete-update", projectId: project.id, updateId, ...extra },
      });
      expect(res.status).toBe(302);
    }
    expect(await rows("project_updates", "id = ?", updateId)).toBe(1);
  });
});

describe("the bell and the queries", () => {
  it("the header names the unread count, read with the session: the updates tab is 3 queries", async () => {
    const { founder, project } = await founderWithProject();
    const fan = await signup();
    await call(`/api/projects/${project.id}/follow`, { method: "POST", token: fan.token });
    await call(`/api/projects/${project.id}/updates`, { body: { title: "One", body: "." }, token: founder.token });
    await call(`/api/projects/${project.id}/updates`, { body: { title: "Two", body: "." }, token: founder.token });
    const res = await page(`/project/${project.slug}?tab=updates`, { token: fan.token });
    expect(res.status).toBe(200);
    expect(queries(res)).toBe(3);
    expect(await res.text()).toContain('aria-label="Notifications, 2 unread"');
  });

  it("Mark all read through the form redirects, and the bell is read again", async () => {
    const { founder, project } = await founderWithProject();
    const fan = await signup();
    await call(`/api/projects/${project.id}/follow`, { method: "POST", token: fan.token });
    await call(`/api/projects/${project.id}/updates`, { body: { title: "One", body: "." }, token: founder.token });
    const res = await page("/notifications", { token: fan.token, form: { intent: "read-all" } });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/notifications?saved=read");
    const after = await page("/notifications?saved=read", { token: fan.token });
    const html = await after.text();
    expect(html).toContain('aria-label="Notifications"');
    expect(await rows("notifications", "user_id = ? and read_at is null", fan.user.id)).toBe(0);
  });
});
