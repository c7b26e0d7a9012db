/**
 * The project form's chosen files (ADR 023, ADR 031), for its action: checked by their bytes
 * before anything is saved (`checkChosenFiles`), stood in for by placeholder URLs while the save
 * is checked (`pendingUrls`, `withFiles`), stored for a save that will be accepted
 * (`storeChosenFiles`) and deleted again if the save then fails (`discard`), or stored when the
 * form comes back to a founder who may save it (a field's error, a row more or less:
 * `keepChosenFiles`), so the founder keeps them. Server only.
 */
import type { FieldErrors } from "../../domain/shared/form-kit";
import { FORM_DOCUMENTS } from "../../domain/projects/project-form-messages";
import type { SessionUser } from "../../domain/shared/types";
import {
  checkDocument,
  checkImage,
  discardUploads,
  IMAGE_FIELD_LABELS,
  storeCheckedUpload,
  type CheckedUpload,
} from "../../worker/services/projects/uploads";
import { rowsAt, type FormValues } from "../components/project-form/values";
import { formFiles } from "./form.server";
import { serviceRefusal, type Wording } from "./form-result";
import { errorFields } from "../../worker/observability/capture";
import { logLine } from "../../worker/observability/log";

/**
 * A chosen file, checked, and the URL field it fills: `image`, `logo`, a new gallery row, or a
 * document row's URL (`documents[<i>].url`).
 */
export interface ChosenFile {
  target: "image" | "logo" | "gallery" | `documents[${number}].url`;
  file: CheckedUpload;
}

const FILE_TARGETS = [
  ["imageFile", "image"],
  ["logoFile", "logo"],
  ["galleryFiles", "gallery"],
] as const;

/**
 * Checks the bytes of every chosen file (worker/services/projects/uploads.ts: size, type), storing none. A
 * refused file is the error of its URL field (`image`, `logo`, `gallery`, `documents[<i>].url`).
 * A document row takes one PDF (`documents[<i>].file`, the four fixed rows), named by its row.
 */
export async function checkChosenFiles(form: FormData): Promise<{ chosen: ChosenFile[]; errors: FieldErrors }> {
  const files = formFiles(form);
  const chosen: ChosenFile[] = [];
  const errors: FieldErrors = {};
  for (const [field, target] of FILE_TARGETS) {
    // The main image and the logo take one file each (the first), the gallery every one.
    for (const file of target === "gallery" ? (files[field] ?? []) : (files[field] ?? []).slice(0, 1)) {
      try {
        chosen.push({ target, file: await checkImage(file, IMAGE_FIELD_LABELS[field]) });
      } catch (e) {
        errors[target] ??= serviceRefusal(e).message;
      }
    }
  }
  for (const [i, doc] of FORM_DOCUMENTS.entries()) {
    const file = files[`documents[${i}].file`]?.[0];
    if (!file) continue;
    const target = `documents[${i}].url` as const;
    try {
      chosen.push({ target, file: await checkDocument(file, doc.name) });
    } catch (e) {
      errors[target] ??= serviceRefusal(e).message;
    }
  }
  return { chosen, errors };
}

/** Stand in for chosen files while the save is checked; never saved (`.invalid` is no domain). */
const PENDING_IMAGE = "https://pending-upload.invalid/image.png";
const PENDING_DOCUMENT = "https://pending-upload.invalid/document.pdf";

const DOCUMENT_TARGET = /^documents\[(\d+)\]\.url$/;

/**
 * The values with each chosen file's URL in place: main image and logo replaced, gallery rows
 * added, a document row's URL replaced (its name and type kept: the fixed rows' type is PDF).
 */
export function withFiles(values: FormValues, chosen: ChosenFile[], urls: string[]): FormValues {
  const next: FormValues = { ...values };
  const added: string[] = [];
  const documents = rowsAt(values, "documents").map((d) => (d && typeof d === "object" ? { ...d } : {}));
  // One URL per chosen file, in the same order.
  chosen.forEach(({ target }, i) => {
    const url = urls[i];
    if (url === undefined) return;
    const doc = DOCUMENT_TARGET.exec(target);
    if (doc) {
      const at = Number(doc[1]);
      while (documents.length <= at) documents.push({});
      documents[at] = { ...documents[at], name: FORM_DOCUMENTS[at]?.name, url };
    } else if (target === "gallery") added.push(url);
    else next[target as "image" | "logo"] = url;
  });
  if (chosen.some(({ target }) => DOCUMENT_TARGET.test(target))) next.documents = documents;
  // New gallery rows go after the posted ones (blank rows included, so an error keeps its row
  // number; the save drops blank rows).
  if (added.length) next.gallery = [...rowsAt(values, "gallery"), ...added];
  return next;
}

/** What stands in for each chosen file while the save is checked. */
export const pendingUrls = (chosen: ChosenFile[]) =>
  chosen.map(({ file }) => (file.contentType === "application/pdf" ? PENDING_DOCUMENT : PENDING_IMAGE));

/** The files stored for a save that then failed: deleted again (their quota freed). */
export async function discard(bucket: R2Bucket, db: Parameters<typeof discardUploads>[0], keys: string[]) {
  try {
    await discardUploads(db, bucket, keys);
  } catch (e) {
    // The daily cleanup deletes them a day later (nothing references them).
    logLine("warn", "project form: deleting the files of a failed save failed", errorFields(e));
  }
}

/**
 * Stores each checked file, in order; on the first refusal, deletes the ones stored and answers
 * the refusal with the field (`target`) it belongs to.
 */
export async function storeChosenFiles(
  db: Parameters<typeof discardUploads>[0],
  bucket: R2Bucket,
  user: SessionUser,
  chosen: ChosenFile[],
): Promise<
  { ok: true; stored: string[]; urls: string[] } | { ok: false; target: ChosenFile["target"]; error: unknown }
> {
  const stored: string[] = [];
  const urls: string[] = [];
  for (const { target, file } of chosen) {
    try {
      const done = await storeCheckedUpload(db, bucket, user, file);
      stored.push(done.key);
      urls.push(done.url);
    } catch (error) {
      await discard(bucket, db, stored);
      return { ok: false, target, error };
    }
  }
  return { ok: true, stored, urls };
}

/**
 * The chosen files kept for a form that comes back (ADR 023, As built): each stored now, in the founder's
 * name (the quota and the hourly limit as for a save), and put in its URL field, so the form shows
 * it and the next save uses it; an upload no save uses is deleted by the daily cleanup a day later
 * (ADR 023). All or none: a file refused while storing (the quota, the limit) is its field's error
 * and none is kept (`kept` false); a failure of ours keeps none either.
 */
export async function keepChosenFiles(
  db: Parameters<typeof discardUploads>[0],
  bucket: R2Bucket,
  user: SessionUser,
  values: FormValues,
  chosen: ChosenFile[],
  unexpected: Wording["unexpected"],
): Promise<{ values: FormValues; errors: FieldErrors; kept: boolean }> {
  if (!chosen.length) return { values, errors: {}, kept: false };
  const files = await storeChosenFiles(db, bucket, user, chosen);
  if (files.ok) return { values: withFiles(values, chosen, files.urls), errors: {}, kept: true };
  const refusal = serviceRefusal(files.error, { unexpected });
  return { values, errors: refusal.status < 500 ? { [files.target]: refusal.message } : {}, kept: false };
}
