/**
 * Who may do what, written once: every role check in pages, components and services asks `can`.
 * Admins hold every capability but `createProject` (an admin edits any project; only a founder
 * lists their own).
 */
import type { Role } from "./types";

export type Capability =
  /** Buy shares, hold a portfolio, set investment limits, ask the AI for insights. */
  | "invest"
  /** Raise money: the founder dashboard, editing projects, uploading their images. */
  | "raise"
  /** List a new project of one's own (founders only: one project each). */
  | "createProject"
  /** See and act on anything: every draft, any founder's dashboard, anyone's investment. */
  | "administer";

const HOLDERS: Record<Capability, readonly Role[]> = {
  invest: ["investor", "admin"],
  raise: ["founder", "admin"],
  createProject: ["founder"],
  administer: ["admin"],
};

/** Whether `user` (a visitor when null) holds `capability`. */
export function can(user: { role: Role } | null | undefined, capability: Capability): boolean {
  return !!user && HOLDERS[capability].includes(user.role);
}

/** The roles that hold `capability`, for a guard that lists them. */
export function holdersOf(capability: Capability): readonly Role[] {
  return HOLDERS[capability];
}
