/**
 * The project page as its own founder sees it: Edit project and Dashboard where investors get
 * Invest, Follow and Ask (founders cannot invest, spec section 1); another founder and an investor
 * see the page as before (spec section 2: a founder sees a disabled Founders Cannot Invest).
 */
import { describe, expect, it } from "vitest";

import { insertProject, page, signup, visibleText } from "./helpers";

async function founderWithProject() {
  const founder = await signup("founder");
  const project = await insertProject({ founderId: founder.user.id, publishedAt: Date.now() });
  return { founder, project };
}

/** The page's HTML (scripts left out: the hydration data names every label). */
async function html(path: string, token: string): Promise<string> {
  const res = await page(path, { token });
  expect(res.status).toBe(200);
  return (await res.text()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
}

const FOLLOW_FORM = /name="intent" value="(un)?follow"/;
const THREAD_FORM = /name="intent" value="thread"/;

describe("the project page of the founder's own project", () => {
  it("offers Edit project and Dashboard in the hero and the sidebar, and no Invest or Follow", async () => {
    const { founder, project } = await founderWithProject();
    const body = await html(`/project/${project.slug}`, founder.token);
    const edits = body.match(new RegExp(`<a[^>]*href="/my-projects/edit/${project.id}"[^>]*>Edit project</a>`, "g"));
    const dashboards = body.match(/<a[^>]*href="\/founder-dashboard"[^>]*>Dashboard<\/a>/g);
    expect(edits).toHaveLength(2);
    expect(dashboards).toHaveLength(2);
    const text = visibleText(body);
    expect(text).not.toContain("Invest Now");
    expect(text).not.toContain("Founders Cannot Invest");
    expect(body).not.toMatch(FOLLOW_FORM);
  });

  it("has the new-thread form on the Discussion tab: the founder starts threads too (marked Founder)", async () => {
    const { founder, project } = await founderWithProject();
    const body = await html(`/project/${project.slug}?tab=discussion`, founder.token);
    expect(body).toMatch(THREAD_FORM);
    expect(visibleText(body)).toContain("Start a thread");
  });
});

describe("the same page for anyone else", () => {
  it("another founder sees Founders Cannot Invest, Follow and Start a thread, and no Edit project or Dashboard", async () => {
    const { project } = await founderWithProject();
    const other = await signup("founder");
    const overview = await html(`/project/${project.slug}`, other.token);
    const questions = await html(`/project/${project.slug}?tab=discussion`, other.token);
    expect(visibleText(overview)).toContain("Founders Cannot Invest");
    expect(overview).toMatch(FOLLOW_FORM);
    expect(questions).toMatch(THREAD_FORM);
    expect(visibleText(overview)).not.toContain("Edit project");
    expect(overview).not.toMatch(/>Dashboard<\/a>/);
  });

  it("an investor sees Invest Now, Follow and Start a thread, and no Edit project or Dashboard", async () => {
    const { project } = await founderWithProject();
    const investor = await signup("investor");
    const overview = await html(`/project/${project.slug}`, investor.token);
    const questions = await html(`/project/${project.slug}?tab=discussion`, investor.token);
    expect(visibleText(overview)).toContain("Invest Now");
    expect(overview).toMatch(FOLLOW_FORM);
    expect(questions).toMatch(THREAD_FORM);
    expect(visibleText(overview)).not.toContain("Edit project");
    expect(overview).not.toMatch(/>Dashboard<\/a>/);
  });
});
