/**
 * Settings → Sessions (ADR 054): every signed-in session and API token of the account, with "End"
 * on each but this one, "Sign Out Everywhere Else", and "Create an API Token" (the token shown once,
 * with a Copy button where JavaScript runs; without it the field is there to select). Every form is
 * a plain POST to /settings/sessions, named by `intent`.
 */
import { useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";

import { KIND_LABEL, TOKEN_NAME_MAX, type SessionView } from "../../../domain/accounts/sessions";
import { formatDateTime } from "../../../domain/shared/format";
import { Field } from "../form/Field";
import { useHydrated } from "../useHydrated";
import { Alert, type SettingsFailure } from "./SettingsPage";

/** A token made by this page's last post, shown once. */
export interface NewToken {
  token: string;
  name: string;
}

function SessionRow({ session, busy }: { session: SessionView; busy: boolean }) {
  const title = session.kind === "token" ? (session.name ?? "API token") : session.device;
  return (
    <li className="session-row card card-body">
      <div className="session-main">
        <h4 className="session-title">
          {title}
          {session.current ? <span className="badge badge-success session-current">This device</span> : null}
        </h4>
        <p className="session-meta">
          {KIND_LABEL[session.kind]}
          {session.kind === "token" ? ` · made from ${session.device}` : null} ·{" "}
          {session.network ? `Network ${session.network}` : "Unknown network"} · {session.place}
        </p>
        <p className="session-meta">
          Started {formatDateTime(session.startedAt)} · Last used: {session.lastUsed}
        </p>
      </div>
      {session.current ? null : (
        <Form method="post" action="/settings/sessions" className="session-end">
          <input type="hidden" name="intent" value="end" />
          <input type="hidden" name="id" value={session.id} />
          <button type="submit" className="btn btn-secondary btn-sm" disabled={busy}>
            {session.kind === "token" ? "Revoke" : "End"}
            <span className="visually-hidden"> {title}</span>
          </button>
        </Form>
      )}
    </li>
  );
}

function TokenShown({ made }: { made: NewToken }) {
  const [said, setSaid] = useState("");
  const field = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(made.token);
      setSaid("Token copied");
    } catch {
      // No clipboard (refused, or not a secure page): the token is selected for a manual copy.
      field.current?.select();
      setSaid("Copy the selected token");
    }
  };
  // Only where JavaScript runs: without it there is no button, and the field is there to select.
  const canCopy = useHydrated();
  return (
    <div className="stack">
      <Alert tone="success">Your API token “{made.name}” was created. Copy it now: it is shown only once.</Alert>
      <label htmlFor="new-token">New API token</label>
      <div className="token-copy">
        <input id="new-token" ref={field} className="token-field" readOnly value={made.token} />
        {canCopy ? (
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void copy()}>
            Copy
          </button>
        ) : null}
      </div>
      <p className="field-hint" role="status">
        {said}
      </p>
      <p className="field-hint">
        Send it as <code>Authorization: Bearer &lt;token&gt;</code>. It stops working when you revoke it, after 30 days
        unused, or 90 days after it was made.
      </p>
    </div>
  );
}

export function SessionsSection({
  sessions,
  failure,
  made,
}: {
  sessions: SessionView[];
  failure: SettingsFailure | null;
  made: NewToken | null;
}) {
  const navigation = useNavigation();
  const busy = (intent: string) =>
    navigation.state === "submitting" &&
    (intent === "token"
      ? navigation.formAction?.endsWith("form=token")
      : navigation.formData?.get("intent") === intent);
  const signIns = sessions.filter((s) => s.kind !== "token");
  const tokens = sessions.filter((s) => s.kind === "token");
  const message = (form: string) => (failure?.form === form && failure.message ? failure.message : null);
  return (
    <section id="sessions" className="stack" aria-labelledby="sessions-title">
      <h2 id="sessions-title" className="settings-section-title">
        Sessions &amp; API Tokens
      </h2>
      <p>
        Where your account is signed in. Ending a session signs it out the next time it is used. Last use is known to
        within the hour. <Link to="/settings?section=login-security">Back to Login &amp; Security</Link>
      </p>
      {message("end") ? <Alert tone="error">{message("end")}</Alert> : null}

      <section className="stack" aria-labelledby="signed-in-title">
        <h3 id="signed-in-title" className="card-title">
          Signed-in Sessions
        </h3>
        <ul className="session-list stack">
          {signIns.map((s) => (
            <SessionRow key={s.id} session={s} busy={busy("end")} />
          ))}
        </ul>
        {message("revoke-others") ? <Alert tone="error">{message("revoke-others")}</Alert> : null}
        <p className="field-hint">Signing out everywhere else also revokes your API tokens.</p>
        <Form method="post" action="/settings/sessions">
          <input type="hidden" name="intent" value="revoke-others" />
          <button type="submit" className="btn btn-secondary" disabled={busy("revoke-others")}>
            Sign Out Everywhere Else
          </button>
        </Form>
      </section>

      <section className="stack" aria-labelledby="tokens-title">
        <h3 id="tokens-title" className="card-title">
          API Tokens
        </h3>
        {tokens.length ? (
          <ul className="session-list stack">
            {tokens.map((s) => (
              <SessionRow key={s.id} session={s} busy={busy("end")} />
            ))}
          </ul>
        ) : (
          <p>No API tokens yet.</p>
        )}
        <div className="card card-body stack">
          <h4 className="card-title">Create an API Token</h4>
          {made ? <TokenShown made={made} /> : null}
          <Form method="post" action="/settings/sessions?form=token" className="form" noValidate>
            {message("token") ? <Alert tone="error">{message("token")}</Alert> : null}
            <Field
              name="name"
              label="Token name"
              hint={`What will use it, such as a script (at most ${TOKEN_NAME_MAX} characters).`}
              errors={failure?.form === "token" ? failure.errors : {}}
            >
              {(p) => (
                <input
                  {...p}
                  type="text"
                  required
                  defaultValue={failure?.form === "token" ? String(failure.values.name ?? "") : ""}
                />
              )}
            </Field>
            <p className="field-hint">Creating a token needs a sign-in or a confirmation in the last 10 minutes.</p>
            <div className="form-actions">
              <button type="submit" className="btn btn-primary" disabled={busy("token")}>
                {busy("token") ? "Creating…" : "Create Token"}
              </button>
            </div>
          </Form>
        </div>
      </section>
    </section>
  );
}
