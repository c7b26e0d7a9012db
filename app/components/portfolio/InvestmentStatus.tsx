/** An investment's own status (not its project's), as every screen names it (ADR 043). */
const LABELS = {
  active: { label: "Active", tone: "badge-success" },
  confirmed: { label: "Confirmed", tone: "badge-info" },
  returned: { label: "Returned", tone: "badge-muted" },
  cancelled: { label: "Canceled", tone: "badge-muted" },
  pending: { label: "Pending", tone: "badge-warning" },
} as const;

type Shown = (typeof LABELS)[keyof typeof LABELS]["label"];

export function investmentStatusLabel(status: string): Shown {
  return (LABELS[status as keyof typeof LABELS] ?? LABELS.pending).label;
}

export function InvestmentStatus({ status }: { status: string }) {
  const { label, tone } = LABELS[status as keyof typeof LABELS] ?? LABELS.pending;
  return <span className={`badge ${tone}`}>{label}</span>;
}
