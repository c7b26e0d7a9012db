/**
 * The founder dashboard's Perks (ADR 055): the perks a purchase may earn, in order, each with Edit
 * (`?editPerk=<id>`) and Remove, and one form that adds a perk or edits the one named. Plain POST
 * forms and links: everything works without JavaScript. Once the raise has an investment the
 * terms of existing perks are fixed: the form edits their description only, and Remove is gone.
 */
import { Form, Link } from "react-router";

import { PERK_KIND_LABELS, PERK_LIMITS, perkKindText, perkTierText, type PerkDTO } from "../../../domain/money/perks";
import type { FieldErrors, InputConstraints } from "../../../domain/shared/form-kit";
import { formatNumber } from "../../../domain/shared/format";
import { Field } from "../form/Field";
import { Notice } from "../Notice";

export interface PerksView {
  perks: PerkDTO[];
  /** The raise has an investment: existing perks keep their terms. */
  locked: boolean;
  /** The perk named by `?editPerk=`, when it is one of them. */
  editing: PerkDTO | null;
  saved: string | null;
  constraints: Record<"title" | "description" | "minAmount" | "firstInvestors" | "bonusPercent", InputConstraints>;
}

export interface PerksFailure {
  form: string;
  message: string;
  errors: FieldErrors;
  values: Record<string, string | undefined>;
  perkId: string | null;
}

type Values = Record<"title" | "description" | "kind" | "minAmount" | "firstInvestors" | "bonusPercent", string>;

const valuesOf = (p: PerkDTO | null): Values => ({
  title: p?.title ?? "",
  description: p?.description ?? "",
  kind: p?.kind ?? "reward",
  minAmount: p?.minAmount == null ? "" : String(p.minAmount),
  firstInvestors: p?.firstInvestors == null ? "" : String(p.firstInvestors),
  bonusPercent: p?.bonusPercent == null ? "" : String(p.bonusPercent),
});

export function Perks({
  view,
  projectId,
  action,
  failure,
}: {
  view: PerksView;
  projectId: string;
  /** The dashboard's own URL (keeps an admin's `?project=`). */
  action: string;
  failure: PerksFailure | null;
}) {
  // A refused edit comes back to the perk it was editing, with what was typed.
  const editing = failure?.perkId ? (view.perks.find((p) => p.id === failure.perkId) ?? null) : view.editing;
  const values: Values = { ...valuesOf(editing), ...(failure?.values as Partial<Values> | undefined) };
  const fixed = editing !== null && view.locked;
  const full = editing === null && view.perks.length >= PERK_LIMITS.perProject;
  const errors = failure?.errors ?? {};
  const c = view.constraints;
  const editHref = (id: string) =>
    `${action}${action.includes("?") ? "&" : "?"}editPerk=${encodeURIComponent(id)}#perks`;
  return (
    <section className="card dash-card" id="perks" aria-labelledby="perks-title">
      <h2 id="perks-title" className="dash-card-title">
        Perks
      </h2>
      <p className="muted small">
        Thank your investors at tiers of investment, or reward the first ones with bonus shares. Each investor earns a
        perk once, with their first purchase that qualifies.
        {view.locked
          ? " Your raise has investments: existing perks keep their terms, so nobody's earned perks change. You can still edit a description or add a perk."
          : " You can change or remove perks until the first investment."}
      </p>
      {view.saved ? <Notice tone="success">{view.saved}</Notice> : null}
      {failure && !Object.keys(errors).length ? <Notice tone="error">{failure.message}</Notice> : null}
      {view.perks.length ? (
        <ul className="perk-list" aria-label="Your perks">
          {view.perks.map((p) => (
            <li key={p.id} className="perk-item">
              <div>
                <p className="perk-title">
                  <strong>{p.title}</strong> <span className="badge badge-info">{perkKindText(p)}</span>
                </p>
                <p className="muted small">{perkTierText(p)}</p>
                {p.description ? <p className="small">{p.description}</p> : null}
                <p className="muted small">
                  Earned by {formatNumber(p.awardedCount)} investor{p.awardedCount === 1 ? "" : "s"}
                </p>
              </div>
              <div className="cluster">
                <Link className="btn btn-ghost btn-sm" to={editHref(p.id)} aria-label={`Edit ${p.title}`}>
                  Edit
                </Link>
                {view.locked ? null : (
                  <Form method="post" action={`${action}#perks`}>
                    <input type="hidden" name="intent" value="delete-perk" />
                    <input type="hidden" name="projectId" value={projectId} />
                    <input type="hidden" name="perkId" value={p.id} />
                    <button type="submit" className="btn btn-ghost btn-sm" aria-label={`Remove ${p.title}`}>
                      Remove
                    </button>
                  </Form>
                )}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No perks yet.</p>
      )}

      {full ? (
        <p className="muted small">A project can have at most {PERK_LIMITS.perProject} perks.</p>
      ) : (
        <Form method="post" action={`${action}#perks`} noValidate className="perk-form">
          <h3 className="dash-card-title">{editing ? `Edit “${editing.title}”` : "Add a perk"}</h3>
          {Object.keys(errors).length ? (
            <div className="alert alert-error" role="alert">
              Please fix the highlighted fields below
            </div>
          ) : null}
          <input type="hidden" name="intent" value={editing ? "edit-perk" : "add-perk"} />
          <input type="hidden" name="projectId" value={projectId} />
          {editing ? <input type="hidden" name="perkId" value={editing.id} /> : null}
          {fixed ? (
            <p className="small">
              <strong>{editing.title}</strong>: {perkKindText(editing)}. {perkTierText(editing)}.
            </p>
          ) : (
            <>
              <Field id="perk-title" name="title" label="Title" errors={errors} constraints={c.title}>
                {(ctl) => <input {...ctl} type="text" defaultValue={values.title} />}
              </Field>
              <fieldset className="field">
                <legend>Kind</legend>
                {(Object.keys(PERK_KIND_LABELS) as (keyof typeof PERK_KIND_LABELS)[]).map((kind) => (
                  <div className="field-check" key={kind}>
                    <input
                      type="radio"
                      id={`f-kind-${kind}`}
                      name="kind"
                      value={kind}
                      defaultChecked={values.kind === kind}
                    />
                    <label htmlFor={`f-kind-${kind}`}>{PERK_KIND_LABELS[kind]}</label>
                  </div>
                ))}
                {errors.kind ? <p className="field-error">{errors.kind}</p> : null}
              </fieldset>
              <Field
                id="perk-minAmount"
                name="minAmount"
                label="Minimum investment (dollars)"
                hint="A purchase of at least this much earns it. Leave empty for any amount."
                errors={errors}
                constraints={c.minAmount}
                counted={false}
              >
                {(ctl) => (
                  <input
                    {...ctl}
                    type="number"
                    inputMode="numeric"
                    max={PERK_LIMITS.maxTierDollars}
                    defaultValue={values.minAmount}
                  />
                )}
              </Field>
              <Field
                id="perk-firstInvestors"
                name="firstInvestors"
                label="First investors"
                hint="Only the first this many investors earn it. Leave empty for everyone who qualifies."
                errors={errors}
                constraints={c.firstInvestors}
                counted={false}
              >
                {(ctl) => (
                  <input
                    {...ctl}
                    type="number"
                    inputMode="numeric"
                    max={PERK_LIMITS.maxFirstInvestors}
                    defaultValue={values.firstInvestors}
                  />
                )}
              </Field>
              <Field
                id="perk-bonusPercent"
                name="bonusPercent"
                label="Bonus shares (percent)"
                hint={`For bonus shares: ${PERK_LIMITS.minBonusPercent}% to ${PERK_LIMITS.maxBonusPercent}% of the shares bought, rounded down. They count against the shares offered.`}
                errors={errors}
                constraints={c.bonusPercent}
                counted={false}
              >
                {(ctl) => (
                  <input
                    {...ctl}
                    type="number"
                    inputMode="decimal"
                    max={PERK_LIMITS.maxBonusPercent}
                    defaultValue={values.bonusPercent}
                  />
                )}
              </Field>
            </>
          )}
          <Field
            id="perk-description"
            name="description"
            label="Description"
            errors={errors}
            constraints={c.description}
          >
            {(ctl) => <textarea {...ctl} rows={3} defaultValue={values.description} />}
          </Field>
          <div className="cluster">
            <button type="submit" className="btn btn-primary">
              {editing ? "Save Perk" : "Add Perk"}
            </button>
            {editing ? (
              <Link className="btn btn-ghost" to={`${action}#perks`}>
                Cancel
              </Link>
            ) : null}
          </div>
        </Form>
      )}
    </section>
  );
}
