/**
 * Settings, Public Profile: every field of spec section 3, saved through the same service as
 * `PUT /api/users/profile/{userId}` (its form posts to /settings/public-profile). After a refusal
 * the form shows what was typed, the banner and each field's message; otherwise the saved profile.
 */
import { Form, Link, useNavigation } from "react-router";

import type { FieldErrors } from "../../../domain/shared/form-kit";
import {
  CONFIDENTIALITY_FLAGS,
  PROFILE_MESSAGES,
  publicProfileSchema,
  type PublicProfile,
} from "../../../domain/accounts/public-profile-form";
import { Field } from "../form/Field";
import { Alert, type SettingsFailure } from "./SettingsPage";

export function PublicProfileSection({
  profile,
  loadError,
  failure,
}: {
  profile: PublicProfile;
  loadError: string | null;
  /** The profile form's refusal, if that is what came back. */
  failure: SettingsFailure | null;
}) {
  return (
    <section id="public-profile" className="card card-body stack" aria-labelledby="public-profile-title">
      <h2 id="public-profile-title" className="card-title">
        Public Profile
      </h2>
      <p className="muted">What other investors and founders see on your public page.</p>
      {loadError ? <Alert tone="error">{loadError}</Alert> : null}
      <ProfileForm
        key={failure ? "refused" : `saved-${JSON.stringify(profile)}`}
        profile={profile}
        values={failure?.values ?? null}
        errors={failure?.errors ?? {}}
        message={failure?.message ?? null}
      />
    </section>
  );
}

const text = (x: unknown) => (typeof x === "string" ? x : Array.isArray(x) ? x.join(", ") : "");

function ProfileForm({
  profile,
  values,
  errors,
  message,
}: {
  profile: PublicProfile;
  values: Record<string, unknown> | null;
  errors: FieldErrors;
  message: string | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "profile";
  // After a refusal the form shows what was typed; otherwise the saved profile.
  const v = (name: keyof PublicProfile) => (values ? text(values[name]) : text(profile[name]));
  const conf = (values?.confidentiality ?? null) as Record<string, unknown> | null;
  const checked = (key: (typeof CONFIDENTIALITY_FLAGS)[number]["key"]) =>
    values ? conf?.[key] === "on" || conf?.[key] === "true" : profile.confidentiality[key];
  const required = PROFILE_MESSAGES.requiredHint;
  const common = { errors, schema: publicProfileSchema };
  return (
    <Form
      method="post"
      action="/settings/public-profile"
      className="form"
      noValidate
      aria-labelledby="public-profile-title"
    >
      {message ? <Alert tone="error">{message}</Alert> : null}
      <input type="hidden" name="intent" value="profile" />
      <Field
        name="username"
        label="Username"
        hint={
          <>
            3 to 30 characters: letters, digits, - or _. Your public page is /investors/
            <em>username</em>.
          </>
        }
        {...common}
      >
        {(p) => <input {...p} type="text" autoComplete="username" defaultValue={v("username")} spellCheck={false} />}
      </Field>
      <Field name="bio" label="Bio" hint={required} {...common}>
        {(p) => <textarea {...p} rows={4} defaultValue={v("bio")} />}
      </Field>
      <Field name="site" label="Site" hint={`${required}. A link starting with https:// or http://`} {...common}>
        {(p) => <input {...p} type="url" inputMode="url" autoComplete="url" defaultValue={v("site")} />}
      </Field>
      <Field name="investingThesis" label="Investing thesis" hint={required} {...common}>
        {(p) => <textarea {...p} rows={4} defaultValue={v("investingThesis")} />}
      </Field>
      <Field name="wefunderUrl" label="Other investing profile URL" {...common}>
        {(p) => <input {...p} type="url" inputMode="url" defaultValue={v("wefunderUrl")} />}
      </Field>
      <Field name="about" label="About" {...common}>
        {(p) => <textarea {...p} rows={5} defaultValue={v("about")} />}
      </Field>
      <Field name="offPlatformInvestments" label="Off-platform investments" {...common}>
        {(p) => <textarea {...p} rows={3} defaultValue={v("offPlatformInvestments")} />}
      </Field>
      <Field name="investmentSize" label="Typical investment size" {...common}>
        {(p) => <input {...p} type="text" defaultValue={v("investmentSize")} />}
      </Field>
      <Field name="interests" label="Interests" hint="Separate with commas, up to 10." {...common}>
        {(p) => <input {...p} type="text" defaultValue={v("interests")} />}
      </Field>
      <fieldset className="settings-flags">
        <legend>Confidentiality</legend>
        {CONFIDENTIALITY_FLAGS.map((f) => (
          <label key={f.key} className="settings-flag">
            <input type="checkbox" name={`confidentiality.${f.key}`} defaultChecked={checked(f.key)} />
            <span>{f.label}</span>
          </label>
        ))}
        <p className="field-hint">Location is not shown anywhere yet; the setting is kept for when it is.</p>
      </fieldset>
      <div className="form-actions cluster">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? "Saving…" : "Save profile"}
        </button>
        {profile.username ? (
          <Link to={`/investors/${profile.username}`} className="btn btn-secondary">
            View my public page
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
