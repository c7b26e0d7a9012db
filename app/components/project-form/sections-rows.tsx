/**
 * The project form's sections of links, long texts and repeating rows: social links, business
 * details, team members, traction, roadmap and FAQs.
 */
import { SOCIAL_LINKS } from "../../../domain/projects/social-links";
import { Hidden, TextArea, TextInput, useProjectForm } from "./controls";
import { RowGroup } from "./RowGroup";
import { Section, Wide } from "./sections";
import { textAt, valueIsTrue } from "./values";

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
