/**
 * The company event form through the pages (ADR 052): the founder dashboard's Report a company
 * event and /admin's Record a company event post here, as a multipart form with the PDF of
 * evidence (`evidenceFile`) beside the fields, and this does what the API's two calls do (upload
 * the PDF, then `POST /api/projects/{id}/events`):
 *
 * - a chosen PDF is checked by its bytes; refused, it is the evidence field's error, beside the
 *   other fields' (read by the schema), and nothing is stored or reported;
 * - else it is stored in the poster's name (the uploads' quota and hourly limit, ADR 023) and its
 *   `/uploads/<uuid>.pdf` is the report's evidence; without a file, the one the form kept from an
 *   earlier try (`evidence`, whose owner the service checks);
 * - `reportEvent` then reports it (a founder: waiting for review) or records it (an admin).
 *
 * A refusal comes back with what was typed: the PDF just stored stays in the form when a field is
 * refused (a file input cannot come back filled), and is deleted again when the whole form is (a
 * report already waiting, a closed company). Server only.
 */
import { valuationEventSchema } from "../../domain/money/valuation";
import { bannerMessage, validateAll } from "../../domain/shared/form-kit";
import { EVIDENCE_FILE_FIELD } from "../../domain/shared/limits";
import type { SessionUser } from "../../domain/shared/types";
import { reportEvent, type Later, type ValuationEventDTO } from "../../worker/services/money/valuations";
import { checkDocument, discardUploads, storeCheckedUpload } from "../../worker/services/projects/uploads";
import type { Database } from "../../db/client";
import type { Mailer } from "../../worker/mail/mailer";
import type { EventFormValues } from "../components/company-events/EventFields";
import { formFailure, serviceRefusal } from "./form-result";
import { formFields, formFiles } from "./form.server";
import { errorFields } from "../../worker/observability/capture";
import { logLine } from "../../worker/observability/log";

/** The evidence field's label in the upload's messages ("Evidence must be a PDF file"). */
const EVIDENCE_LABEL = "Evidence";

/** What the form posted, as it shows it again (a textarea's CRLF as the stored LF). */
export function eventValues(fields: Record<string, string>): EventFormValues {
  return {
    kind: fields.kind ?? "",
    effectiveOn: fields.effectiveOn ?? "",
    pricePerShare: fields.pricePerShare ?? "",
    preMoneyValuation: fields.preMoneyValuation ?? "",
    roundName: fields.roundName ?? "",
    statement: (fields.statement ?? "").replace(/\r\n?/g, "\n"),
    evidence: fields.evidence ?? "",
    evidenceName: fields.evidenceName ?? "",
  };
}

/** What a refused form echoes: the event's values, and the company field of a form that has one. */
type Shown = EventFormValues & Record<string, string>;

/** The service's body: the API's fields (no display name). */
const bodyOf = ({ evidenceName: _name, ...body }: EventFormValues) => body;

export interface EventFormContext {
  db: Database;
  bucket: R2Bucket;
  user: SessionUser;
  /** The project's id or slug (the founder's own; any, for an admin). */
  project: string;
  mailer: Mailer;
  later: Later;
  /** Which of the page's forms this is (FormFailure `form`). */
  form: string;
  /**
   * The form's own field naming the company (/admin's `project`): a refusal about the company (none
   * by that name, not funded, closed, a report waiting) is its error, and what was typed in it is
   * echoed back with the rest.
   */
  projectField?: string;
}

/**
 * Reports (a founder) or records (an admin) the posted event, with its PDF: the event, or the
 * form's failure (its status, the banner, each field's message, what was typed).
 */
export async function submitEventForm(
  ctx: EventFormContext,
  posted: FormData,
): Promise<{ ok: true; event: ValuationEventDTO } | { ok: false; failure: ReturnType<typeof formFailure<Shown>> }> {
  const fields = formFields(posted);
  const values = eventValues(fields);
  const echo = ctx.projectField ? { [ctx.projectField]: fields[ctx.projectField] ?? "" } : {};
  const fail = (status: number, message: string, shown: EventFormValues, errors = {}, headers = {}) => ({
    ok: false as const,
    failure: formFailure<Shown>(status, message, { ...shown, ...echo }, { form: ctx.form, errors, headers }),
  });
  const file = formFiles(posted)[EVIDENCE_FILE_FIELD]?.[0];
  let stored: string | null = null;
  let submitted = values;
  if (file) {
    let checked;
    try {
      checked = await checkDocument(file, EVIDENCE_LABEL, file.name);
    } catch (e) {
      // The PDF's refusal beside every field's own (the date and price rules follow once it passes).
      const fieldErrors = validateAll(valuationEventSchema, bodyOf(values));
      const errors = { ...(fieldErrors.ok ? {} : fieldErrors.errors), evidence: serviceRefusal(e).message };
      return fail(400, bannerMessage(Object.keys(errors).length), values, errors);
    }
    try {
      const upload = await storeCheckedUpload(ctx.db, ctx.bucket, ctx.user, checked);
      stored = upload.key;
      submitted = { ...values, evidence: upload.url, evidenceName: checked.filename };
    } catch (e) {
      // Over the quota or the hourly limit: the evidence field's refusal; a failure of ours, rethrown.
      const r = serviceRefusal(e);
      return fail(r.status, r.message, values, { evidence: r.message }, r.headers);
    }
  }
  try {
    const event = await reportEvent(ctx.db, ctx.user, ctx.project, bodyOf(submitted), {
      mailer: ctx.mailer,
      later: ctx.later,
    });
    return { ok: true, event };
  } catch (e) {
    const r = serviceRefusal(e);
    const fieldRefused = Object.keys(r.errors).length > 0;
    if (stored && !fieldRefused) await discard(ctx, stored);
    const aboutCompany = !fieldRefused && ctx.projectField && (r.status === 404 || r.status === 409);
    const errors = aboutCompany ? { [ctx.projectField!]: r.message } : r.errors;
    return fail(r.status, r.message, fieldRefused ? submitted : values, errors, r.headers);
  }
}

async function discard(ctx: EventFormContext, key: string) {
  try {
    await discardUploads(ctx.db, ctx.bucket, [key]);
  } catch (e) {
    // The daily cleanup deletes it a day later (no event uses it).
    logLine("warn", "company event form: deleting the evidence of a refused report failed", errorFields(e));
  }
}
