/**
 * The failed request's id on an error page (ADR 056), so a user can quote it to support: the root
 * loader's `requestId`, which is the `X-Request-Id` of the document or of the client navigation's
 * `.data` request that failed (root.tsx revalidates on every navigation). Nothing when the root
 * loader itself failed.
 */
import { useRouteLoaderData } from "react-router";

import type { RootData } from "./useOptionalUser";

export function RequestId() {
  const id = useRouteLoaderData<RootData>("root")?.requestId;
  if (!id) return null;
  return (
    <p className="request-id">
      Request ID: <code>{id}</code>
    </p>
  );
}
