/** An investment's own status (not its project's): Active, Cancelled, or Pending. */
export function investmentStatusLabel(status: string): "Active" | "Cancelled" | "Pending" {
  return status === "cancelled" ? "Cancelled" : status === "active" ? "Active" : "Pending";
}

export function InvestmentStatus({ status }: { status: string }) {
  const label = investmentStatusLabel(status);
  const tone = label === "Cancelled" ? "badge-muted" : label === "Active" ? "badge-success" : "badge-warning";
  return <span className={`badge ${tone}`}>{label}</span>;
}
