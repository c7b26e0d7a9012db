/**
 * /settings/tax-statement.csv?year=YYYY: the Tax Docs tab's yearly statement of investments, a
 * CSV download (a resource route: a loader and no component). The same lines as the demo
 * statement (domain/portfolio-account.ts), that year's only, oldest first, and the year's net. The
 * money is simulated, and the first line says so: this is not a tax form.
 *
 * Every line of the year is in the file however many there are: it is streamed, read in keyset
 * chunks of STATEMENT_CHUNK lines (worker/services/statement.ts `statementChunk`), so the Worker
 * never holds the whole year; the net is summed as the lines go out.
 */
import { toCsv } from "../../../domain/csv";
import { isoDay } from "../../../domain/dates";
import { toCents, toDollars } from "../../../domain/money";
import { statementLineType, type StatementRow } from "../../../domain/portfolio-account";

import { getApp, requireUser } from "../../server/guards.server";
import { assertPortfolioReader } from "../../../worker/services/holdings";
import { statementChunk, type StatementCursor } from "../../../worker/services/statement";
import { can } from "../../../domain/access";
import type { Route } from "./+types/tax-statement";

function text(status: number, message: string) {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

const line = (r: StatementRow) => [
  isoDay(Date.parse(r.at)),
  r.projectTitle,
  statementLineType(r),
  r.refund ? -r.shares : r.shares,
  (r.refund ? -r.amount : r.amount).toFixed(2),
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const raw = new URL(request.url).searchParams.get("year") ?? "";
  if (!/^\d{4}$/.test(raw)) return text(400, "Choose a year, for example ?year=2026");
  const year = Number(raw);
  const investor = can(user, "invest");
  if (investor) assertPortfolioReader(user, user.id);
  const d1 = getApp(context).db.$client;
  const encoder = new TextEncoder();
  let cursor: StatementCursor | null = null;
  let netCents = 0;
  let done = !investor;
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          controller.enqueue(
            encoder.encode(
              toCsv([
                [`CampusFund demo account: statement of investments for ${year}. Simulated money, not a tax document.`],
                ["Date", "Project", "Type", "Shares", "Amount (USD)"],
              ]),
            ),
          );
          return;
        }
        if (!done) {
          const chunk = await statementChunk(d1, user.id, year, cursor);
          for (const r of chunk.lines) netCents += r.refund ? -toCents(r.amount) : toCents(r.amount);
          if (chunk.lines.length > 0) controller.enqueue(encoder.encode(toCsv(chunk.lines.map(line))));
          cursor = chunk.next;
          done = cursor === null;
          return;
        }
        controller.enqueue(
          encoder.encode(toCsv([["", `Net invested in ${year}`, "", "", toDollars(netCents).toFixed(2)]])),
        );
        controller.close();
      } catch (e) {
        console.error("tax statement: reading failed", e);
        controller.error(e);
      }
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="campusfund-statement-${year}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
