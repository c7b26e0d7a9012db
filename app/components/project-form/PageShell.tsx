/** The project form page's frame (back link, title, status badge, lead) and its refusal screen. */
import { Link } from "react-router";

export function PageShell({
  title,
  lead,
  badge,
  children,
}: {
  title: string;
  lead?: React.ReactNode;
  badge?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="container page-body project-form-page">
      <header className="page-header pf-header">
        <p className="pf-back">
          <Link to="/my-projects">← My Projects</Link>
        </p>
        <div className="pf-title-row">
          <h1 className="page-title">{title}</h1>
          {badge}
        </div>
        {lead ? <p className="page-lead">{lead}</p> : null}
      </header>
      {children}
    </div>
  );
}

export function Refusal({ title, message, children }: { title: string; message: string; children?: React.ReactNode }) {
  return (
    <PageShell title={title}>
      <div className="card pf-refusal">
        <p className="alert alert-error" role="alert">
          {message}
        </p>
        <div className="cluster">
          {children}
          <Link to="/my-projects" className="btn btn-secondary">
            Back to My Projects
          </Link>
        </div>
      </div>
    </PageShell>
  );
}
