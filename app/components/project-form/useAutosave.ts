/**
 * The project form's autosave (ADR 033), with JavaScript only: a pause of AUTOSAVE_DELAY_MS after
 * the last change, the form's text fields go to the same action with `intent=autosave` (never its
 * files), through a fetcher, so the form the founder is typing in is not re-rendered. The action
 * keeps them as the founder's working copy; the status line says "Unsaved changes" while the
 * founder types, "Saving..." then "Progress saved", or why not.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";

export const AUTOSAVE_DELAY_MS = 2000;

/** The action's autosave answer: `form: "autosave"`, with the draft or the refusal. */
type Answer =
  | { ok: true; form?: string; data?: { draft?: { missing: unknown[]; updatedAt: number } } }
  | { ok: false; form?: string; message: string; errors: Record<string, string> };

export type AutosaveStatus = { tone: "muted" | "error"; text: string } | null;

export function useAutosave(enabled: boolean): {
  schedule: (form: HTMLFormElement) => void;
  cancel: () => void;
  status: AutosaveStatus;
} {
  const fetcher = useFetcher<Answer>({ key: "project-autosave" });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Typed since the last save: "Saved" would no longer be true.
  const [waiting, setWaiting] = useState(false);

  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setWaiting(false);
  }, []);

  const schedule = useCallback(
    (form: HTMLFormElement) => {
      if (!enabled) return;
      cancel();
      setWaiting(true);
      timer.current = setTimeout(() => {
        timer.current = null;
        setWaiting(false);
        const body = new FormData(form);
        for (const [name, value] of [...body]) if (typeof value !== "string") body.delete(name);
        body.set("intent", "autosave");
        void fetcher.submit(body, { method: "post", encType: "multipart/form-data" });
      }, AUTOSAVE_DELAY_MS);
    },
    [enabled, cancel, fetcher],
  );

  useEffect(() => cancel, [cancel]);

  let status: AutosaveStatus = null;
  if (waiting) status = { tone: "muted", text: "Unsaved changes" };
  else if (fetcher.state !== "idle") status = { tone: "muted", text: "Saving..." };
  else if (fetcher.data?.ok) status = { tone: "muted", text: "Progress saved" };
  else if (fetcher.data && !fetcher.data.ok) {
    const count = Object.keys(fetcher.data.errors ?? {}).length;
    status = {
      tone: "error",
      text: count
        ? `Not saved: ${count === 1 ? "1 field needs" : `${count} fields need`} a change. Press Save progress to see ${count === 1 ? "it" : "them"}.`
        : `Not saved: ${fetcher.data.message}`,
    };
  }
  return { schedule, cancel, status };
}
