import { capitalize } from "../../lib/format";

const TONE: Record<string, string> = {
  active: "badge-success",
  funded: "badge-info",
  completed: "badge-muted",
  cancelled: "badge-danger",
};

/**
 * Status shown capitalised with a status-specific style (spec: listing and detail). The project
 * form treats active, funded, completed and cancelled as known and anything else as upcoming.
 */
export function StatusBadge({ status }: { status: string }) {
  const tone = TONE[status] ?? "badge-warning";
  return <span className={`badge status-badge ${tone}`}>{capitalize(status || "upcoming")}</span>;
}

export function CategoryBadge({ label }: { label: string }) {
  return <span className="badge category-badge">{label}</span>;
}
