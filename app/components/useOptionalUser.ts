/** The signed-in user as the root loader exposes it (first name, last name, role), or null. */
import { useRouteLoaderData } from "react-router";

import type { loader } from "../root";

export type ShellUser = NonNullable<Awaited<ReturnType<typeof loader>>["user"]>;

export function useOptionalUser(): ShellUser | null {
  return useRouteLoaderData<typeof loader>("root")?.user ?? null;
}
