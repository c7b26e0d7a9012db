/**
 * /tasks: the local task manager (spec section 2). Public, and local only: tasks never reach the
 * server, they live in this browser's storage. The page needs JavaScript by nature, so the server
 * renders the title, the explanation and a <noscript> message; the form stays disabled until
 * React hydrates, and is hidden entirely when scripts cannot run.
 */
import { useHydrated } from "../components/useHydrated";
import { pageMeta } from "../components/meta";
import { TaskManager } from "../components/tasks/TaskManager";

import type { Route } from "./+types/tasks";

const NO_JS_MESSAGE = "The task manager keeps your tasks in this browser and needs JavaScript.";

export const meta: Route.MetaFunction = () =>
  pageMeta("Tasks", "A simple task list for your CampusFund research, kept in your browser.");

export default function Tasks() {
  const hydrated = useHydrated();
  return (
    <div className="container tasks-page">
      <header className="page-header tasks-header">
        <h1 className="page-title">Tasks</h1>
        <p className="page-lead">
          Keep track of your research: projects to compare, questions for founders, deadlines to watch. Your tasks stay
          in this browser and are never sent to CampusFund.
        </p>
      </header>
      <noscript>
        <div className="alert alert-info tasks-noscript">
          <p>{NO_JS_MESSAGE}</p>
        </div>
      </noscript>
      <TaskManager ready={hydrated} />
    </div>
  );
}
