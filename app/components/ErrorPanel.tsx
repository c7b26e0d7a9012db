/**
 * A page that could not show what was asked (not found, refused, failed to load): a heading, the
 * message (an alert when `alert` is set: a refusal or failure the user should hear), one way on,
 * and the request's id for support (ADR 056).
 */
import type { ReactNode } from "react";
import { Link } from "react-router";

import { RequestId } from "./RequestId";

export function ErrorPanel({
  title,
  message,
  alert = false,
  to,
  linkLabel,
  children,
}: {
  title: string;
  message: ReactNode;
  alert?: boolean;
  to: string;
  linkLabel: string;
  /** Anything between the message and the link. */
  children?: ReactNode;
}) {
  return (
    <div className="container invest-page">
      <div className="error-panel card">
        <h1>{title}</h1>
        {alert ? <p role="alert">{message}</p> : <p>{message}</p>}
        {children}
        <Link className="btn btn-primary" to={to}>
          {linkLabel}
        </Link>
        <RequestId />
      </div>
    </div>
  );
}
