/**
 * The upload limits (ADR 023), through the API door and the services: the per-account
 * quota and hourly limit hold under a burst of concurrent uploads, an upload may be used only by a
 * project of the founder who stored it (or the admin editing), and the daily cleanup deletes what
 * no project uses. (The project form's door: tests/app/upload-form.test.ts.)
 */
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import type { ProjectDTO, SessionUser } from "../../domain/shared/types";
import { bannerMessage } from "../../domain/shared/form-kit";
import { CLEANUP_LIMITS, deleteUnusedUploads } from "../../worker/services/projects/upload-cleanup";
import {
  storeImage,
  UPLOAD_MESSAGES,
  UPLOAD_QUOTA,
  UPLOAD_RATE_LIMIT,
  uploadUsage,
} from "../../worker/services/projects/uploads";
import {
  bucketKeys,
  call,
  db,
  insertProject,
  json,
  makeAdmin,
  recordUpload,
  signup,
  TINY_PNG,
  unique,
  uniqueIp,
  projectBody,
} from "./helpers";

type Upload = Awaited<ReturnType<typeof recordUpload>>;

const DAY = 24 * 60 * 60 * 1000;
const tally = (codes: number[]) => codes.reduce<Record<number, number>>((t, c) => ({ ...t, [c]: (t[c] ?? 0) + 1 }), {});
const MB = 1024 * 1024;

/** A PNG signature followed by zeros, `size` bytes in all. */
function pngOfSize(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set(TINY_PNG.subarray(0, 8));
  return bytes;
}

function upload(token: string, bytes: Uint8Array<ArrayBuffer>) {
  const form = new FormData();
  form.append("file", new File([bytes], "a.png", { type: "image/png" }));
  return exports.default.fetch("http://localhost/api/uploads", {
    method: "POST",
    headers: { "CF-Connecting-IP": uniqueIp(), Authorization: `Bearer ${token}` },
    body: form,
  });
}

/** Rows and bytes the ledger holds for an account. */
const usage = (ownerId: string) => uploadUsage(db(), ownerId);

/** Objects in the bucket whose metadata names this owner. */
async function objectsOf(ownerId: string): Promise<{ count: number; bytes: number }> {
  let count = 0;
  let bytes = 0;
  let cursor: string | undefined;
  do {
    const page = await env.IMAGES.list({ prefix: "projects/", cursor, include: ["customMetadata"] });
    for (const o of page.objects) {
      if (o.customMetadata?.ownerId !== ownerId) continue;
      count++;
      bytes += o.size;
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return { count, bytes };
}

describe("the upload limits hold under a burst (2.17 GB from one account in 30 s)", () => {
  it("100 concurrent uploads of 100 KB from one account: exactly 30 stored (the hourly limit), 70 refused with 429", async () => {
    const { token, user } = await signup("founder");
    const size = 100 * 1024;
    const answers = await Promise.all(Array.from({ length: 100 }, () => upload(token, pngOfSize(size))));
    const bodies = await Promise.all(answers.map((r) => json<{ success: boolean; message?: string }>(r)));
    const refused = answers.map((r, i) => ({ r, body: bodies[i] })).filter(({ r }) => r.status === 429);
    const retryAfter = Number(refused[0]?.r.headers.get("Retry-After"));
    expect({
      statuses: tally(answers.map((r) => r.status)),
      message: refused[0]?.body,
      retryAfterWithinTheHour: retryAfter >= 1 && retryAfter <= 3600,
      ledger: await usage(user.id),
      bucket: await objectsOf(user.id),
    }).toEqual({
      statuses: { 201: 30, 429: 70 },
      message: { success: false, message: UPLOAD_RATE_LIMIT.message },
      retryAfterWithinTheHour: true,
      ledger: { images: 30, bytes: 30 * size },
      bucket: { count: 30, bytes: 30 * size },
    });
  });

  it("the image quota: an account holding 49 images gets exactly one more of 10 concurrent uploads, 9 × 409", async () => {
    const { token, user } = await signup("founder");
    for (let i = 0; i < UPLOAD_QUOTA.images - 1; i++) await recordUpload(user.id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => upload(token, TINY_PNG)));
    const refusal = await json(answers.find((r) => r.status === 409)!);
    expect({
      statuses: tally(answers.map((r) => r.status)),
      refusal,
      ledger: (await usage(user.id)).images,
      bucket: (await objectsOf(user.id)).count,
    }).toEqual({
      statuses: { 201: 1, 409: 9 },
      refusal: { success: false, message: UPLOAD_MESSAGES.quota },
      ledger: UPLOAD_QUOTA.images,
      bucket: 1,
    });
  });

  it("the byte quota: with 97 MB stored, exactly one of 5 concurrent 2 MB uploads fits under 100 MB", async () => {
    const { token, user } = await signup("founder");
    await recordUpload(user.id, { sizeBytes: 97 * MB });
    const answers = await Promise.all(Array.from({ length: 5 }, () => upload(token, pngOfSize(2 * MB))));
    expect({
      statuses: tally(answers.map((r) => r.status)),
      ledger: await usage(user.id),
      bucket: await objectsOf(user.id),
    }).toEqual({
      statuses: { 201: 1, 409: 4 },
      ledger: { images: 2, bytes: 99 * MB },
      bucket: { count: 1, bytes: 2 * MB },
    });
  });

  it("cleanup frees the quota: a full account whose images are unused and a day old may upload again", async () => {
    const { token, user } = await signup("founder");
    for (let i = 0; i < UPLOAD_QUOTA.images; i++) await recordUpload(user.id, { createdAt: Date.now() - 2 * DAY });
    const full = (await upload(token, TINY_PNG)).status;
    await deleteUnusedUploads(db(), env.IMAGES);
    expect([full, (await upload(token, TINY_PNG)).status]).toEqual([409, 201]);
  });

  it("when R2 fails, the ledger row is removed again: the failed upload takes no quota", async () => {
    const founder = { id: unique("owner-"), role: "founder" } as SessionUser;
    const broken = { put: () => Promise.reject(new Error("R2 is down")) } as unknown as R2Bucket;
    await expect(storeImage(db(), broken, founder, TINY_PNG)).rejects.toThrow("R2 is down");
    expect(await usage(founder.id)).toEqual({ images: 0, bytes: 0 });
  });
});

const create = (token: string, body: unknown) => call("/api/projects/create", { method: "POST", body, token });
const put = (id: string, token: string, body: unknown) => call(`/api/projects/${id}`, { method: "PUT", body, token });
const notYours = (...fields: string[]) => ({
  success: false,
  message: bannerMessage(fields.length),
  errors: Object.fromEntries(fields.map((f) => [f, UPLOAD_MESSAGES.notYours])),
});
const projectRow = (id: string) =>
  env.DB.prepare("select image, logo, gallery from projects where id = ?").bind(id).first();

describe("an upload belongs to the founder who stored it (API door)", () => {
  it("founder B cannot use founder A's upload as the main image: 400 on the field, nothing saved", async () => {
    const a = await signup("founder");
    const b = await signup("founder");
    const { url } = await recordUpload(a.user.id);
    const res = await create(b.token, projectBody({ image: url }));
    expect({ status: res.status, body: await json(res) }).toEqual({ status: 400, body: notYours("image") });
  });

  it("nor as a logo, a gallery row, the creator's or a team member's photo: each field says so", async () => {
    const a = await signup("founder");
    const b = await signup("founder");
    const ups = [];
    for (let i = 0; i < 4; i++) ups.push((await recordUpload(a.user.id)).url);
    const res = await create(
      b.token,
      projectBody({
        logo: ups[0],
        gallery: ["https://cdn.example.org/g.png", ups[1]],
        creatorInfo: { name: "Bea", bio: "Bio", image: ups[2] },
        team: [{ name: "Ann", role: "CTO", image: ups[3] }],
      }),
    );
    expect({ status: res.status, body: await json(res) }).toEqual({
      status: 400,
      body: notYours("logo", "gallery[1]", "creatorInfo.image", "team[0].image"),
    });
  });

  it("an upload URL the ledger does not know is refused the same way", async () => {
    const b = await signup("founder");
    const res = await create(b.token, projectBody({ image: `/uploads/${crypto.randomUUID()}.png` }));
    expect({ status: res.status, body: await json(res) }).toEqual({ status: 400, body: notYours("image") });
  });

  it("the founder's own upload is saved", async () => {
    const a = await signup("founder");
    const { url } = await recordUpload(a.user.id);
    const res = await create(a.token, projectBody({ image: url, gallery: [url] }));
    expect(res.status).toBe(201);
    expect(await projectRow((await json<ProjectDTO>(res))._id)).toEqual({
      image: url,
      logo: null,
      gallery: JSON.stringify([url]),
    });
  });

  it("founder B cannot put A's upload on B's own project with an edit either", async () => {
    const a = await signup("founder");
    const b = await signup("founder");
    const created = await create(b.token, projectBody());
    const id = (await json<ProjectDTO>(created))._id;
    const { url } = await recordUpload(a.user.id);
    const res = await put(id, b.token, projectBody({ logo: url }));
    expect({ status: res.status, body: await json(res), row: await projectRow(id) }).toEqual({
      status: 400,
      body: notYours("logo"),
      row: { image: "https://cdn.example.org/main.png", logo: null, gallery: "[]" },
    });
  });

  it("an admin editing A's project may use A's uploads and the admin's own", async () => {
    const a = await signup("founder");
    const admin = await signup("founder");
    await makeAdmin(admin.user.id);
    const id = (await json<ProjectDTO>(await create(a.token, projectBody())))._id;
    const founders = await recordUpload(a.user.id);
    const admins = await recordUpload(admin.user.id);
    const res = await put(id, admin.token, projectBody({ image: founders.url, logo: admins.url }));
    expect({ status: res.status, row: await projectRow(id) }).toEqual({
      status: 200,
      row: { image: founders.url, logo: admins.url, gallery: "[]" },
    });
  });

  it("an admin may not move a third founder's upload onto A's project", async () => {
    const a = await signup("founder");
    const c = await signup("founder");
    const admin = await signup("founder");
    await makeAdmin(admin.user.id);
    const id = (await json<ProjectDTO>(await create(a.token, projectBody())))._id;
    const { url } = await recordUpload(c.user.id);
    const res = await put(id, admin.token, projectBody({ image: url }));
    expect({ status: res.status, body: await json(res) }).toEqual({ status: 400, body: notYours("image") });
  });

  it("an upload already on the project stays savable, even one stored before the ledger existed", async () => {
    const a = await signup("founder");
    const legacy = `/uploads/${crypto.randomUUID()}.png`;
    const project = await insertProject({ status: "draft", founderId: a.user.id, image: legacy });
    const res = await put(project.id, a.token, projectBody({ image: legacy }));
    expect(res.status).toBe(200);
  });
});

describe("the daily cleanup deletes images no project uses, a day after they were stored", () => {
  it("ledger: an unused upload older than a day goes (R2 and row); used ones and a fresh one stay", async () => {
    const owner = unique("owner-");
    const old = Date.now() - 2 * DAY;
    const [unused, image, logo, gallery, creator, team] = (await Promise.all(
      Array.from({ length: 6 }, () => recordUpload(owner, { createdAt: old, put: true })),
    )) as [Upload, Upload, Upload, Upload, Upload, Upload];
    const fresh = await recordUpload(owner, { put: true });
    await insertProject({
      image: image.url,
      logo: logo.url,
      gallery: ["https://cdn.example.org/g.png", gallery.url],
      creatorInfo: { name: "C", bio: "B", image: creator.url },
      team: [{ name: "T", role: "CTO", image: team.url }],
    });
    const ours = [unused, image, logo, gallery, creator, team, fresh].map((u) => u.key).sort();
    const kept = [image, logo, gallery, creator, team, fresh].map((u) => u.key).sort();

    await deleteUnusedUploads(db(), env.IMAGES);

    const inBucket = (await bucketKeys()).filter((k) => ours.includes(k));
    const inLedger = (
      await env.DB.prepare("select key from uploads where owner_id = ? order by key").bind(owner).all<{ key: string }>()
    ).results.map((r) => r.key);
    expect({ inBucket, inLedger }).toEqual({ inBucket: kept, inLedger: kept });
  });

  it("bucket: an object with no ledger row (stored before the ledger) goes after a day unless a project uses it", async () => {
    const [orphan, used] = [`projects/${crypto.randomUUID()}.png`, `projects/${crypto.randomUUID()}.png`];
    for (const key of [orphan, used]) await env.IMAGES.put(key, TINY_PNG);
    await insertProject({ logo: `/uploads/${used.slice("projects/".length)}` });
    await deleteUnusedUploads(db(), env.IMAGES);
    const whileYoung = await bucketKeys();
    await deleteUnusedUploads(db(), env.IMAGES, Date.now() + 2 * DAY);
    const dayLater = await bucketKeys();
    expect({
      whileYoung: [whileYoung.includes(orphan), whileYoung.includes(used)],
      dayLater: [dayLater.includes(orphan), dayLater.includes(used)],
    }).toEqual({ whileYoung: [true, true], dayLater: [false, true] });
  });

  it("bucket: each run lists at most its budget and the next run goes on from there, until every orphan is gone", async () => {
    const orphans = Array.from({ length: 5 }, () => `projects/${crypto.randomUUID()}.png`);
    for (const key of orphans) await env.IMAGES.put(key, TINY_PNG);
    const limits = { ...CLEANUP_LIMITS, maxObjects: 2, cursorKey: `maintenance/${unique("cursor-")}` };
    const later = Date.now() + 2 * DAY;
    const total = (await bucketKeys()).length;
    const listed: number[] = [];
    for (let run = 0; run < Math.ceil(total / 2) + 1; run++) {
      listed.push((await deleteUnusedUploads(db(), env.IMAGES, later, limits)).listed);
    }
    const left = (await bucketKeys()).filter((k) => orphans.includes(k));
    expect({ overBudget: listed.filter((n) => n > 2), left }).toEqual({ overBudget: [], left: [] });
  });
});
