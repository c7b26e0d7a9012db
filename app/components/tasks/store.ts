/**
 * The task list in browser storage (spec section 4: saved on every change, loaded at start).
 * A tiny external store for `useSyncExternalStore`: the server (and hydration) sees an empty
 * list; the browser reads localStorage once, then every change writes it back. Changes made in
 * another tab arrive through the `storage` event.
 */
import { useCallback, useSyncExternalStore } from "react";

import { parseStoredTasks, type Task, TASKS_STORAGE_KEY } from "../../../domain/visitors/tasks";

const EMPTY: readonly Task[] = Object.freeze([]);
let cache: readonly Task[] | null = null;
const listeners = new Set<() => void>();

function read(): readonly Task[] {
  if (cache) return cache;
  try {
    cache = parseStoredTasks(window.localStorage.getItem(TASKS_STORAGE_KEY));
  } catch {
    cache = []; // storage blocked (privacy mode): the list still works for this visit
  }
  return cache;
}

function write(tasks: readonly Task[]) {
  cache = tasks;
  try {
    window.localStorage.setItem(TASKS_STORAGE_KEY, JSON.stringify(tasks));
  } catch {
    // Quota or privacy settings: keep the in-memory list.
  }
  listeners.forEach((l) => l());
}

function onStorage(e: StorageEvent) {
  if (e.key !== null && e.key !== TASKS_STORAGE_KEY) return;
  cache = null;
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("storage", onStorage);
  };
}

/** The stored tasks and a setter that applies a pure change (from ~/lib/tasks) and saves it. */
export function useStoredTasks(): [readonly Task[], (change: (tasks: readonly Task[]) => readonly Task[]) => void] {
  const tasks = useSyncExternalStore(subscribe, read, () => EMPTY);
  const update = useCallback((change: (tasks: readonly Task[]) => readonly Task[]) => {
    const before = read();
    const after = change(before);
    if (after !== before) write(after);
  }, []);
  return [tasks, update];
}

export function newTaskId(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `t-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}
