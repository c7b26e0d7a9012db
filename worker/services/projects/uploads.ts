/**
 * Founders' uploads (ADR 017, ADR 023, ADR 031): project images (the main image, the logo and the
 * gallery) and documents (PDF: the investor deck and the form's other document rows), stored in R2
 * (the `IMAGES` binding) and served from our own origin at `/uploads/<uuid>.<ext>` (worker/app.ts).
 * One way to store either: `checkImage` or `checkDocument` (the bytes), then `storeCheckedUpload`
 * (the ledger, the quota, the hourly limit, R2); `storeImage` and `storeDocument` do both. The
 * doors: `POST /api/uploads` (images), `POST /api/uploads/documents` (PDF) and the project form's
 * action (through `readForm` with FORM_LIMITS.project and `formFiles`).
 *
 * A file is an image or a PDF only if its bytes say so (magic numbers): the file name and the
 * browser's content type are never trusted. Images: PNG, JPEG and WebP only; SVG (which can carry
 * script), GIF, HTML, PDF and anything else are refused; at most IMAGE_LIMITS.maxBytes each.
 * Documents: bytes that start with `%PDF-`; at most DOCUMENT_LIMITS.maxBytes each.
 *
 * Every stored image has a row in `uploads` (the ledger: key, owner, size), written BEFORE the
 * bytes go to R2, in one batch with the account's rate-limit slot and guarded by the account's
 * quota (UPLOAD_QUOTA), so no burst of concurrent requests can store more than the limits allow.
 * The ledger is also who may use an upload in a project (project-editor.ts) and what the daily
 * cleanup deletes (upload-cleanup.ts).
 */
import { DOCUMENT_LIMITS, IMAGE_LIMITS } from "../../../domain/shared/limits";
import type { SessionUser } from "../../../domain/shared/types";
import type { Database } from "../../../db/client";
import { requireCan } from "../shared/access";
import { constraintFailed, ServiceError } from "../shared/errors";
import { reserveAndRun, type RateLimit, type Slot } from "../shared/rate-limit";
import { HOUR_MS } from "../../../domain/shared/dates";

/**
 * What one account may keep stored at once, images and documents together (`images` counts every
 * file; uploads no project uses are deleted after a day).
 */
export const UPLOAD_QUOTA = { images: 50, bytes: 100 * 1024 * 1024 } as const;

/** Files (images and documents) one account may store per hour, through any door (ADR 013's limiter). */
export const UPLOAD_RATE_LIMIT: RateLimit = {
  max: 30,
  windowMs: HOUR_MS,
  message: "You can upload at most 30 files an hour. Please try again later.",
};

/** The rate-limit slot an upload by `ownerId` takes. */
export const uploadSlot = (ownerId: string): Slot => ({ key: `upload:user:${ownerId}`, limit: UPLOAD_RATE_LIMIT });

export type ImageType = "image/png" | "image/jpeg" | "image/webp";

export type DocumentType = "application/pdf";

/** The extension each accepted type is stored and served under. */
export const IMAGE_EXTENSIONS: Record<ImageType, "png" | "jpg" | "webp"> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
};

const UPLOAD_EXTENSIONS: Record<ImageType | DocumentType, string> = { ...IMAGE_EXTENSIONS, "application/pdf": "pdf" };

/** The project form's file fields and the label each field's messages use. */
export const IMAGE_FIELD_LABELS = {
  imageFile: "Main image",
  logoFile: "Logo",
  galleryFiles: "Gallery image",
} as const;

export const UPLOAD_MESSAGES = {
  wrongType: "Images must be PNG, JPEG or WebP",
  tooLarge: "Each image must be at most 2 MB",
  empty: "The image is empty",
  foundersOnly: "Only founder accounts can upload project images",
  notMultipart: "Content-Type must be multipart/form-data",
  missingFile: "Choose an image to upload (form field “file”)",
  oneFile: "Send one image per request",
  quota:
    "You have reached your upload limit of 50 files (100 MB in all). Files your project no longer uses are " +
    "deleted within a day and free their space; until then, give images and documents as web addresses (https://…).",
  notYours: "Use an image you uploaded, or a web address (https://…)",
} as const;

export const DOCUMENT_MESSAGES = {
  wrongType: "Documents must be PDF files",
  tooLarge: "Each document must be at most 10 MB",
  empty: "The document is empty",
  missingFile: "Choose a PDF to upload (form field “file”)",
  oneFile: "Send one document per request",
  notYours: "Use a document you uploaded, or a web address (https://…)",
} as const;

/** 'Investor Deck must be a PDF file' */
export const documentTypeMessage = (label: string) => `${label} must be a PDF file`;
/** 'Investor Deck must be at most 10 MB' */
export const documentSizeMessage = (label: string) => `${label} must be at most 10 MB`;
/** 'Investor Deck is empty' */
export const documentEmptyMessage = (label: string) => `${label} is empty`;

/** 'Main image must be a PNG, JPEG or WebP image' */
export const imageTypeMessage = (label: string) => `${label} must be a PNG, JPEG or WebP image`;
/** 'Main image must be at most 2 MB' */
export const imageSizeMessage = (label: string) => `${label} must be at most 2 MB`;
/** 'Main image is empty' */
export const imageEmptyMessage = (label: string) => `${label} is empty`;

/** The stored object's key: `projects/` + the served name. */
export const UPLOAD_KEY_PREFIX = "projects/";
/** The path uploads are served under: `/uploads/` + the name. */
export const UPLOAD_URL_PREFIX = "/uploads/";

/** A stored name: a random (v4) UUID, lowercase as `crypto.randomUUID()` makes it, and our extension. */
const UPLOAD_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.(png|jpg|webp|pdf)$/;

/** Whether `name` (the last path segment of `/uploads/<name>`) is one we could have stored. */
export function isUploadName(name: string): boolean {
  return UPLOAD_NAME.test(name);
}

/** Whether a stored name is a document's (`.pdf`): served as a download (serve-upload.ts). */
export const isDocumentName = (name: string) => name.endsWith(".pdf");

/**
 * True for `/uploads/<uuid>.<png|jpg|webp|pdf>` exactly: an upload value the project service may
 * accept besides http(s) URLs (an image's in the image fields, a document's in the documents:
 * project-editor.ts).
 */
export function isOurUploadUrl(url: string): boolean {
  return url.startsWith(UPLOAD_URL_PREFIX) && isUploadName(url.slice(UPLOAD_URL_PREFIX.length));
}

/** The R2 key (and ledger key) of an upload URL: `/uploads/<name>` → `projects/<name>`; null for anything else. */
export function uploadKeyOf(url: string): string | null {
  return isOurUploadUrl(url) ? UPLOAD_KEY_PREFIX + url.slice(UPLOAD_URL_PREFIX.length) : null;
}

const startsWith = (bytes: Uint8Array, at: number, magic: readonly number[]) =>
  bytes.length >= at + magic.length && magic.every((b, i) => bytes[at + i] === b);

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
const JPEG = [0xff, 0xd8, 0xff] as const;
const RIFF = [0x52, 0x49, 0x46, 0x46] as const; // "RIFF"
const WEBP = [0x57, 0x45, 0x42, 0x50] as const; // "WEBP", after the 4-byte RIFF size
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d] as const; // "%PDF-"

/** The image type the bytes' magic number names, or null for anything else (SVG, GIF, HTML, PDF, empty …). */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, 0, PNG)) return "image/png";
  if (startsWith(bytes, 0, JPEG)) return "image/jpeg";
  if (startsWith(bytes, 0, RIFF) && startsWith(bytes, 8, WEBP)) return "image/webp";
  return null;
}

/** The bytes of a PDF: the `%PDF-` header first (ADR 031), whatever the name or the browser say. */
export function isPdf(bytes: Uint8Array): boolean {
  return startsWith(bytes, 0, PDF);
}

/**
 * A document's download name, safe in a quoted `Content-Disposition` filename: ASCII letters,
 * digits, spaces, `.`, `-`, `_`, `(` and `)` kept (accents dropped, anything else a space), at
 * most 100 characters, always ending in `.pdf`; "document.pdf" when nothing is left.
 */
export function documentFilename(name: string | undefined): string {
  const base = (name ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\.pdf$/i, "")
    .replace(/[^A-Za-z0-9 ._()-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^\.+/, "")
    .slice(0, 96)
    .trim();
  return `${base || "document"}.pdf`;
}

/** Signed-in founders and admins may upload; 401 for a visitor, 403 for an investor. */
export function assertCanUpload(viewer: SessionUser | null): asserts viewer is SessionUser {
  requireCan(viewer, "raise", () => new ServiceError(403, UPLOAD_MESSAGES.foundersOnly, "forbidden"));
}

export interface StoredImage {
  /** Where the image is served: `/uploads/<uuid>.<ext>`. */
  url: string;
  /** The R2 key: `projects/<uuid>.<ext>`. */
  key: string;
  contentType: ImageType;
  size: number;
}

/** An image whose bytes passed `checkImage`, ready to store. */
export interface CheckedImage {
  bytes: Uint8Array;
  contentType: ImageType;
}

/** A PDF whose bytes passed `checkDocument`, ready to store, with the name it is downloaded under. */
export interface CheckedDocument {
  bytes: Uint8Array;
  contentType: DocumentType;
  /** `Investor Deck.pdf` (documentFilename). */
  filename: string;
}

/** A file ready to store: an image or a document. */
export type CheckedUpload = CheckedImage | CheckedDocument;

/** A stored upload: where it is served, its key, type and size. */
export interface StoredUpload {
  url: string;
  key: string;
  contentType: ImageType | DocumentType;
  size: number;
}

/**
 * The checks on the file itself, without storing anything: not empty (400), at most 2 MB (413), a
 * PNG, JPEG or WebP by its bytes (415). `label` names the form field in the message ('Logo must be
 * at most 2 MB'); without it the messages are the general ones.
 */
export async function checkImage(file: File | Blob | Uint8Array, label?: string): Promise<CheckedImage> {
  const size = file instanceof Uint8Array ? file.byteLength : file.size;
  if (size === 0) throw new ServiceError(400, label ? imageEmptyMessage(label) : UPLOAD_MESSAGES.empty, "image_empty");
  if (size > IMAGE_LIMITS.maxBytes) {
    throw new ServiceError(413, label ? imageSizeMessage(label) : UPLOAD_MESSAGES.tooLarge, "image_too_large");
  }
  const bytes = file instanceof Uint8Array ? file : new Uint8Array(await file.arrayBuffer());
  const contentType = sniffImageType(bytes);
  if (!contentType) {
    throw new ServiceError(415, label ? imageTypeMessage(label) : UPLOAD_MESSAGES.wrongType, "image_type");
  }
  return { bytes, contentType };
}

/**
 * The checks on a document, without storing anything: not empty (400), at most 10 MB (413), a PDF
 * by its bytes (415). `label` names the document in the message ('Investor Deck must be a PDF
 * file'; without it the messages are the general ones); `name` is its download name (the label's
 * when not given).
 */
export async function checkDocument(
  file: File | Blob | Uint8Array,
  label?: string,
  name: string | undefined = label,
): Promise<CheckedDocument> {
  const size = file instanceof Uint8Array ? file.byteLength : file.size;
  if (size === 0) {
    throw new ServiceError(400, label ? documentEmptyMessage(label) : DOCUMENT_MESSAGES.empty, "document_empty");
  }
  if (size > DOCUMENT_LIMITS.maxBytes) {
    throw new ServiceError(413, label ? documentSizeMessage(label) : DOCUMENT_MESSAGES.tooLarge, "document_too_large");
  }
  const bytes = file instanceof Uint8Array ? file : new Uint8Array(await file.arrayBuffer());
  if (!isPdf(bytes)) {
    throw new ServiceError(415, label ? documentTypeMessage(label) : DOCUMENT_MESSAGES.wrongType, "document_type");
  }
  return { bytes, contentType: "application/pdf", filename: documentFilename(name) };
}

/** How much an account has stored: images and bytes (one indexed statement). */
export async function uploadUsage(db: Database, ownerId: string): Promise<{ images: number; bytes: number }> {
  const row = await db.$client
    .prepare("select count(*) as images, coalesce(sum(size_bytes), 0) as bytes from uploads where owner_id = ?1")
    .bind(ownerId)
    .first<{ images: number; bytes: number }>();
  return { images: row?.images ?? 0, bytes: row?.bytes ?? 0 };
}

const quotaError = () => new ServiceError(409, UPLOAD_MESSAGES.quota, "upload_quota");

/** A failed guard: the ledger insert's owner became NULL because the quota would be exceeded. */
const OVER_QUOTA = /NOT NULL constraint failed: uploads\.owner_id/i;

/**
 * The ledger row, guarded by the quota in the same statement: when the owner's images + 1 or bytes
 * + this size would pass UPLOAD_QUOTA, the owner is NULL and the NOT NULL constraint fails the whole
 * batch (a guard that matches no row is not an error in D1, so it must fail; DESIGN §3). D1 runs
 * the batch as one transaction and serialises it with every other, so the check and the insert
 * cannot be split by a concurrent upload.
 */
function guardedLedgerInsert(db: Database, key: string, ownerId: string, file: CheckedUpload, now: number) {
  return db.$client
    .prepare(
      `insert into uploads (key, owner_id, size_bytes, content_type, created_at)
       select ?1,
         case when (select count(*) from uploads where owner_id = ?2) + 1 <= ?6
               and (select coalesce(sum(size_bytes), 0) from uploads where owner_id = ?2) + ?3 <= ?7
              then ?2 end,
         ?3, ?4, ?5`,
    )
    .bind(key, ownerId, file.bytes.byteLength, file.contentType, now, UPLOAD_QUOTA.images, UPLOAD_QUOTA.bytes);
}

/**
 * Stores an image that passed `checkImage` or a document that passed `checkDocument`, for `viewer`
 * (who must be allowed to upload): the account's quota (409) and hourly rate limit (429 with
 * Retry-After) are taken first, as one batch with the ledger row, and only then are the bytes
 * written to R2. Nothing is written when a limit refuses; if R2 fails, the ledger row is removed
 * again. A document keeps its download name in the object's metadata (`filename`).
 */
export async function storeCheckedUpload<T extends CheckedUpload>(
  db: Database,
  bucket: R2Bucket,
  viewer: SessionUser | null,
  file: T,
  now: number = Date.now(),
): Promise<StoredUpload & { contentType: T["contentType"] }> {
  assertCanUpload(viewer);
  const size = file.bytes.byteLength;
  // Read first for the clearer answer: a full account hears about its quota, not the hourly limit.
  // The guarded insert below is what holds under concurrency.
  const used = await uploadUsage(db, viewer.id);
  if (used.images + 1 > UPLOAD_QUOTA.images || used.bytes + size > UPLOAD_QUOTA.bytes) throw quotaError();

  const name = `${crypto.randomUUID()}.${UPLOAD_EXTENSIONS[file.contentType]}`;
  const key = UPLOAD_KEY_PREFIX + name;
  try {
    await reserveAndRun(db, [uploadSlot(viewer.id)], [guardedLedgerInsert(db, key, viewer.id, file, now)], now);
  } catch (e) {
    if (constraintFailed(e, OVER_QUOTA)) throw quotaError();
    throw e;
  }
  try {
    await bucket.put(key, file.bytes, {
      httpMetadata: { contentType: file.contentType },
      customMetadata: "filename" in file ? { ownerId: viewer.id, filename: file.filename } : { ownerId: viewer.id },
    });
  } catch (e) {
    await db.$client.prepare("delete from uploads where key = ?1").bind(key).run();
    throw e;
  }
  return { url: UPLOAD_URL_PREFIX + name, key, contentType: file.contentType, size };
}

/** Stores an image that passed `checkImage` (storeCheckedUpload). */
export const storeCheckedImage = (
  db: Database,
  bucket: R2Bucket,
  viewer: SessionUser | null,
  image: CheckedImage,
  now: number = Date.now(),
): Promise<StoredImage> => storeCheckedUpload(db, bucket, viewer, image, now);

/**
 * Checks and stores one image: the viewer may upload (401/403), the file passes `checkImage`
 * (400/413/415, its messages naming `label` when given), then `storeCheckedImage` (409 over the
 * quota, 429 over the hourly limit). Nothing is stored when a check fails.
 */
export async function storeImage(
  db: Database,
  bucket: R2Bucket,
  viewer: SessionUser | null,
  file: File | Blob | Uint8Array,
  label?: string,
  now: number = Date.now(),
): Promise<StoredImage> {
  assertCanUpload(viewer);
  return storeCheckedImage(db, bucket, viewer, await checkImage(file, label), now);
}

/**
 * Checks and stores one PDF, as `storeImage` does an image: the viewer may upload (401/403), the
 * file passes `checkDocument` (400/413/415, naming `label` when given; `name`, else the label, is
 * its download name), then `storeCheckedUpload` (409 over the quota, 429 over the hourly limit).
 */
export async function storeDocument(
  db: Database,
  bucket: R2Bucket,
  viewer: SessionUser | null,
  file: File | Blob | Uint8Array,
  options: { label?: string; name?: string } = {},
  now: number = Date.now(),
): Promise<StoredUpload> {
  assertCanUpload(viewer);
  const checked = await checkDocument(file, options.label, options.name ?? options.label);
  return storeCheckedUpload(db, bucket, viewer, checked, now);
}

/**
 * Deletes uploads stored for a request that then failed (the project form's save refused after its
 * images or documents were stored): their ledger rows, then their bytes. The quota is freed at once; the
 * hourly rate-limit slots stay used.
 */
export async function discardUploads(db: Database, bucket: R2Bucket, keys: string[]): Promise<void> {
  if (!keys.length) return;
  await db.$client
    .prepare("delete from uploads where key in (select value from json_each(?1))")
    .bind(JSON.stringify(keys))
    .run();
  await bucket.delete(keys);
}
