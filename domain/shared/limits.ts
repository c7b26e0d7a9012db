/**
 * Size limits shared by both doors: the upload service's per-image limit and each page form's
 * body limit (readForm in app/server/form.server.ts; the Worker's page body cap in worker/app.ts).
 *
 * Size each form's limit from its fields: the longest allowed text, × 12 for the worst case of
 * 4-byte UTF-8 characters percent-encoded, plus room for the field names.
 */

/** The largest image the upload service stores: 2 MB. */
export const IMAGE_LIMITS = { maxBytes: 2 * 1024 * 1024 } as const;

/** The largest document (PDF) the upload service stores: 10 MB (ADR 031). */
export const DOCUMENT_LIMITS = { maxBytes: 10 * 1024 * 1024 } as const;

const IMAGE_BYTES = IMAGE_LIMITS.maxBytes;
const DOCUMENT_BYTES = DOCUMENT_LIMITS.maxBytes;

/**
 * The project form's document rows that take a file (`documents[<i>].file`): the four fixed rows
 * (FORM_DOCUMENTS in domain/projects/project-form.ts).
 */
export const DOCUMENT_FILE_FIELDS = [0, 1, 2, 3].map((i) => `documents[${i}].file`);

/** The company event form's PDF (ADR 052): the founder's evidence, an admin's optional one. */
export const EVIDENCE_FILE_FIELD = "evidenceFile";
const EVIDENCE_FILE = { fields: [EVIDENCE_FILE_FIELD], maxFiles: 1, maxFileBytes: DOCUMENT_BYTES } as const;

export interface FormLimits {
  /** Largest body accepted, in bytes. */
  maxBytes: number;
  /** Most fields (name=value pairs, files included) accepted. */
  maxFields?: number;
  /**
   * The fields that may carry files, and how many files the whole form may carry. `maxFileBytes`
   * is each file's limit, for sizing `maxBytes`: readForm does not refuse a larger file (the
   * upload service does, naming the field).
   */
  files?: { fields: readonly string[]; maxFiles: number; maxFileBytes: number };
}

/** Limits for the forms we have: kept here so they are sized side by side. */
export const FORM_LIMITS = {
  /** email (254) and password (128), redirectTo (2048). */
  signin: { maxBytes: 32 * 1024, maxFields: 10 },
  /** names, email, date, passwords, role, redirectTo. */
  signup: { maxBytes: 40 * 1024, maxFields: 16 },
  /** name, email, subject, a 5,000-character message. */
  contact: { maxBytes: 80 * 1024, maxFields: 12 },
  /** name, email, a 500-character message, the checkbox. */
  support: { maxBytes: 16 * 1024, maxFields: 12 },
  /** Account settings: the public profile (texts up to 5,000 + 2,000 + 2,000 + 1,000 characters) or a password change. */
  settings: { maxBytes: 128 * 1024, maxFields: 30 },
  /** shares, amount, the idempotency key, the risk acknowledgement. */
  purchase: { maxBytes: 4 * 1024, maxFields: 10 },
  /**
   * An admin action: ids, the intent, a 1,000-character note or reason; or Record a company event
   * (ADR 052): its fields with a 2,000-character statement, and an optional PDF of evidence.
   */
  admin: { maxBytes: DOCUMENT_BYTES + 64 * 1024, maxFields: 16, files: EVIDENCE_FILE },
  /**
   * The founder dashboard's forms: an update (a 120-character title and a 10,000-character body, 4
   * bytes a character at most), a deadline, or Report a company event with its PDF (ADR 052).
   */
  dashboard: { maxBytes: DOCUMENT_BYTES + 128 * 1024, maxFields: 16, files: EVIDENCE_FILE },
  /** The project page's follow, ask, answer and hide forms: a 5,000-character answer at most. */
  conversation: { maxBytes: 32 * 1024, maxFields: 10 },
  /** The notifications page's Mark all read: intent alone. */
  notifications: { maxBytes: 1024, maxFields: 4 },
  /** The portfolio's Regenerate button: intent alone. */
  portfolio: { maxBytes: 1024, maxFields: 4 },
  /** An investment's page: the confirm step's `intent=cancel` alone. */
  investment: { maxBytes: 1024, maxFields: 4 },
  /** The profile form: names (80), phone (30), a 1,000-character bio, preference choices. */
  profile: { maxBytes: 24 * 1024, maxFields: 40 },
  /**
   * The project form: up to 6 images of 2 MB (main, logo, gallery) and one 10 MB document's worth
   * of PDFs (up to 4 files, one per document row, together within the body limit; ADR 031), plus
   * 256 KB for its text fields and rows: 22.25 MB. Each file's own limit is the upload service's.
   */
  project: {
    maxBytes: IMAGE_BYTES * 6 + DOCUMENT_BYTES + 256 * 1024,
    maxFields: 600,
    files: {
      fields: ["imageFile", "logoFile", "galleryFiles", ...DOCUMENT_FILE_FIELDS],
      maxFiles: 6 + DOCUMENT_FILE_FIELDS.length,
      maxFileBytes: DOCUMENT_BYTES,
    },
  },
} as const satisfies Record<string, FormLimits>;
