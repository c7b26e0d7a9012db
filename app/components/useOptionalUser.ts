/** The signed-in user as the root loader exposes it (first name, last name, role), or null. */
import { useRouteLoaderData } from "react-router";

import type { Role } from "../../domain/shared/types";

/** What the root loader sends every page (app/root.tsx): declared here, so no component imports the root. */
export interface RootData {
  /** The request's origin: public pages' canonical and share URLs are absolute (components/meta.ts). */
  origin: string;
  user: ShellUser | null;
  /** This response's `X-Request-Id`, shown on error pages (components/RequestId.tsx, ADR 056). */
  requestId: string;
}

export interface ShellUser {
  firstName: string;
  lastName: string;
  role: Role;
  unread: number;
  /** When a requested deletion takes effect (ADR 046), epoch ms; null when none is asked. */
  deletionOn: number | null;
  /** The address to prove (ADR 045), read with the session; null once proved. */
  unprovedEmail: string | null;
}

export function useOptionalUser(): ShellUser | null {
  return useRouteLoaderData<RootData>("root")?.user ?? null;
}
