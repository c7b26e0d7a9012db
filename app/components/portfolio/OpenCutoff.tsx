/**
 * An open investment's cancellation window in a list row (the portfolio's holdings, the profile's
 * My Investments): "cancelable until Dec 18, 2026, 00:00 UTC" (and the reader's time once
 * JavaScript runs), or, in the last 48 hours before the deadline, when it closed.
 */
import { CutoffTime } from "./LocalTime";

export function OpenCutoff({
  cutoff,
  cancellable,
  as: Tag = "span",
}: {
  cutoff: { at: number; utc: string } | null;
  cancellable: boolean;
  as?: "span" | "p";
}) {
  if (!cutoff) return null;
  return (
    <Tag className="holding-cutoff">
      {cancellable ? "cancelable until " : "cancellation closed "}
      <CutoffTime at={cutoff.at} />
    </Tag>
  );
}
