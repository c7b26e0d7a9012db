/**
 * /support, the supporters page (spec sections 2, 4, 5, 8, 9): a sign-up form (name, email,
 * optional message, "show my name publicly", checked by default), the success banner, the count
 * and the public list.
 *
 * Without JavaScript the form posts to this route's action, which re-renders the page with the
 * banner (or the error and the typed values). With JavaScript it posts JSON to POST
 * /api/supporters; on success the fields are cleared (the checkbox back to checked), the page
 * scrolls to the top, the banner shows for 5 seconds, the count updates and the list reloads.
 * The loader reads the list and the count in one D1 statement.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";

import { Honeypot } from "../components/form/Honeypot";
import { countId, LengthCount } from "../components/form/LengthCount";
import { AlertIcon } from "../components/icons";
import { pageMeta } from "../components/meta";
import { formatDate, formatNumber } from "../../domain/shared/format";
import { HONEYPOT_FIELD, SUPPORTER_LIMITS } from "../../domain/shared/schemas";
import { MESSAGES } from "../../domain/shared/messages";
import { getApp } from "../server/guards.server";
import { actionRetryAfter, formFields, readForm } from "../server/form.server";
import { FORM_LIMITS } from "../../domain/shared/limits";
import { clientAddress } from "../../worker/services/shared/client";
import { formFailed, formSuccess } from "../server/form-result";
import { listSupporters, submitSupporter } from "../../worker/services/visitors/supporters";
import type { Route } from "./+types/support";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    "Support",
    "Show your support for CampusFund and join the students, alumni and mentors backing student founders.",
    { at: args },
  );

/** The spec's banner wait (section 9): the success banner hides after 5 s. */
export const BANNER_MS = 5000;

export async function loader({ context }: Route.LoaderArgs) {
  return listSupporters(getApp(context).db);
}

interface FormValues {
  name: string;
  email: string;
  message: string;
  showPublicly: boolean;
}

export const headers = actionRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  const form = formFields(await readForm(request, FORM_LIMITS.support));
  // An unchecked checkbox is simply absent from a form post.
  const showPublicly = form.showPublicly !== undefined;
  const values: FormValues = {
    name: form.name ?? "",
    email: form.email ?? "",
    message: form.message ?? "",
    showPublicly,
  };
  const { db } = getApp(context);

  try {
    const out = await submitSupporter(db, { ...form, showPublicly }, clientAddress(request));
    return formSuccess({ message: out.message, data: { count: out.count } });
  } catch (e) {
    return formFailed(e, values);
  }
}

type Banner = { count: number };

/**
 * The spec's "You've joined {count} others…", counting the others (the count includes the one who
 * just joined): "1 other", and the first to join when there are none.
 */
function joinedText(count: number): string {
  const others = Math.max(0, count - 1);
  if (others === 0) return "You're the first to join: thank you for helping to build the future.";
  return others === 1
    ? "You've joined 1 other who is helping to build the future."
    : `You've joined ${formatNumber(others)} others who are helping to build the future.`;
}
type Status = { state: "idle" } | { state: "submitting" } | { state: "error"; message: string };

export default function Support({ loaderData, actionData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const fromServer = actionData;
  const [banner, setBanner] = useState<Banner | null>(fromServer?.ok ? { count: fromServer.data?.count ?? 0 } : null);
  const [status, setStatus] = useState<Status>(
    fromServer && !fromServer.ok ? { state: "error", message: fromServer.message } : { state: "idle" },
  );
  // The count answered by the last sign-up, shown until the reloaded list catches up.
  const [answeredCount, setAnsweredCount] = useState<number | null>(null);
  const count = Math.max(loaderData.count, answeredCount ?? 0);
  const values = fromServer && !fromServer.ok ? fromServer.values : null;
  const submitting = status.state === "submitting";

  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (status.state === "error") errorRef.current?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }, [status]);
  useEffect(() => {
    if (!banner) return;
    const t = setTimeout(() => setBanner(null), BANNER_MS);
    return () => clearTimeout(t);
  }, [banner]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fd = new FormData(form);
    const body = {
      name: String(fd.get("name") ?? ""),
      email: String(fd.get("email") ?? ""),
      message: String(fd.get("message") ?? ""),
      showPublicly: fd.get("showPublicly") !== null,
      [HONEYPOT_FIELD]: String(fd.get(HONEYPOT_FIELD) ?? ""),
    };
    setStatus({ state: "submitting" });
    try {
      const res = await fetch("/api/supporters", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(body),
      });
      let out: { success?: boolean; count?: number; message?: string } = {};
      try {
        out = await res.json();
      } catch {
        // not JSON: the fallback message below
      }
      if (!res.ok || !out.success) {
        setStatus({ state: "error", message: out.message || MESSAGES.supportError });
        return;
      }
      form.reset(); // fields cleared, the checkbox back to its default (checked)
      const newCount = typeof out.count === "number" ? out.count : count;
      setAnsweredCount(newCount);
      setStatus({ state: "idle" });
      setBanner({ count: newCount });
      window.scrollTo({ top: 0, behavior: "smooth" });
      void revalidator.revalidate();
    } catch {
      setStatus({ state: "error", message: MESSAGES.supportFailed });
    }
  }

  return (
    <div className="support-page">
      <header className="support-hero">
        <div className="container">
          <h1 className="page-title">Show Your Support</h1>
          <p className="page-lead">
            CampusFund is built by students, for students. Add your name to the people backing student founders: it
            costs nothing and tells them they are not alone.
          </p>
          <p className="support-count">
            <strong>{formatNumber(count)}</strong> {count === 1 ? "supporter" : "supporters"} and growing!
          </p>
        </div>
      </header>

      <div className="container page-body">
        {banner ? (
          <div className="support-banner" role="status">
            <AlertIcon tone="success" />
            <div>
              <h2>Thank You for Your Support!</h2>
              <p>{joinedText(banner.count)}</p>
            </div>
          </div>
        ) : null}

        <div className="support-layout">
          <section className="card" aria-labelledby="support-form-title">
            <div className="card-body">
              <h2 id="support-form-title" className="contact-card-title">
                Add your name
              </h2>
              <form method="post" className="form" onSubmit={onSubmit}>
                {status.state === "error" ? (
                  <div className="alert alert-error" role="alert" ref={errorRef}>
                    <AlertIcon tone="error" />
                    <div>{status.message}</div>
                  </div>
                ) : null}
                <Honeypot idPrefix="support" />
                <fieldset disabled={submitting} className="support-fields">
                  <legend className="visually-hidden">Your support</legend>
                  <div className="field">
                    <label htmlFor="support-name">Name</label>
                    <input
                      id="support-name"
                      name="name"
                      type="text"
                      autoComplete="name"
                      required
                      aria-describedby={countId("support-name")}
                      defaultValue={values?.name ?? ""}
                    />
                    <LengthCount controlId="support-name" max={SUPPORTER_LIMITS.name} />
                  </div>
                  <div className="field">
                    <label htmlFor="support-email">Email</label>
                    <input
                      id="support-email"
                      name="email"
                      type="email"
                      autoComplete="email"
                      required
                      defaultValue={values?.email ?? ""}
                      aria-describedby={`support-email-hint ${countId("support-email")}`}
                    />
                    <p className="field-hint" id="support-email-hint">
                      Never shown publicly.
                    </p>
                    <LengthCount controlId="support-email" max={SUPPORTER_LIMITS.email} />
                  </div>
                  <div className="field">
                    <label htmlFor="support-message">
                      Why are you supporting us? <span className="muted small">(optional)</span>
                    </label>
                    <textarea
                      id="support-message"
                      name="message"
                      rows={4}
                      placeholder="Why are you supporting us?"
                      defaultValue={values?.message ?? ""}
                      aria-describedby={countId("support-message")}
                    />
                    <LengthCount controlId="support-message" max={SUPPORTER_LIMITS.message} />
                  </div>
                  <label className="support-check">
                    <input type="checkbox" name="showPublicly" defaultChecked={values ? values.showPublicly : true} />
                    <span>Show my name publicly in the supporters list</span>
                  </label>
                  <button
                    type="submit"
                    className="btn btn-primary btn-lg btn-block"
                    disabled={submitting}
                    aria-busy={submitting || undefined}
                  >
                    {submitting ? "Submitting..." : "Show My Support"}
                  </button>
                </fieldset>
              </form>
            </div>
          </section>

          <section className="card" aria-labelledby="supporters-title">
            <div className="card-body">
              <h2 id="supporters-title" className="contact-card-title">
                Our supporters
              </h2>
              {loaderData.supporters.length === 0 ? (
                <p className="empty-state support-empty">Be the first to show your support!</p>
              ) : (
                <div className="support-table-wrap">
                  <table className="support-table">
                    <caption className="visually-hidden">Supporters, newest first</caption>
                    <thead>
                      <tr>
                        <th scope="col">Name</th>
                        <th scope="col">Message</th>
                        <th scope="col">Date</th>
                      </tr>
                    </thead>
                    <tbody>
                      {loaderData.supporters.map((s, i) => (
                        <tr key={`${s.createdAt}-${i}`}>
                          <td className="support-name">{s.name}</td>
                          <td className="support-message">{s.message ? `"${s.message}"` : "-"}</td>
                          <td className="support-date">
                            <time dateTime={s.createdAt}>{formatDate(s.createdAt)}</time>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </div>
          </section>
        </div>
      </div>
    </div>
  );
}
