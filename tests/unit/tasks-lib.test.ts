/**
 * The task manager's rules (domain/visitors/tasks.ts) and the tour's tooltip placement
 * (app/components/tour/placement.ts): pure functions, run here in workerd with the other tests.
 */
import { describe, expect, it } from "vitest";

import { placeTooltip, TOOLTIP_OFFSET, VIEWPORT_MARGIN } from "../../app/components/tour/placement";
import {
  addTask,
  createTask,
  DEFAULT_PRIORITY,
  deleteTask,
  filterTasks,
  formatDueDate,
  isOverdue,
  isValidTaskText,
  localToday,
  parseStoredTasks,
  summaryText,
  type Task,
  TASKS_STORAGE_KEY,
  toggleTask,
  updateTask,
} from "../../domain/visitors/tasks";

const base: readonly Task[] = [
  { id: "a", text: "Read the BridgeCode pitch", completed: false, priority: "high", dueDate: "2026-03-01" },
  { id: "b", text: "Compare fintech projects", completed: true, priority: "low" },
  { id: "c", text: "Ask founders about traction", completed: false, priority: "medium" },
];

describe("adding tasks", () => {
  it("does not add empty or whitespace-only text (the same array comes back)", () => {
    for (const text of ["", " ", "   \t\n  ", "\u00a0"]) {
      expect(isValidTaskText(text)).toBe(false);
      expect(addTask(base, { text }, "x")).toBe(base);
      expect(createTask({ text }, "x")).toBeNull();
    }
  });

  it("adds a trimmed, not completed task with the default priority medium", () => {
    expect(DEFAULT_PRIORITY).toBe("medium");
    const out = addTask([], { text: "  Review CampusRoute  " }, "n1");
    expect(out).toEqual([{ id: "n1", text: "Review CampusRoute", completed: false, priority: "medium" }]);
    expect(out[0]).not.toHaveProperty("dueDate");
  });

  it("keeps a chosen priority and a valid due date; drops an unknown priority and a bad date", () => {
    expect(createTask({ text: "x", priority: "high", dueDate: "2026-12-31" }, "1")).toMatchObject({
      priority: "high",
      dueDate: "2026-12-31",
    });
    const t = createTask({ text: "x", priority: "urgent", dueDate: "2026-02-30" }, "2")!;
    expect(t.priority).toBe("medium");
    expect(t.dueDate).toBeUndefined();
    expect(createTask({ text: "x", dueDate: "" }, "3")!.dueDate).toBeUndefined();
  });

  it("appends to the end without mutating the input", () => {
    const copy = structuredClone(base);
    const out = addTask(base, { text: "New" }, "d");
    expect(out.map((t) => t.id)).toEqual(["a", "b", "c", "d"]);
    expect(base).toEqual(copy);
  });
});

describe("editing, toggling and deleting", () => {
  it("Update Task replaces text, priority and due date and keeps completion", () => {
    const out = updateTask(base, "b", {
      text: " Compare 3 fintech projects ",
      priority: "high",
      dueDate: "2026-05-01",
    });
    expect(out.find((t) => t.id === "b")).toEqual({
      id: "b",
      text: "Compare 3 fintech projects",
      completed: true,
      priority: "high",
      dueDate: "2026-05-01",
    });
    // Clearing the due date removes it.
    expect(
      updateTask(base, "a", { text: "A", priority: "high", dueDate: "" }).find((t) => t.id === "a"),
    ).not.toHaveProperty("dueDate");
  });

  it("an update with whitespace-only text or an unknown id changes nothing", () => {
    expect(updateTask(base, "a", { text: "   " })).toBe(base);
    expect(updateTask(base, "zzz", { text: "ok" })).toBe(base);
  });

  it("toggles completion both ways", () => {
    const once = toggleTask(base, "a");
    expect(once.find((t) => t.id === "a")!.completed).toBe(true);
    expect(toggleTask(once, "a").find((t) => t.id === "a")!.completed).toBe(false);
    expect(toggleTask(base, "nope")).toBe(base);
  });

  it("deletes by id", () => {
    expect(deleteTask(base, "b").map((t) => t.id)).toEqual(["a", "c"]);
    expect(deleteTask(base, "nope")).toBe(base);
  });
});

describe("filters, overdue and the footer", () => {
  it("All / Active / Completed", () => {
    expect(filterTasks(base, "all").map((t) => t.id)).toEqual(["a", "b", "c"]);
    expect(filterTasks(base, "active").map((t) => t.id)).toEqual(["a", "c"]);
    expect(filterTasks(base, "completed").map((t) => t.id)).toEqual(["b"]);
    expect(filterTasks([], "active")).toEqual([]);
  });

  it("overdue: due before today and not completed", () => {
    const today = "2026-03-02";
    expect(isOverdue({ dueDate: "2026-03-01", completed: false }, today)).toBe(true);
    expect(isOverdue({ dueDate: "2026-03-02", completed: false }, today)).toBe(false); // due today
    expect(isOverdue({ dueDate: "2026-03-03", completed: false }, today)).toBe(false);
    expect(isOverdue({ dueDate: "2026-03-01", completed: true }, today)).toBe(false);
    expect(isOverdue({ completed: false }, today)).toBe(false);
    expect(isOverdue({ dueDate: "2025-12-31", completed: false }, "2026-01-01")).toBe(true);
  });

  it("localToday is the local calendar day as YYYY-MM-DD", () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe("2026-01-05");
  });

  it("the footer reads '{n} total task(s), {m} completed'", () => {
    expect(summaryText([])).toBe("0 total task(s), 0 completed");
    expect(summaryText(base)).toBe("3 total task(s), 1 completed");
    expect(summaryText(toggleTask(base, "a"))).toBe("3 total task(s), 2 completed");
  });

  it("formats a due date as a calendar day", () => {
    expect(formatDueDate("2026-03-05")).toBe("Mar 5, 2026");
  });
});

describe("storage", () => {
  it("the key avoids the words the start-up clean-up removes", () => {
    expect(TASKS_STORAGE_KEY).not.toMatch(/demo|mock|test|sample/i);
  });

  it("round-trips and drops malformed entries", () => {
    expect(parseStoredTasks(JSON.stringify(base))).toEqual(base);
    expect(parseStoredTasks(null)).toEqual([]);
    expect(parseStoredTasks("{not json")).toEqual([]);
    expect(parseStoredTasks(JSON.stringify({ a: 1 }))).toEqual([]);
    const messy = [
      { id: "1", text: "ok", completed: "yes", priority: "extreme", dueDate: "soon" },
      { id: "2", text: "   " },
      { text: "no id" },
      { id: "1", text: "duplicate id" },
      null,
      5,
    ];
    expect(parseStoredTasks(JSON.stringify(messy))).toEqual([
      { id: "1", text: "ok", completed: false, priority: "medium" },
    ]);
  });
});

describe("tour tooltip placement", () => {
  const vp = { width: 1280, height: 800 };
  const tip = { width: 300, height: 150 };

  it("goes below the target by default, 15 px away, centred on it", () => {
    const p = placeTooltip({ top: 100, left: 500, width: 100, height: 40 }, tip, vp);
    expect(p).toEqual({ side: "bottom", top: 100 + 40 + TOOLTIP_OFFSET, left: 550 - 150 });
  });

  it("uses the step's preferred side when it has room", () => {
    const p = placeTooltip({ top: 300, left: 600, width: 200, height: 100 }, tip, vp, "left");
    expect(p.side).toBe("left");
    expect(p.left).toBe(600 - TOOLTIP_OFFSET - 300);
  });

  it("falls back in the order bottom, top, right, else left", () => {
    // No room below: top.
    expect(placeTooltip({ top: 600, left: 500, width: 100, height: 100 }, tip, vp).side).toBe("top");
    // A tall target leaves no room above or below: right.
    expect(placeTooltip({ top: 50, left: 100, width: 200, height: 700 }, tip, vp).side).toBe("right");
    // ...and at the right edge: left.
    expect(placeTooltip({ top: 50, left: 1000, width: 200, height: 700 }, tip, vp).side).toBe("left");
    // The preferred side without room is skipped.
    expect(placeTooltip({ top: 100, left: 10, width: 100, height: 40 }, tip, vp, "left").side).toBe("bottom");
  });

  it("stays 20 px inside the viewport", () => {
    const p = placeTooltip({ top: 100, left: 1250, width: 30, height: 30 }, tip, vp);
    expect(p.left).toBe(vp.width - VIEWPORT_MARGIN - tip.width);
    const q = placeTooltip({ top: 100, left: 0, width: 30, height: 30 }, tip, { width: 375, height: 700 });
    expect(q.left).toBe(VIEWPORT_MARGIN);
  });

  it("is centred without a target", () => {
    expect(placeTooltip(null, tip, vp)).toEqual({ side: "center", top: 325, left: 490 });
  });
});
