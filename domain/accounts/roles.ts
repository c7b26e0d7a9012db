/** Where each role belongs: the page a user lands on after signing in, and the target of /dashboard. */
import { can } from "../shared/access";
import type { Role } from "../shared/types";

export function homeFor(user: { role: Role }): string {
  return can(user, "invest") ? "/portfolio" : "/my-projects";
}

/** Where every founder call to action ("Start raising") leads: sign-up with Founder pre-selected. */
export const FOUNDER_SIGNUP = "/signup?role=founder";
