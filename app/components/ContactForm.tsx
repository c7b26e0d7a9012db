/**
 * The contact form (spec section 2, "Contact page and home contact form"): name, email, message,
 * and on the contact page a subject. States: idle, sending (inputs disabled, 'Sending...'),
 * success (the form cleared, the spec's thank-you) and error (the server's message, else the
 * spec's fallbacks).
 *
 * Without JavaScript it is a plain POST to /contact, whose action handles both variants: the page
 * variant re-renders /contact with the result; the home variant redirects to
 * `/?contact=sent#contact` on success (this component reads that back, see `contactNotice`) and
 * re-renders /contact with the error and the typed values otherwise.
 * With JavaScript it posts JSON to the spec's API (POST /api/contact with subject, POST
 * /api/contacts without) and shows the states in place.
 *
 * Styles: app.css only (.form, .field, .form-row, .alert), so any page can place it.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useActionData, useSearchParams } from "react-router";

import { CONTACT_LIMITS, CONTACT_SUBJECTS, type ContactSubject } from "../../domain/shared/schemas";
import { MESSAGES } from "../../domain/shared/messages";
import { Honeypot } from "./form/Honeypot";
import { countId, LengthCount } from "./form/LengthCount";
import { AlertIcon } from "./icons";

/**
 * What the /contact action answers to a form post without JavaScript: a FormResult
 * (app/server/form-result.ts) from the form "contact", saying which variant posted.
 */
type ContactActionData =
  | { ok: true; form: "contact"; message: string; data: { variant: "home" | "page" } }
  | {
      ok: false;
      form: "contact";
      message: string;
      data: { variant: "home" | "page" };
      values: { name: string; email: string; subject: string; message: string };
    };

function isContactActionData(x: unknown): x is ContactActionData {
  return !!x && typeof x === "object" && (x as { form?: unknown }).form === "contact";
}

/** The query the /contact action redirects a home-page form post to after success. */
export const CONTACT_SENT_QUERY = "contact=sent";
export const CONTACT_SENT_PATH = `/?${CONTACT_SENT_QUERY}#contact`;

/**
 * For the home page: the success message to show when the URL says a message was just sent
 * (`/?contact=sent`, after a form post without JavaScript), else null. `<ContactForm />` already
 * shows it itself; use this only to show it elsewhere too.
 */
export function contactNotice(searchParams: URLSearchParams): string | null {
  return searchParams.get("contact") === "sent" ? MESSAGES.contactSuccess : null;
}

const SUBJECT_LABELS: Record<ContactSubject, string> = {
  general: "General inquiry",
  support: "Support",
  business: "Business",
  other: "Other",
};

const FIELDSET_STYLE = {
  border: 0,
  padding: 0,
  margin: 0,
  minWidth: 0,
  display: "grid",
  gap: "var(--space-4)",
} as const;

type Status =
  | { state: "idle" }
  | { state: "sending" }
  | { state: "success"; message: string }
  | { state: "error"; message: string };

export function ContactForm({ withSubject = false }: { withSubject?: boolean }) {
  const id = useId();
  const [params] = useSearchParams();
  const actionData = useActionData();
  const variant = withSubject ? "page" : "home";
  // The contact page also shows the result of a home-page post without JavaScript that failed.
  const serverResult =
    isContactActionData(actionData) && (actionData.data.variant === variant || withSubject) ? actionData : null;

  // The starting state comes from the server render (a post without JavaScript).
  const initial: Status = serverResult
    ? serverResult.ok
      ? { state: "success", message: serverResult.message }
      : { state: "error", message: serverResult.message }
    : !withSubject && contactNotice(params)
      ? { state: "success", message: MESSAGES.contactSuccess }
      : { state: "idle" };
  const [status, setStatus] = useState<Status>(initial);

  const values = serverResult && !serverResult.ok ? serverResult.values : null;
  const sending = status.state === "sending";
  // With JavaScript, bring the result into view (the button may be far below the form's top).
  const statusRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    statusRef.current?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }, [status]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = Object.fromEntries(new FormData(form));
    delete data.variant;
    setStatus({ state: "sending" });
    try {
      const res = await fetch(withSubject ? "/api/contact" : "/api/contacts", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(data),
      });
      let body: { success?: boolean; message?: string } = {};
      try {
        body = await res.json();
      } catch {
        // not JSON: the fallback message below
      }
      if (res.ok && body.success !== false) {
        form.reset();
        setStatus({ state: "success", message: body.message || MESSAGES.contactSuccess });
      } else {
        setStatus({ state: "error", message: body.message || MESSAGES.contactError });
      }
    } catch {
      setStatus({ state: "error", message: MESSAGES.contactFailed });
    }
  }

  return (
    <form
      method="post"
      action="/contact"
      className="form contact-form"
      onSubmit={onSubmit}
      aria-describedby={status.state === "success" || status.state === "error" ? `${id}-status` : undefined}
    >
      {status.state === "success" ? (
        <div className="alert alert-success" role="status" id={`${id}-status`} ref={statusRef}>
          <AlertIcon tone="success" />
          <div>{status.message}</div>
        </div>
      ) : status.state === "error" ? (
        <div className="alert alert-error" role="alert" id={`${id}-status`} ref={statusRef}>
          <AlertIcon tone="error" />
          <div>{status.message}</div>
        </div>
      ) : null}
      <input type="hidden" name="variant" value={variant} />
      <Honeypot idPrefix={id} />
      <fieldset disabled={sending} style={FIELDSET_STYLE}>
        <legend className="visually-hidden">{withSubject ? "Send us a message" : "Contact us"}</legend>
        <div className="form-row">
          <div className="field">
            <label htmlFor={`${id}-name`}>Name</label>
            <input
              id={`${id}-name`}
              name="name"
              type="text"
              autoComplete="name"
              required
              aria-describedby={countId(`${id}-name`)}
              defaultValue={values?.name ?? ""}
            />
            <LengthCount controlId={`${id}-name`} max={CONTACT_LIMITS.name} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-email`}>Email</label>
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="email"
              required
              aria-describedby={countId(`${id}-email`)}
              defaultValue={values?.email ?? ""}
            />
            <LengthCount controlId={`${id}-email`} max={CONTACT_LIMITS.email} />
          </div>
        </div>
        {withSubject ? (
          <div className="field">
            <label htmlFor={`${id}-subject`}>Subject</label>
            <select id={`${id}-subject`} name="subject" defaultValue={values?.subject || "general"}>
              {CONTACT_SUBJECTS.map((s) => (
                <option key={s} value={s}>
                  {SUBJECT_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="field">
          <label htmlFor={`${id}-message`}>Message</label>
          <textarea
            id={`${id}-message`}
            name="message"
            rows={5}
            required
            aria-describedby={countId(`${id}-message`)}
            defaultValue={values?.message ?? ""}
          />
          <LengthCount controlId={`${id}-message`} max={CONTACT_LIMITS.message} />
        </div>
        <button
          type="submit"
          className="btn btn-primary btn-lg"
          style={{ justifySelf: "start" }}
          disabled={sending}
          aria-busy={sending || undefined}
        >
          {sending ? "Sending..." : "Send Message"}
        </button>
      </fieldset>
    </form>
  );
}
