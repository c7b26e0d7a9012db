/**
 * /founder-dashboard/investors.csv: the founder dashboard's investors as a CSV download (a
 * resource route: a loader and no component). The same guard and service as the page, so the same
 * people may download it (an admin names the project with `?project=`). Every cell goes through
 * domain/shared/csv.ts, which escapes it and defuses spreadsheet formulas (a name like `=HYPERLINK(…)`).
 * Streamed by the service (worker/services/projects/founder-dashboard.ts `investorCsvDownload`: the header
 * first, then the investors CSV_CHUNK at a time as they are read), so neither the Worker's memory
 * nor any one statement grows with the raise; answered by worker/download.ts like every download.
 */
import { PROJECT_MESSAGES } from "../../domain/projects/project-form-messages";

import { getApp, requireRole } from "../server/guards.server";
import { serviceRefusal } from "../server/form-result";
import { downloadRefusal, downloadResponse } from "../../worker/download";
import { founderCsvProject, investorCsvDownload } from "../../worker/services/projects/founder-dashboard";
import type { Route } from "./+types/founder-dashboard-csv";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireRole(request, context, "raise");
  const asked = new URL(request.url).searchParams.get("project")?.trim() || undefined;
  const { db } = getApp(context);
  let project;
  try {
    project = await founderCsvProject(db, user, asked);
  } catch (e) {
    // A download's refusal is its text (the page's Refused, as plain text).
    const r = serviceRefusal(e);
    return downloadRefusal(r.status, r.message);
  }
  if (!project) return downloadRefusal(404, PROJECT_MESSAGES.noProject);
  return downloadResponse(investorCsvDownload(db, project));
}
