/**
 * An investment's own status (not its project's), as every screen names it (ADR 043): one word and
 * one style per status, the same in the portfolio's and the profile's group headings, their rows'
 * badges, the investment page and its receipt.
 * - Confirmed: its raise was funded (final).
 * - Open: its raise is still running (cancellable until 48 hours before the deadline); stored `active`.
 * - Returned: its raise closed below its goal and the money went back.
 * - Canceled: the investor canceled it.
 */
const LABELS = {
  confirmed: { label: "Confirmed", tone: "badge-success" },
  active: { label: "Open", tone: "badge-info" },
  returned: { label: "Returned", tone: "badge-warning" },
  cancelled: { label: "Canceled", tone: "badge-muted" },
  pending: { label: "Pending", tone: "badge-muted" },
} as const;

type Shown = (typeof LABELS)[keyof typeof LABELS]["label"];

export function investmentStatusLabel(status: string): Shown {
  return (LABELS[status as keyof typeof LABELS] ?? LABELS.pending).label;
}

export function InvestmentStatus({ status }: { status: string }) {
  const { label, tone } = LABELS[status as keyof typeof LABELS] ?? LABELS.pending;
  return <span className={`badge ${tone}`}>{label}</span>;
}
