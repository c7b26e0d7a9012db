/**
 * Settings, Login & Security: change the password, and sign out of every other device, through
 * the services of `POST /api/auth/password` and `POST /api/auth/sessions/revoke-others` (both
 * forms post to /settings/login-security, named by `intent`). A refused change comes back with
 * empty password fields: passwords are never sent back to the page.
 */
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";

import { VERIFY_MESSAGES } from "../../../domain/accounts/email-verification";

import { Field } from "../form/Field";
import { Alert, type SettingsFailure } from "./SettingsPage";
import { TwoFactorCard } from "./TwoFactorSettings";

function SecurityForms({ failure }: { failure: SettingsFailure | null }) {
  const form = failure?.form ?? null;
  const message = failure?.message ?? null;
  const errors = failure?.errors ?? {};
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const pwErrors = form === "password" ? errors : {};
  // A refused change is shown with empty password fields (with JavaScript the inputs would keep
  // what was typed; without it the page comes back empty anyway).
  const passwordForm = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (failure?.form === "password") passwordForm.current?.reset();
  }, [failure]);
  return (
    <>
      <section className="card card-body stack" aria-labelledby="password-title">
        <h3 id="password-title" className="card-title">
          Change password
        </h3>
        <Form ref={passwordForm} method="post" action="/settings/login-security" className="form" noValidate>
          {form === "password" && message ? <Alert tone="error">{message}</Alert> : null}
          <input type="hidden" name="intent" value="password" />
          <Field name="currentPassword" label="Current password" errors={pwErrors}>
            {(p) => <input {...p} type="password" autoComplete="current-password" required />}
          </Field>
          <Field
            name="newPassword"
            label="New password"
            hint="At least 6 characters, and not a common password."
            errors={pwErrors}
          >
            {(p) => <input {...p} type="password" autoComplete="new-password" required minLength={6} />}
          </Field>
          <Field name="confirmPassword" label="Confirm new password" errors={pwErrors}>
            {(p) => <input {...p} type="password" autoComplete="new-password" required />}
          </Field>
          <p className="field-hint">Changing your password signs you out of every other device.</p>
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={busy("password")}>
              {busy("password") ? "Changing…" : "Change password"}
            </button>
          </div>
        </Form>
      </section>
      <section className="card card-body stack" aria-labelledby="sessions-title">
        <h3 id="sessions-title" className="card-title">
          Devices
        </h3>
        <p>Signed in somewhere you no longer use? End every session but this one.</p>
        {form === "revoke-others" && message ? <Alert tone="error">{message}</Alert> : null}
        <Form method="post" action="/settings/login-security">
          <input type="hidden" name="intent" value="revoke-others" />
          <button type="submit" className="btn btn-secondary" disabled={busy("revoke-others")}>
            Sign out of all other devices
          </button>
        </Form>
      </section>
      <section className="card card-body stack" aria-labelledby="session-list-title">
        <h3 id="session-list-title" className="card-title">
          Sessions &amp; API Tokens
        </h3>
        <p>
          See where your account is signed in (device, network and place), end any one of them, and create API tokens
          for scripts.
        </p>
        <p>
          <Link to="/settings/sessions" className="btn btn-secondary">
            See Your Sessions
          </Link>
        </p>
      </section>
    </>
  );
}

export interface AccountEmail {
  email: string;
  pendingEmail: string | null;
}

/** The Email address card (ADR 045): new address and current password; it changes once confirmed. */
function EmailForm({ failure, account }: { failure: SettingsFailure | null; account: AccountEmail }) {
  const errors = failure?.form === "email" ? failure.errors : {};
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "email";
  return (
    <section className="card card-body stack" aria-labelledby="email-title">
      <h3 id="email-title" className="card-title">
        Email address
      </h3>
      <p>
        Your account uses <strong className="verify-address">{account.email}</strong>.
      </p>
      {account.pendingEmail ? (
        <p>
          {VERIFY_MESSAGES.changeRequested(account.pendingEmail)} <Link to="/verify-email">Confirm with the code</Link>
        </p>
      ) : null}
      <Form method="post" action="/settings/login-security" className="form" noValidate>
        {failure?.form === "email" && failure.message ? <Alert tone="error">{failure.message}</Alert> : null}
        <input type="hidden" name="intent" value="email" />
        <Field name="email" label="New email address" errors={errors}>
          {(p) => <input {...p} type="email" autoComplete="email" required />}
        </Field>
        <Field id="email-current-password" name="currentPassword" label="Current password" errors={errors}>
          {(p) => <input {...p} type="password" autoComplete="current-password" required />}
        </Field>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? "Sending…" : "Change email address"}
          </button>
        </div>
      </Form>
    </section>
  );
}

/**
 * The short card that leads to the Passkeys page (ADR 054): here, not in Passkeys.tsx, so this
 * section's JavaScript stays without the passkey code.
 */
function PasskeysCard() {
  return (
    <section className="card card-body stack" aria-labelledby="passkeys-card-title">
      <h3 id="passkeys-card-title" className="card-title">
        Passkeys
      </h3>
      <p>Sign in with your fingerprint, face or screen lock instead of a password.</p>
      <p>
        <Link to="/settings/passkeys" className="btn btn-secondary">
          Manage Passkeys
        </Link>
      </p>
    </section>
  );
}

/** The Login & Security section: its title and its forms. */
export function LoginSecuritySection({
  failure,
  account,
  twoFactorOn,
}: {
  failure: SettingsFailure | null;
  account: AccountEmail | null;
  /** Whether two-step sign-in is on (its card links to /settings/two-factor); null when not read. */
  twoFactorOn: boolean | null;
}) {
  return (
    <section id="login-security" className="stack" aria-labelledby="login-security-title">
      <h2 id="login-security-title" className="settings-section-title">
        Login &amp; Security
      </h2>
      {account ? <EmailForm failure={failure} account={account} /> : null}
      {twoFactorOn === null ? null : <TwoFactorCard on={twoFactorOn} />}
      <SecurityForms failure={failure} />
      {account ? <PasskeysCard /> : null}
    </section>
  );
}
