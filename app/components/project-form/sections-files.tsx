/**
 * The project form's sections that take files (ADR 023, ADR 031): media & images and documents,
 * each file input beside the URL it replaces.
 */
import { fieldId } from "../form/Field";
import { FORM_DOCUMENTS } from "../../../domain/projects/project-form-messages";
import { FieldError, Hidden, TextInput, useProjectForm } from "./controls";
import { DocumentFile } from "./DocumentFile";
import { RowGroup } from "./RowGroup";
import { Section, Wide } from "./sections";
import { rowsAt, textAt } from "./values";

const IMAGE_ACCEPT = "image/png,image/jpeg,image/webp";
const UPLOAD_HINT = "PNG, JPEG or WebP, at most 2 MB, uploaded with the form and kept if it comes back.";

/** A thumbnail of an image we serve ourselves (our CSP loads images from this origin only). */
function Thumbnail({ url, alt }: { url: string; alt: string }) {
  if (!url.startsWith("/")) return null;
  return <img className="pf-thumb" src={url} alt={alt} width={160} height={90} loading="lazy" />;
}

/** A file input beside an image URL: its error is the URL field's (`image`, `logo`, `gallery`). */
function FileInput({
  name,
  errorKey,
  label,
  multiple,
}: {
  name: string;
  errorKey: string;
  label: string;
  multiple?: boolean;
}) {
  const { errors } = useProjectForm();
  const id = fieldId(name);
  const error = errors[errorKey];
  const describedBy = [`${id}-hint`, error ? `${fieldId(errorKey)}-error` : null].filter(Boolean).join(" ");
  return (
    <div className="field pf-file">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="file"
        accept={IMAGE_ACCEPT}
        multiple={multiple}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <p className="field-hint" id={`${id}-hint`}>
        {UPLOAD_HINT}
        {multiple ? " Each one is added to the gallery." : " An uploaded image replaces the URL above."}
      </p>
    </div>
  );
}

export function MediaSection() {
  const { values } = useProjectForm();
  const image = textAt(values, "image");
  const logo = textAt(values, "logo");
  return (
    <Section
      id="media"
      title="Media & Images"
      lead="Give each image as a web address (https://…) or upload a file; uploaded images are stored with your project. The main image is shown on project cards and at the top of your project page, the logo beside the title, the gallery in the Product tab."
    >
      <div className="pf-grid">
        <div className="pf-media">
          <Thumbnail url={image} alt="Current main image" />
          <TextInput
            name="image"
            label="Main project image URL"
            required
            inputMode="url"
            placeholder="https://"
            hint="Required: give its web address here, or upload the image below instead"
          />
          <FileInput name="imageFile" errorKey="image" label="Or upload the main image (instead of a URL)" />
        </div>
        <div className="pf-media">
          <Thumbnail url={logo} alt="Current logo" />
          <TextInput name="logo" label="Logo URL" inputMode="url" placeholder="https://" />
          <FileInput name="logoFile" errorKey="logo" label="Or upload the logo" />
        </div>
      </div>
      <h3 className="pf-subhead">Gallery</h3>
      <RowGroup list="gallery">
        {(i) => (
          <Wide>
            <Thumbnail url={textAt(values, `gallery[${i}]`)} alt={`Gallery image ${i + 1}`} />
            <TextInput name={`gallery[${i}]`} label="Image URL" inputMode="url" placeholder="https://" />
          </Wide>
        )}
      </RowGroup>
      <div className="pf-gallery-upload">
        <FileInput name="galleryFiles" errorKey="gallery" label="Upload gallery images" multiple />
        <FieldError name="gallery" />
      </div>
    </Section>
  );
}

export function DocumentsSection() {
  const { values } = useProjectForm();
  const documents = rowsAt(values, "documents");
  return (
    <Section
      id="documents"
      title="Documents"
      lead="Your documents for investors to read: give each as a web address (https://…) or upload a PDF."
    >
      <div className="pf-grid">
        {documents.map((_, i) => {
          const fixed = FORM_DOCUMENTS[i];
          const name = fixed?.name ?? textAt(values, `documents[${i}].name`);
          return (
            <div key={i} className="pf-media">
              <Hidden name={`documents[${i}].name`} />
              {fixed ? null : <Hidden name={`documents[${i}].type`} />}
              {/* Not type="url": an uploaded PDF's URL is a path of ours (/uploads/…), as an image's is. */}
              <TextInput name={`documents[${i}].url`} label={`${name} URL`} inputMode="url" placeholder="https://" />
              {/* The four fixed rows take a file (FORM_LIMITS.project's document file fields; ADR 031). */}
              {fixed ? <DocumentFile index={i} name={fixed.name} /> : null}
            </div>
          );
        })}
      </div>
    </Section>
  );
}
