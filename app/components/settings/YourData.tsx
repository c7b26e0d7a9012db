/**
 * Settings, Your Data (ADR 046): download my data (the links to the exports) and delete my
 * account (ADR 046). Before the request, the card says what deletion does, with the warnings for
 * an open raise or investments still cancellable, and one form: the password and "Delete my
 * account". After it, the date and "Keep my account". Both forms post to /settings/your-data
 * (named by `intent`) and work without JavaScript; the password is never sent back.
 */
import { Form, useNavigation } from "react-router";

import { DELETION_EXPLAINED, DELETION_MESSAGES } from "../../../domain/accounts/account-deletion";
import { Field } from "../form/Field";
import { ConfirmItsYou } from "./ConfirmItsYou";
import { Alert, type SettingsFailure } from "./SettingsPage";

export interface YourDataView {
  /** Whether the session confirmed it is the holder recently: the downloads need it (ADR 054). */
  confirmed: boolean;
  /** How long a confirmation lasts, in minutes. */
  minutes: number;
  /** When the account will be deleted (ms), or null when not asked. */
  deletionOn: number | null;
  warnings: string[];
}

export function YourDataSection({ view, failure }: { view: YourDataView; failure: SettingsFailure | null }) {
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const form = failure?.form ?? null;
  const errors = form === "delete" ? (failure?.errors ?? {}) : {};
  return (
    <section id="your-data" className="stack" aria-labelledby="your-data-title">
      <h2 id="your-data-title" className="settings-section-title">
        Your Data
      </h2>
      <section className="card card-body stack" aria-labelledby="download-title">
        <h3 id="download-title" className="card-title">
          Download my data
        </h3>
        <p>
          A copy of everything CampusFund holds about you: your profile and public profile, your investments with their
          notices, the projects you follow, your Discussion posts and votes, your updates, your notifications and your
          preferences.
        </p>
        {view.confirmed ? (
          <p className="form-actions">
            <a href="/settings/my-data.json" className="btn btn-secondary" download>
              Download JSON
            </a>
            <a href="/settings/my-data.zip" className="btn btn-secondary" download>
              Download CSV (zip)
            </a>
          </p>
        ) : (
          <ConfirmItsYou next="/settings/your-data" minutes={view.minutes} id="download-confirm" />
        )}
      </section>
      <section className="card card-body stack" aria-labelledby="delete-title">
        <h3 id="delete-title" className="card-title">
          Delete my account
        </h3>
        {view.deletionOn !== null ? (
          <>
            <p id="deletion-scheduled">
              <strong>{DELETION_MESSAGES.scheduled(view.deletionOn)}</strong> Until then you can keep it: signing in
              again also keeps it.
            </p>
            {form === "keep" && failure ? <Alert tone="error">{failure.message}</Alert> : null}
            <Form method="post" action="/settings/your-data">
              <input type="hidden" name="intent" value="keep" />
              <button type="submit" className="btn btn-primary" disabled={busy("keep")}>
                Keep my account
              </button>
            </Form>
          </>
        ) : (
          <>
            <p>{DELETION_EXPLAINED}</p>
            {view.warnings.length ? (
              <div className="alert alert-warning" role="region" aria-label="What deletion will do">
                <ul id="deletion-warnings">
                  {view.warnings.map((w) => (
                    <li key={w}>{w}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            <Form method="post" action="/settings/your-data" className="form" noValidate>
              {form === "delete" && failure ? <Alert tone="error">{failure.message}</Alert> : null}
              <input type="hidden" name="intent" value="delete" />
              <Field name="password" label="Your password" errors={errors}>
                {(p) => <input {...p} type="password" autoComplete="current-password" required />}
              </Field>
              <div className="form-actions">
                <button type="submit" className="btn btn-danger" disabled={busy("delete")}>
                  {busy("delete") ? "Deleting…" : "Delete my account"}
                </button>
              </div>
            </Form>
          </>
        )}
      </section>
    </section>
  );
}
