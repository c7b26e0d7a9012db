import { projectStatus, type ProjectStatusFields } from "../../../domain/projects/project-status";

/**
 * The project's status, capitalised with a status-specific style (spec: listing and detail), as
 * the one status rule (`projectStatus`) decides it: an active project that is sold out or past its
 * deadline says so, so the badge always agrees with the invest button beside it.
 */
export function StatusBadge({ project }: { project: ProjectStatusFields }) {
  const s = projectStatus(project);
  return <span className={`badge status-badge badge-${s.tone}`}>{s.label}</span>;
}

export function CategoryBadge({ label }: { label: string }) {
  return <span className="badge category-badge">{label}</span>;
}
