/** The founder dashboard's frame, and its pages without a dashboard: no project yet, an admin choosing one. */
import { Form, Link } from "react-router";

import { FeatureIcons } from "../feature-icons";

export function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div className="container invest-page founder-page">
      <header className="page-head">
        <h1>Founder Dashboard</h1>
      </header>
      {children}
    </div>
  );
}

export function NoProject() {
  return (
    <Shell>
      <div className="empty-state card">
        <span className="icon-circle">{FeatureIcons.folder}</span>
        <h2>You haven&apos;t created a project yet</h2>
        <p className="muted">
          Create your project to start raising. Its funding, investors and progress will show here.
        </p>
        <div className="empty-actions">
          <Link className="btn btn-primary" to="/my-projects/create">
            Create your project
          </Link>
        </div>
      </div>
    </Shell>
  );
}

export function ChooseProject() {
  return (
    <Shell>
      <div className="empty-state card">
        <h2>Choose a project</h2>
        <p className="muted">
          Admins have no project of their own: choose a project from My Projects, or open any project&apos;s dashboard
          by its id or slug.
        </p>
        <Form method="get" className="dash-choose">
          <label htmlFor="dash-project">Project id or slug</label>
          <div className="dash-choose-row">
            <input id="dash-project" name="project" required autoComplete="off" />
            <button type="submit" className="btn btn-primary">
              Open dashboard
            </button>
          </div>
        </Form>
        <div className="empty-actions">
          <Link className="btn btn-secondary" to="/my-projects">
            My Projects
          </Link>
        </div>
      </div>
    </Shell>
  );
}
