/**
 * A confirm step that needs no JavaScript (deleting an update, closing a raise early): a plain POST
 * form that sends the hidden fields with the confirmation, what will happen in words, and a link
 * back. With JavaScript the step appears without a page load, so focus moves to its text and it
 * is announced.
 */
import { useEffect, useRef, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";

export function ConfirmStep({
  id,
  action,
  fields,
  question,
  children,
  submit,
  busy: busyLabel,
  back,
  backLabel,
}: {
  /** The text's id (the form is described by it). */
  id: string;
  action: string;
  /** The hidden fields the confirmed post sends, the confirmation among them. */
  fields: Record<string, string>;
  /** The question, in bold: "Delete this update?" */
  question: ReactNode;
  /** What will happen. */
  children: ReactNode;
  submit: string;
  busy: string;
  back: string;
  backLabel: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const text = useRef<HTMLParagraphElement>(null);
  useEffect(() => text.current?.focus(), []);
  return (
    <Form method="post" action={action} className="update-confirm" aria-describedby={id}>
      <p id={id} ref={text} tabIndex={-1}>
        <strong>{question}</strong> {children}
      </p>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="cluster">
        <button type="submit" className="btn btn-danger btn-sm" disabled={busy}>
          {busy ? busyLabel : submit}
        </button>
        <Link className="btn btn-ghost btn-sm" to={back} replace>
          {backLabel}
        </Link>
      </div>
    </Form>
  );
}
