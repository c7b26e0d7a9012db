/**
 * Settings, two-step sign-in (/settings/two-factor; ADR 054): the authenticator app off (Turn On),
 * being added (the QR code drawn on the server, the secret as text, the first code), just turned on
 * or given new recovery codes (the ten codes, shown this once), and on (since when, codes left, new
 * codes, Turn Off). Every form posts to /settings/two-factor and works without JavaScript. A change
 * refused for want of a fresh confirmation links to /confirm-access, which comes back here.
 */
import { Form, Link } from "react-router";

import { confirmAccessHref } from "../../../domain/accounts/two-factor-settings";
import { RECOVERY_CODE_COUNT } from "../../../domain/accounts/two-factor";
import { formatDateTime } from "../../../domain/shared/format";
import { Field } from "../form/Field";
import { SubmitButton } from "../SubmitButton";
import { Alert, type SettingsFailure } from "./SettingsPage";

export const TWO_FACTOR_PATH = "/settings/two-factor";

export interface TwoFactorView {
  on: boolean;
  confirmedAt: number | null;
  enrolling: boolean;
  recoveryCodesLeft: number;
}

/** An enrolment as the page shows it: the QR code (an SVG made on the server from fixed parts) and the secret. */
export interface EnrolmentView {
  qrSvg: string;
  /** The secret in groups of four. */
  secret: string;
  uri: string;
}

/** A form's answer on this page: a refusal, or the recovery codes just made. */
export type TwoFactorAnswer =
  | (SettingsFailure & { ok: false; status: number })
  | { ok: true; form?: string; message?: string; data?: { recoveryCodes: string[] } };

const BUTTON = "btn btn-primary";

function StepUpNeeded({ message }: { message: string }) {
  return (
    <Alert tone="error" id="two-factor-error">
      {message} <Link to={confirmAccessHref(TWO_FACTOR_PATH)}>Confirm it&rsquo;s you</Link>
    </Alert>
  );
}

function RecoveryCodes({ codes, message }: { codes: string[]; message: string | undefined }) {
  const text = `CampusFund recovery codes\nEach code works once.\n\n${codes.join("\n")}\n`;
  return (
    <section className="card card-body stack" aria-labelledby="recovery-codes-title">
      <h3 id="recovery-codes-title" className="card-title">
        Your recovery codes
      </h3>
      {message ? <Alert tone="success">{message}</Alert> : null}
      <p>
        If you lose your phone, sign in with one of these instead of a code from the app. Keep them somewhere safe, such
        as a password manager: this is the only time they are shown.
      </p>
      <ul className="recovery-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <p>
        <a
          className="btn btn-secondary"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="campusfund-recovery-codes.txt"
        >
          Download as Text
        </a>
      </p>
    </section>
  );
}

function Enrolment({ enrolment, error }: { enrolment: EnrolmentView; error: string | null }) {
  return (
    <section className="card card-body stack" aria-labelledby="enrol-title">
      <h3 id="enrol-title" className="card-title">
        Add CampusFund to your authenticator app
      </h3>
      <ol className="stack totp-steps">
        <li>
          Open an authenticator app (such as Google Authenticator, Microsoft Authenticator, 1Password or Authy) and scan
          this QR code.
          {/* The SVG is made on the server by uqr from the otpauth URI, checked to be a rectangle and a path only (worker/services/accounts/internal/qr.ts). */}
          <div className="totp-qr" dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }} />
        </li>
        <li>
          Can&rsquo;t scan it? Enter this key in the app instead:{" "}
          <code className="totp-secret" id="totp-secret">
            {enrolment.secret}
          </code>{" "}
          (time-based, 6 digits). On a phone, you can also <a href={enrolment.uri}>open it in your authenticator app</a>
          .
        </li>
        <li>
          <Form method="post" action={TWO_FACTOR_PATH} className="form" noValidate>
            <input type="hidden" name="intent" value="confirm" />
            <Field
              id="totp-code"
              name="code"
              label="Code from the app"
              hint="The 6 digits the app shows for CampusFund."
              errors={error ? { code: error } : {}}
            >
              {(p) => (
                <input
                  {...p}
                  type="text"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  spellCheck={false}
                  required
                />
              )}
            </Field>
            <div className="form-actions">
              <SubmitButton className={BUTTON} pendingLabel="Confirming…">
                Confirm
              </SubmitButton>
            </div>
          </Form>
        </li>
      </ol>
      <Form method="post" action={TWO_FACTOR_PATH}>
        <input type="hidden" name="intent" value="disable" />
        <button type="submit" className="btn btn-secondary">
          Cancel
        </button>
      </Form>
    </section>
  );
}

function On({ status }: { status: TwoFactorView }) {
  return (
    <section className="card card-body stack" aria-labelledby="two-factor-on-title">
      <h3 id="two-factor-on-title" className="card-title">
        Authenticator app: On
      </h3>
      <p>
        Turned on {status.confirmedAt ? formatDateTime(status.confirmedAt) : ""}. Signing in asks for a code from your
        app after your password.
      </p>
      <p id="recovery-codes-left">
        {status.recoveryCodesLeft} of {RECOVERY_CODE_COUNT} recovery codes left.
      </p>
      <div className="form-actions">
        <Form method="post" action={TWO_FACTOR_PATH}>
          <input type="hidden" name="intent" value="regenerate" />
          <SubmitButton className="btn btn-secondary" pendingLabel="Making codes…">
            Regenerate Recovery Codes
          </SubmitButton>
        </Form>
        <Form method="post" action={TWO_FACTOR_PATH}>
          <input type="hidden" name="intent" value="disable" />
          <SubmitButton className="btn btn-danger" pendingLabel="Turning off…">
            Turn Off
          </SubmitButton>
        </Form>
      </div>
      <p className="field-hint">New recovery codes replace the old ones, used or not.</p>
    </section>
  );
}

function Off({ enrolling }: { enrolling: boolean }) {
  return (
    <section className="card card-body stack" aria-labelledby="two-factor-off-title">
      <h3 id="two-factor-off-title" className="card-title">
        Authenticator app: Off
      </h3>
      <p>
        With two-step sign-in on, signing in asks for a 6-digit code from an authenticator app on your phone after your
        password, so a stolen password alone cannot open your account.
      </p>
      {enrolling ? (
        <p>You started adding an app. Confirm it&rsquo;s you to see its QR code again, or start over.</p>
      ) : null}
      <Form method="post" action={TWO_FACTOR_PATH}>
        <input type="hidden" name="intent" value="start" />
        <SubmitButton className={BUTTON} pendingLabel="Starting…">
          Turn On
        </SubmitButton>
      </Form>
    </section>
  );
}

/** The page's content inside the settings frame. */
export function TwoFactorSection({
  status,
  enrolment,
  answer,
}: {
  status: TwoFactorView;
  enrolment: EnrolmentView | null;
  answer: TwoFactorAnswer | null;
}) {
  // A refusal that named no form (an unknown one) is the frame's to show.
  const failure = answer && !answer.ok && answer.form !== undefined ? answer : null;
  const codes = answer?.ok ? answer.data?.recoveryCodes : undefined;
  // The confirm form shows its own refusals by the field; step-up and the others above the cards.
  const codeError = failure?.form === "confirm" && failure.status === 400 ? failure.message : null;
  return (
    <section id="two-factor" className="stack" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title" className="settings-section-title">
        Two-Step Sign-In
      </h2>
      <p>
        <Link to="/settings?section=login-security">Back to Login &amp; Security</Link>
      </p>
      {failure?.status === 403 ? (
        <StepUpNeeded message={failure.message} />
      ) : failure && !codeError ? (
        <Alert tone="error" id="two-factor-error">
          {failure.message}
        </Alert>
      ) : null}
      {codes ? <RecoveryCodes codes={codes} message={answer?.ok ? answer.message : undefined} /> : null}
      {status.on ? (
        <On status={status} />
      ) : enrolment ? (
        <Enrolment enrolment={enrolment} error={codeError} />
      ) : (
        <Off enrolling={status.enrolling} />
      )}
    </section>
  );
}

/** Login & Security's card: whether two-step sign-in is on, and the way to its page. */
export function TwoFactorCard({ on }: { on: boolean }) {
  return (
    <section className="card card-body stack" aria-labelledby="two-factor-card-title">
      <h3 id="two-factor-card-title" className="card-title">
        Two-step sign-in: {on ? "On" : "Off"}
      </h3>
      <p>
        {on
          ? "Signing in asks for a code from your authenticator app after your password."
          : "Ask for a code from an authenticator app after your password, so a stolen password alone cannot open your account."}
      </p>
      <p>
        <Link to={TWO_FACTOR_PATH} className="btn btn-secondary">
          {on ? "Manage Two-Step Sign-In" : "Set Up Two-Step Sign-In"}
        </Link>
      </p>
    </section>
  );
}
