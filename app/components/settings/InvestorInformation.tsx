import { Form, useNavigation } from "react-router";

import { formatPrice } from "../../../domain/shared/format";
import {
  FINANCIALS_MESSAGES,
  investorFinancialsSchema,
  type InvestorFinancials,
} from "../../../domain/money/investor-financials-form";
import {
  REG_A_PERCENT,
  REG_CF_CAP,
  REG_CF_FLOOR,
  REG_CF_HIGH_PERCENT,
  REG_CF_LOW_PERCENT,
  REG_CF_THRESHOLD,
  type RegCfLimits,
} from "../../../domain/money/reg-cf";
import { Field } from "../form/Field";
import { Alert, type SettingsFailure } from "./SettingsPage";

const text = (x: unknown) => (typeof x === "string" ? x : Array.isArray(x) ? x.join(", ") : "");

const money = (dollars: number | null) => (dollars === null ? "No limit" : formatPrice(dollars));

/**
 * Settings, Investor Information: the Reg CF limit as it stands, the form that sets its
 * inputs (with and without JavaScript; it posts to /settings/investor-information), and how the
 * limit is worked out and raised.
 */
export function InvestorInformation({
  canInvest,
  loadError,
  financials,
  limits,
  failure,
}: {
  canInvest: boolean;
  loadError: string | null;
  financials: InvestorFinancials;
  limits: RegCfLimits;
  /** The form's refusal, if that is what came back. */
  failure: SettingsFailure | null;
}) {
  const values = failure?.values ?? null;
  const errors = failure?.errors ?? {};
  const message = failure?.message ?? null;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "financials";
  if (!canInvest) {
    return (
      <section id="investor-information" className="card card-body stack" aria-labelledby="investor-title">
        <h2 id="investor-title" className="card-title">
          Investor Information
        </h2>
        {message ? <Alert tone="error">{message}</Alert> : <p>{FINANCIALS_MESSAGES.founders}</p>}
      </section>
    );
  }
  // After a refusal the form shows what was sent; otherwise the saved figures.
  const figure = (name: "annualIncome" | "netWorth") =>
    values ? text(values[name]) : financials[name] === null ? "" : String(financials[name]);
  const ticked = (name: "accredited" | "applyLimits") =>
    values ? values[name] === "on" || values[name] === "true" : financials[name];
  const common = { errors, schema: investorFinancialsSchema };
  const nothingDeclared = financials.annualIncome === null && financials.netWorth === null;

  return (
    <section id="investor-information" className="stack" aria-labelledby="investor-title">
      <h2 id="investor-title" className="settings-section-title">
        Investor Information
      </h2>
      {loadError ? <Alert tone="error">{loadError}</Alert> : null}

      <section className="card card-body stack limit-summary" aria-labelledby="limit-title">
        <h3 id="limit-title" className="card-title">
          Your Reg CF limit for the next 12 months
        </h3>
        <p className={`limit-status ${limits.applied ? "is-on" : "is-off"}`}>
          {limits.applied
            ? "The limits are on: your purchases in RegCF and SAFE offerings are held to this limit."
            : "The limits are off: you invest with unlimited virtual funds. This is what the real limit would be."}
        </p>
        <dl className="limit-figures">
          <div>
            <dt>Limit</dt>
            <dd>{limits.limit === null ? "No limit (accredited)" : money(limits.limit)}</dd>
          </div>
          <div>
            <dt>Used in the last 12 months</dt>
            <dd>{formatPrice(limits.used)}</dd>
          </div>
          <div>
            <dt>Remaining</dt>
            <dd>{money(limits.remaining)}</dd>
          </div>
        </dl>
        {nothingDeclared && !financials.accredited ? (
          <p className="field-hint">
            You have not declared your annual income and net worth, so the {formatPrice(REG_CF_FLOOR)} minimum limit
            applies. Add them below to raise your limit.
          </p>
        ) : null}
      </section>

      <section className="card card-body stack" aria-labelledby="financials-title">
        <h3 id="financials-title" className="card-title">
          Your finances (simulated)
        </h3>
        <p className="muted">
          Self-declared and simulated, in whole dollars: CampusFund moves no real money. The figures only decide your
          investment limits.
        </p>
        <Form
          method="post"
          action="/settings/investor-information"
          className="form"
          noValidate
          aria-labelledby="financials-title"
        >
          {message ? <Alert tone="error">{message}</Alert> : null}
          <input type="hidden" name="intent" value="financials" />
          <Field
            name="annualIncome"
            label="Annual income (USD)"
            hint="Leave empty if you prefer not to say."
            {...common}
          >
            {(p) => <input {...p} type="number" inputMode="numeric" defaultValue={figure("annualIncome")} />}
          </Field>
          <Field
            name="netWorth"
            label="Net worth (USD)"
            hint="Everything you own minus what you owe, without your home."
            {...common}
          >
            {(p) => <input {...p} type="number" inputMode="numeric" defaultValue={figure("netWorth")} />}
          </Field>
          <fieldset className="settings-flags">
            <legend>Declarations</legend>
            <label className="settings-flag">
              <input
                type="checkbox"
                name="accredited"
                defaultChecked={ticked("accredited")}
                aria-describedby={errors.accredited ? "accredited-hint accredited-error" : "accredited-hint"}
                aria-invalid={errors.accredited ? true : undefined}
              />
              <span>I am an accredited investor</span>
            </label>
            <p className="field-hint" id="accredited-hint">
              For example: income over $200,000 (or $300,000 with a spouse) in each of the last two years, or a net
              worth over $1 million without your home. Accredited investors have no limit.
            </p>
            {errors.accredited ? (
              <p className="field-error" id="accredited-error">
                {errors.accredited}
              </p>
            ) : null}
            <label className="settings-flag settings-switch">
              <input
                type="checkbox"
                role="switch"
                name="applyLimits"
                defaultChecked={ticked("applyLimits")}
                aria-describedby={errors.applyLimits ? "apply-hint applyLimits-error" : "apply-hint"}
                aria-invalid={errors.applyLimits ? true : undefined}
              />
              <span>Invest under the real Reg CF limits</span>
            </label>
            <p className="field-hint" id="apply-hint">
              Off by default: demo accounts have unlimited virtual funds. Turn it on to be held to the real rules.
            </p>
            {errors.applyLimits ? (
              <p className="field-error" id="applyLimits-error">
                {errors.applyLimits}
              </p>
            ) : null}
          </fieldset>
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? "Saving…" : "Save investor information"}
            </button>
          </div>
        </Form>
      </section>

      <section className="card card-body stack" aria-labelledby="raise-title">
        <h3 id="raise-title" className="card-title">
          How the limit works, and how to raise it
        </h3>
        <ul className="limit-rules">
          <li>
            If your annual income <strong>or</strong> your net worth is below {formatPrice(REG_CF_THRESHOLD)}: the
            greater of {formatPrice(REG_CF_FLOOR)} or {REG_CF_LOW_PERCENT}% of the greater of the two, across all Reg CF
            offerings in any 12 months.
          </li>
          <li>
            If both are at least {formatPrice(REG_CF_THRESHOLD)}: {REG_CF_HIGH_PERCENT}% of the greater, at most{" "}
            {formatPrice(REG_CF_CAP)}.
          </li>
          <li>RegCF and SAFE offerings count toward it; a canceled investment gives its room back.</li>
          <li>
            RegA+ offerings have their own rule: at most {REG_A_PERCENT}% of the greater of your income and net worth in
            each offering.
          </li>
          <li>Accredited investors have no limit.</li>
        </ul>
        <p className="muted">
          To raise your limit, declare a higher income or net worth, or declare yourself accredited. These are the
          current figures of SEC Regulation Crowdfunding (17 CFR 227.100), applied to virtual money.
        </p>
      </section>
    </section>
  );
}
