/**
 * Which uploaded images and documents a project's save may use (ADR 017, ADR 031): the URLs a save
 * or a working copy holds, and the check that every `/uploads/…` URL it adds is the founder's own
 * and of its field's kind. Used by the editor (worker/services/projects/project-editor.ts) and the working
 * copy (project-drafts.ts).
 */
import type { ProjectInput } from "../../../../domain/projects/project-input";
import type { SessionUser } from "../../../../domain/shared/types";
import type { Database } from "../../../../db/client";
import type { ProjectRow } from "../../../../db/schema";
import { invalidFields } from "../../shared/errors";
import { DOCUMENT_MESSAGES, UPLOAD_MESSAGES, UPLOAD_URL_PREFIX, isDocumentName, uploadKeyOf } from "../uploads";

/** An image or document URL a save holds, with the field family it came from. */
export interface UploadRef {
  family: "image" | "logo" | "gallery" | "creator" | "team" | "document";
  url: string;
}

/** Every image and document URL a saved input holds. */
export function uploadRefsOf(input: ProjectInput): UploadRef[] {
  return [
    { family: "image" as const, url: input.image },
    { family: "logo" as const, url: input.logo ?? "" },
    ...input.gallery.map((url) => ({ family: "gallery" as const, url })),
    { family: "creator" as const, url: input.creatorInfo.image ?? "" },
    ...input.team.map((m) => ({ family: "team" as const, url: m.image ?? "" })),
    ...input.documents.map((d) => ({ family: "document" as const, url: d.url })),
  ].filter((r) => r.url !== "");
}

/** Every image and document URL a stored project holds. */
function uploadUrlsOf(row: ProjectRow): string[] {
  return [
    row.image,
    row.logo ?? "",
    ...(Array.isArray(row.gallery) ? row.gallery : []),
    row.creatorInfo?.image ?? "",
    ...(Array.isArray(row.team) ? row.team.map((m) => m?.image ?? "") : []),
    ...(Array.isArray(row.documents) ? row.documents.map((d) => d?.url ?? "") : []),
  ].filter((u): u is string => typeof u === "string" && u !== "");
}

const trimmed = (x: unknown) => (typeof x === "string" ? x.trim() : null);

/**
 * Every image and document URL a raw (normalised) body holds, as `uploadRefsOf` finds them in a
 * validated input: for a body that is not a whole project yet (a working copy, ADR 033).
 */
export function uploadRefsOfBody(body: Record<string, unknown>): UploadRef[] {
  const list = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);
  const field = (x: unknown, key: string) =>
    x && typeof x === "object" && !Array.isArray(x) ? trimmed((x as Record<string, unknown>)[key]) : null;
  const refs: { family: UploadRef["family"]; url: string | null }[] = [
    { family: "image", url: trimmed(body.image) },
    { family: "logo", url: trimmed(body.logo) },
    ...list(body.gallery).map((u) => ({ family: "gallery" as const, url: trimmed(u) })),
    { family: "creator", url: field(body.creatorInfo, "image") },
    ...list(body.team).map((m) => ({ family: "team" as const, url: field(m, "image") })),
    ...list(body.documents).map((d) => ({ family: "document" as const, url: field(d, "url") })),
  ];
  return refs.filter((r): r is UploadRef => !!r.url);
}

/** The form name of the field that sent `url` (the row it was typed in), found in the raw body. */
function fieldOf(family: UploadRef["family"], url: string, body: Record<string, unknown>) {
  if (family === "image" || family === "logo") return family;
  if (family === "document") {
    const rows = Array.isArray(body.documents) ? (body.documents as unknown[]) : [];
    const at = rows.findIndex((d) => !!d && typeof d === "object" && trimmed((d as { url?: unknown }).url) === url);
    return at >= 0 ? `documents[${at}].url` : "documents";
  }
  if (family === "creator") return "creatorInfo.image";
  if (family === "gallery") {
    const images = body.images as Record<string, unknown> | undefined;
    const rows = Array.isArray(body.gallery) ? body.gallery : Array.isArray(images?.gallery) ? images.gallery : [];
    const at = rows.findIndex((u) => trimmed(u) === url);
    return at >= 0 ? `gallery[${at}]` : "gallery";
  }
  const team = Array.isArray(body.team) ? (body.team as unknown[]) : [];
  const at = team.findIndex((m) => !!m && typeof m === "object" && trimmed((m as { image?: unknown }).image) === url);
  return at >= 0 ? `team[${at}].image` : "team";
}

/**
 * An uploaded image or document may join a project only if its founder (or the admin making the
 * edit) stored it: each `/uploads/…` URL the save adds must have a ledger row owned by one of them,
 * and be of its field's kind (a PDF in a document row, an image anywhere else). URLs the project
 * already holds stay allowed (images stored before the ledger existed have no row). A URL under
 * /uploads/ with no row is refused the same way. One statement for all of them.
 */
export async function assertOwnUploads(
  db: Database,
  viewer: SessionUser,
  founderId: string | null,
  current: ProjectRow | null,
  refs: UploadRef[],
  body: Record<string, unknown>,
): Promise<void> {
  const kept = new Set(current ? uploadUrlsOf(current) : []);
  const added = refs.filter((r) => r.url.startsWith(UPLOAD_URL_PREFIX) && !kept.has(r.url));
  if (!added.length) return;
  const keys = [...new Set(added.map((r) => uploadKeyOf(r.url)).filter((k): k is string => k !== null))];
  const owners = new Map<string, string>();
  if (keys.length) {
    const found = await db.$client
      .prepare("select key, owner_id from uploads where key in (select value from json_each(?1))")
      .bind(JSON.stringify(keys))
      .all<{ key: string; owner_id: string }>();
    for (const r of found.results) owners.set(r.key, r.owner_id);
  }
  const allowed = new Set([founderId, viewer.id].filter((id): id is string => !!id));
  const errors: Record<string, string> = {};
  for (const { family, url } of added) {
    const key = uploadKeyOf(url);
    const owner = key ? owners.get(key) : undefined;
    const document = family === "document";
    const rightKind = key !== null && isDocumentName(key) === document;
    if (owner && allowed.has(owner) && rightKind) continue;
    errors[fieldOf(family, url, body)] ??= document ? DOCUMENT_MESSAGES.notYours : UPLOAD_MESSAGES.notYours;
  }
  if (Object.keys(errors).length) throw invalidFields(errors);
}
