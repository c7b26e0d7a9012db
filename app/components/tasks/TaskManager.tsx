/**
 * The task manager (spec section 2): add, edit, delete and toggle tasks, filter tabs All / Active /
 * Completed, a list/grid toggle and the '{n} total task(s), {m} completed' footer. The rules live
 * in ~/lib/tasks; the list lives in browser storage (./store). It needs JavaScript: until React
 * hydrates, the form is disabled, and without JavaScript the route shows an explanation instead.
 */
import { type FormEvent, useId, useRef, useState } from "react";

import {
  addTask,
  DEFAULT_PRIORITY,
  deleteTask,
  filterTasks,
  FILTERS,
  formatDueDate,
  isOverdue,
  localToday,
  MAX_TASK_LENGTH,
  normalizePriority,
  PRIORITIES,
  PRIORITY_LABELS,
  summaryText,
  taskTextError,
  type Task,
  type TaskFilter,
  type TaskPriority,
  toggleTask,
  updateTask,
} from "../../../domain/visitors/tasks";

import { countId, LengthCount } from "../form/LengthCount";
import { newTaskId, useStoredTasks } from "./store";

type View = "list" | "grid";

export function TaskManager({ ready }: { ready: boolean }) {
  const [tasks, update] = useStoredTasks();
  const [text, setText] = useState("");
  const [priority, setPriority] = useState<TaskPriority>(DEFAULT_PRIORITY);
  const [dueDate, setDueDate] = useState("");
  const [editingId, setEditingId] = useState<string | null>(null);
  /** Why the text cannot be saved, shown after a refused submit until the text is fixed. */
  const [textError, setTextError] = useState<string | null>(null);
  const [filter, setFilter] = useState<TaskFilter>("all");
  const [view, setView] = useState<View>("list");
  const [announcement, setAnnouncement] = useState("");

  const textRef = useRef<HTMLInputElement>(null);
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  const ids = useId();
  const hintId = `${ids}-hint`;

  const editing = editingId ? (tasks.find((t) => t.id === editingId) ?? null) : null;
  const visible = filterTasks(tasks, filter);
  const today = localToday();

  function resetForm() {
    setText("");
    setPriority(DEFAULT_PRIORITY);
    setDueDate("");
    setEditingId(null);
    setTextError(null);
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const error = taskTextError(text);
    if (error) {
      setTextError(error);
      textRef.current?.focus();
      return;
    }
    const input = { text, priority, dueDate };
    if (editing) {
      update((all) => updateTask(all, editing.id, input));
      setAnnouncement(`Task updated: ${text.trim()}`);
    } else {
      update((all) => addTask(all, input, newTaskId()));
      setAnnouncement(`Task added: ${text.trim()}`);
    }
    resetForm();
    textRef.current?.focus();
  }

  function startEdit(task: Task) {
    setEditingId(task.id);
    setText(task.text);
    setPriority(task.priority);
    setDueDate(task.dueDate ?? "");
    setTextError(null);
    textRef.current?.focus();
    textRef.current?.scrollIntoView({ block: "center", behavior: "auto" });
  }

  function cancelEdit() {
    resetForm();
    setAnnouncement("Editing canceled");
    textRef.current?.focus();
  }

  function remove(task: Task) {
    update((all) => deleteTask(all, task.id));
    if (editingId === task.id) resetForm();
    setAnnouncement(`Task deleted: ${task.text}`);
    listHeadingRef.current?.focus();
  }

  return (
    <div className="task-app">
      <section className="card task-form-card" aria-labelledby={`${ids}-form-title`}>
        <div className="card-body">
          <h2 id={`${ids}-form-title`} className="task-form-title">
            {editing ? "Edit task" : "Add a task"}
          </h2>
          <form className="task-form" onSubmit={onSubmit} noValidate>
            <fieldset disabled={!ready} className="task-form-fields">
              <legend className="visually-hidden">{editing ? "Edit task" : "New task"}</legend>
              <div className="field task-field-text">
                <label htmlFor={`${ids}-text`}>Task</label>
                <input
                  ref={textRef}
                  id={`${ids}-text`}
                  name="text"
                  type="text"
                  autoComplete="off"
                  placeholder="e.g. Compare three fintech projects"
                  value={text}
                  onChange={(e) => {
                    setText(e.target.value);
                    if (textError && !taskTextError(e.target.value)) setTextError(null);
                  }}
                  aria-invalid={textError ? true : undefined}
                  aria-describedby={textError ? `${countId(`${ids}-text`)} ${hintId}` : countId(`${ids}-text`)}
                />
                <LengthCount controlId={`${ids}-text`} max={MAX_TASK_LENGTH} value={text} invalid={!!textError} />
                {textError ? (
                  <p className="field-error" id={hintId}>
                    {textError}
                  </p>
                ) : null}
              </div>
              <div className="field task-field-priority">
                <label htmlFor={`${ids}-priority`}>Priority</label>
                <select
                  id={`${ids}-priority`}
                  name="priority"
                  value={priority}
                  onChange={(e) => setPriority(normalizePriority(e.target.value))}
                >
                  {PRIORITIES.map((p) => (
                    <option key={p} value={p}>
                      {PRIORITY_LABELS[p]}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field task-field-due">
                <label htmlFor={`${ids}-due`}>Due date (optional)</label>
                <input
                  id={`${ids}-due`}
                  name="dueDate"
                  type="date"
                  value={dueDate}
                  onChange={(e) => setDueDate(e.target.value)}
                />
              </div>
              <div className="task-form-actions">
                <button type="submit" className="btn btn-primary">
                  {editing ? "Update Task" : "Add Task"}
                </button>
                {editing ? (
                  <button type="button" className="btn btn-secondary" onClick={cancelEdit}>
                    Cancel
                  </button>
                ) : null}
              </div>
            </fieldset>
          </form>
        </div>
      </section>

      <section className="task-list-section" aria-labelledby={`${ids}-list-title`}>
        <div className="task-toolbar">
          <h2 id={`${ids}-list-title`} ref={listHeadingRef} tabIndex={-1} className="task-list-title">
            Your tasks
          </h2>
          <div className="task-toolbar-controls">
            <div className="segmented" role="group" aria-label="Filter tasks">
              {FILTERS.map((f) => (
                <button
                  key={f.id}
                  type="button"
                  className="segmented-btn"
                  aria-pressed={filter === f.id}
                  onClick={() => setFilter(f.id)}
                  disabled={!ready}
                >
                  {f.label}
                </button>
              ))}
            </div>
            <div className="segmented" role="group" aria-label="Layout">
              {(["list", "grid"] as const).map((v) => (
                <button
                  key={v}
                  type="button"
                  className="segmented-btn"
                  aria-pressed={view === v}
                  onClick={() => setView(v)}
                  disabled={!ready}
                >
                  {v === "list" ? "List" : "Grid"}
                </button>
              ))}
            </div>
          </div>
        </div>

        {visible.length === 0 ? (
          <p className="task-empty">No tasks found</p>
        ) : (
          <ul className={`task-list is-${view}`} data-view={view}>
            {visible.map((task) => (
              <TaskItem
                key={task.id}
                task={task}
                overdue={isOverdue(task, today)}
                editing={task.id === editingId}
                onToggle={() => update((all) => toggleTask(all, task.id))}
                onEdit={() => startEdit(task)}
                onDelete={() => remove(task)}
              />
            ))}
          </ul>
        )}

        <p className="task-summary">{summaryText(tasks)}</p>
        <p className="visually-hidden" role="status" aria-live="polite">
          {announcement}
        </p>
      </section>
    </div>
  );
}

function TaskItem({
  task,
  overdue,
  editing,
  onToggle,
  onEdit,
  onDelete,
}: {
  task: Task;
  overdue: boolean;
  editing: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const id = useId();
  const cls = [
    "task-item",
    `priority-${task.priority}`,
    task.completed && "is-done",
    overdue && "is-overdue",
    editing && "is-editing",
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <li className={cls} data-task-id={task.id}>
      <div className="task-main">
        <input id={`${id}-done`} type="checkbox" checked={task.completed} onChange={onToggle} />
        <label htmlFor={`${id}-done`} className="task-text">
          {task.text}
        </label>
      </div>
      <div className="task-meta">
        <span className={`badge task-priority task-priority-${task.priority}`}>
          {PRIORITY_LABELS[task.priority]}
          <span className="visually-hidden"> priority</span>
        </span>
        {task.dueDate ? (
          <span className="task-due">
            Due <time dateTime={task.dueDate}>{formatDueDate(task.dueDate)}</time>
          </span>
        ) : null}
        {overdue ? <span className="badge badge-danger task-overdue">Overdue</span> : null}
        {editing ? <span className="badge badge-info">Editing</span> : null}
      </div>
      <div className="task-actions">
        <button type="button" className="btn btn-ghost btn-sm" onClick={onEdit}>
          Edit<span className="visually-hidden"> task: {task.text}</span>
        </button>
        <button type="button" className="btn btn-ghost btn-sm task-delete" onClick={onDelete}>
          Delete<span className="visually-hidden"> task: {task.text}</span>
        </button>
      </div>
    </li>
  );
}
