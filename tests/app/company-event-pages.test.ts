/**
 * Company events after a raise through the page doors (ADR 052), as a browser without JavaScript
 * posts the forms: the founder of a funded raise reports a round with its PDF (a multipart form)
 * and sees it waiting; a refused report says each field's message beside it and keeps what was
 * typed, the PDF included; the founder withdraws a report; /admin approves one (every holder's
 * position is marked), sends one back (the founder reads the note, the form starts from the
 * report) and records a write-down. The API door: tests/workers/valuations.test.ts.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { EVENT_MESSAGES } from "../../domain/money/valuation";
import { isoDay } from "../../domain/shared/dates";
import { adminSession, page, rows, TINY_PNG, visibleText } from "./helpers";
import { fundedCompany, liveProject, pendingCompanyEvent } from "../workers/others-records";

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const PDF_URL = /^\/uploads\/[0-9a-f-]{36}\.pdf$/;
const today = () => isoDay(Date.now());
const text = async (res: Response) => visibleText(await res.text());

/** The message shown beside a field (its `f-<name>-error` paragraph), as read. */
const errorBeside = (html: string, name: string) =>
  visibleText(new RegExp(`id="f-${name}-error">([^<]*)<`).exec(html)?.[1] ?? "");

/** The form as the browser sends it (multipart), with `file` as the evidence when given. */
function multipart(fields: Record<string, string>, file?: File): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  // An empty file input is sent as a part with no name and no bytes.
  form.append("evidenceFile", file ?? new File([], "", { type: "application/octet-stream" }));
  return form;
}

const termSheet = (bytes: Uint8Array<ArrayBuffer> = PDF) =>
  new File([bytes], "term-sheet.pdf", { type: "application/pdf" });

/** A priced round at $75, as the founder fills the form in. */
const roundForm = (projectId: string, overrides: Record<string, string> = {}) => ({
  intent: "report-event",
  projectId,
  kind: "round",
  effectiveOn: today(),
  pricePerShare: "75",
  preMoneyValuation: "8,000,000",
  roundName: "Seed",
  statement: "We closed a seed round led by Dorm Ventures at $75 a share.",
  ...overrides,
});

const eventsOf = async (projectId: string) =>
  (
    await env.DB.prepare(
      "select kind, status, price_cents, evidence, review_note from valuation_events where project_id = ?1 order by created_at",
    )
      .bind(projectId)
      .all<{ kind: string; status: string; price_cents: number; evidence: string; review_note: string | null }>()
  ).results;

const marks = async (projectId: string) =>
  (
    await env.DB.prepare("select mark_cents from positions where project_id = ?1 order by investor_id")
      .bind(projectId)
      .all<{ mark_cents: number | null }>()
  ).results.map((p) => p.mark_cents);

describe("the founder dashboard's Company events, JavaScript off", () => {
  it("shows once the raise is funded: a live raise has no such section", async () => {
    const { founder } = await liveProject();
    const { founder: funded } = await fundedCompany();
    const live = await text(await page("/founder-dashboard", { token: founder.token }));
    const shown = await text(await page("/founder-dashboard", { token: funded.token }));
    expect({
      live: live.includes("Company events"),
      shown: shown.includes("Company events") && shown.includes("Report a company event"),
      empty: shown.includes("No events yet"),
    }).toEqual({ live: false, shown: true, empty: true });
  });

  it("reports a round with its PDF: stored in the founder's name, the report waits, the section says so", async () => {
    const { founder, id } = await fundedCompany();
    const res = await page("/founder-dashboard", {
      token: founder.token,
      body: multipart(roundForm(id), termSheet()),
    });
    const [event] = await eventsOf(id);
    const key = `projects/${event?.evidence.slice("/uploads/".length)}`;
    const after = await text(await page(res.headers.get("Location")!, { token: founder.token }));
    expect({
      status: res.status,
      to: res.headers.get("Location"),
      event: event && { ...event, evidence: PDF_URL.test(event.evidence) },
      owned: await rows("uploads", "key = ?1 and owner_id = ?2", key, founder.user.id),
      filename: (await env.IMAGES.head(key))?.customMetadata?.filename,
      marks: await marks(id),
      said: after.includes(EVENT_MESSAGES.reported),
      waiting: after.includes("Priced round (Seed) Waiting for review"),
      withdraw: after.includes("Withdraw report"),
      noSecondForm: !after.includes("Send for review"),
    }).toEqual({
      status: 302,
      to: "/founder-dashboard?saved=reported#company-events",
      event: { kind: "round", status: "pending", price_cents: 7_500, evidence: true, review_note: null },
      owned: 1,
      filename: "term-sheet.pdf",
      marks: [null, null],
      said: true,
      waiting: true,
      withdraw: true,
      noSecondForm: true,
    });
  });

  it("a refused report says each field's message beside it, keeps what was typed and the PDF; the next post uses it", async () => {
    const { founder, id } = await fundedCompany();
    const typed = roundForm(id, {
      effectiveOn: "",
      pricePerShare: "seventy-five",
      statement: "We closed a seed round.\r\nDorm Ventures led it.",
    });
    const res = await page("/founder-dashboard", { token: founder.token, body: multipart(typed, termSheet()) });
    const html = await res.text();
    const kept = /name="evidence" value="([^"]+)"/.exec(html)?.[1] ?? "";
    const shown = visibleText(html);
    expect({
      status: res.status,
      banner: shown.includes("Please fix the 2 validation errors highlighted below"),
      price: errorBeside(html, "pricePerShare") === EVENT_MESSAGES.priceInvalid,
      date: errorBeside(html, "effectiveOn") === EVENT_MESSAGES.dateRequired,
      typedPrice: html.includes('value="seventy-five"'),
      typedPreMoney: html.includes('value="8,000,000"'),
      typedName: html.includes('value="Seed"'),
      typedStatement: html.includes("We closed a seed round.\nDorm Ventures led it.</textarea>"),
      kept: PDF_URL.test(kept),
      keptShown: shown.includes("Attached: term-sheet.pdf"),
      events: (await eventsOf(id)).length,
    }).toEqual({
      status: 400,
      banner: true,
      price: true,
      date: true,
      typedPrice: true,
      typedPreMoney: true,
      typedName: true,
      typedStatement: true,
      kept: true,
      keptShown: true,
      events: 0,
    });

    const fixed = { ...typed, effectiveOn: today(), pricePerShare: "75", evidence: kept };
    const again = await page("/founder-dashboard", { token: founder.token, body: multipart(fixed) });
    expect([again.status, (await eventsOf(id)).map((e) => [e.status, e.evidence])]).toEqual([302, [["pending", kept]]]);
  });

  it("a file that is not a PDF is the evidence field's error, beside the others'; nothing is stored", async () => {
    const { founder, id } = await fundedCompany();
    const png = new File([TINY_PNG], "scan.pdf", { type: "application/pdf" });
    const res = await page("/founder-dashboard", {
      token: founder.token,
      body: multipart(roundForm(id, { statement: "" }), png),
    });
    const html = await res.text();
    expect({
      status: res.status,
      evidence: errorBeside(html, "evidence") === "Evidence must be a PDF file",
      statement: errorBeside(html, "statement") === EVENT_MESSAGES.statementRequired,
      stored: await rows("uploads", "owner_id = ?1", founder.user.id),
      events: (await eventsOf(id)).length,
    }).toEqual({ status: 400, evidence: true, statement: true, stored: 0, events: 0 });
  });

  it("a founder's write-down is refused beside its kind, and a report without evidence beside the file", async () => {
    const { founder, id } = await fundedCompany();
    const res = await page("/founder-dashboard", {
      token: founder.token,
      body: multipart(roundForm(id, { kind: "write_down", pricePerShare: "20" })),
    });
    const html = await res.text();
    expect({
      status: res.status,
      kind: errorBeside(html, "kind") === EVENT_MESSAGES.kindFounder,
      evidence: errorBeside(html, "evidence") === EVENT_MESSAGES.evidenceRequired,
      events: (await eventsOf(id)).length,
    }).toEqual({ status: 400, kind: true, evidence: true, events: 0 });
  });

  it("Withdraw report: the report is withdrawn, the section says so and offers the form again", async () => {
    const { founder, id } = await pendingCompanyEvent();
    const res = await page("/founder-dashboard", {
      token: founder.token,
      form: { intent: "withdraw-event", projectId: id },
    });
    const after = await text(await page(res.headers.get("Location")!, { token: founder.token }));
    expect({
      to: res.headers.get("Location"),
      status: (await eventsOf(id)).map((e) => e.status),
      said: after.includes(EVENT_MESSAGES.withdrawn),
      form: after.includes("Send for review"),
    }).toEqual({
      to: "/founder-dashboard?saved=event-withdrawn#company-events",
      status: ["withdrawn"],
      said: true,
      form: true,
    });
  });
});

describe("/admin's company events", () => {
  it("lists the report with its company, figures and evidence; Approve marks every holder's position", async () => {
    const { id, eventId } = await pendingCompanyEvent();
    const title = (await env.DB.prepare("select title from projects where id = ?1").bind(id).first<string>("title"))!;
    const token = await adminSession();
    const html = await (await page("/admin", { token })).text();
    const shown = visibleText(html);
    const res = await page("/admin", { token, form: { intent: "approve-event", id: eventId } });
    const done = await text(await page(res.headers.get("Location")!, { token }));
    expect({
      listed: shown.includes(`Priced round: ${title}`),
      figures: shown.includes("Price per share $75 Pre-money valuation $8,000,000"),
      mark: shown.includes("Value per share now $50, at cost: the raise's price"),
      evidence: /<a href="\/uploads\/[0-9a-f-]{36}\.pdf"[^>]*>Evidence \(PDF\)/.test(html),
      to: res.headers.get("Location"),
      marks: await marks(id),
      said: done.includes(EVENT_MESSAGES.approved),
    }).toEqual({
      listed: true,
      figures: true,
      mark: true,
      evidence: true,
      to: "/admin?done=event-approved#company-events",
      marks: [7_500, 7_500],
      said: true,
    });
  });

  it("Send back needs a note; with one, the founder reads it and the form starts from the report", async () => {
    const { founder, id, eventId } = await pendingCompanyEvent();
    const token = await adminSession();
    const refused = await page("/admin", { token, form: { intent: "event-changes", id: eventId, reason: "" } });
    const refusedText = await text(refused);
    const res = await page("/admin", {
      token,
      form: { intent: "event-changes", id: eventId, reason: "Attach the signed term sheet, not the draft." },
    });
    const dashboard = await (await page("/founder-dashboard", { token: founder.token })).text();
    expect({
      refused: refused.status,
      says: refusedText.includes(EVENT_MESSAGES.reviewNoteRequired),
      to: res.headers.get("Location"),
      status: (await eventsOf(id)).map((e) => e.status),
      note:
        visibleText(dashboard).includes("Priced round Changes requested") &&
        visibleText(dashboard).includes("The admin's note: Attach the signed term sheet, not the draft."),
      startsFromReport: dashboard.includes('value="75"') && dashboard.includes('value="8000000"'),
      marks: await marks(id),
    }).toEqual({
      refused: 400,
      says: true,
      to: "/admin?done=event-returned#company-events",
      status: ["changes_requested"],
      note: true,
      startsFromReport: true,
      marks: [null, null],
    });
  });

  it("Record a company event: a write-down is recorded at once and marks every holder", async () => {
    const { id } = await fundedCompany();
    const slug = (await env.DB.prepare("select slug from projects where id = ?1").bind(id).first<string>("slug"))!;
    const token = await adminSession();
    const form = {
      intent: "record-event",
      project: slug,
      kind: "write_down",
      effectiveOn: today(),
      pricePerShare: "20",
      statement: "Revenue fell far short of plan; we value a share at $20.",
    };
    const res = await page("/admin", { token, body: multipart(form) });
    const done = await text(await page(res.headers.get("Location")!, { token }));
    expect({
      to: res.headers.get("Location"),
      events: (await eventsOf(id)).map((e) => [e.kind, e.status, e.price_cents, e.evidence]),
      marks: await marks(id),
      said: done.includes(EVENT_MESSAGES.recorded),
    }).toEqual({
      to: "/admin?done=event-recorded#record-event",
      events: [["write_down", "approved", 2_000, ""]],
      marks: [2_000, 2_000],
      said: true,
    });
  });

  it("Record refused: an unknown company beside the Company field, a write-up below the value beside the price", async () => {
    const { id } = await fundedCompany();
    const token = await adminSession();
    const base = {
      intent: "record-event",
      kind: "write_up",
      effectiveOn: today(),
      statement: "A strategic partner values the company higher.",
    };
    const unknown = await page("/admin", {
      token,
      body: multipart({ ...base, project: "no-such-company", pricePerShare: "90" }),
    });
    const unknownHtml = await unknown.text();
    const lower = await page("/admin", { token, body: multipart({ ...base, project: id, pricePerShare: "40" }) });
    const lowerHtml = await lower.text();
    expect({
      unknown: unknown.status,
      besideCompany: errorBeside(unknownHtml, "project") !== "",
      kept: unknownHtml.includes('value="no-such-company"') && unknownHtml.includes('value="90"'),
      lower: lower.status,
      besidePrice: errorBeside(lowerHtml, "pricePerShare") === EVENT_MESSAGES.writeUpNotHigher,
      events: (await eventsOf(id)).length,
    }).toEqual({ unknown: 404, besideCompany: true, kept: true, lower: 400, besidePrice: true, events: 0 });
  });
});
