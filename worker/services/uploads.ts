/**
 * Founders' project images (ADR 017): the main image, the logo and the gallery, stored in R2 (the
 * `IMAGES` binding) and served from our own origin at `/uploads/<uuid>.<ext>` (worker/app.ts).
 * Both doors call `storeImage`: `POST /api/uploads` and the project form's action (through
 * `readForm` with FORM_LIMITS.project and `formFiles`).
 *
 * A file is an image only if its bytes say so (magic numbers): the file name and the browser's
 * content type are never trusted. PNG, JPEG and WebP only; SVG (which can carry script), GIF, HTML,
 * PDF and anything else are refused. At most IMAGE_LIMITS.maxBytes each.
 */
import type { SessionUser } from "../../app/lib/types";
import { requireSignedIn } from "./access";
import { ServiceError } from "./errors";

export const IMAGE_LIMITS = { maxBytes: 2 * 1024 * 1024 } as const;

export type ImageType = "image/png" | "image/jpeg" | "image/webp";

/** The extension each accepted type is stored and served under. */
export const IMAGE_EXTENSIONS: Record<ImageType, "png" | "jpg" | "webp"> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
};

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
} as const;

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
const UPLOAD_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.(png|jpg|webp)$/;

/** Whether `name` (the last path segment of `/uploads/<name>`) is one we could have stored. */
export function isUploadName(name: string): boolean {
  return UPLOAD_NAME.test(name);
}

/**
 * True for `/uploads/<uuid>.<png|jpg|webp>` exactly: an image value the project service may accept
 * besides http(s) URLs.
 */
export function isOurUploadUrl(url: string): boolean {
  return url.startsWith(UPLOAD_URL_PREFIX) && isUploadName(url.slice(UPLOAD_URL_PREFIX.length));
}

const startsWith = (bytes: Uint8Array, at: number, magic: readonly number[]) =>
  bytes.length >= at + magic.length && magic.every((b, i) => bytes[at + i] === b);

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
const JPEG = [0xff, 0xd8, 0xff] as const;
const RIFF = [0x52, 0x49, 0x46, 0x46] as const; // "RIFF"
const WEBP = [0x57, 0x45, 0x42, 0x50] as const; // "WEBP", after the 4-byte RIFF size

/** The image type the bytes' magic number names, or null for anything else (SVG, GIF, HTML, PDF, empty …). */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, 0, PNG)) return "image/png";
  if (startsWith(bytes, 0, JPEG)) return "image/jpeg";
  if (startsWith(bytes, 0, RIFF) && startsWith(bytes, 8, WEBP)) return "image/webp";
  return null;
}

/** Signed-in founders and admins may upload; 401 for a visitor, 403 for an investor. */
export function assertCanUpload(viewer: SessionUser | null): asserts viewer is SessionUser {
  requireSignedIn(viewer);
  if (viewer.role !== "founder" && viewer.role !== "admin") {
    throw new ServiceError(403, UPLOAD_MESSAGES.foundersOnly, "forbidden");
  }
}

export interface StoredImage {
  /** Where the image is served: `/uploads/<uuid>.<ext>`. */
  url: string;
  /** The R2 key: `projects/<uuid>.<ext>`. */
  key: string;
  contentType: ImageType;
  size: number;
}

/**
 * Checks and stores one image: the viewer may upload (401/403), the file is not empty (400), at
 * most 2 MB (413) and a PNG, JPEG or WebP by its bytes (415). `label` names the form field in the
 * message ('Logo must be at most 2 MB'); without it the messages are the general ones. Nothing is
 * stored when a check fails.
 */
export async function storeImage(
  bucket: R2Bucket,
  viewer: SessionUser | null,
  file: File | Blob | Uint8Array,
  label?: string,
): Promise<StoredImage> {
  assertCanUpload(viewer);
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
  const name = `${crypto.randomUUID()}.${IMAGE_EXTENSIONS[contentType]}`;
  const key = UPLOAD_KEY_PREFIX + name;
  await bucket.put(key, bytes, {
    httpMetadata: { contentType },
    customMetadata: { ownerId: viewer.id },
  });
  return { url: UPLOAD_URL_PREFIX + name, key, contentType, size: bytes.byteLength };
}
