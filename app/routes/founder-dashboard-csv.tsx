/**
 * /founder-dashboard/investors.csv: the founder dashboard's investors as a CSV download (a
 * resource route: a loader and no component). The same guard and service as the page, so the same
 * people may download it (an admin names the project with `?project=`). Every cell goes through
 * domain/csv.ts, which escapes it and defuses spreadsheet formulas (a name like `=HYPERLINK(…)`).
 */
import { toCsv } from "../../domain/csv";
import { isoDay } from "../../domain/dates";
import { PROJECT_MESSAGES } from "../../domain/project-form";

import { getApp, requireRole } from "../server/guards.server";
import { serviceRefusal } from "../server/form-result";
import { getFounderDashboard } from "../../worker/services/founder-dashboard";
import type { Route } from "./+types/founder-dashboard-csv";

const CSV_HEADER = ["Investor", "Shares", "Amount (USD)", "Date"] as const;

function text(status: number, message: string) {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireRole(request, context, "raise");
  const asked = new URL(request.url).searchParams.get("project")?.trim() || undefined;
  let dashboard;
  try {
    dashboard = await getFounderDashboard(getApp(context).db, user, asked);
  } catch (e) {
    // A download's refusal is its text (the page's Refused, as plain text).
    const r = serviceRefusal(e);
    return text(r.status, r.message);
  }
  if (!dashboard) return text(404, PROJECT_MESSAGES.noProject);

  const { project, investors } = dashboard;
  const csv = toCsv([
    CSV_HEADER,
    ...investors.map((i) => [i.name, i.shares, i.amountInvested.toFixed(2), isoDay(Date.parse(i.investedAt))]),
  ]);
  // Slugs are already [a-z0-9-]; the replace keeps the header valid whatever a slug holds.
  const filename = `${project.slug.replace(/[^a-z0-9-]/gi, "-")}-investors.csv`;
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
