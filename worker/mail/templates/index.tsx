/**
 * Every mail, rendered: its subject, HTML and plain-text parts (React Email's `render`, the
 * workerd build). A later slice adds its template here and gets both parts the same way.
 */
import { render } from "@react-email/render";
import type { ReactElement } from "react";

import { DELETION_REQUESTED_SUBJECT, DeletionRequestedMail } from "./deletion-requested";
import { PASSWORD_CHANGED_SUBJECT, PasswordChangedMail } from "./password-changed";
import { PASSWORD_RESET_SUBJECT, PasswordResetMail } from "./password-reset";
import { NOTICE_COPY, NoticeMail, type NoticeKind } from "./notice";
import { DIGEST_SUBJECT, DigestMail } from "./digest";
import { EMAIL_CHANGING_SUBJECT, EmailChangingMail } from "./email-changing";
import { VERIFY_EMAIL_SUBJECT, VerifyEmailMail } from "./verify-email";
import { NewSignInMail, SecurityChangeMail } from "./security-alert";
import {
  NEW_SIGN_IN_SUBJECT,
  SECURITY_CHANGE_COPY,
  type SecurityChange,
} from "../../../domain/accounts/security-alerts";

export interface RenderedMail {
  kind: string;
  subject: string;
  html: string;
  text: string;
}

async function rendered(kind: string, subject: string, element: ReactElement): Promise<RenderedMail> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { kind, subject, html, text };
}

export function passwordResetMail(url: string): Promise<RenderedMail> {
  return rendered("password-reset", PASSWORD_RESET_SUBJECT, <PasswordResetMail url={url} />);
}

export function passwordChangedMail(origin: string): Promise<RenderedMail> {
  return rendered(
    "password-changed",
    PASSWORD_CHANGED_SUBJECT,
    <PasswordChangedMail signinUrl={`${origin}/signin`} forgotUrl={`${origin}/forgot-password`} />,
  );
}

export function deletionRequestedMail(date: string, origin: string): Promise<RenderedMail> {
  return rendered(
    "deletion-requested",
    DELETION_REQUESTED_SUBJECT,
    <DeletionRequestedMail date={date} signinUrl={`${origin}/signin`} />,
  );
}

export function noticeTemplate(kind: NoticeKind): Promise<RenderedMail> {
  const copy = NOTICE_COPY[kind];
  return rendered(`notice-${kind}`, copy.subject, <NoticeMail copy={copy} />);
}

export function digestTemplate(period: "daily" | "weekly"): Promise<RenderedMail> {
  return rendered("digest", DIGEST_SUBJECT[period], <DigestMail period={period} />);
}
export function verifyEmailMail(url: string, code: string): Promise<RenderedMail> {
  return rendered("verify-email", VERIFY_EMAIL_SUBJECT, <VerifyEmailMail url={url} code={code} />);
}

export function emailChangingMail(origin: string, newEmail: string): Promise<RenderedMail> {
  return rendered(
    "email-changing",
    EMAIL_CHANGING_SUBJECT,
    <EmailChangingMail newEmail={newEmail} settingsUrl={`${origin}/settings/login-security`} />,
  );
}

export function newSignInMail(text: string, endUrl: string, sessionsUrl: string): Promise<RenderedMail> {
  return rendered(
    "new-sign-in",
    NEW_SIGN_IN_SUBJECT,
    <NewSignInMail text={text} endUrl={endUrl} sessionsUrl={sessionsUrl} />,
  );
}

export function securityChangeMail(change: SecurityChange, settingsUrl: string): Promise<RenderedMail> {
  const copy = SECURITY_CHANGE_COPY[change];
  return rendered(
    "security-change",
    copy.subject,
    <SecurityChangeMail heading={copy.subject} text={copy.text} settingsUrl={settingsUrl} />,
  );
}
