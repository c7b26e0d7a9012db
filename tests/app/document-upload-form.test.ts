/**
 * Documents through the project form's door (ADR 031, the rules of ADR 023): a document row's PDF
 * (`documents[<i>].file`) is checked by its bytes with the row's name in the message, stored by a
 * save that will be accepted (or kept when the form comes back with a field's error),
 * and its `/uploads/…pdf` URL replaces the row's URL; the project
 * page links to it with a "PDF" label. The API door: tests/workers/document-uploads.test.ts.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { DOCUMENT_LIMITS } from "../../domain/shared/limits";
import { bucketKeys, insertProject, page, projectForm, rows, signup, TINY_PNG, visibleText } from "./helpers";

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const PDF_URL = /^\/uploads\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.pdf$/;

/** The form as multipart, the four documents' rows as the page renders them and `deck` chosen for the Investor Deck. */
function withDeck(fields: Record<string, string>, deck: File): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  ["Investor Deck", "Technical Whitepaper", "Financial Projections", "Market Analysis Report"].forEach((name, i) => {
    form.append(`documents[${i}].name`, name);
    form.append(`documents[${i}].url`, "");
  });
  form.append("documents[0].file", deck);
  return form;
}

const deck = (bytes: Uint8Array<ArrayBuffer> = PDF, type = "application/pdf") =>
  new File([bytes], "deck.pdf", { type });

/** What is stored: objects in the bucket and rows in the ledger. */
const stored = async () => ({ objects: (await bucketKeys()).length, rows: await rows("uploads") });

const documentsOf = async (id: string) =>
  JSON.parse(
    (await env.DB.prepare("select documents from projects where id = ?").bind(id).first<{ documents: string }>())!
      .documents,
  ) as { name: string; type: string; url: string }[];

describe("the project form uploads a document's PDF only for a save that will be accepted", () => {
  it("the edit form with a PDF for the Investor Deck saves the project with its /uploads/….pdf URL in documents[0]", async () => {
    const founder = await signup("founder");
    const project = await insertProject({ status: "draft", founderId: founder.user.id });
    const res = await page(`/my-projects/edit/${project.id}`, {
      token: founder.token,
      body: withDeck(projectForm(), deck()),
    });
    const [first] = await documentsOf(project.id);
    const key = `projects/${first?.url.slice("/uploads/".length)}`;
    expect({
      status: res.status,
      to: res.headers.get("Location"),
      first: first && { ...first, url: PDF_URL.test(first.url) },
      object: (await env.IMAGES.head(key))?.customMetadata,
      owned: await rows("uploads", "key = ? and owner_id = ?", key, founder.user.id),
    }).toEqual({
      status: 302,
      to: "/my-projects?saved=updated",
      first: { name: "Investor Deck", type: "pdf", url: true },
      object: { ownerId: founder.user.id, filename: "Investor Deck.pdf" },
      owned: 1,
    });
  });

  it("a refused save (no title) with a PDF chosen: 400, the project unchanged, the PDF kept in the founder's name and shown in its row", async () => {
    const founder = await signup("founder");
    const project = await insertProject({ status: "draft", founderId: founder.user.id });
    const before = await stored();
    const res = await page(`/my-projects/edit/${project.id}`, {
      token: founder.token,
      body: withDeck(projectForm({ title: "" }), deck()),
    });
    const html = await res.text();
    const kept = await env.DB.prepare("select key from uploads where owner_id = ?")
      .bind(founder.user.id)
      .first<{ key: string }>();
    expect({
      status: res.status,
      stored: await stored(),
      documents: await documentsOf(project.id),
      shown: html.includes(`value="/uploads/${kept!.key.slice("projects/".length)}"`),
    }).toEqual({
      status: 400,
      stored: { objects: before.objects + 1, rows: before.rows + 1 },
      documents: project.documents,
      shown: true,
    });
  });

  it("a PNG sent as the Investor Deck (named .pdf, typed application/pdf): 400 'Investor Deck must be a PDF file', nothing stored", async () => {
    const founder = await signup("founder");
    const before = await stored();
    const res = await page("/my-projects/create", {
      token: founder.token,
      body: withDeck(projectForm(), deck(TINY_PNG)),
    });
    expect({
      status: res.status,
      message: visibleText(await res.text()).includes("Investor Deck must be a PDF file"),
      stored: await stored(),
    }).toEqual({ status: 400, message: true, stored: before });
  });

  it("an empty Investor Deck: 400 'Investor Deck is empty'", async () => {
    const founder = await signup("founder");
    const res = await page("/my-projects/create", {
      token: founder.token,
      body: withDeck(projectForm(), deck(new Uint8Array())),
    });
    expect({
      status: res.status,
      message: visibleText(await res.text()).includes("Investor Deck is empty"),
    }).toEqual({ status: 400, message: true });
  });

  it("an Investor Deck of 10 MB + 1 byte: 400 'Investor Deck must be at most 10 MB', nothing stored", async () => {
    const founder = await signup("founder");
    const big = new Uint8Array(DOCUMENT_LIMITS.maxBytes + 1);
    big.set(PDF.subarray(0, 8));
    const before = await stored();
    const res = await page("/my-projects/create", { token: founder.token, body: withDeck(projectForm(), deck(big)) });
    expect({
      status: res.status,
      message: visibleText(await res.text()).includes("Investor Deck must be at most 10 MB"),
      stored: await stored(),
    }).toEqual({ status: 400, message: true, stored: before });
  });

  it("the project page links the uploaded deck with a PDF label", async () => {
    const founder = await signup("founder");
    const project = await insertProject({ status: "draft", founderId: founder.user.id });
    await page(`/my-projects/edit/${project.id}`, { token: founder.token, body: withDeck(projectForm(), deck()) });
    const [first] = await documentsOf(project.id);
    const html = await (await page(`/project/${project.slug}`, { token: founder.token })).text();
    expect({
      link: html.includes(`href="${first?.url}"`),
      label: /Investor Deck<\/a> <span class="doc-type">PDF<\/span>/.test(html),
    }).toEqual({ link: true, label: true });
  });
});
