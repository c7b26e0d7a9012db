/** An investment's own status (not its project's): Active, Canceled, or Pending. */
export function investmentStatusLabel(status: string): "Active" | "Canceled" | "Pending" {
  return status === "cancelled" ? "Canceled" : status === "active" ? "Active" : "Pending";
}

export function InvestmentStatus({ status }: { status: string }) {
  const label = investmentStatusLabel(status);
  const tone = label === "Canceled" ? "badge-muted" : label === "Active" ? "badge-success" : "badge-warning";
  return <span className={`badge ${tone}`}>{label}</span>;
}
