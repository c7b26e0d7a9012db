/**
 * /founder-dashboard/investors.csv: the founder dashboard's investors as a CSV download (a
 * resource route: a loader and no component). The same guard and service as the page, so the same
 * people may download it (an admin names the project with `?project=`). Every cell goes through
 * domain/csv.ts, which escapes it and defuses spreadsheet formulas (a name like `=HYPERLINK(…)`).
 * Streamed: the header first, then the investors CSV_CHUNK at a time as they are read
 * (`investorCsvChunks`), so neither the Worker's memory nor any one statement grows with the raise.
 */
import { toCsv } from "../../domain/csv";
import { isoDay } from "../../domain/dates";
import { PROJECT_MESSAGES } from "../../domain/project-form-messages";

import { getApp, requireRole } from "../server/guards.server";
import { serviceRefusal } from "../server/form-result";
import { founderCsvProject, investorCsvChunks } from "../../worker/services/founder-dashboard";
import type { Route } from "./+types/founder-dashboard-csv";

const CSV_HEADER = ["Investor", "Shares", "Amount (USD)", "Date"] as const;

function text(status: number, message: string) {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

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
    return text(r.status, r.message);
  }
  if (!project) return text(404, PROJECT_MESSAGES.noProject);

  const chunks = investorCsvChunks(db, project.id);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(toCsv([CSV_HEADER])));
    },
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) return controller.close();
      const rows = next.value.map((i) => [
        i.name,
        i.shares,
        i.amountInvested.toFixed(2),
        isoDay(Date.parse(i.investedAt)),
      ]);
      controller.enqueue(encoder.encode(toCsv(rows)));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  // Slugs are already [a-z0-9-]; the replace keeps the header valid whatever a slug holds.
  const filename = `${project.slug.replace(/[^a-z0-9-]/gi, "-")}-investors.csv`;
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
