/**
 * Incomplete drafts through the project form's doors (ADR 033), as a browser posts them: Save
 * progress keeps what was typed with required fields empty (the founder's working copy), the form
 * and My Projects show it again, Discard saved progress removes it, the autosave (`.data`, with
 * JavaScript) keeps text and never files, and Create Project still enforces every required field.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { DRAFT_MESSAGES } from "../../domain/projects/project-draft";
import { PROJECT_MESSAGES } from "../../domain/projects/project-form-messages";
import { termsFingerprint } from "../../domain/projects/review";
import { bucketKeys, call, json, page, projectBody, rows, signup, TINY_PNG, visibleText } from "./helpers";

/** The page's visible text with the spaces before punctuation that inline elements leave removed. */
const readable = async (res: Response) => visibleText(await res.text()).replace(/\s+([:;.,])/g, "$1");

const copyOf = (founderId: string) =>
  env.DB.prepare("select project_id, body from project_drafts where founder_id = ?")
    .bind(founderId)
    .first<{ project_id: string | null; body: string }>();

/** The create form as a browser posts it with only a title and a description typed. */
const halfForm = (extra: Record<string, string> = {}) => ({
  title: "Half a Plan",
  description: "Only this so far.",
  sharePrice: "10",
  "investmentTerms.equityPercentage": "10",
  "investmentTerms.minInvestment": "100",
  regulationType: "SAFE",
  riskLevel: "medium",
  ...extra,
});

describe("Save progress on the create form", () => {
  it("keeps what was typed with required fields empty, says so, and lists what is still to fill in", async () => {
    const founder = await signup("founder");
    const res = await page("/my-projects/create", { token: founder.token, form: halfForm({ intent: "draft" }) });
    const text = await readable(res);
    expect({
      status: res.status,
      saved: text.includes(DRAFT_MESSAGES.saved),
      toFill: text.includes("Still to fill in before you can create your project: Short description, Category"),
      projects: await rows("projects", "founder_id = ?", founder.user.id),
    }).toEqual({ status: 200, saved: true, toFill: true, projects: 0 });
    const copy = await copyOf(founder.user.id);
    expect(copy?.project_id).toBeNull();
    expect(JSON.parse(copy?.body ?? "{}")).toMatchObject({ title: "Half a Plan", description: "Only this so far." });
  });

  it("comes back when the founder returns: the create form shows it, My Projects offers it", async () => {
    const founder = await signup("founder");
    await page("/my-projects/create", { token: founder.token, form: halfForm({ intent: "draft" }) });

    const form = await (await page("/my-projects/create", { token: founder.token })).text();
    expect(form).toContain('value="Half a Plan"');
    expect(visibleText(form)).toMatch(
      /This is your saved progress, from [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} UTC\./,
    );

    const mine = await readable(await page("/my-projects", { token: founder.token }));
    expect(mine).toContain("Your project in progress: Half a Plan");
    // Share price has its default: 8 of the 9 required fields are empty.
    expect(mine).toContain("; 8 required fields still to fill in.");
    expect(mine).toContain("Continue your project");
  });

  it("refuses a value that breaks a rule, beside its field, and keeps nothing", async () => {
    const founder = await signup("founder");
    const res = await page("/my-projects/create", {
      token: founder.token,
      form: halfForm({ intent: "draft", fundingGoal: "5500" }),
    });
    const text = visibleText(await res.text());
    expect({ status: res.status, message: text.includes(PROJECT_MESSAGES.fundingGoalStep) }).toEqual({
      status: 400,
      message: true,
    });
    expect(await copyOf(founder.user.id)).toBeNull();
  });

  it("a draft larger than 256 KB is refused with 413 and its message, and nothing is kept", async () => {
    const founder = await signup("founder");
    const faqs: Record<string, string> = {};
    for (let i = 0; i < 50; i++) {
      faqs[`faqs[${i}].question`] = `Question ${i}?`;
      faqs[`faqs[${i}].answer`] = "a".repeat(5_000);
    }
    const res = await page("/my-projects/create", {
      token: founder.token,
      form: halfForm({ intent: "draft", about: "b".repeat(10_000), ...faqs }),
    });
    expect({ status: res.status, message: visibleText(await res.text()).includes(DRAFT_MESSAGES.tooLarge) }).toEqual({
      status: 413,
      message: true,
    });
    expect(await copyOf(founder.user.id)).toBeNull();
  });

  it("Create Project still refuses the same form with every required field's message", async () => {
    const founder = await signup("founder");
    const res = await page("/my-projects/create", { token: founder.token, form: halfForm() });
    const text = visibleText(await res.text());
    expect({
      status: res.status,
      shortDescription: text.includes(PROJECT_MESSAGES.shortDescriptionRequired),
      image: text.includes(PROJECT_MESSAGES.imageRequired),
      kept: await copyOf(founder.user.id),
    }).toEqual({ status: 400, shortDescription: true, image: true, kept: null });
  });

  it("Discard saved progress removes it and the form starts over", async () => {
    const founder = await signup("founder");
    await page("/my-projects/create", { token: founder.token, form: halfForm({ intent: "draft" }) });
    const res = await page("/my-projects/create", { token: founder.token, form: halfForm({ intent: "discard" }) });
    expect({ status: res.status, to: res.headers.get("Location") }).toEqual({
      status: 302,
      to: "/my-projects/create?discarded=1",
    });
    expect(await copyOf(founder.user.id)).toBeNull();
    const form = await (await page("/my-projects/create?discarded=1", { token: founder.token })).text();
    expect({ said: visibleText(form).includes(DRAFT_MESSAGES.discarded), title: form.includes("Half a Plan") }).toEqual(
      {
        said: true,
        title: false,
      },
    );
  });
});

describe("the autosave (the form's .data door, with JavaScript)", () => {
  it("keeps the typed text as the working copy, and never a file sent with it", async () => {
    const founder = await signup("founder");
    const body = new FormData();
    for (const [k, v] of Object.entries(halfForm({ intent: "autosave", js: "1" }))) body.append(k, v);
    body.append("imageFile", new File([TINY_PNG], "main.png", { type: "image/png" }));
    const before = await bucketKeys();
    const res = await page("/my-projects/create.data", { token: founder.token, body });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("autosave");
    expect(JSON.parse((await copyOf(founder.user.id))?.body ?? "{}").title).toBe("Half a Plan");
    expect(await bucketKeys()).toEqual(before);
  });

  it("is refused to an investor, and keeps nothing", async () => {
    const investor = await signup("investor");
    const res = await page("/my-projects/create.data", {
      token: investor.token,
      form: halfForm({ intent: "autosave", js: "1" }),
    });
    expect(res.status).toBe(403);
    expect(await copyOf(investor.user.id)).toBeNull();
  });
});

describe("a draft project's edit form", () => {
  it("keeps a cleared required field in the working copy, the project as last saved, until Save to project", async () => {
    const founder = await signup("founder");
    const created = await call("/api/projects/create", { token: founder.token, body: projectBody() });
    const project = await json<{ _id: string; title: string }>(created);
    const form = {
      ...halfForm({ title: "", description: "Rewritten." }),
      shortDescription: "Smart locks for dorm rooms.",
      category: "Technology",
      fundingGoal: "50000",
      fundingDeadline: new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10),
      projectDuration: "12",
      image: "https://cdn.example.org/main.png",
      "creatorInfo.name": "Fiona Founder",
      "creatorInfo.bio": "Builds locks.",
    };
    const res = await page(`/my-projects/edit/${project._id}`, {
      token: founder.token,
      form: { ...form, intent: "draft" },
    });
    expect(res.status).toBe(200);
    expect(await readable(res)).toContain("Still to fill in before you can save it to your project: Project title.");
    expect(
      await env.DB.prepare("select title from projects where id = ?").bind(project._id).first<{ title: string }>(),
    ).toEqual({ title: project.title });

    // The edit form shows the draft, not the project.
    const shown = await (await page(`/my-projects/edit/${project._id}`, { token: founder.token })).text();
    expect(shown).toContain("Rewritten.");

    // Save to project, complete: the project takes it and the working copy is gone.
    const saved = await page(`/my-projects/edit/${project._id}`, {
      token: founder.token,
      form: { ...form, title: "Finished Title", intent: "save" },
    });
    expect(saved.status).toBe(302);
    expect(await copyOf(founder.user.id)).toBeNull();
    expect(
      await env.DB.prepare("select title, description from projects where id = ?")
        .bind(project._id)
        .first<{ title: string; description: string }>(),
    ).toEqual({ title: "Finished Title", description: "Rewritten." });
  });
});

describe("Submit for review from a draft's edit form", () => {
  it("with required fields empty is refused with every one of them at once, and the project stays a draft", async () => {
    const founder = await signup("founder");
    const created = await call("/api/projects/create", { token: founder.token, body: projectBody() });
    const project = await json<{ _id: string }>(created);
    const res = await page(`/my-projects/edit/${project._id}`, {
      token: founder.token,
      form: { ...halfForm({ title: "", description: "" }), intent: "submit" },
    });
    // (The lock confirmation is asked first: without it nothing else is looked at.)
    const confirmed = await page(`/my-projects/edit/${project._id}`, {
      token: founder.token,
      form: {
        ...halfForm({ title: "", description: "" }),
        intent: "submit",
        confirmTerms: "on",
        confirmedTerms: termsFingerprint({
          sharePrice: "10",
          fundingGoal: undefined,
          equityPercentage: "10",
          regulationType: "SAFE",
        }),
      },
    });
    const text = await readable(confirmed);
    expect({
      unconfirmed: res.status,
      status: confirmed.status,
      errors: [
        PROJECT_MESSAGES.titleRequired,
        PROJECT_MESSAGES.descriptionRequired,
        PROJECT_MESSAGES.shortDescriptionRequired,
        PROJECT_MESSAGES.categoryRequired,
        PROJECT_MESSAGES.fundingGoalRequired,
        PROJECT_MESSAGES.imageRequired,
      ].filter((m) => !text.includes(m)),
      projectStatus: (
        await env.DB.prepare("select status from projects where id = ?").bind(project._id).first<{ status: string }>()
      )?.status,
    }).toEqual({ unconfirmed: 400, status: 400, errors: [], projectStatus: "draft" });
  });
});
