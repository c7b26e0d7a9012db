/**
 * The upload rules (ADR 023) through the project form's doors (the page action and its `.data` route): images are
 * stored by a save that will be accepted, and kept (stored, in their URL fields) when the form
 * comes back to a founder who may save it: a row intent, a field's error. Another
 * founder's edit form, a visitor or an investor store nothing; a founder cannot save another founder's upload
 * URL; the account's quota and hourly limit apply here too (ADR 023). The API door and the limits
 * under concurrency: tests/workers/upload-limits.test.ts.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { PROJECT_MESSAGES } from "../../domain/projects/project-form-messages";
import { UPLOAD_MESSAGES, UPLOAD_QUOTA, UPLOAD_RATE_LIMIT } from "../../worker/services/projects/uploads";
import {
  bucketKeys,
  insertProject,
  page,
  recordUpload,
  rows,
  signup,
  TINY_PNG,
  visibleText,
  projectForm,
} from "./helpers";

const validForm = projectForm;

const png = (name: string) => new File([TINY_PNG], name, { type: "image/png" });

/** The form as multipart, with a main image, a logo and two gallery images chosen. */
function withFiles(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("imageFile", png("main.png"));
  form.append("logoFile", png("logo.png"));
  form.append("galleryFiles", png("g1.png"));
  form.append("galleryFiles", png("g2.png"));
  return form;
}

/** What is stored: objects in the bucket and rows in the ledger. */
const stored = async () => ({ objects: (await bucketKeys()).length, rows: await rows("uploads") });

/** What a user reads: the page's visible text, or the `.data` answer's text. */
const readable = async (res: Response, suffix: string) => (suffix ? res.text() : visibleText(await res.text()));

const DOORS = ["", ".data"] as const;

describe("the project form stores images for a save, and keeps them for a form that comes back to its founder", () => {
  for (const suffix of DOORS) {
    const door = suffix ? "the .data door" : "the page";
    it(`a row intent (add a team member) with images chosen: 200, the four stored in the founder's name, and the form says so (${door})`, async () => {
      const founder = await signup("founder");
      const before = await stored();
      const res = await page(`/my-projects/create${suffix}`, {
        token: founder.token,
        body: withFiles(validForm({ intent: "add:team" })),
      });
      expect({
        status: res.status,
        noted: (await readable(res, suffix)).includes(PROJECT_MESSAGES.filesKept),
        owned: await rows("uploads", "owner_id = ?", founder.user.id),
        stored: await stored(),
      }).toEqual({
        status: 200,
        noted: true,
        owned: 4,
        stored: { objects: before.objects + 4, rows: before.rows + 4 },
      });
    });

    it(`a refused save (no title) with images chosen: 400, nothing saved, the images kept in the founder's name (${door})`, async () => {
      const founder = await signup("founder");
      const res = await page(`/my-projects/create${suffix}`, {
        token: founder.token,
        body: withFiles(validForm({ title: "" })),
      });
      const text = await readable(res, suffix);
      expect({
        status: res.status,
        message: text.includes(PROJECT_MESSAGES.titleRequired),
        noted: text.includes(PROJECT_MESSAGES.filesKept),
        projects: await rows("projects", "founder_id = ?", founder.user.id),
        owned: await rows("uploads", "owner_id = ?", founder.user.id),
      }).toEqual({ status: 400, message: true, noted: true, projects: 0, owned: 4 });
    });

    it(`a row intent on another founder's edit form with images chosen: nothing stored (${door})`, async () => {
      const owner = await signup("founder");
      const other = await signup("founder");
      const project = await insertProject({ founderId: owner.user.id });
      const before = await stored();
      await page(`/my-projects/edit/${project.id}${suffix}`, {
        token: other.token,
        body: withFiles(validForm({ intent: "add:team" })),
      });
      expect(await stored()).toEqual(before);
    });

    it(`another founder's edit form: 403, nothing stored, the project unchanged (${door})`, async () => {
      const owner = await signup("founder");
      const other = await signup("founder");
      const project = await insertProject({ founderId: owner.user.id });
      const before = await stored();
      const res = await page(`/my-projects/edit/${project.id}${suffix}`, {
        token: other.token,
        body: withFiles(validForm()),
      });
      expect({
        status: res.status,
        message: (await readable(res, suffix)).includes(PROJECT_MESSAGES.noPermission),
        title: await rows("projects", "id = ? and title = ?", project.id, project.title),
      }).toEqual({ status: 403, message: true, title: 1 });
      expect(await stored()).toEqual(before);
    });

    // The page door answers as the page's loader does (sign in first, or home); .data with the action's status.
    const refusedStatuses = suffix ? [401, 403] : [302, 302];
    it(`a visitor and an investor are refused (${refusedStatuses.join(", ")}): nothing stored (${door})`, async () => {
      const investor = await signup("investor");
      const before = await stored();
      const visitor = await page(`/my-projects/create${suffix}`, { body: withFiles(validForm()) });
      const investing = await page(`/my-projects/create${suffix}`, {
        token: investor.token,
        body: withFiles(validForm()),
      });
      expect([visitor.status, investing.status]).toEqual(refusedStatuses);
      expect(await stored()).toEqual(before);
    });

    it(`founder B cannot save founder A's upload URL: 400 on the field, nothing saved (${door})`, async () => {
      const a = await signup("founder");
      const b = await signup("founder");
      const { url } = await recordUpload(a.user.id);
      const res = await page(`/my-projects/create${suffix}`, {
        token: b.token,
        form: validForm({ image: url }),
      });
      expect({
        status: res.status,
        message: (await readable(res, suffix)).includes(UPLOAD_MESSAGES.notYours),
        projects: await rows("projects", "founder_id = ?", b.user.id),
      }).toEqual({ status: 400, message: true, projects: 0 });
    });
  }

  it("a refused save shows each kept image in its URL field", async () => {
    const founder = await signup("founder");
    const res = await page("/my-projects/create", { token: founder.token, body: withFiles(validForm({ title: "" })) });
    const html = await res.text();
    const keys = await env.DB.prepare("select key from uploads where owner_id = ? order by key")
      .bind(founder.user.id)
      .all<{ key: string }>();
    const urls = keys.results.map((r) => `/uploads/${r.key.slice("projects/".length)}`);
    expect(urls.map((u) => html.includes(`value="${u}"`))).toEqual([true, true, true, true]);
  });

  it("the save after a refused one uses the kept images: the project holds them, nothing uploaded twice", async () => {
    const founder = await signup("founder");
    await page("/my-projects/create", { token: founder.token, body: withFiles(validForm({ title: "" })) });
    const kept = await env.DB.prepare("select key from uploads where owner_id = ? order by created_at, key")
      .bind(founder.user.id)
      .all<{ key: string }>();
    const [image, logo] = kept.results.map((r) => `/uploads/${r.key.slice("projects/".length)}`);
    const before = await stored();
    const res = await page("/my-projects/create", {
      token: founder.token,
      form: validForm({ image: image!, logo: logo! }),
    });
    expect({
      status: res.status,
      saved: await rows("projects", "founder_id = ? and image = ? and logo = ?", founder.user.id, image, logo),
      stored: await stored(),
    }).toEqual({ status: 302, saved: 1, stored: before });
  });

  it("a save stores its images in the founder's name and the project uses them", async () => {
    const founder = await signup("founder");
    const before = await stored();
    const res = await page("/my-projects/create", { token: founder.token, body: withFiles(validForm()) });
    const project = await env.DB.prepare("select image, logo, gallery from projects where founder_id = ?")
      .bind(founder.user.id)
      .first<{ image: string; logo: string; gallery: string }>();
    const used = [project!.image, project!.logo, ...(JSON.parse(project!.gallery) as string[])];
    const owned = await rows(
      "uploads",
      "owner_id = ? and key in (select 'projects/' || substr(value, 10) from json_each(?))",
      founder.user.id,
      JSON.stringify(used),
    );
    expect({
      status: res.status,
      to: res.headers.get("Location"),
      uploads: used.map((u) => /^\/uploads\/[0-9a-f-]{36}\.png$/.test(u)),
      owned,
      stored: await stored(),
    }).toEqual({
      status: 302,
      to: "/my-projects?saved=created",
      uploads: [true, true, true, true],
      owned: 4,
      stored: { objects: before.objects + 4, rows: before.rows + 4 },
    });
  });

  it("the founder's own upload URL is saved through the form", async () => {
    const founder = await signup("founder");
    const { url } = await recordUpload(founder.user.id);
    const res = await page("/my-projects/create", { token: founder.token, form: validForm({ logo: url }) });
    expect({
      status: res.status,
      saved: await rows("projects", "founder_id = ? and logo = ?", founder.user.id, url),
    }).toEqual({ status: 302, saved: 1 });
  });

  it("an admin may save the founder's upload URL on the founder's project", async () => {
    const owner = await signup("founder");
    const admin = await signup("founder");
    await env.DB.prepare("update users set role = 'admin' where id = ?").bind(admin.user.id).run();
    const project = await insertProject({ status: "draft", founderId: owner.user.id });
    const { url } = await recordUpload(owner.user.id);
    const res = await page(`/my-projects/edit/${project.id}`, { token: admin.token, form: validForm({ image: url }) });
    expect({ status: res.status, saved: await rows("projects", "id = ? and image = ?", project.id, url) }).toEqual({
      status: 302,
      saved: 1,
    });
  });

  it("a full account: 409 with the quota message beside the image, nothing stored or saved", async () => {
    const founder = await signup("founder");
    for (let i = 0; i < UPLOAD_QUOTA.images; i++) await recordUpload(founder.user.id);
    const before = await stored();
    const res = await page("/my-projects/create", { token: founder.token, body: withFiles(validForm()) });
    expect({
      status: res.status,
      message: visibleText(await res.text()).includes(UPLOAD_MESSAGES.quota),
      projects: await rows("projects", "founder_id = ?", founder.user.id),
      stored: await stored(),
    }).toEqual({ status: 409, message: true, projects: 0, stored: before });
  });

  it("past the hourly limit: 429 with Retry-After, the images stored before it deleted again, nothing saved", async () => {
    const founder = await signup("founder");
    // 29 of the hour's 30 used: the main image is stored, the logo is refused.
    await env.DB.prepare(
      "insert into rate_limits (key, window_start, window_ms, count, max_count) values (?1, ?2, ?3, ?4, ?5)",
    )
      .bind(
        `upload:user:${founder.user.id}`,
        Date.now(),
        UPLOAD_RATE_LIMIT.windowMs,
        UPLOAD_RATE_LIMIT.max - 1,
        UPLOAD_RATE_LIMIT.max,
      )
      .run();
    const before = await stored();
    const res = await page("/my-projects/create", { token: founder.token, body: withFiles(validForm()) });
    const retryAfter = Number(res.headers.get("Retry-After"));
    expect({
      status: res.status,
      retryAfterWithinTheHour: retryAfter >= 1 && retryAfter <= 3600,
      message: visibleText(await res.text()).includes(UPLOAD_RATE_LIMIT.message),
      projects: await rows("projects", "founder_id = ?", founder.user.id),
      stored: await stored(),
    }).toEqual({ status: 429, retryAfterWithinTheHour: true, message: true, projects: 0, stored: before });
  });
});
