/**
 * /settings/my-data.json and /settings/my-data.zip: Download my data, the Your Data section's two
 * links (resource routes: a loader and no component). The same download as `GET /api/me/export`
 * and `/api/me/export.zip` (worker/services/accounts/data-export.ts `exportDownload`, answered by worker/download.ts), streamed, with its
 * limit of five an hour; past it, the limit's message as text with `Retry-After`. Signed out, the
 * link goes through sign-in and comes back here; without a recent confirmation (step-up, ADR 054),
 * through /confirm-access and back here.
 */
import { redirect } from "react-router";

import { confirmAccessHref } from "../../../domain/accounts/confirm";
import { downloadRefusal, downloadResponse } from "../../../worker/download";
import { ServiceError } from "../../../worker/services/shared/errors";
import { exportDownload, type ExportFormat } from "../../../worker/services/accounts/data-export";
import { getApp, requireUser } from "../../server/guards.server";
import type { Route } from "./+types/my-data";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const path = new URL(request.url).pathname;
  const format: ExportFormat = path.endsWith(".zip") ? "csv" : "json";
  try {
    return downloadResponse(await exportDownload(getApp(context).db, user, format));
  } catch (e) {
    if (!(e instanceof ServiceError)) throw e;
    if (e.code === "confirmation_required") throw redirect(confirmAccessHref(path));
    return downloadRefusal(e.status, e.message, { error: e, headers: { "Cache-Control": "no-store" } });
  }
}
