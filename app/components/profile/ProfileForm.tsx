/**
 * The profile edit form (spec section 5): a React Router `<Form method="post">` whose names are
 * the API's JSON paths (`investmentPreferences.riskTolerance`), so it works without JavaScript
 * and the action hands the nested values to the same service as `PUT /api/users/me`. Constraints
 * come from the one schema; each field shows its own error (ADR 016). Cancel is a link back.
 */
import { Form, Link } from "react-router";

import { Field, fieldId } from "../form/Field";
import { SubmitButton } from "../SubmitButton";
import type { FieldErrors } from "../../../domain/shared/form-kit";
import {
  INVESTMENT_GOALS,
  PREFERRED_SECTORS,
  profileFormSchema,
  RISK_TOLERANCES,
  TIME_HORIZON_LABELS,
  TIME_HORIZONS,
} from "../../../domain/accounts/profile-form";

export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  bio: string;
  riskTolerance: string;
  timeHorizon: string;
  preferredSectors: string[];
  investmentGoals: string[];
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function Choices({
  name,
  legend,
  options,
  checked,
  errors,
  type,
  labels,
}: {
  name: string;
  legend: string;
  options: readonly string[];
  checked: readonly string[];
  errors: FieldErrors;
  type: "radio" | "checkbox";
  labels?: Record<string, string>;
}) {
  const id = fieldId(name);
  const error = errors[name];
  return (
    <fieldset
      className="field profile-choices"
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="field-label">{legend}</legend>
      <div className="profile-choice-list">
        {options.map((o) => (
          <label key={o} className="profile-choice">
            <input type={type} name={name} value={o} defaultChecked={checked.includes(o)} />
            <span>{labels?.[o] ?? capital(o)}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function ProfileForm({
  values,
  errors,
  message,
}: {
  values: ProfileFormValues;
  errors: FieldErrors;
  /** 'Failed to save profile: {reason}', shown above the fields. */
  message: string | null;
}) {
  return (
    <Form method="post" action="/profile?edit=1" className="form profile-form" noValidate>
      {message ? (
        <div className="alert alert-error" role="alert" id="profile-form-error">
          {message}
        </div>
      ) : null}
      <div className="form-row">
        <Field name="firstName" label="First name" errors={errors} schema={profileFormSchema}>
          {(p) => <input {...p} type="text" autoComplete="given-name" defaultValue={values.firstName} />}
        </Field>
        <Field name="lastName" label="Last name" errors={errors} schema={profileFormSchema}>
          {(p) => <input {...p} type="text" autoComplete="family-name" defaultValue={values.lastName} />}
        </Field>
      </div>
      <div className="form-row">
        <Field name="email" label="Email" hint="Your sign-in email cannot be changed here.">
          {(p) => <input {...p} name={undefined} type="email" value={values.email} disabled readOnly />}
        </Field>
        <Field name="phoneNumber" label="Phone (optional)" errors={errors} schema={profileFormSchema}>
          {(p) => <input {...p} type="tel" autoComplete="tel" inputMode="tel" defaultValue={values.phoneNumber} />}
        </Field>
      </div>
      <Field name="bio" label="Bio (optional)" errors={errors} schema={profileFormSchema}>
        {(p) => <textarea {...p} rows={4} defaultValue={values.bio} />}
      </Field>

      <h3 className="profile-form-heading">Investment preferences</h3>
      <Choices
        name="investmentPreferences.riskTolerance"
        legend="Risk tolerance"
        type="radio"
        options={RISK_TOLERANCES}
        checked={[values.riskTolerance]}
        errors={errors}
      />
      <Choices
        name="investmentPreferences.timeHorizon"
        legend="Time horizon"
        type="radio"
        options={TIME_HORIZONS}
        labels={TIME_HORIZON_LABELS}
        checked={[values.timeHorizon]}
        errors={errors}
      />
      <Choices
        name="investmentPreferences.preferredSectors"
        legend="Preferred sectors"
        type="checkbox"
        options={PREFERRED_SECTORS}
        checked={values.preferredSectors}
        errors={errors}
      />
      <Choices
        name="investmentPreferences.investmentGoals"
        legend="Investment goals"
        type="checkbox"
        options={INVESTMENT_GOALS}
        checked={values.investmentGoals}
        errors={errors}
      />

      <div className="form-actions cluster">
        <SubmitButton className="btn btn-primary" pendingLabel="Saving…" action="/profile">
          Save Profile
        </SubmitButton>
        <Link to="/profile" className="btn btn-secondary">
          Cancel
        </Link>
      </div>
    </Form>
  );
}
