import { isRouteErrorResponse } from "react-router";

/**
 * The message of a request body `readForm` refused (app/server/form.server.ts throws a 4xx
 * `data({ message })`), for error boundaries to show; null for any other error.
 */
export function refusedFormMessage(error: unknown): string | null {
  if (!isRouteErrorResponse(error) || error.status >= 500) return null;
  const said = (error.data as { message?: unknown } | null)?.message;
  return typeof said === "string" ? said : null;
}
