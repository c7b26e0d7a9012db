/**
 * The answers of /api/uploads (worker/api/uploads.ts) and their multipart bodies, with examples
 * (ADR 042, ADR 017, ADR 031).
 */
import * as v from "valibot";

import { DOCUMENT_LIMITS, IMAGE_LIMITS } from "../../../domain/shared/limits";
import { ok } from "./common";

/** A file part of a multipart form. */
const file = (description: string) =>
  v.pipe(v.any(), v.metadata({ type: "string", format: "binary" }), v.description(description));

export const ImageUploadBody = v.object({
  file: file(
    `One PNG, JPEG or WebP image, at most ${IMAGE_LIMITS.maxBytes / (1024 * 1024)} MB (checked by its bytes).`,
  ),
});

export const DocumentUploadBody = v.object({
  file: file(`One PDF, at most ${DOCUMENT_LIMITS.maxBytes / (1024 * 1024)} MB (checked by its bytes).`),
  name: v.optional(v.pipe(v.string(), v.description('Its download name: "Investor Deck".'))),
});

const stored = <T extends v.GenericSchema<string>>(contentType: T) =>
  v.object({
    success: ok,
    url: v.pipe(v.string(), v.description("Where it is served: put it in a project's image, gallery or documents.")),
    contentType,
    size: v.pipe(v.number(), v.integer(), v.minValue(1), v.description("Bytes.")),
  });

export const ImageUploadAnswer = stored(v.picklist(["image/png", "image/jpeg", "image/webp"]));
export const DocumentUploadAnswer = stored(v.literal("application/pdf"));

export const EXAMPLES = {
  image: { file: "(the image's bytes)" },
  document: { file: "(the PDF's bytes)", name: "Investor Deck" },
  imageStored: {
    success: true,
    url: "/uploads/9b3d6f21-4c8a-4e1b-a7f5-0d2e8c6b1a93.webp",
    contentType: "image/webp",
    size: 184_320,
  },
  documentStored: {
    success: true,
    url: "/uploads/5f0c9a7e-2d41-4b8e-9c3a-1e6f7d2b8a40.pdf",
    contentType: "application/pdf",
    size: 2_411_724,
  },
} as const;
