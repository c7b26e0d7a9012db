/** Where each role belongs: the page a user lands on after signing in, and the target of /dashboard. */
import type { Role } from "./types";

export function homeFor(user: { role: Role }): string {
  return user.role === "founder" ? "/my-projects" : "/portfolio";
}

/** Where every founder call to action ("Start raising") leads: sign-up with Founder pre-selected. */
export const FOUNDER_SIGNUP = "/signup?role=founder";
