/**
 * Inputs never change what was typed (ADR 032): no page with a form carries `maxlength`, which cut
 * a pasted 170-character short description to 150; every length-limited field shows its limit
 * instead ("Up to N characters" in the server-rendered page, a live counter with JavaScript), and
 * the form door refuses an over-long value with the field's message, saving nothing, while a value
 * of exactly the limit is saved. The API door's refusals are in tests/workers (auth, contacts,
 * supporters, conversation, profile, public-profile, project-editor) and tests/unit/length-limits.
 */
import { describe, expect, it } from "vitest";

import { constraintsOf } from "../../domain/shared/form-kit";
import { PROJECT_MESSAGES } from "../../domain/projects/project-form-messages";
import { projectFormSchema } from "../../domain/projects/project-form";
import { SEARCH_MESSAGES } from "../../domain/projects/project-search";
import { DISCUSSION_MESSAGES } from "../../domain/conversation/discussion-rules";
import { MESSAGES } from "../../domain/shared/messages";
import { UPDATE_MESSAGES } from "../../domain/conversation/update-form";
import {
  insertProject,
  page,
  projectForm,
  rows,
  signup,
  signupForm,
  unique,
  visibleText,
  type PageInit,
} from "./helpers";

/** The opening tags of the page's inputs and textareas. */
const controls = (html: string) => html.match(/<(?:input|textarea)\b[^>]*>/g) ?? [];

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/**
 * Each counter's limit, by the form name of the control it counts: the counter `<id>-count` says
 * "Up to N characters" in the server-rendered page.
 */
function limitHints(html: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const m of html.matchAll(
    /<p class="field-hint field-count" id="([^"]+)-count">Up to ([\d,]+) characters<\/p>/g,
  )) {
    const control = controls(html).find((tag) => attr(tag, "id") === m[1]);
    out[attr(control ?? "", "name") ?? `#${m[1]}`] = Number(m[2]!.replace(/,/g, ""));
  }
  return out;
}

const hasMaxlength = (html: string) => controls(html).some((tag) => /\smaxlength=/i.test(tag));

/** What the project form's schema limits, for each text control the page shows. */
function projectFormLimits(html: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const tag of controls(html)) {
    const name = attr(tag, "name");
    const type = attr(tag, "type") ?? "text";
    if (!name || ["hidden", "date", "number", "file", "checkbox", "radio", "submit"].includes(type)) continue;
    const max = constraintsOf(projectFormSchema(), name).maxLength;
    if (max !== undefined) out[name] = max;
  }
  return out;
}

async function founderWithProject() {
  const founder = await signup("founder");
  const project = await insertProject({ founderId: founder.user.id, publishedAt: Date.now() });
  return { founder, project };
}

interface PageCase {
  path: string;
  as?: () => Promise<{ token: string; path?: string }>;
  /** The limit each field shows, by form name (or "#id" for a control without a name). */
  limits: Record<string, number> | "project form";
}

const investor = async () => ({ token: (await signup()).token });
const founder = async () => ({ token: (await signup("founder")).token });

const PAGES: Record<string, PageCase> = {
  "sign-up": { path: "/signup", limits: { firstName: 80, lastName: 80, email: 254 } },
  "sign-in": { path: "/signin", limits: {} },
  "forgot password": { path: "/forgot-password", limits: {} },
  "home (contact form)": { path: "/", limits: { name: 100, email: 254, message: 5000 } },
  contact: { path: "/contact", limits: { name: 100, email: 254, message: 5000 } },
  support: { path: "/support", limits: { name: 100, email: 254, message: 500 } },
  tasks: { path: "/tasks", limits: { text: 200 } },
  "browse search": { path: "/demo", limits: { q: 100 } },
  "browse search (explore)": { path: "/explore", limits: { q: 100 } },
  "profile (edit)": {
    path: "/profile?edit=1",
    as: investor,
    limits: { firstName: 80, lastName: 80, phoneNumber: 30, bio: 1000 },
  },
  "settings: public profile": {
    path: "/settings/public-profile",
    as: investor,
    limits: { bio: 1000, investingThesis: 2000, about: 5000, offPlatformInvestments: 2000, investmentSize: 100 },
  },
  "settings: login & security": { path: "/settings/login-security", as: investor, limits: {} },
  "settings: investor information": { path: "/settings/investor-information", as: investor, limits: {} },
  "create project": { path: "/my-projects/create", as: founder, limits: "project form" },
  "edit project": {
    path: "",
    as: async () => {
      const { founder, project } = await founderWithProject();
      return { token: founder.token, path: `/my-projects/edit/${project.id}` };
    },
    limits: "project form",
  },
  "project page (new thread form)": {
    path: "",
    as: async () => {
      const { project } = await founderWithProject();
      return { token: (await signup()).token, path: `/project/${project.slug}?tab=discussion` };
    },
    limits: { body: 5000 },
  },
  "founder dashboard (update and perk forms)": {
    path: "",
    as: async () => {
      const { founder } = await founderWithProject();
      return { token: founder.token, path: "/founder-dashboard" };
    },
    limits: { title: 120, body: 10000, description: 500 },
  },
};

describe("no page with a form carries maxlength; every length-limited field shows its limit", () => {
  it.each(Object.entries(PAGES))("%s", async (_name, spec) => {
    const who = spec.as ? await spec.as() : null;
    const res = await page(who?.path ?? spec.path, who ? { token: who.token } : {});
    const html = await res.text();
    const limits = spec.limits === "project form" ? projectFormLimits(html) : spec.limits;
    expect({ status: res.status, maxlength: hasMaxlength(html), limits: limitHints(html) }).toEqual({
      status: 200,
      maxlength: false,
      limits,
    });
  });

  it("the project form shows the short description's limit, 150 (the field that was cut)", async () => {
    const { token } = await founder();
    const html = await (await page("/my-projects/create", { token })).text();
    expect(limitHints(html).shortDescription).toBe(150);
  });
});

/** A page post's status, whether the field's message is on the re-rendered page, and what it saved. */
async function post(path: string, init: PageInit, message: string, saved: () => Promise<number>) {
  const res = await page(path, init);
  const text = res.status === 302 ? "" : visibleText(await res.text());
  return { status: res.status, message: text.includes(message), saved: await saved() };
}

describe("the form door refuses over the limit with the field's message and saves nothing; the limit itself is saved", () => {
  const over = (n: number) => "x".repeat(n + 20);

  it("sign-up: a first name of 100 characters", async () => {
    const form = signupForm({ firstName: over(80) });
    const saved = () => rows("users", "email = ?", form.email);
    expect(await post("/signup", { form }, MESSAGES.firstNameTooLong, saved)).toEqual({
      status: 400,
      message: true,
      saved: 0,
    });
  });

  it("sign-up: names of exactly 80 characters (emoji: 160 UTF-16 units) are saved", async () => {
    const form = signupForm({ firstName: "🚀".repeat(80), lastName: "x".repeat(80) });
    const saved = () => rows("users", "email = ? and first_name = ?", form.email, "🚀".repeat(80));
    expect(await post("/signup", { form }, "", saved)).toMatchObject({ status: 302, saved: 1 });
  });

  it("contact: a message of 5,020 characters", async () => {
    const email = `${unique("c")}@example.edu`;
    const form = { name: "Casey", email, subject: "general", message: over(5000) };
    const saved = () => rows("contact_messages", "email = ?", email);
    expect(await post("/contact", { form }, MESSAGES.contactMessageTooLong, saved)).toEqual({
      status: 400,
      message: true,
      saved: 0,
    });
  });

  it("supporters: a message of 520 characters", async () => {
    const email = `${unique("s")}@example.edu`;
    const form = { name: "Sam", email, message: over(500), showPublicly: "on" };
    const saved = () => rows("supporters", "email = ?", email);
    expect(await post("/support", { form }, MESSAGES.supportMessageTooLong, saved)).toEqual({
      status: 400,
      message: true,
      saved: 0,
    });
  });

  it("project form: a short description of 170 characters, with the message beside the field", async () => {
    const { founder } = { founder: await signup("founder") };
    const res = await page("/my-projects/create", {
      token: founder.token,
      form: projectForm({ shortDescription: "s".repeat(170) }),
    });
    const html = await res.text();
    const beside = /<p class="field-error" id="f-shortDescription-error">([^<]*)<\/p>/.exec(html)?.[1];
    const kept = /<textarea[^>]*name="shortDescription"[^>]*>([^<]*)<\/textarea>/.exec(html)?.[1];
    expect({
      status: res.status,
      beside,
      kept: kept?.trim().length,
      saved: await rows("projects", "founder_id = ?", founder.user.id),
    }).toEqual({ status: 400, beside: PROJECT_MESSAGES.shortDescriptionMax, kept: 170, saved: 0 });
  });

  it("project form: a short description of exactly 150 emoji is saved whole", async () => {
    const founder = await signup("founder");
    const res = await page("/my-projects/create", {
      token: founder.token,
      form: projectForm({ shortDescription: "🌱".repeat(150) }),
    });
    expect({
      status: res.status,
      saved: await rows("projects", "founder_id = ? and short_description = ?", founder.user.id, "🌱".repeat(150)),
    }).toEqual({ status: 302, saved: 1 });
  });

  it("a Discussion post: 5,020 characters", async () => {
    const { project } = await founderWithProject();
    const poster = await signup();
    const saved = () => rows("discussion_posts", "project_id = ?", project.id);
    const init = { token: poster.token, form: { intent: "thread", body: over(5000) } };
    expect(await post(`/project/${project.slug}?tab=discussion`, init, DISCUSSION_MESSAGES.bodyTooLong, saved)).toEqual(
      { status: 400, message: true, saved: 0 },
    );
  });

  it("update: a title of 140 characters", async () => {
    const { founder, project } = await founderWithProject();
    const saved = () => rows("project_updates", "project_id = ?", project.id);
    const init = {
      token: founder.token,
      form: { intent: "post-update", projectId: project.id, title: over(120), body: "Body" },
    };
    expect(await post("/founder-dashboard", init, UPDATE_MESSAGES.titleTooLong, saved)).toEqual({
      status: 400,
      message: true,
      saved: 0,
    });
  });
});

describe("the browse search: over 100 characters it is refused with a message, never cut", () => {
  it("120 characters come back whole in the box, with the message beside it, unsearched", async () => {
    const typed = `${"campus ".repeat(17)}c`; // 120 characters
    const res = await page(`/demo?${new URLSearchParams({ q: typed })}`);
    const html = await res.text();
    const box = controls(html).find((tag) => attr(tag, "name") === "q") ?? "";
    expect({
      status: res.status,
      length: typed.length,
      box: attr(box, "value"),
      invalid: attr(box, "aria-invalid"),
      message: visibleText(html).includes(SEARCH_MESSAGES.tooLong),
    }).toEqual({ status: 200, length: 120, box: typed, invalid: "true", message: true });
  });

  it("100 characters are searched", async () => {
    const w = unique("zq").toLowerCase();
    await insertProject({ title: `Searched ${w}`, publishedAt: Date.now() });
    const typed = `${w} ${"🔎".repeat(99 - w.length)}`;
    const html = await (await page(`/demo?${new URLSearchParams({ q: typed })}`)).text();
    expect(visibleText(html)).toMatch(/1 project matches/);
  });
});
