/**
 * The company event form's fields (ADR 052), shared by the founder dashboard's Report a company
 * event and /admin's Record a company event: what happened (radio cards), its date, the price per
 * share (named by the kind), a round's pre-money valuation and name, the statement, and the PDF
 * of evidence. The names are the API's (`valuationEventSchema`); the PDF is `evidenceFile`, stored
 * by the page's action, whose URL comes back in `evidence` when the form does (a file input cannot
 * come back filled), so the next post uses it.
 *
 * Without JavaScript every field shows, the price's label is the chosen kind's as the page was
 * drawn, and its hint names every kind's meaning; with it, the label and hint follow the choice
 * and a round's own fields hide for the other kinds.
 */
import { useEffect, useRef, useState } from "react";

import { EVENT_KIND_LABEL, EVENT_STATUSES, type EventKind, type EventStatus } from "../../../domain/money/valuation";
import type { FieldErrors, InputConstraints } from "../../../domain/shared/form-kit";
import { EVIDENCE_FILE_FIELD } from "../../../domain/shared/limits";
import { Field, fieldId } from "../form/Field";
import { useHydrated } from "../useHydrated";

/** What the form shows: as typed (strings), or a sent-back report's figures. */
export interface EventFormValues {
  kind: string;
  effectiveOn: string;
  pricePerShare: string;
  preMoneyValuation: string;
  roundName: string;
  statement: string;
  /** The PDF already stored for this form (`/uploads/<uuid>.pdf`), and the name it was chosen under. */
  evidence: string;
  evidenceName: string;
}

export const EMPTY_EVENT_VALUES: EventFormValues = {
  kind: "round",
  effectiveOn: "",
  pricePerShare: "",
  preMoneyValuation: "",
  roundName: "",
  statement: "",
  evidence: "",
  evidenceName: "",
};

/** The price field's label, by kind. */
export const PRICE_LABEL: Record<EventKind, string> = {
  round: "Price per share",
  acquisition: "Price paid per share",
  shutdown: "Paid per share from the liquidation",
  write_down: "Value per share",
  write_up: "Value per share",
};

const PRICE_HINT: Record<EventKind, string> = {
  round: "In dollars, like 1.25: what the round's investors paid for one share.",
  acquisition: "In dollars, like 1.25: what the buyer pays for each share. Every holder is paid it.",
  shutdown: "In dollars: what each share is paid from the liquidation, or 0.",
  write_down: "In dollars: what a share is worth now, below its current value.",
  write_up: "In dollars: what a share is worth now, above its current value.",
};

/** Without JavaScript the label cannot follow the choice: the hint says what each kind means. */
const priceHintAll = (kinds: readonly EventKind[]) =>
  "In dollars, like 1.25. A round: its price per share; an acquisition: the price paid for each share; " +
  `a shutdown: what each share is paid from the liquidation, or 0${
    kinds.includes("write_down") ? "; a write-down or write-up: what a share is worth now" : ""
  }.`;

const KIND_TEXT: Record<EventKind, string> = {
  round: "New shares sold at a price: holdings are valued at it.",
  acquisition: "The company is bought: holders are paid per share and the holding closes.",
  shutdown: "The company closes: holdings are worth $0, plus any money left per share.",
  write_down: "CampusFund values a share below its current value, with the reason.",
  write_up: "CampusFund values a share above its current value, with the reason.",
};

/** Where an event stands, as its founder and the admins read it. */
export const EVENT_STATUS_LABEL: Record<EventStatus, string> = {
  pending: "Waiting for review",
  changes_requested: "Changes requested",
  approved: "Approved",
  withdrawn: "Withdrawn",
};
export const EVENT_STATUS_BADGE: Record<EventStatus, string> = {
  pending: "badge-warning",
  changes_requested: "badge-danger",
  approved: "badge-success",
  withdrawn: "badge-muted",
};
export const isEventStatus = (s: string): s is EventStatus => (EVENT_STATUSES as readonly string[]).includes(s);

const isKind = (kinds: readonly EventKind[], k: string): k is EventKind => (kinds as readonly string[]).includes(k);

export function EventFields({
  kinds,
  values,
  errors,
  dates,
  constraints,
  evidenceRequired,
}: {
  kinds: readonly EventKind[];
  values: EventFormValues;
  errors?: FieldErrors;
  /** The days the rules accept: from the raise's funding (or the latest reviewed event) to today. */
  dates: { min: string | null; max: string };
  constraints: { statement: InputConstraints; roundName: InputConstraints };
  evidenceRequired: boolean;
}) {
  const hydrated = useHydrated();
  const [kind, setKind] = useState<EventKind>(isKind(kinds, values.kind) ? values.kind : kinds[0]!);
  const roundOnly = hydrated && kind !== "round";
  const kindError = errors?.kind;
  return (
    <>
      <fieldset className="field" aria-describedby={kindError ? `${fieldId("kind")}-error` : undefined}>
        <legend>What happened</legend>
        <div className="choice-group">
          {kinds.map((k, i) => (
            <label key={k} className="choice">
              <input
                type="radio"
                name="kind"
                value={k}
                id={i === 0 ? fieldId("kind") : `${fieldId("kind")}-${k}`}
                checked={kind === k}
                onChange={() => setKind(k)}
              />
              <span>
                <span className="choice-title">{EVENT_KIND_LABEL[k]}</span>
                <span className="choice-text">{KIND_TEXT[k]}</span>
              </span>
            </label>
          ))}
        </div>
        {kindError ? (
          <p className="field-error" id={`${fieldId("kind")}-error`}>
            {kindError}
          </p>
        ) : null}
      </fieldset>
      <div className="form-row">
        <Field name="effectiveOn" label="Date" errors={errors} counted={false} hint="The day it took effect.">
          {(c) => (
            <input
              {...c}
              type="date"
              required
              min={dates.min ?? undefined}
              max={dates.max}
              defaultValue={values.effectiveOn}
            />
          )}
        </Field>
        <Field
          name="pricePerShare"
          label={`${PRICE_LABEL[kind]} ($)`}
          errors={errors}
          counted={false}
          hint={hydrated ? PRICE_HINT[kind] : priceHintAll(kinds)}
        >
          {/* Text, not a number input: "$1,250.50" is read as typed, and nothing typed is dropped. */}
          {(c) => <input {...c} type="text" inputMode="decimal" required defaultValue={values.pricePerShare} />}
        </Field>
      </div>
      <div className="form-row" hidden={roundOnly}>
        <Field
          name="preMoneyValuation"
          label={hydrated ? "Pre-money valuation ($)" : "Pre-money valuation ($, a priced round only)"}
          errors={errors}
          counted={false}
          hint="The company's value before the round's money, in whole dollars, like 8000000."
        >
          {(c) => <input {...c} type="text" inputMode="numeric" defaultValue={values.preMoneyValuation} />}
        </Field>
        <Field
          name="roundName"
          label={hydrated ? "Round name (optional)" : "Round name (a priced round only, optional)"}
          errors={errors}
          constraints={constraints.roundName}
          hint="Like Seed or Series A."
        >
          {(c) => <input {...c} type="text" defaultValue={values.roundName} />}
        </Field>
      </div>
      <Field
        name="statement"
        label="Statement"
        errors={errors}
        constraints={constraints.statement}
        hint="What happened, in a few sentences every holder will read."
      >
        {(c) => <textarea {...c} rows={5} defaultValue={values.statement} />}
      </Field>
      <Evidence values={values} error={errors?.evidence} required={evidenceRequired} />
    </>
  );
}

/** The PDF: a file input, and the one already stored for this form, kept unless another is chosen. */
function Evidence({ values, error, required }: { values: EventFormValues; error?: string; required: boolean }) {
  const id = fieldId("evidence");
  // With JavaScript a refused form keeps its file input: once the PDF is kept, the input is
  // emptied, so the next post uses the kept one instead of uploading it again.
  const file = useRef<HTMLInputElement>(null);
  const kept = useRef(values.evidence);
  useEffect(() => {
    if (values.evidence && values.evidence !== kept.current && file.current) file.current.value = "";
    kept.current = values.evidence;
  }, [values.evidence]);
  const describedBy = [`${id}-hint`, values.evidence ? `${id}-kept` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="field">
      <label htmlFor={id}>{required ? "Evidence (PDF)" : "Evidence (PDF, optional)"}</label>
      <input
        ref={file}
        id={id}
        name={EVIDENCE_FILE_FIELD}
        type="file"
        accept="application/pdf,.pdf"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <p className="field-hint" id={`${id}-hint`}>
        The signed term sheet, purchase agreement or board resolution: a PDF of at most 10 MB, which an admin reads
        before anything changes.
      </p>
      {values.evidence ? (
        <p className="field-hint" id={`${id}-kept`}>
          <input type="hidden" name="evidence" value={values.evidence} />
          <input type="hidden" name="evidenceName" value={values.evidenceName} />
          Attached:{" "}
          <a href={values.evidence} target="_blank" rel="noreferrer">
            {values.evidenceName || "your earlier PDF"}
          </a>
          . Choose another file to replace it.
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
