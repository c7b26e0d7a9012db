/**
 * Settings, Passkeys (/settings/passkeys; ADR 054): the account's passkeys with their names, when
 * each was added and last used; rename and remove forms that work without JavaScript (they post to
 * /settings/passkeys, named by `intent`). Adding one needs JavaScript (the browser makes the key):
 * without it the card says so and points to the authenticator app's codes instead.
 */
import { useState, type FormEvent } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";

import { PASSKEY_MESSAGES, PASSKEY_NAME_MAX } from "../../../domain/accounts/passkeys";
import { formatDate } from "../../../domain/shared/format";
import { Field } from "../form/Field";
import { useHydrated } from "../useHydrated";
import { createPasskey, postJson } from "../passkeys/webauthn";
import { Alert, type SettingsFailure } from "./SettingsPage";

const NAME = { required: true, maxLength: PASSKEY_NAME_MAX };

export interface PasskeyItem {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

function AddPasskey() {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name") ?? "");
    setBusy(true);
    setError(null);
    const options = await postJson<{ options: unknown }>("/api/auth/passkeys/registration-options", {});
    const made = options.ok ? await createPasskey(options.data.options) : options;
    const added = made.ok ? await postJson("/api/auth/passkeys", { name, response: made.response }) : made;
    setBusy(false);
    if (!added.ok) {
      setError(added.message);
      return;
    }
    await navigate("/settings/passkeys?saved=passkey-added");
  }

  if (!hydrated) {
    return (
      <p id="passkey-needs-js">
        {PASSKEY_MESSAGES.needsJavaScript} <Link to="/settings/two-factor">Set up an authenticator app</Link>
      </p>
    );
  }
  return (
    <form className="form" onSubmit={(e) => void onSubmit(e)} aria-busy={busy}>
      {error ? (
        <Alert tone="error" id="passkey-add-error">
          {error}
        </Alert>
      ) : null}
      <Field
        id="passkey-name"
        name="name"
        label="Passkey name"
        hint="A name that tells your passkeys apart, such as Work laptop."
        constraints={NAME}
      >
        {(p) => <input {...p} type="text" defaultValue="My passkey" />}
      </Field>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? "Adding…" : "Add a Passkey"}
        </button>
      </div>
    </form>
  );
}

function PasskeyRow({ passkey, failure }: { passkey: PasskeyItem; failure: SettingsFailure | null }) {
  const navigation = useNavigation();
  const mine = failure?.values.id === passkey.id ? failure : null;
  const busy = (intent: string) =>
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    navigation.formData.get("id") === passkey.id;
  const nameId = `passkey-${passkey.id.slice(0, 12)}-name`;
  return (
    <li className="card card-body stack passkey-item">
      <h4 className="card-title">{passkey.name}</h4>
      <p className="field-hint">
        Added {formatDate(passkey.createdAt)} ·{" "}
        {passkey.lastUsedAt ? `Last used ${formatDate(passkey.lastUsedAt)}` : "Not used yet"}
      </p>
      {mine?.message ? <Alert tone="error">{mine.message}</Alert> : null}
      <Form method="post" action="/settings/passkeys" className="form">
        <input type="hidden" name="intent" value="rename" />
        <input type="hidden" name="id" value={passkey.id} />
        <Field id={nameId} name="name" label={`New name for ${passkey.name}`} errors={mine?.errors} constraints={NAME}>
          {(p) => <input {...p} type="text" defaultValue={passkey.name} />}
        </Field>
        <div className="form-actions">
          <button type="submit" className="btn btn-secondary" disabled={busy("rename")}>
            {busy("rename") ? "Renaming…" : "Rename"}
          </button>
        </div>
      </Form>
      <Form method="post" action="/settings/passkeys">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="id" value={passkey.id} />
        <button
          type="submit"
          className="btn btn-secondary"
          disabled={busy("remove")}
          aria-label={`Remove ${passkey.name}`}
        >
          {busy("remove") ? "Removing…" : "Remove"}
        </button>
      </Form>
    </li>
  );
}

/** The Passkeys page's content under Login & Security. */
export function PasskeysSection({ passkeys, failure }: { passkeys: PasskeyItem[]; failure: SettingsFailure | null }) {
  return (
    <section id="passkeys" className="stack" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title" className="settings-section-title">
        Passkeys
      </h2>
      <p>
        A passkey signs you in with your device's fingerprint, face or screen lock instead of a password, and also
        serves as the second step when two-step sign-in is on.{" "}
        <Link to="/settings?section=login-security">Back to Login &amp; Security</Link>
      </p>
      <section className="card card-body stack" aria-labelledby="passkey-add-title">
        <h3 id="passkey-add-title" className="card-title">
          Add a Passkey
        </h3>
        <AddPasskey />
      </section>
      {passkeys.length ? (
        <ul className="stack passkey-list" aria-label="Your passkeys">
          {passkeys.map((p) => (
            <PasskeyRow key={p.id} passkey={p} failure={failure} />
          ))}
        </ul>
      ) : (
        <p id="passkeys-empty">You have no passkeys yet.</p>
      )}
    </section>
  );
}
