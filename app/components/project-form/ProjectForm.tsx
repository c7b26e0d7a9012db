/**
 * The project form (spec sections 2 and 5): eleven sections, every error beside its field under
 * the spec's banner, repeating rows added and removed by intent buttons, images by URL or upload.
 * It is a plain multipart `<Form method="post">`: everything works without JavaScript, where the
 * action re-renders the page with the posted values. With JavaScript every length-limited field
 * counts its characters (LengthCount, ADR 032) and the derived terms (total shares, valuation)
 * follow the inputs.
 *
 * Every button but Submit for review is `formNoValidate`: people get the spec's messages from the
 * server either way, while the controls keep their HTML constraints (required, min, max …) for
 * assistive technology. Submit for review lets the browser check the form first (the terms box is
 * `required`), and the server checks everything again.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form, href, Link, useNavigation } from "react-router";

import { FormBanner } from "../form/FormBanner";
import { useHydrated } from "../useHydrated";
import type { FieldErrors } from "../../../domain/shared/form-kit";
import { ProjectFormProvider } from "./controls";
import { BasicSection, CreatorSection, FundingSection, type LiveTerms } from "./sections";
import { DocumentsSection, MediaSection } from "./sections-files";
import {
  BusinessSection,
  FaqSection,
  RoadmapSection,
  SocialSection,
  TeamSection,
  TractionSection,
} from "./sections-rows";
import { textAt, type FormValues } from "./values";
import { SubmitSection } from "./SubmitSection";
import { SectionNav } from "./SectionNav";
import { parseFormFields } from "../../../domain/shared/form-kit";
import { sectionStates } from "../../../domain/projects/project-form-sections";
import type { ChecklistItem } from "../../../domain/projects/review";
import { DraftNotice, type DraftInfo } from "./DraftNotice";
import { useAutosave } from "./useAutosave";

export interface ProjectFormProps {
  mode: "create" | "edit";
  values: FormValues;
  errors: FieldErrors;
  count: number;
  /** A message that is not about one field (signed out, not allowed, a failure): shown on top. */
  message: string | null;
  /** A note about the whole form that is not an error (chosen images not uploaded yet). */
  note?: string | null;
  /** The control that takes focus when the form opens (the row just added). */
  focus: string | null;
  termsLocked: boolean;
  project: { id: string; slug: string; status: string } | null;
  /** The launch checklist (a draft's submit section) and whether the viewer publishes directly. */
  review: { checklist: ChecklistItem[]; isAdmin: boolean } | null;
  /** The earliest funding deadline the date input offers (tomorrow). */
  minDeadline: string | null;
  /** The founder's saved draft of this form (ADR 033): restored, just saved, or just discarded. */
  draft?: DraftInfo | null;
  /**
   * A founder's new project or draft (ADR 033): Save progress keeps the form as their working copy,
   * required fields empty or not, and with JavaScript the form saves itself so while they type.
   */
  keepsDrafts?: boolean;
}

/** The fields whose values the page shows live: the derived terms. */
const LIVE = {
  fundingGoal: "fundingGoal",
  sharePrice: "sharePrice",
  "investmentTerms.equityPercentage": "equityPercentage",
  regulationType: "regulationType",
} as const satisfies Record<string, keyof LiveTerms>;

export function ProjectForm(props: ProjectFormProps) {
  const { mode, values, errors, count, message, note, focus, termsLocked, project, review, minDeadline, draft } = props;
  const hydrated = useHydrated();
  const autosave = useAutosave(hydrated && props.keepsDrafts === true);
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "save") : null;
  const busy = submitting !== null;

  const [live, setLive] = useState<LiveTerms>(() => ({
    fundingGoal: textAt(values, "fundingGoal"),
    sharePrice: textAt(values, "sharePrice"),
    equityPercentage: textAt(values, "investmentTerms.equityPercentage"),
    regulationType: textAt(values, "regulationType"),
  }));

  // The sections' states: from what was loaded or posted, then from what is typed (with JavaScript).
  const [states, setStates] = useState(() => sectionStates(values, errors));

  const onChange = (e: FormEvent<HTMLFormElement>) => {
    const text = [...new FormData(e.currentTarget)].filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    );
    setStates(sectionStates(parseFormFields(text), errors));
    const target = e.target as HTMLInputElement | HTMLTextAreaElement;
    const key = (LIVE as Record<string, keyof LiveTerms>)[target.name];
    if (key) setLive((l) => ({ ...l, [key]: target.value }));
    autosave.schedule(e.currentTarget);
  };

  // A message that concerns the whole form is brought into view, as the banner is.
  const messageRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!message) return;
    messageRef.current?.scrollIntoView({ block: "start", behavior: "smooth" });
    messageRef.current?.focus({ preventScroll: true });
  }, [message]);

  const isDraft = project?.status === "draft";
  const saveLabel = mode === "create" ? "Create Project" : "Save to project";

  return (
    <ProjectFormProvider value={{ values, errors, termsLocked, focus }}>
      <Form
        method="post"
        encType="multipart/form-data"
        preventScrollReset
        className="project-form"
        onChange={onChange}
        onSubmit={autosave.cancel}
        aria-label={mode === "create" ? "Create Project" : "Edit Project"}
      >
        {/* The default button: Enter in a field saves (the first submit button in the form is
            the one implicit submission presses, and the row buttons come before Save). */}
        <button
          type="submit"
          name="intent"
          value="save"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          formNoValidate
        >
          {saveLabel}
        </button>
        <input type="hidden" name="js" value={hydrated ? "1" : ""} />

        {message ? (
          <div ref={messageRef} className="alert alert-error" role="alert" tabIndex={-1}>
            {message}
          </div>
        ) : null}
        <FormBanner count={count} errors={errors} />
        {note ? (
          <p className="alert alert-info" role="status">
            {note}
          </p>
        ) : null}

        {draft ? <DraftNotice draft={draft} editing={mode === "edit"} /> : null}

        <p className="muted small pf-required-note">
          Fields marked <span aria-hidden="true">*</span>
          <span className="visually-hidden">with an asterisk</span> are required.
        </p>

        <SectionNav states={states} />

        <BasicSection />
        <FundingSection live={live} minDeadline={minDeadline} />
        <CreatorSection />
        <MediaSection />
        <SocialSection />
        <BusinessSection />
        <TeamSection />
        <TractionSection />
        <RoadmapSection />
        <DocumentsSection />
        <FaqSection />

        {props.keepsDrafts ? (
          <p id="pf-save-where" className="pf-save-where small muted">
            <strong>Save progress</strong> keeps this form as it is, required fields empty or not, where only you can
            see it: {mode === "create" ? "no project is created" : "your project does not change"}.{" "}
            <strong>{saveLabel}</strong>{" "}
            {mode === "create" ? "creates your project, unlisted until it is reviewed." : "saves the project itself."}
          </p>
        ) : null}
        <div className="pf-actions">
          <button
            type="submit"
            name="intent"
            value="save"
            className="btn btn-primary btn-lg"
            disabled={busy}
            formNoValidate
            aria-describedby={props.keepsDrafts ? "pf-save-where" : undefined}
          >
            {submitting === "save" ? "Saving..." : saveLabel}
          </button>
          {props.keepsDrafts ? (
            <button
              type="submit"
              name="intent"
              value="draft"
              className="btn btn-secondary btn-lg"
              disabled={busy}
              formNoValidate
              aria-describedby="pf-save-where"
            >
              {submitting === "draft" ? "Saving progress..." : "Save progress"}
            </button>
          ) : null}
          <Link to="/my-projects" className="btn btn-secondary btn-lg">
            Cancel
          </Link>
          {project && isDraft ? (
            <Link to={href("/project/:slug", { slug: project.id })} className="btn btn-ghost btn-lg">
              Preview
            </Link>
          ) : null}
          {project && !isDraft ? (
            <Link to={href("/project/:slug", { slug: project.slug })} className="btn btn-ghost btn-lg">
              View Public Page
            </Link>
          ) : null}
          {hydrated && props.keepsDrafts ? (
            <p
              className={`pf-autosave small ${autosave.status?.tone === "error" ? "field-error" : "muted"}`}
              role="status"
            >
              {autosave.status?.text ?? ""}
            </p>
          ) : null}
        </div>

        {project && isDraft && review ? (
          <SubmitSection
            checklist={review.checklist}
            isAdmin={review.isAdmin}
            terms={live}
            busy={busy}
            submitting={submitting}
          />
        ) : null}
      </Form>
    </ProjectFormProvider>
  );
}
