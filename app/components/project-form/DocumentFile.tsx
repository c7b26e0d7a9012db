/**
 * A document row's file input (ADR 031): one PDF, uploaded with the form (and kept if it comes back), whose URL
 * replaces the row's. Its error is the row's URL field's (`documents[<i>].url`), as an image file
 * input's is its URL field's (sections.tsx `FileInput`).
 */
import { fieldId } from "../form/Field";
import { useProjectForm } from "./controls";

export const DOCUMENT_ACCEPT = "application/pdf,.pdf";
/** One save carries about 10 MB of documents beside the images (FORM_LIMITS.project, ADR 031). */
export const DOCUMENT_UPLOAD_HINT =
  "PDF, at most 10 MB, uploaded with the form and kept if it comes back; for several large documents, save after each one. " +
  "An uploaded PDF replaces the URL above.";

export function DocumentFile({ index, name }: { index: number; name: string }) {
  const { errors } = useProjectForm();
  const field = `documents[${index}].file`;
  const errorKey = `documents[${index}].url`;
  const id = fieldId(field);
  const error = errors[errorKey];
  const describedBy = [`${id}-hint`, error ? `${fieldId(errorKey)}-error` : null].filter(Boolean).join(" ");
  return (
    <div className="field pf-file">
      <label htmlFor={id}>{`Or upload the ${name} (PDF)`}</label>
      <input
        id={id}
        name={field}
        type="file"
        accept={DOCUMENT_ACCEPT}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <p className="field-hint" id={`${id}-hint`}>
        {DOCUMENT_UPLOAD_HINT}
      </p>
    </div>
  );
}
