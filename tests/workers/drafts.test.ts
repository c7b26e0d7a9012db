/**
 * Incomplete drafts (ADR 033) through the real Worker and D1: a founder saves the
 * project form with required fields empty as their working copy; every other rule still applies;
 * the required fields are enforced when the project is created, saved or submitted; a complete
 * save replaces the working copy; the cleanup keeps the uploads a working copy uses.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { DAY_MS } from "../../domain/shared/dates";
import { DRAFT_MESSAGES } from "../../domain/projects/project-draft";
import { PROJECT_MESSAGES } from "../../domain/projects/project-form-messages";
import type { SessionUser } from "../../domain/shared/types";
import { saveWorkingCopy } from "../../worker/services/projects/project-drafts";
import { deleteUnusedUploads } from "../../worker/services/projects/upload-cleanup";
import { adminSession, call, db, json, projectBody, recordUpload, signup } from "./helpers";

const putDraft = (token: string | undefined, body: unknown, projectId?: string) =>
  call(projectId ? `/api/projects/${projectId}/draft` : "/api/projects/draft", { method: "PUT", token, body });
const getDraft = (token: string | undefined) => call("/api/projects/draft", { token });
const draftRows = (founderId: string) =>
  env.DB.prepare("select project_id, body from project_drafts where founder_id = ?")
    .bind(founderId)
    .all<{ project_id: string | null; body: string }>();

interface DraftAnswer {
  draft: { projectId: string | null; values: Record<string, unknown>; missing: { field: string; label: string }[] };
}

describe("a founder's incomplete draft", () => {
  it("keeps what was typed with required fields empty and lists them in the form's order", async () => {
    const founder = await signup("founder");
    const res = await putDraft(founder.token, { title: "Half a Plan", description: "Only this so far." });
    expect(res.status).toBe(200);
    const body = await json<DraftAnswer>(res);
    expect(body.draft.projectId).toBeNull();
    expect(body.draft.values).toEqual({ title: "Half a Plan", description: "Only this so far." });
    expect(body.draft.missing.map((m) => m.label)).toEqual([
      "Short description",
      "Category",
      "Project duration",
      "Funding goal",
      "Funding deadline",
      "Share price",
      "Creator name",
      "Creator bio",
      "Main image",
    ]);

    const again = await json<DraftAnswer>(await getDraft(founder.token));
    expect(again.draft.values.title).toBe("Half a Plan");
    // No project exists yet: the draft is only the working copy.
    const projects = await env.DB.prepare("select count(*) as n from projects where founder_id = ?")
      .bind(founder.user.id)
      .first<{ n: number }>();
    expect(projects?.n).toBe(0);
  });

  it("applies every other rule to what is filled in, and then keeps nothing", async () => {
    const founder = await signup("founder");
    const res = await putDraft(founder.token, { title: "Odd Goal", fundingGoal: 5_500, image: "not a url" });
    expect(res.status).toBe(400);
    const body = await json<{ message: string; errors: Record<string, string> }>(res);
    expect(body.errors).toEqual({
      fundingGoal: PROJECT_MESSAGES.fundingGoalStep,
      image: "Please enter a valid URL for Main image",
    });
    expect((await draftRows(founder.user.id)).results).toEqual([]);
  });

  it("keeps only the form's fields; a body over the API's limit is a 413 that keeps the earlier copy", async () => {
    const founder = await signup("founder");
    const res = await putDraft(founder.token, { title: "Extra", role: "admin", shares_sold: 9 });
    expect(res.status).toBe(200);
    expect(JSON.parse((await draftRows(founder.user.id)).results[0]?.body ?? "{}")).toEqual({ title: "Extra" });

    // 50 FAQ rows of 4,900 characters: every rule holds, the body is over the API's 64 KB.
    const faqs = Array.from({ length: 50 }, (_, i) => ({ question: `Q${i}?`, answer: "a".repeat(4_900) }));
    const big = await call("/api/projects/draft", {
      method: "PUT",
      token: founder.token,
      body: { title: "Big", faqs, about: "b".repeat(9_000) },
    });
    expect(big.status).toBe(413);
    expect(JSON.parse((await draftRows(founder.user.id)).results[0]?.body ?? "{}")).toEqual({ title: "Extra" });
  });

  it("is refused to investors, admins and visitors, and to a founder who already has a project", async () => {
    const investor = await signup("investor");
    expect((await putDraft(investor.token, { title: "x" })).status).toBe(403);
    expect((await putDraft(await adminSession(), { title: "x" })).status).toBe(403);
    expect((await putDraft(undefined, { title: "x" })).status).toBe(401);

    const founder = await signup("founder");
    expect((await call("/api/projects/create", { token: founder.token, body: projectBody() })).status).toBe(201);
    const res = await putDraft(founder.token, { title: "A second one" });
    expect(res.status).toBe(409);
    expect((await json(res)).message).toBe(PROJECT_MESSAGES.alreadyHasProject);
  });

  it("becomes the project when the founder saves it complete: the working copy is gone", async () => {
    const founder = await signup("founder");
    await putDraft(founder.token, { title: "Later Complete" });
    const created = await call("/api/projects/create", {
      token: founder.token,
      body: projectBody({ title: "Later Complete" }),
    });
    expect(created.status).toBe(201);
    expect((await draftRows(founder.user.id)).results).toEqual([]);
    expect((await getDraft(founder.token)).status).toBe(404);
  });

  it("still refuses to create a project with required fields empty", async () => {
    const founder = await signup("founder");
    const res = await call("/api/projects/create", { token: founder.token, body: { title: "Only a title" } });
    expect(res.status).toBe(400);
    expect((await json<{ errors: Record<string, string> }>(res)).errors.fundingGoal).toBe(
      PROJECT_MESSAGES.fundingGoalRequired,
    );
  });
});

describe("the working copy of a draft project", () => {
  async function founderWithDraft() {
    const founder = await signup("founder");
    const created = await call("/api/projects/create", { token: founder.token, body: projectBody() });
    const project = await json<{ _id: string; title: string }>(created);
    return { founder, project };
  }

  it("keeps the founder's changes with a required field cleared, while the project keeps its last complete save", async () => {
    const { founder, project } = await founderWithDraft();
    const res = await putDraft(founder.token, projectBody({ title: "", description: "Rewritten." }), project._id);
    expect(res.status).toBe(200);
    const body = await json<DraftAnswer>(res);
    expect(body.draft.projectId).toBe(project._id);
    expect(body.draft.missing).toEqual([{ field: "title", label: "Project title" }]);
    const row = await env.DB.prepare("select title, description from projects where id = ?")
      .bind(project._id)
      .first<{ title: string; description: string }>();
    expect(row).toEqual({ title: project.title, description: "Campus Keys replaces dorm keys with phones." });
  });

  it("holds back a submission for review until the founder saves it to the project", async () => {
    const { founder, project } = await founderWithDraft();
    await putDraft(founder.token, projectBody({ title: "", shortDescription: "", image: "" }), project._id);
    // Every field still to fill in, at once, with the spec's messages.
    const submitted = await call(`/api/projects/${project._id}/publish`, { method: "POST", token: founder.token });
    expect(submitted.status).toBe(409);
    expect(await json(submitted)).toMatchObject({
      message: DRAFT_MESSAGES.pending,
      errors: {
        title: PROJECT_MESSAGES.titleRequired,
        shortDescription: PROJECT_MESSAGES.shortDescriptionRequired,
        image: PROJECT_MESSAGES.imageRequired,
      },
    });
    expect(
      Object.keys(
        (
          await json<{ errors: object }>(
            await call(`/api/projects/${project._id}/publish`, { method: "POST", token: founder.token }),
          )
        ).errors,
      ),
    ).toHaveLength(3);

    const saved = await call(`/api/projects/${project._id}`, {
      method: "PUT",
      token: founder.token,
      body: projectBody({ title: "Finished Title" }),
    });
    expect(saved.status).toBe(200);
    expect((await draftRows(founder.user.id)).results).toEqual([]);
    const again = await call(`/api/projects/${project._id}/publish`, { method: "POST", token: founder.token });
    expect(again.status).toBe(200);
    expect((await json(again)).status).toBe("in_review");
  });

  it("is only for drafts: a project in review keeps the strict save", async () => {
    const { founder, project } = await founderWithDraft();
    await call(`/api/projects/${project._id}/publish`, { method: "POST", token: founder.token });
    const res = await putDraft(founder.token, projectBody({ title: "" }), project._id);
    expect(res.status).toBe(409);
    expect((await json(res)).message).toBe(DRAFT_MESSAGES.notDraft);
  });

  it("is the founder's own: to another founder the draft does not exist, and nothing is kept", async () => {
    const { project } = await founderWithDraft();
    const other = await signup("founder");
    expect((await putDraft(other.token, { title: "Mine now" }, project._id)).status).toBe(404);
    expect((await draftRows(other.user.id)).results).toEqual([]);
  });

  it("is discarded on request", async () => {
    const { founder, project } = await founderWithDraft();
    await putDraft(founder.token, projectBody({ title: "" }), project._id);
    const res = await call("/api/projects/draft", { method: "DELETE", token: founder.token });
    expect(await json(res)).toEqual({ deleted: true });
    expect((await getDraft(founder.token)).status).toBe(404);
  });

  it("concurrent saves leave one working copy, the founder's", async () => {
    const founder = await signup("founder");
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => putDraft(founder.token, { title: `Version ${i}` })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    const rows = (await draftRows(founder.user.id)).results;
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]?.body ?? "{}").title).toMatch(/^Version [0-7]$/);
  });
});

describe("uploads in a working copy", () => {
  it("must be the founder's own", async () => {
    const founder = await signup("founder");
    const stranger = await signup("founder");
    const theirs = await recordUpload(stranger.user.id);
    const res = await putDraft(founder.token, { title: "Borrowed", image: theirs.url });
    expect(res.status).toBe(400);
    expect(Object.keys((await json<{ errors: Record<string, string> }>(res)).errors)).toEqual(["image"]);
  });

  it("are kept by the daily cleanup while only the working copy uses them", async () => {
    const founder = await signup("founder");
    const old = Date.now() - 2 * DAY_MS;
    const used = await recordUpload(founder.user.id, { createdAt: old, put: true });
    const unused = await recordUpload(founder.user.id, { createdAt: old, put: true });
    expect((await putDraft(founder.token, { title: "Pictures first", image: used.url })).status).toBe(200);

    await deleteUnusedUploads(db(), env.IMAGES);
    const keys = await env.DB.prepare("select key from uploads where owner_id = ? order by key")
      .bind(founder.user.id)
      .all<{ key: string }>();
    expect(keys.results.map((r) => r.key)).toEqual([used.key]);
    expect(await env.IMAGES.head(unused.key)).toBeNull();
    expect(await env.IMAGES.head(used.key)).not.toBeNull();
  });
});

describe("a working copy written as the project is created", () => {
  it("is refused once the founder's project exists, even with a session read before", async () => {
    const founder = await signup("founder");
    // The session as an autosave read it: no project yet.
    const { user: before } = await json<{ user: SessionUser }>(await call("/api/auth/me", { token: founder.token }));
    expect(before.ownedProject).toBeNull();
    const created = await call("/api/projects/create", { token: founder.token, body: projectBody() });
    expect(created.status).toBe(201);
    await expect(saveWorkingCopy(db(), before, undefined, { title: "Late autosave" })).rejects.toMatchObject({
      status: 409,
      code: "already_has_project",
    });
    expect((await draftRows(founder.user.id)).results).toEqual([]);
  });
});
