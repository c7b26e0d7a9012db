/**
 * The eleven sections of the project form, in the spec's order (section 2, Project form), each a
 * fieldset with its legend. Field names are the API's JSON paths (ADR 016). Here: the frame
 * (`Section`) and the sections of single fields (basic information, funding, creator); the
 * files' sections are sections-files.tsx, the rows' sections sections-rows.tsx.
 */
import { useEffect, useState, type ReactNode } from "react";

import { fieldId } from "../form/Field";
import { categoryFilterText, PROJECT_CATEGORIES } from "../../../domain/projects/categories";
import { formatMoney, formatNumber } from "../../../domain/shared/format";
import { REGULATION_TYPES, RISK_LEVELS } from "../../../domain/projects/project-form-messages";
import { derivedTerms, sharesUnavailableReason } from "../../../domain/projects/project-terms";
import { Select, TextArea, TextInput, useProjectForm } from "./controls";
import { textAt } from "./values";

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

export const Wide = ({ children }: { children: ReactNode }) => <div className="pf-wide">{children}</div>;

const CATEGORY_OPTIONS = PROJECT_CATEGORIES.map((c) => ({ value: c.toLowerCase(), label: c }));
const RISK_OPTIONS = RISK_LEVELS.map((r) => ({ value: r, label: r.charAt(0).toUpperCase() + r.slice(1) }));
const REGULATION_LABELS: Record<(typeof REGULATION_TYPES)[number], string> = {
  SAFE: "SAFE (simple agreement for future equity)",
  RegCF: "Reg CF (up to $5 million)",
  "RegA+": "Reg A+ (up to $75 million)",
};
const REGULATION_OPTIONS = REGULATION_TYPES.map((r) => ({ value: r, label: REGULATION_LABELS[r] }));

/**
 * Which browse filter lists the chosen category (`categoryFilterText`): said for the saved or
 * posted value, and with JavaScript again as the founder chooses.
 */
function CategoryFilterHint() {
  const { values } = useProjectForm();
  const [category, setCategory] = useState(() => textAt(values, "category"));
  useEffect(() => {
    const select = document.getElementById(fieldId("category"));
    if (!(select instanceof HTMLSelectElement)) return;
    const update = () => setCategory(select.value);
    select.addEventListener("change", update);
    return () => select.removeEventListener("change", update);
  }, []);
  return <span aria-live="polite">{categoryFilterText(category)}</span>;
}

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
          hint={<CategoryFilterHint />}
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
