/**
 * The uploads' answers against the API's OpenAPI document (ADR 042): the multipart requests the
 * upload tests send go around `call` (which sends JSON), so their answers are checked here, each
 * success and each refusal an API client can meet.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { DOCUMENT_MESSAGES, UPLOAD_MESSAGES } from "../../worker/services/projects/uploads";
import { BODY_MESSAGES } from "../../worker/api/util";
import { checkAnswer } from "./api-contract";
import { signup, TINY_PNG, uniqueIp } from "./helpers";

const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const TEXT = new TextEncoder().encode("not an image");

/** POST `path` with `body` (a form unless a string), checked against the document. */
async function post(path: string, body: FormData | string, init: { token?: string; type?: string } = {}) {
  const headers: Record<string, string> = { "CF-Connecting-IP": uniqueIp() };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.type) headers["Content-Type"] = init.type;
  const res = await exports.default.fetch(`http://localhost${path}`, { method: "POST", headers, body });
  await checkAnswer("POST", path, res);
  return { status: res.status, body: await res.json<Record<string, unknown>>() };
}

function form(files: File[], name?: string): FormData {
  const f = new FormData();
  for (const file of files) f.append("file", file);
  if (name !== undefined) f.append("name", name);
  return f;
}

const png = () => new File([TINY_PNG], "logo.png", { type: "image/png" });
const pdf = () => new File([PDF], "deck.pdf", { type: "application/pdf" });

describe("the uploads' answers are the document's", () => {
  it("an image and a document stored: 201 with their URL, type and size", async () => {
    const founder = await signup("founder");
    const image = await post("/api/uploads", form([png()]), { token: founder.token });
    const document = await post("/api/uploads/documents", form([pdf()], "Investor Deck"), { token: founder.token });
    expect({
      image: [image.status, image.body.contentType, image.body.size],
      document: [document.status, document.body.contentType, document.body.size],
    }).toEqual({
      image: [201, "image/png", TINY_PNG.byteLength],
      document: [201, "application/pdf", PDF.byteLength],
    });
  });

  it("refusals: signed out 401, an investor 403, not a form 415, no file or two 400, the wrong kind 415", async () => {
    const founder = await signup("founder");
    const investor = await signup("investor");
    const answers = await Promise.all([
      post("/api/uploads", form([png()])),
      post("/api/uploads/documents", form([pdf()]), { token: investor.token }),
      post("/api/uploads", "{}", { token: founder.token, type: "application/json" }),
      post("/api/uploads", form([]), { token: founder.token }),
      post("/api/uploads/documents", form([pdf(), pdf()]), { token: founder.token }),
      post("/api/uploads", form([new File([TEXT], "a.png", { type: "image/png" })]), { token: founder.token }),
      post("/api/uploads/documents", form([png()]), { token: founder.token }),
    ]);
    expect(answers.map((a) => [a.status, a.body.message])).toEqual([
      [401, expect.any(String)],
      [403, UPLOAD_MESSAGES.foundersOnly],
      [415, UPLOAD_MESSAGES.notMultipart],
      [400, UPLOAD_MESSAGES.missingFile],
      [400, DOCUMENT_MESSAGES.oneFile],
      [415, UPLOAD_MESSAGES.wrongType],
      [415, DOCUMENT_MESSAGES.wrongType],
    ]);
  });

  it("a multipart body that cannot be read: 400", async () => {
    const founder = await signup("founder");
    const res = await post("/api/uploads", "--x\r\nnot a form", {
      token: founder.token,
      type: "multipart/form-data; boundary=zzz",
    });
    expect([res.status, res.body.message]).toEqual([400, BODY_MESSAGES.unreadableForm]);
  });
});
