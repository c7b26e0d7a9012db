/**
 * Founders' documents (ADR 031): a PDF checked by its bytes (`%PDF-`), at most 10 MB, not empty,
 * stored in R2 with a row in the uploads ledger (the same quota and hourly limit as images), served
 * from our own origin as a download under its document's name with the uploads' safe headers, and
 * usable in a project's document rows by the founder who stored it only. The API door; the project
 * form's door is tests/app/upload-form.test.ts.
 */
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { bannerMessage } from "../../domain/shared/form-kit";
import { DOCUMENT_LIMITS } from "../../domain/shared/limits";
import type { ProjectDTO } from "../../domain/shared/types";
import { DOCUMENT_MESSAGES, UPLOAD_MESSAGES } from "../../worker/services/projects/uploads";
import { deleteUnusedUploads } from "../../worker/services/projects/upload-cleanup";
import {
  bucketKeys,
  call,
  db,
  insertProject,
  json,
  projectBody,
  recordUpload,
  signup,
  TINY_PNG,
  uniqueIp,
} from "./helpers";

const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const PDF_URL = /^\/uploads\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.pdf$/;
const DAY = 24 * 60 * 60 * 1000;

/** A PDF header followed by zeros, `size` bytes in all. */
function pdfOfSize(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set(PDF.subarray(0, 8));
  return bytes;
}

const pdfFile = (bytes: Uint8Array<ArrayBuffer>, name = "deck.pdf", type = "application/pdf") =>
  new File([bytes], name, { type });

type Uploaded = { success: boolean; url: string; contentType: string; size: number; message?: string };

/** POST /api/uploads/documents with one file (and a document name when given). */
function uploadDocument(file: File, init: { token?: string; name?: string } = {}) {
  const form = new FormData();
  form.append("file", file);
  if (init.name !== undefined) form.append("name", init.name);
  const headers: Record<string, string> = { "CF-Connecting-IP": uniqueIp() };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  return exports.default.fetch("http://localhost/api/uploads/documents", { method: "POST", headers, body: form });
}

/** What is stored: objects in the bucket and rows in the ledger. */
async function stored() {
  const rows = await env.DB.prepare("select count(*) as n from uploads").first<{ n: number }>();
  return { objects: (await bucketKeys()).length, rows: rows?.n ?? 0 };
}

/** A PDF stored straight in the ledger (as storeDocument leaves it): its URL and key. */
async function recordPdf(ownerId: string, createdAt = Date.now()): Promise<{ url: string; key: string }> {
  const name = `${crypto.randomUUID()}.pdf`;
  const key = `projects/${name}`;
  await env.DB.prepare(
    "insert into uploads (key, owner_id, size_bytes, content_type, created_at) values (?1, ?2, ?3, 'application/pdf', ?4)",
  )
    .bind(key, ownerId, PDF.length, createdAt)
    .run();
  await env.IMAGES.put(key, PDF, { httpMetadata: { contentType: "application/pdf" } });
  return { url: `/uploads/${name}`, key };
}

const create = (token: string, body: unknown) => call("/api/projects/create", { method: "POST", body, token });
const documentsWith = (url: string) => [{ name: "Investor Deck", type: "pdf" as const, url }];

describe("POST /api/uploads/documents: a PDF by its bytes", () => {
  it("a founder's PDF is stored in R2 under a new .pdf name, with a ledger row in the founder's name", async () => {
    const { token, user } = await signup("founder");
    const res = await uploadDocument(pdfFile(PDF), { token, name: "Investor Deck" });
    const body = await json<Uploaded>(res);
    const key = `projects/${body.url.slice("/uploads/".length)}`;
    const object = await env.IMAGES.head(key);
    const row = await env.DB.prepare("select owner_id, size_bytes, content_type from uploads where key = ?")
      .bind(key)
      .first();
    expect({
      status: res.status,
      body,
      object: object && { type: object.httpMetadata?.contentType, meta: object.customMetadata, size: object.size },
      row,
    }).toEqual({
      status: 201,
      body: { success: true, url: expect.stringMatching(PDF_URL), contentType: "application/pdf", size: PDF.length },
      object: {
        type: "application/pdf",
        meta: { ownerId: user.id, filename: "Investor Deck.pdf" },
        size: PDF.length,
      },
      row: { owner_id: user.id, size_bytes: PDF.length, content_type: "application/pdf" },
    });
  });

  it("a PNG renamed .pdf and sent as application/pdf is refused with 415 and the message; nothing is stored", async () => {
    const { token } = await signup("founder");
    const before = await stored();
    const res = await uploadDocument(pdfFile(TINY_PNG, "deck.pdf"), { token });
    expect({ status: res.status, body: await json(res), stored: await stored() }).toEqual({
      status: 415,
      body: { success: false, message: DOCUMENT_MESSAGES.wrongType },
      stored: before,
    });
  });

  it("a PDF of exactly 10 MB is accepted", async () => {
    const { token } = await signup("founder");
    const res = await uploadDocument(pdfFile(pdfOfSize(DOCUMENT_LIMITS.maxBytes)), { token });
    expect({ status: res.status, size: (await json<Uploaded>(res)).size }).toEqual({
      status: 201,
      size: DOCUMENT_LIMITS.maxBytes,
    });
  });

  it("a PDF of 10 MB + 1 byte is refused with 413 and the message; nothing is stored", async () => {
    const { token } = await signup("founder");
    const before = await stored();
    const res = await uploadDocument(pdfFile(pdfOfSize(DOCUMENT_LIMITS.maxBytes + 1)), { token });
    expect({ status: res.status, body: await json(res), stored: await stored() }).toEqual({
      status: 413,
      body: { success: false, message: "Each document must be at most 10 MB" },
      stored: before,
    });
  });

  it("an empty file is refused with 400 'The document is empty'; nothing is stored", async () => {
    const { token } = await signup("founder");
    const before = await stored();
    const res = await uploadDocument(pdfFile(new Uint8Array()), { token });
    expect({ status: res.status, body: await json(res), stored: await stored() }).toEqual({
      status: 400,
      body: { success: false, message: "The document is empty" },
      stored: before,
    });
  });

  it("an investor gets 403 and nothing is stored", async () => {
    const { token } = await signup("investor");
    const before = await stored();
    const res = await uploadDocument(pdfFile(PDF), { token });
    expect({ status: res.status, stored: await stored() }).toEqual({ status: 403, stored: before });
  });

  it("the image door still refuses a PDF (415): documents have their own door", async () => {
    const { token } = await signup("founder");
    const form = new FormData();
    form.append("file", pdfFile(PDF));
    const res = await exports.default.fetch("http://localhost/api/uploads", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "CF-Connecting-IP": uniqueIp() },
      body: form,
    });
    expect(res.status).toBe(415);
  });
});

describe("GET /uploads/<uuid>.pdf: a download from our origin that can run nothing", () => {
  it("is served byte for byte as application/pdf, an attachment under the document's name, nosniff and sandboxed", async () => {
    const { token } = await signup("founder");
    const { url } = await json<Uploaded>(await uploadDocument(pdfFile(PDF), { token, name: "Investor Deck" }));
    const served = await call(url);
    expect({
      status: served.status,
      type: served.headers.get("Content-Type"),
      disposition: served.headers.get("Content-Disposition"),
      nosniff: served.headers.get("X-Content-Type-Options"),
      policy: served.headers.get("Content-Security-Policy"),
      bytes: new Uint8Array(await served.arrayBuffer()),
    }).toEqual({
      status: 200,
      type: "application/pdf",
      disposition: 'attachment; filename="Investor Deck.pdf"',
      nosniff: "nosniff",
      policy: "default-src 'none'; sandbox",
      bytes: PDF,
    });
  });

  it("a name with quotes, line breaks, accents and slashes becomes a safe ASCII file name", async () => {
    const { token } = await signup("founder");
    const name = 'Déck "v2"\r\nX-Evil: 1/../ñ.pdf';
    const { url } = await json<Uploaded>(await uploadDocument(pdfFile(PDF), { token, name }));
    expect((await call(url)).headers.get("Content-Disposition")).toBe(
      'attachment; filename="Deck v2 X-Evil 1 .. n.pdf"',
    );
  });

  it("a PDF stored without a name downloads as document.pdf", async () => {
    const { token } = await signup("founder");
    const { url } = await json<Uploaded>(await uploadDocument(pdfFile(PDF), { token }));
    expect((await call(url)).headers.get("Content-Disposition")).toBe('attachment; filename="document.pdf"');
  });
});

describe("an uploaded PDF belongs to the founder who stored it", () => {
  it("founder B cannot use founder A's PDF as a document: 400 on its field", async () => {
    const a = await signup("founder");
    const b = await signup("founder");
    const { url } = await recordPdf(a.user.id);
    const res = await create(b.token, projectBody({ documents: documentsWith(url) }));
    expect({ status: res.status, body: await json(res) }).toEqual({
      status: 400,
      body: {
        success: false,
        message: bannerMessage(1),
        errors: { "documents[0].url": DOCUMENT_MESSAGES.notYours },
      },
    });
  });

  it("the founder's own PDF is saved in the document row", async () => {
    const a = await signup("founder");
    const { url } = await recordPdf(a.user.id);
    const res = await create(a.token, projectBody({ documents: documentsWith(url) }));
    const project = await json<ProjectDTO>(res);
    expect({ status: res.status, documents: project.documents }).toEqual({
      status: 201,
      documents: [{ name: "Investor Deck", type: "pdf", url }],
    });
  });

  it("an image upload is not a document: 400 on the document's field", async () => {
    const a = await signup("founder");
    const image = await recordUpload(a.user.id);
    const res = await create(a.token, projectBody({ documents: documentsWith(image.url) }));
    expect({ status: res.status, errors: (await json<{ errors: unknown }>(res)).errors }).toEqual({
      status: 400,
      errors: { "documents[0].url": "Please enter a valid URL for Investor Deck" },
    });
  });

  it("a PDF is not an image: the founder's own PDF as the logo is a 400 on the logo", async () => {
    const a = await signup("founder");
    const pdf = await recordPdf(a.user.id);
    const res = await create(a.token, projectBody({ logo: pdf.url }));
    expect({ status: res.status, errors: (await json<{ errors: unknown }>(res)).errors }).toEqual({
      status: 400,
      errors: { logo: UPLOAD_MESSAGES.notYours },
    });
  });

  it("the daily cleanup keeps a day-old PDF a project uses and deletes an unused one", async () => {
    const owner = `owner-${crypto.randomUUID()}`;
    const used = await recordPdf(owner, Date.now() - 2 * DAY);
    const unused = await recordPdf(owner, Date.now() - 2 * DAY);
    await insertProject({ documents: documentsWith(used.url) });
    await deleteUnusedUploads(db(), env.IMAGES);
    const keys = await bucketKeys();
    expect([keys.includes(used.key), keys.includes(unused.key)]).toEqual([true, false]);
  });
});
