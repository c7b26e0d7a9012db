/** A founder's uploaded PDF as we serve it: `/uploads/<uuid>.pdf` (ADR 031). */
const UPLOADED_PDF = /^\/uploads\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.pdf$/;

/** Whether a document URL is a founder's uploaded PDF, served by us (`/uploads/<uuid>.pdf`). */
export const isUploadedPdf = (value: string) => UPLOADED_PDF.test(value);
