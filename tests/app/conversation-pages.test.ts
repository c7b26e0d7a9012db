/**
 * The conversation (ADR 022) through the page doors (forms as a browser without JavaScript sends them): the question
 * limit under concurrency, who may answer and post updates, the bell's count read with the session,
 * and the query counts of the conversation's pages.
 */
import { describe, expect, it } from "vitest";

import { QUESTION_MESSAGES } from "../../domain/conversation/question-form";
import { UPDATE_MESSAGES } from "../../domain/conversation/update-form";
import { call, expectAlert, insertProject, page, rows, signup, visibleText, queries } from "./helpers";

async function founderWithProject() {
  const founder = await signup("founder");
  const project = await insertProject({ founderId: founder.user.id, publishedAt: Date.now() });
  return { founder, project };
}

describe("questions through the project page's form", () => {
  it("8 questions sent at once: 5 are posted (redirects), 3 get the limit's message, 5 rows", async () => {
    const { project } = await founderWithProject();
    const asker = await signup();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        page(`/project/${project.slug}?tab=questions`, {
          token: asker.token,
          form: { intent: "ask", question: `Question ${i}?` },
        }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([302, 302, 302, 302, 302, 429, 429, 429]);
    const refused = answers.find((r) => r.status === 429)!;
    await expectAlert(refused, 429, QUESTION_MESSAGES.tooMany);
    expect(await rows("project_questions", "asker_id = ?", asker.user.id)).toBe(5);
  });

  it("an empty question re-renders with an alert and the message beside the field, and posts nothing", async () => {
    const { project } = await founderWithProject();
    const asker = await signup();
    const res = await page(`/project/${project.slug}?tab=questions`, {
      token: asker.token,
      form: { intent: "ask", question: "  " },
    });
    const html = await expectAlert(res, 400, QUESTION_MESSAGES.notPosted);
    expect(visibleText(html)).toContain(QUESTION_MESSAGES.questionRequired);
    expect(await rows("project_questions", "project_id = ?", project.id)).toBe(0);
  });

  it("another founder's answer is refused with the message, and the question stays unanswered", async () => {
    const { project } = await founderWithProject();
    const asker = await signup();
    const other = await signup("founder");
    const asked = await call(`/api/projects/${project.id}/questions`, {
      body: { question: "Runway?" },
      token: asker.token,
    });
    const { id } = await asked.json<{ id: string }>();
    const res = await page(`/project/${project.slug}?tab=questions`, {
      token: other.token,
      form: { intent: "answer", questionId: id, answer: "Forever." },
    });
    await expectAlert(res, 403, QUESTION_MESSAGES.onlyFounder);
    expect(await rows("project_questions", "id = ? and answer is null", id)).toBe(1);
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
