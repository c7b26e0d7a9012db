/**
 * Founders' images (ADR 017): checked by their bytes, stored in R2, served from our own origin;
 * the API door, the page form's file rules and the page body cap per path.
 */
import { createExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import type { SessionUser } from "../../domain/shared/types";
import { FORM_MESSAGES, formFiles, readForm } from "../../app/server/form.server";
import { createApp } from "../../worker/app";
import { MAX_PAGE_BODY_BYTES, maxPageBodyBytes } from "../../worker/middleware/body-limits";
import { UPLOAD_BODY_BYTES } from "../../worker/api/uploads";
import { MAX_BODY_BYTES } from "../../worker/api/util";
import { SESSION_COOKIE } from "../../worker/services/accounts/sessions";
import { ServiceError } from "../../worker/services/shared/errors";
import {
  IMAGE_FIELD_LABELS,
  UPLOAD_MESSAGES,
  isOurUploadUrl,
  sniffImageType,
  storeImage,
} from "../../worker/services/projects/uploads";
import { DOCUMENT_LIMITS, FORM_LIMITS, IMAGE_LIMITS } from "../../domain/shared/limits";
import { call, db, json, makeAdmin, signup, uniqueIp } from "./helpers";
import { queries } from "../shared/responses";

const MB2 = 2 * 1024 * 1024;
const UUID = "0b8a3c52-6f1e-4d2a-9b7c-3e5f1a2b4c6d";
const UUID_NAME = /^\/uploads\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.(png|jpg|webp)$/;

const base64 = (s: string) => Uint8Array.from(atob(s), (ch) => ch.charCodeAt(0));
const ascii = (s: string) => new TextEncoder().encode(s);

/** A real 1×1 PNG, a JFIF header with end marker, a real 1×1 lossless WebP. */
const PNG = base64("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==");
const JPEG = new Uint8Array([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
  0x00, 0xff, 0xd9,
]);
const WEBP = base64("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==");
const SVG = ascii('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const GIF = ascii("GIF89a\x01\x00\x01\x00\x00\x00\x00;");
const HTML = ascii("<!doctype html><script>alert(document.cookie)</script>");
const PDF = ascii("%PDF-1.7\n%âãÏÓ\n");

/** A PNG signature followed by zeros, `size` bytes in all. */
function pngOfSize(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set(PNG.subarray(0, 8));
  return bytes;
}

const fileOf = (bytes: Uint8Array<ArrayBuffer>, name: string, type: string) => new File([bytes], name, { type });

function upload(
  file: File | string | null,
  init: { token?: string; headers?: Record<string, string>; field?: string; extra?: File } = {},
) {
  const form = new FormData();
  if (file !== null) form.append(init.field ?? "file", file);
  if (init.extra) form.append("file", init.extra);
  const headers: Record<string, string> = { "CF-Connecting-IP": uniqueIp(), ...init.headers };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  return exports.default.fetch("http://localhost/api/uploads", { method: "POST", headers, body: form });
}

/** Every key in the bucket: a refused upload must leave it unchanged. */
async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.IMAGES.list({ cursor });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys.sort();
}

type Uploaded = { success: boolean; url: string; contentType: string; size: number; message?: string };

describe("sniffImageType: the bytes decide, never the name or the browser's type", () => {
  it("recognises PNG, JPEG and WebP by their magic numbers", () => {
    expect([PNG, JPEG, WEBP].map(sniffImageType)).toEqual(["image/png", "image/jpeg", "image/webp"]);
  });

  it("refuses SVG, GIF, HTML, PDF, a RIFF that is not WebP, a truncated signature and nothing", () => {
    const wave = ascii("RIFF\x24\x00\x00\x00WAVEfmt ");
    const others = [SVG, GIF, HTML, PDF, wave, PNG.subarray(0, 7), new Uint8Array()];
    expect(others.map(sniffImageType)).toEqual(others.map(() => null));
  });
});

describe("isOurUploadUrl", () => {
  it("accepts /uploads/<uuid>.<png|jpg|webp> exactly", () => {
    expect(["png", "jpg", "webp"].map((ext) => isOurUploadUrl(`/uploads/${UUID}.${ext}`))).toEqual([true, true, true]);
  });

  it("refuses other extensions, other paths, full URLs, queries and upper case", () => {
    const bad = [
      `/uploads/${UUID}.svg`,
      `/uploads/${UUID}.jpeg`,
      `/uploads/${UUID}`,
      `/uploads/${UUID}.png?x=1`,
      `/uploads/${UUID}.png/`,
      `/uploads/../${UUID}.png`,
      `/uploads/x/${UUID}.png`,
      `https://evil.example/uploads/${UUID}.png`,
      `//evil.example/uploads/${UUID}.png`,
      `/uploads/${UUID.toUpperCase()}.png`,
      `/images/${UUID}.png`,
      "",
    ];
    expect(bad.map(isOurUploadUrl)).toEqual(bad.map(() => false));
  });
});

describe("POST /api/uploads and GET /uploads/<name>", () => {
  it.each([
    ["PNG", PNG, "logo.png", "image/png", "png"],
    ["JPEG", JPEG, "photo.jpeg", "image/jpeg", "jpg"],
    ["WebP", WEBP, "cover.webp", "image/webp", "webp"],
  ])(
    "a founder's %s is stored and served back byte for byte with its type, nosniff and a sandbox",
    async (_, bytes, name, type, ext) => {
      const { token, user } = await signup("founder");
      const res = await upload(fileOf(bytes, name, type), { token });
      expect(res.status).toBe(201);
      const body = await json<Uploaded>(res);
      expect(body).toEqual({
        success: true,
        url: expect.stringMatching(UUID_NAME),
        contentType: type,
        size: bytes.length,
      });
      expect(body.url.endsWith(`.${ext}`)).toBe(true);
      expect(isOurUploadUrl(body.url)).toBe(true);

      const stored = await env.IMAGES.head(`projects/${body.url.slice("/uploads/".length)}`);
      expect(stored?.customMetadata).toEqual({ ownerId: user.id });
      expect(stored?.httpMetadata?.contentType).toBe(type);

      const served = await call(body.url);
      expect(served.status).toBe(200);
      expect(served.headers.get("Content-Type")).toBe(type);
      expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(served.headers.get("Content-Disposition")).toBe("inline");
      expect(served.headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");
      expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      expect(served.headers.get("Content-Length")).toBe(String(bytes.length));
      expect(served.headers.get("ETag")).toBe(stored?.httpEtag);
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
    },
  );

  it("the browser's name and type are ignored: a JPEG sent as image/png named .png is stored and served as a JPEG", async () => {
    const { token } = await signup("founder");
    const body = await json<Uploaded>(await upload(fileOf(JPEG, "fake.png", "image/png"), { token }));
    expect(body.url.endsWith(".jpg")).toBe(true);
    expect((await call(body.url)).headers.get("Content-Type")).toBe("image/jpeg");
  });

  it("an admin may upload", async () => {
    const { token, user } = await signup("founder");
    await makeAdmin(user.id);
    expect((await upload(fileOf(PNG, "a.png", "image/png"), { token })).status).toBe(201);
  });

  it.each([
    ["an SVG", SVG, "logo.svg", "image/svg+xml"],
    ["a GIF", GIF, "anim.gif", "image/gif"],
    ["an HTML file renamed .png and sent as image/png", HTML, "innocent.png", "image/png"],
    ["a PDF", PDF, "deck.pdf", "application/pdf"],
  ])("%s is refused with 415 and nothing is stored", async (_, bytes, name, type) => {
    const { token } = await signup("founder");
    const before = await storedKeys();
    const res = await upload(fileOf(bytes, name, type), { token });
    expect(res.status).toBe(415);
    expect(await json(res)).toEqual({ success: false, message: "Images must be PNG, JPEG or WebP" });
    expect(await storedKeys()).toEqual(before);
  });

  it("an empty file is refused with 400", async () => {
    const { token } = await signup("founder");
    const res = await upload(fileOf(new Uint8Array(), "empty.png", "image/png"), { token });
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({ success: false, message: "The image is empty" });
  });

  it("an image of exactly 2 MB is accepted", async () => {
    const { token } = await signup("founder");
    const res = await upload(fileOf(pngOfSize(MB2), "big.png", "image/png"), { token });
    expect(res.status).toBe(201);
    expect((await json<Uploaded>(res)).size).toBe(MB2);
  });

  it("an image of 2 MB + 1 byte gets 413 with the image message, and nothing is stored", async () => {
    const { token } = await signup("founder");
    const before = await storedKeys();
    const res = await upload(fileOf(pngOfSize(MB2 + 1), "big.png", "image/png"), { token });
    expect(res.status).toBe(413);
    expect(await json(res)).toEqual({ success: false, message: "Each image must be at most 2 MB" });
    expect(await storedKeys()).toEqual(before);
  });

  it("a body over the upload limit gets 413 'Request body is too large', and nothing is stored", async () => {
    const { token } = await signup("founder");
    const before = await storedKeys();
    const res = await upload(fileOf(pngOfSize(UPLOAD_BODY_BYTES), "huge.png", "image/png"), { token });
    expect(res.status).toBe(413);
    expect(await json(res)).toEqual({ success: false, message: "Request body is too large" });
    expect(await storedKeys()).toEqual(before);
  });

  it("the larger limit is the upload's alone: other API routes still refuse a body over 64 KB", async () => {
    const res = await call("/api/contact", { body: { message: "x".repeat(MAX_BODY_BYTES) } });
    expect(res.status).toBe(413);
  });

  it("an investor gets 403", async () => {
    const { token } = await signup("investor");
    const res = await upload(fileOf(PNG, "a.png", "image/png"), { token });
    expect(res.status).toBe(403);
    expect(await json(res)).toEqual({ success: false, message: "Only founder accounts can upload project images" });
  });

  it("a visitor gets 401", async () => {
    const res = await upload(fileOf(PNG, "a.png", "image/png"));
    expect(res.status).toBe(401);
    expect(await json(res)).toEqual({ success: false, message: "Authentication required" });
  });

  it("a cookie-authenticated upload from another site is refused by the CSRF check", async () => {
    const { token } = await signup("founder");
    const res = await upload(fileOf(PNG, "a.png", "image/png"), {
      headers: { Cookie: `${SESSION_COOKIE}=${token}`, Origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect(await json(res)).toEqual({ success: false, message: "Cross-site request refused" });
  });

  it("a same-site cookie-authenticated upload is accepted", async () => {
    const { token } = await signup("founder");
    const res = await upload(fileOf(PNG, "a.png", "image/png"), {
      headers: { Cookie: `${SESSION_COOKIE}=${token}`, Origin: "http://localhost" },
    });
    expect(res.status).toBe(201);
  });

  it("a JSON body gets 415", async () => {
    const { token } = await signup("founder");
    const res = await call("/api/uploads", { token, body: { file: "x" } });
    expect(res.status).toBe(415);
    expect(await json(res)).toEqual({ success: false, message: "Content-Type must be multipart/form-data" });
  });

  it("a form without a file, or with text in the file field, gets 400", async () => {
    const { token } = await signup("founder");
    const missing = await upload(fileOf(PNG, "a.png", "image/png"), { token, field: "image" });
    const text = await upload("not a file", { token });
    expect([missing.status, text.status]).toEqual([400, 400]);
    expect(await json(missing)).toEqual({ success: false, message: UPLOAD_MESSAGES.missingFile });
    expect(await json(text)).toEqual({ success: false, message: UPLOAD_MESSAGES.missingFile });
  });

  it("two files in one request get 400", async () => {
    const { token } = await signup("founder");
    const res = await upload(fileOf(PNG, "a.png", "image/png"), { token, extra: fileOf(PNG, "b.png", "image/png") });
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({ success: false, message: "Send one image per request" });
  });

  it("GET /api/uploads is a 405 naming POST", async () => {
    const res = await call("/api/uploads");
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("POST");
  });

  it("HEAD answers the headers without the body; If-None-Match with the ETag is a 304", async () => {
    const { token } = await signup("founder");
    const { url } = await json<Uploaded>(await upload(fileOf(PNG, "a.png", "image/png"), { token }));
    const head = await call(url, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Type")).toBe("image/png");
    expect(head.headers.get("Content-Length")).toBe(String(PNG.length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);

    const etag = head.headers.get("ETag")!;
    const again = await call(url, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
  });

  it("an upload is public and the same for everyone: a signed-in request reads no session and may cache it", async () => {
    const { token } = await signup("founder");
    const { url } = await json<Uploaded>(await upload(fileOf(PNG, "a.png", "image/png"), { token }));
    const res = await call(url, { headers: { Cookie: `${SESSION_COOKIE}=${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("Set-Cookie")).toBeNull();
    expect(queries(res)).toBe(0);
  });

  it.each([
    ["an unknown name", `/uploads/${UUID}.png`],
    ["a path that climbs out", "/uploads/../x"],
    ["an encoded climb", "/uploads/..%2Fprojects%2Fx.png"],
    ["a name that is not ours", "/uploads/logo.png"],
    ["another extension", `/uploads/${UUID}.svg`],
    ["a deeper path", `/uploads/projects/${UUID}.png`],
    ["nothing", "/uploads/"],
  ])("%s is a 404", async (_, path) => {
    const res = await call(path);
    expect(res.status).toBe(404);
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("the key's own prefix is not reachable: /uploads/ names map to projects/ keys only", async () => {
    await env.IMAGES.put(`${UUID}.png`, PNG, { httpMetadata: { contentType: "image/png" } });
    expect((await call(`/uploads/${UUID}.png`)).status).toBe(404);
  });
});

describe("storeImage names the form field in its messages", () => {
  const founder = { id: "founder-1", role: "founder" } as SessionUser;
  const refusal = async (file: Uint8Array, label: string) => {
    try {
      await storeImage(db(), env.IMAGES, founder, file, label);
    } catch (e) {
      if (e instanceof ServiceError) return { status: e.status, message: e.message };
      throw e;
    }
    throw new Error("stored");
  };

  it("Main image: wrong type (415), too large (413), empty (400)", async () => {
    expect(await refusal(SVG, IMAGE_FIELD_LABELS.imageFile)).toEqual({
      status: 415,
      message: "Main image must be a PNG, JPEG or WebP image",
    });
    expect(await refusal(pngOfSize(MB2 + 1), IMAGE_FIELD_LABELS.imageFile)).toEqual({
      status: 413,
      message: "Main image must be at most 2 MB",
    });
    expect(await refusal(new Uint8Array(), IMAGE_FIELD_LABELS.imageFile)).toEqual({
      status: 400,
      message: "Main image is empty",
    });
  });

  it("Logo and Gallery image", async () => {
    expect((await refusal(GIF, IMAGE_FIELD_LABELS.logoFile)).message).toBe("Logo must be a PNG, JPEG or WebP image");
    expect((await refusal(pngOfSize(MB2 + 1), IMAGE_FIELD_LABELS.galleryFiles)).message).toBe(
      "Gallery image must be at most 2 MB",
    );
  });
});

/** A page form post, as a browser sends it (multipart when `form` is FormData). */
const formRequest = (form: FormData) =>
  new Request("http://localhost/my-projects/create", { method: "POST", body: form });

/** The status and message of readForm's refusal (a thrown `data()` response). */
async function formRefusal(form: FormData, limits: Parameters<typeof readForm>[1]) {
  try {
    await readForm(formRequest(form), limits);
  } catch (e) {
    const thrown = e as { data: { message: string }; init: { status: number } };
    return { status: thrown.init.status, message: thrown.data.message };
  }
  throw new Error("accepted");
}

describe("readForm: files only where the form allows them", () => {
  it("the project form's limits: 6 images of 2 MB, one 10 MB document's worth of PDFs, plus 256 KB of text", () => {
    expect(FORM_LIMITS.project.maxBytes).toBe(6 * IMAGE_LIMITS.maxBytes + DOCUMENT_LIMITS.maxBytes + 256 * 1024);
    expect(FORM_LIMITS.project.files).toEqual({
      fields: [
        "imageFile",
        "logoFile",
        "galleryFiles",
        "documents[0].file",
        "documents[1].file",
        "documents[2].file",
        "documents[3].file",
      ],
      maxFiles: 10,
      maxFileBytes: DOCUMENT_LIMITS.maxBytes,
    });
  });

  it("keeps files in the file fields, with the text fields; formFiles lists them per field", async () => {
    const form = new FormData();
    form.append("title", "Solar bikes");
    form.append("imageFile", fileOf(PNG, "main.png", "image/png"));
    form.append("galleryFiles", fileOf(JPEG, "g1.jpg", "image/jpeg"));
    form.append("galleryFiles", fileOf(WEBP, "g2.webp", "image/webp"));
    const read = await readForm(formRequest(form), FORM_LIMITS.project);
    expect(read.get("title")).toBe("Solar bikes");
    const files = formFiles(read);
    expect(Object.keys(files).sort()).toEqual(["galleryFiles", "imageFile"]);
    expect(files.imageFile!.map((f) => f.name)).toEqual(["main.png"]);
    expect(files.galleryFiles!.map((f) => f.name)).toEqual(["g1.jpg", "g2.webp"]);
    expect(new Uint8Array(await files.galleryFiles![1]!.arrayBuffer())).toEqual(WEBP);
  });

  it("a file in another field is refused with 400", async () => {
    const form = new FormData();
    form.append("title", fileOf(PNG, "main.png", "image/png"));
    expect(await formRefusal(form, FORM_LIMITS.project)).toEqual({
      status: 400,
      message: FORM_MESSAGES.fileNotAllowed,
    });
  });

  it("a form without file fields still refuses any file", async () => {
    const form = new FormData();
    form.append("message", fileOf(PNG, "a.png", "image/png"));
    expect(await formRefusal(form, FORM_LIMITS.contact)).toEqual({
      status: 400,
      message: FORM_MESSAGES.fileNotAllowed,
    });
  });

  it("empty file inputs (a part with an empty file name and no bytes, as browsers send them) are dropped", async () => {
    const boundary = "----formboundary7MA4YWxk";
    const part = (name: string, head: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${head}\r\n\r\n${value}\r\n`;
    const body =
      part("title", "", "Solar bikes") +
      part("imageFile", '; filename=""\r\nContent-Type: application/octet-stream', "") +
      part("galleryFiles", '; filename=""\r\nContent-Type: application/octet-stream', "") +
      `--${boundary}--\r\n`;
    const request = new Request("http://localhost/my-projects/create", {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body,
    });
    const read = await readForm(request, FORM_LIMITS.project);
    expect([...read.entries()]).toEqual([["title", "Solar bikes"]]);
    expect(formFiles(read)).toEqual({});
  });

  it("a chosen file of 0 bytes is kept, for storeImage to call it empty", async () => {
    const form = new FormData();
    form.append("logoFile", new File([], "blank.png", { type: "image/png" }));
    const files = formFiles(await readForm(formRequest(form), FORM_LIMITS.project));
    expect(files.logoFile!.map((f) => [f.name, f.size])).toEqual([["blank.png", 0]]);
  });

  it("ten files (six images and the four documents' PDFs) are accepted, an eleventh is refused with 400", async () => {
    const ten = new FormData();
    ten.append("imageFile", fileOf(PNG, "main.png", "image/png"));
    ten.append("logoFile", fileOf(PNG, "logo.png", "image/png"));
    for (let i = 0; i < 4; i++) ten.append("galleryFiles", fileOf(PNG, `g${i}.png`, "image/png"));
    for (let i = 0; i < 4; i++) ten.append(`documents[${i}].file`, fileOf(PDF, `d${i}.pdf`, "application/pdf"));
    expect(Object.values(formFiles(await readForm(formRequest(ten), FORM_LIMITS.project))).flat()).toHaveLength(10);

    const eleven = new FormData();
    eleven.append("imageFile", fileOf(PNG, "main.png", "image/png"));
    for (let i = 0; i < 10; i++) eleven.append("galleryFiles", fileOf(PNG, `g${i}.png`, "image/png"));
    expect(await formRefusal(eleven, FORM_LIMITS.project)).toEqual({
      status: 400,
      message: FORM_MESSAGES.tooManyFiles,
    });
  });

  it("a file over 2 MB passes readForm and storeImage refuses it with its field's message", async () => {
    const form = new FormData();
    form.append("logoFile", fileOf(pngOfSize(MB2 + 1), "logo.png", "image/png"));
    const files = formFiles(await readForm(formRequest(form), FORM_LIMITS.project));
    const founder = { id: "founder-1", role: "founder" } as SessionUser;
    await expect(
      storeImage(db(), env.IMAGES, founder, files.logoFile![0]!, IMAGE_FIELD_LABELS.logoFile),
    ).rejects.toThrow("Logo must be at most 2 MB");
  });

  it("a form over the project form's total is refused with 413", async () => {
    const form = new FormData();
    for (let i = 0; i < 6; i++)
      form.append("galleryFiles", fileOf(pngOfSize(MB2 + 64 * 1024), `g${i}.png`, "image/png"));
    // One 10 MB document's worth of PDFs fits beside the images; a second does not.
    for (let i = 0; i < 2; i++)
      form.append(`documents[${i}].file`, fileOf(new Uint8Array(DOCUMENT_LIMITS.maxBytes), "d.pdf", "application/pdf"));
    expect(await formRefusal(form, FORM_LIMITS.project)).toEqual({ status: 413, message: FORM_MESSAGES.tooLarge });
  });
});

describe("the page body cap follows the path", () => {
  it("the project form's pages (documents and .data) take the project form's size", () => {
    const paths = [
      "/my-projects/create",
      "/my-projects/create.data",
      "/my-projects/create/",
      "/my-projects/create/_.data",
      "/my-projects/edit/proj-123",
      "/my-projects/edit/proj-123.data",
    ];
    expect(paths.map(maxPageBodyBytes)).toEqual(paths.map(() => FORM_LIMITS.project.maxBytes));
  });

  it("the founder dashboard and /admin (documents and .data) take their forms' size, a company event's PDF with them", () => {
    const dashboard = [
      "/founder-dashboard",
      "/founder-dashboard.data",
      "/founder-dashboard/",
      "/founder-dashboard/_.data",
    ];
    const admin = ["/admin", "/admin.data", "/admin/", "/admin/_.data"];
    expect([dashboard.map(maxPageBodyBytes), admin.map(maxPageBodyBytes)]).toEqual([
      dashboard.map(() => FORM_LIMITS.dashboard.maxBytes),
      admin.map(() => FORM_LIMITS.admin.maxBytes),
    ]);
  });

  it("every other page stays at 128 KB", () => {
    const paths = [
      "/",
      "/contact",
      "/signup.data",
      "/my-projects",
      "/my-projects.data",
      "/my-projects/created",
      "/my-projects/create/extra",
      "/my-projects/edit",
      "/my-projects/edit/a/b",
      "/purchase/my-projects/create",
      "/founder-dashboard/investors.csv",
      "/admins",
      "/project/admin",
    ];
    expect(paths.map(maxPageBodyBytes)).toEqual(paths.map(() => MAX_PAGE_BODY_BYTES));
  });

  it("through the Worker: a 1 MB post reaches the create page, and is refused with 413 on the contact page", async () => {
    const app = createApp(async (c) => c.text(`read ${(await c.req.arrayBuffer()).byteLength}`));
    const post = (path: string) =>
      app.fetch(
        new Request(`http://localhost${path}`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
          body: new Uint8Array(1024 * 1024),
        }),
        env,
        createExecutionContext(),
      );
    const create = await post("/my-projects/create.data");
    expect(create.status).toBe(200);
    expect(await create.text()).toBe(`read ${1024 * 1024}`);
    const contact = await post("/contact");
    expect(contact.status).toBe(413);
    expect(await contact.text()).toBe("The form is too large");
  });
});
