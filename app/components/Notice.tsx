/**
 * A message box. `Notice` is the generic one; `QueryNotice` shows the `?notice=` code of the
 * current URL (domain/shared/notices.ts): redirects carry codes, never free text.
 */
import type { ReactNode } from "react";
import { useSearchParams } from "react-router";

import { noticeFor } from "../../domain/shared/notices";
import { AlertIcon } from "./icons";

export type Tone = "error" | "success" | "info" | "warning";

export function Notice({
  tone = "info",
  children,
  className,
}: {
  tone?: Tone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={`alert alert-${tone}${className ? ` ${className}` : ""}`}
      role={tone === "error" ? "alert" : "status"}
    >
      <AlertIcon tone={tone} />
      <div>{children}</div>
    </div>
  );
}

export function QueryNotice() {
  const [params] = useSearchParams();
  const notice = noticeFor(params.get("notice"));
  if (!notice) return null;
  return (
    <div className="container notice-bar">
      <Notice tone={notice.tone}>{notice.text}</Notice>
    </div>
  );
}
