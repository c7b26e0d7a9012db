/**
 * The eleven sections of the project form, in the spec's order (section 2, Project form), each a
 * fieldset with its legend. Field names are the API's JSON paths (ADR 016).
 */
import type { ReactNode } from "react";

import { fieldId } from "../form/Field";
import { PROJECT_CATEGORIES } from "../../../domain/categories";
import { formatMoney, formatNumber } from "../../../domain/format";
import { FORM_DOCUMENTS, REGULATION_TYPES, RISK_LEVELS, SOCIAL_LINKS } from "../../../domain/project-form";
import { derivedTerms, sharesUnavailableReason } from "../../../domain/project-terms";
import { FieldError, Hidden, Select, TextArea, TextInput, useProjectForm } from "./controls";
import { DocumentFile } from "./DocumentFile";
import { RowGroup } from "./RowGroup";
import { rowsAt, textAt, valueAt } from "./values";

export function Section({
  id,
  title,
  lead,
  children,
}: {
  id: string;
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <fieldset className="card pf-section" id={id} aria-describedby={lead ? `${id}-lead` : undefined}>
      {/* A heading in the legend: the sections can be reached by heading, and the group keeps its name. */}
      <legend className="pf-legend">
        <h2>{title}</h2>
      </legend>
      {lead ? (
        <p className="pf-lead muted" id={`${id}-lead`}>
          {lead}
        </p>
      ) : null}
      {children}
    </fieldset>
  );
}

const Wide = ({ children }: { children: ReactNode }) => <div className="pf-wide">{children}</div>;

const CATEGORY_OPTIONS = PROJECT_CATEGORIES.map((c) => ({ value: c.toLowerCase(), label: c }));
const RISK_OPTIONS = RISK_LEVELS.map((r) => ({ value: r, label: r.charAt(0).toUpperCase() + r.slice(1) }));
const REGULATION_LABELS: Record<(typeof REGULATION_TYPES)[number], string> = {
  SAFE: "SAFE (simple agreement for future equity)",
  RegCF: "Reg CF (up to $5 million)",
  "RegA+": "Reg A+ (up to $75 million)",
};
const REGULATION_OPTIONS = REGULATION_TYPES.map((r) => ({ value: r, label: REGULATION_LABELS[r] }));

export function BasicSection() {
  return (
    <Section id="basic" title="Basic Information">
      <div className="pf-grid">
        <Wide>
          <TextInput
            name="title"
            label="Project title"
            required
            hint="Shown on project cards and at the top of your project page"
          />
        </Wide>
        <TextArea
          name="shortDescription"
          label="Short description"
          required
          rows={2}
          hint="Shown on project cards and under the title at the top of your project page"
        />
        <TextArea
          name="description"
          label="Description"
          required
          rows={5}
          hint="Shown first in the Overview tab of your project page"
        />
        <Select
          name="category"
          label="Category"
          required
          options={CATEGORY_OPTIONS}
          placeholder="Choose a category"
          hint="Investors find you under it when they browse by sector"
        />
        <TextInput
          name="tags"
          label="Tags"
          hint="Comma-separated, for example: AI, campus, mobility. Shown in the Overview tab"
        />
        <TextInput
          name="location"
          label="Location"
          autoComplete="address-level2"
          hint="Shown on project cards and in Key facts"
        />
        <TextInput name="university" label="University" hint="Shown under the title at the top of your project page" />
        <Select name="riskLevel" label="Risk level" options={RISK_OPTIONS} hint="Shown in Key facts (Overview tab)" />
        <TextInput
          name="returnRate"
          label="Expected return rate (%)"
          type="number"
          inputMode="decimal"
          hint="0 to 100; shown in Key facts as your estimate"
        />
        <TextInput
          name="projectDuration"
          label="Project duration (months)"
          type="number"
          inputMode="numeric"
          required
          hint="At least 3 months; shown in Key facts"
        />
        <TextArea
          name="about"
          label="About"
          rows={5}
          hint="Your story, shown under About in the Overview tab. Separate paragraphs with a blank line."
        />
      </div>
    </Section>
  );
}

export interface LiveTerms {
  fundingGoal: string;
  sharePrice: string;
  equityPercentage: string;
  regulationType: string;
}

export function FundingSection({ live, minDeadline }: { live: LiveTerms; minDeadline: string | null }) {
  const { termsLocked } = useProjectForm();
  const derived = derivedTerms({
    fundingGoal: live.fundingGoal,
    sharePrice: live.sharePrice,
    investmentTerms: { equityPercentage: live.equityPercentage },
  });
  const inputs = ["fundingGoal", "sharePrice", "investmentTerms.equityPercentage"].map(fieldId).join(" ");
  const sharesWhy = sharesUnavailableReason(live);
  return (
    <Section
      id="funding"
      title="Funding Details"
      lead={
        termsLocked
          ? "Investors have bought shares on these terms, so the goal, share price, equity and regulation stay as they are."
          : "Investors buy whole shares: the share price must divide the funding goal into a whole number of shares."
      }
    >
      <div className="pf-grid">
        <TextInput
          name="fundingGoal"
          label="Funding goal ($)"
          type="number"
          inputMode="numeric"
          required
          lockable
          hint="At least $5,000, in steps of $1,000"
        />
        <FundingDeadline minDeadline={minDeadline} />
        <TextInput name="sharePrice" label="Share price ($)" type="number" inputMode="decimal" lockable />
        <TextInput
          name="investmentTerms.equityPercentage"
          label="Equity offered (%)"
          type="number"
          inputMode="decimal"
          lockable
          hint="Up to 100, with at most 2 decimals"
        />
        <TextInput
          name="investmentTerms.minInvestment"
          label="Minimum investment ($)"
          type="number"
          inputMode="numeric"
          hint="At least $100"
        />
        <Select name="regulationType" label="Regulation type" options={REGULATION_OPTIONS} lockable />
      </div>
      <dl className="pf-derived" aria-label="Derived terms">
        <div>
          <dt>Total shares</dt>
          <dd>
            <output htmlFor={inputs}>{derived.totalShares !== null ? formatNumber(derived.totalShares) : "—"}</output>
          </dd>
          <dd className="field-hint">{sharesWhy ?? "Funding goal ÷ share price"}</dd>
        </div>
        <div>
          <dt>Company valuation</dt>
          <dd>
            <output htmlFor={inputs}>{derived.valuation !== null ? formatMoney(derived.valuation) : "—"}</output>
          </dd>
          <dd className="field-hint">Funding goal ÷ equity offered × 100</dd>
        </div>
      </dl>
    </Section>
  );
}

function FundingDeadline({ minDeadline }: { minDeadline: string | null }) {
  const { values } = useProjectForm();
  const current = textAt(values, "fundingDeadline");
  // A kept past deadline (editing a closed raise) is allowed, so it sets no minimum then.
  const min = minDeadline && (!current || current >= minDeadline) ? minDeadline : undefined;
  return (
    <TextInput
      name="fundingDeadline"
      label="Funding deadline"
      type="date"
      required
      min={min}
      hint="A date in the future, within 2 years"
    />
  );
}

export function CreatorSection() {
  return (
    <Section
      id="creator"
      title="Creator Information"
      lead="The person behind the project, shown first in the Team tab of your project page."
    >
      <div className="pf-grid">
        <TextInput name="creatorInfo.name" label="Creator name" required autoComplete="name" />
        <TextInput name="creatorInfo.university" label="Creator university" />
        <TextArea name="creatorInfo.bio" label="Creator bio" required rows={4} />
        <TextInput
          name="creatorInfo.image"
          label="Creator photo URL"
          inputMode="url"
          placeholder="https://"
          hint="A web address (https://…) of a photo"
        />
        <TextInput name="creatorInfo.experience" label="Experience" hint="For example: 2 years at a fintech startup" />
      </div>
    </Section>
  );
}

const IMAGE_ACCEPT = "image/png,image/jpeg,image/webp";
const UPLOAD_HINT = "PNG, JPEG or WebP, at most 2 MB, uploaded when you save.";

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

export function SocialSection() {
  return (
    <Section
      id="social"
      title="Social Links"
      lead="Shown as links in Key facts, in the Overview tab of your project page."
    >
      <div className="pf-grid">
        {SOCIAL_LINKS.map((s) => (
          <TextInput
            key={s.key}
            name={`socialLinks.${s.key}`}
            label={s.label}
            type="url"
            inputMode="url"
            placeholder="https://"
          />
        ))}
      </div>
    </Section>
  );
}

export function BusinessSection() {
  return (
    <Section id="business" title="Business Details">
      <div className="pf-grid">
        <TextArea name="teamDescription" label="Team description" rows={3} hint="Shown at the top of the Team tab" />
        <TextArea
          name="details.overview"
          label="Offering summary"
          rows={4}
          hint="What you are raising and what the money is for: shown under The offering in the Overview tab"
        />
        <TextArea name="details.problem" label="Problem" rows={3} hint="Shown in the Product tab" />
        <TextArea name="details.solution" label="Solution" rows={3} hint="Shown in the Product tab" />
        <TextArea name="details.marketSize" label="Market size" rows={3} hint="Shown in the Market tab" />
        <TextArea name="details.competition" label="Competition" rows={3} hint="Shown in the Market tab" />
        <TextArea name="details.businessModel" label="Business model" rows={3} hint="Shown in the Market tab" />
      </div>
      <h3 className="pf-subhead">Financials</h3>
      <div className="pf-grid pf-grid-3">
        {[1, 2, 3].map((year) => (
          <TextInput
            key={year}
            name={`details.financials.revenueProjections.year${year}`}
            label={`Year ${year} revenue projection ($)`}
            type="number"
            inputMode="numeric"
          />
        ))}
      </div>
      <div className="pf-grid pf-grid-3">
        <TextInput name="details.financials.burnRate" label="Monthly burn rate ($)" type="number" inputMode="numeric" />
        <TextInput name="details.financials.breakEvenPoint" label="Break-even point" hint="For example: Q4 2027" />
        <TextInput
          name="details.financials.runwayPostFunding"
          label="Runway after funding"
          hint="For example: 18 months"
        />
      </div>
    </Section>
  );
}

export function TeamSection() {
  const { values } = useProjectForm();
  return (
    <Section
      id="team"
      title="Team Members"
      lead="Shown in the Team tab. A team member is saved when it has both a name and a role."
    >
      <RowGroup list="team">
        {(i) => (
          <>
            <TextInput name={`team[${i}].name`} label="Name" />
            <TextInput name={`team[${i}].role`} label="Role" />
            <TextArea name={`team[${i}].bio`} label="Bio" rows={2} />
            {/* Parts the form does not edit (an API client may have set them) travel along. */}
            {["image", "experience", "university"].map((part) =>
              textAt(values, `team[${i}].${part}`) ? <Hidden key={part} name={`team[${i}].${part}`} /> : null,
            )}
          </>
        )}
      </RowGroup>
    </Section>
  );
}

export function TractionSection() {
  return (
    <Section
      id="traction"
      title="Traction & Metrics"
      lead="Shown under Traction in the Overview tab. A metric is saved when it has both a name and a value."
    >
      <RowGroup list="details.traction">
        {(i) => (
          <>
            <TextInput name={`details.traction[${i}].metric`} label="Metric" hint="For example: Monthly users" />
            <TextInput name={`details.traction[${i}].value`} label="Value" hint="For example: 2,400" />
          </>
        )}
      </RowGroup>
    </Section>
  );
}

export function RoadmapSection() {
  const { values } = useProjectForm();
  return (
    <Section
      id="roadmap"
      title="Roadmap"
      lead="Shown under Roadmap in the Overview tab. A milestone is saved when it has both a date and a description."
    >
      <RowGroup list="details.roadmap">
        {(i) => (
          <>
            <TextInput name={`details.roadmap[${i}].date`} label="Date" hint="For example: Q3 2026" />
            <TextInput name={`details.roadmap[${i}].milestone`} label="Milestone" />
            {valueIsTrue(values, `details.roadmap[${i}].completed`) ? (
              <input type="hidden" name={`details.roadmap[${i}].completed`} value="true" />
            ) : null}
          </>
        )}
      </RowGroup>
    </Section>
  );
}

function valueIsTrue(values: Record<string, unknown>, name: string): boolean {
  const value = valueAt(values, name);
  return value === true || value === "true" || value === "on";
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

export function FaqSection() {
  return (
    <Section id="faqs" title="FAQs" lead="Shown in the Overview tab. Each FAQ needs both a question and an answer.">
      <RowGroup list="faqs">
        {(i) => (
          <>
            <Wide>
              <TextInput name={`faqs[${i}].question`} label="Question" />
            </Wide>
            <TextArea name={`faqs[${i}].answer`} label="Answer" rows={3} />
          </>
        )}
      </RowGroup>
    </Section>
  );
}
