/**
 * The task manager's rules (spec sections 2, 3, 5 and 9), pure and isomorphic: the /tasks screen
 * keeps its list in browser storage and calls these to change it. Every function returns a new
 * array and never mutates its input; an invalid change returns the input array itself, so a
 * caller can tell "nothing happened" by identity.
 */
import { isoDay } from "../shared/dates";
import { charCount } from "../shared/text";

export type TaskPriority = "low" | "medium" | "high";
export type TaskFilter = "all" | "active" | "completed";

export interface Task {
  id: string;
  text: string;
  completed: boolean;
  priority: TaskPriority;
  /** YYYY-MM-DD (a calendar day, no time zone), or absent. */
  dueDate?: string;
}

/** What the form submits when adding or updating a task. */
export interface TaskInput {
  text: string;
  priority?: TaskPriority | string | null;
  dueDate?: string | null;
}

/** Spec section 9: default task priority medium. */
export const DEFAULT_PRIORITY: TaskPriority = "medium";
export const PRIORITIES: readonly TaskPriority[] = ["low", "medium", "high"];
export const FILTERS: readonly { id: TaskFilter; label: string }[] = [
  { id: "all", label: "All" },
  { id: "active", label: "Active" },
  { id: "completed", label: "Completed" },
];
export const PRIORITY_LABELS: Record<TaskPriority, string> = { low: "Low", medium: "Medium", high: "High" };

/** The storage key. The app clears keys containing demo/mock/test/sample at start-up: avoid those words. */
export const TASKS_STORAGE_KEY = "campusfund.tasks";
export const MAX_TASK_LENGTH = 200;

export const TASK_TEXT_MESSAGES = {
  empty: "Enter a task description: it cannot be empty.",
  tooLong: `A task can be at most ${MAX_TASK_LENGTH} characters`,
} as const;

/**
 * Why a task's text cannot be saved, or null. Spec section 5: empty or whitespace-only text is not
 * added; text longer than MAX_TASK_LENGTH characters (code points, trimmed) is refused, never cut
 * (ADR 032).
 */
export function taskTextError(text: string | null | undefined): string | null {
  if (typeof text !== "string" || text.trim().length === 0) return TASK_TEXT_MESSAGES.empty;
  if (charCount(text.trim()) > MAX_TASK_LENGTH) return TASK_TEXT_MESSAGES.tooLong;
  return null;
}

export function isValidTaskText(text: string | null | undefined): boolean {
  return taskTextError(text) === null;
}

export function normalizePriority(p: unknown): TaskPriority {
  return p === "low" || p === "medium" || p === "high" ? p : DEFAULT_PRIORITY;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A YYYY-MM-DD string that names a real day, or undefined. */
export function normalizeDueDate(d: unknown): string | undefined {
  if (typeof d !== "string" || !ISO_DAY.test(d)) return undefined;
  const t = new Date(`${d}T00:00:00Z`);
  return !Number.isNaN(t.getTime()) && isoDay(t) === d ? d : undefined;
}

/** A new task from the form's input, or null when the text is empty or whitespace only. */
export function createTask(input: TaskInput, id: string): Task | null {
  if (!isValidTaskText(input.text)) return null;
  const task: Task = {
    id,
    text: input.text.trim(),
    completed: false,
    priority: normalizePriority(input.priority),
  };
  const due = normalizeDueDate(input.dueDate);
  if (due) task.dueDate = due;
  return task;
}

/** Appends a task; returns `tasks` unchanged (same array) when the text is not valid. */
export function addTask(tasks: readonly Task[], input: TaskInput, id: string): readonly Task[] {
  const task = createTask(input, id);
  return task ? [...tasks, task] : tasks;
}

/** Saves an edit (Update Task): text, priority and due date. Invalid text or an unknown id changes nothing. */
export function updateTask(tasks: readonly Task[], id: string, input: TaskInput): readonly Task[] {
  if (!isValidTaskText(input.text) || !tasks.some((t) => t.id === id)) return tasks;
  return tasks.map((t) => {
    if (t.id !== id) return t;
    const next: Task = {
      id: t.id,
      text: input.text.trim(),
      completed: t.completed,
      priority: normalizePriority(input.priority),
    };
    const due = normalizeDueDate(input.dueDate);
    if (due) next.dueDate = due;
    return next;
  });
}

export function toggleTask(tasks: readonly Task[], id: string): readonly Task[] {
  if (!tasks.some((t) => t.id === id)) return tasks;
  return tasks.map((t) => (t.id === id ? { ...t, completed: !t.completed } : t));
}

export function deleteTask(tasks: readonly Task[], id: string): readonly Task[] {
  const out = tasks.filter((t) => t.id !== id);
  return out.length === tasks.length ? tasks : out;
}

export function filterTasks(tasks: readonly Task[], filter: TaskFilter): readonly Task[] {
  if (filter === "active") return tasks.filter((t) => !t.completed);
  if (filter === "completed") return tasks.filter((t) => t.completed);
  return tasks;
}

/** Today's calendar day in the visitor's own time zone, as YYYY-MM-DD. */
export function localToday(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, "0");
  const d = String(now.getDate()).padStart(2, "0");
  return `${y}-${m}-${d}`;
}

/** Spec section 3: overdue when the due date is before today and the task is not completed. */
export function isOverdue(task: Pick<Task, "dueDate" | "completed">, today: string): boolean {
  return !task.completed && !!task.dueDate && task.dueDate < today;
}

/**
 * The footer line, in the spec's own words: '{n} total task(s), {m} completed'. The literal
 * "task(s)" is kept for every count (the spec's text; no singular/plural switch).
 */
export function summaryText(tasks: readonly Task[]): string {
  const done = tasks.filter((t) => t.completed).length;
  return `${tasks.length} total task(s), ${done} completed`;
}

const dueFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** "Mar 5, 2026" for a YYYY-MM-DD due date (a calendar day, so formatted in UTC to avoid shifting). */
export function formatDueDate(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? day : dueFormat.format(d);
}

/** Reads stored JSON defensively: anything malformed is dropped rather than breaking the page. */
export function parseStoredTasks(raw: string | null | undefined): Task[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const out: Task[] = [];
  const seen = new Set<string>();
  for (const item of data as unknown[]) {
    if (!item || typeof item !== "object") continue;
    const r = item as Record<string, unknown>;
    // A stored task is read as it was saved: only an empty text is skipped (nothing is cut).
    if (typeof r.id !== "string" || !r.id || seen.has(r.id) || typeof r.text !== "string" || !r.text.trim()) continue;
    seen.add(r.id);
    const task: Task = {
      id: r.id,
      text: r.text.trim(),
      completed: r.completed === true,
      priority: normalizePriority(r.priority),
    };
    const due = normalizeDueDate(r.dueDate);
    if (due) task.dueDate = due;
    out.push(task);
  }
  return out;
}
