/** Where each role belongs: the page a user lands on after signing in, and the target of /dashboard. */
import { can } from "../shared/access";
import type { Role } from "../shared/types";

export function homeFor(user: { role: Role }): string {
  // An admin's work is the console (the review queue, the people, the audit log).
  if (can(user, "administer")) return "/admin";
  return can(user, "invest") ? "/portfolio" : "/my-projects";
}

/** Where every founder call to action ("Start raising") leads: sign-up with Founder pre-selected. */
export const FOUNDER_SIGNUP = "/signup?role=founder";
