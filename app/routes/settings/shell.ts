import { useRouteLoaderData } from "react-router";

import type { loader } from "./layout";

/** The /settings layout's data (app/routes/settings/layout.tsx), for the page of each child route. */
export function useSettingsShell() {
  return useRouteLoaderData<typeof loader>("routes/settings/layout") ?? { signedIn: false as const };
}
