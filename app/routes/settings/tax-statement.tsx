/**
 * /settings/tax-statement.csv?year=YYYY: the Tax Docs tab's yearly statement of investments, a
 * CSV download (a resource route: a loader and no component). The same lines as the demo
 * statement (domain/portfolio-account.ts), that year's only, oldest first, and the year's net. The
 * money is simulated, and the first line says so: this is not a tax form.
 */
import { toCsv } from "../../../domain/csv";
import { isoDay } from "../../../domain/dates";
import { statementRows, yearStatement } from "../../../domain/portfolio-account";

import { getApp, requireUser } from "../../server/guards.server";
import { listInvestments } from "../../../worker/services/holdings";
import { can } from "../../../domain/access";
import type { Route } from "./+types/tax-statement";

function text(status: number, message: string) {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const raw = new URL(request.url).searchParams.get("year") ?? "";
  if (!/^\d{4}$/.test(raw)) return text(400, "Choose a year, for example ?year=2026");
  const year = Number(raw);
  const investments = can(user, "invest") ? await listInvestments(getApp(context).db, user, user.id) : [];
  const { lines, net } = yearStatement(statementRows(investments), year);
  const csv = toCsv([
    [`CampusFund demo account: statement of investments for ${year}. Simulated money, not a tax document.`],
    ["Date", "Project", "Type", "Shares", "Amount (USD)"],
    ...lines.map((r) => [
      isoDay(Date.parse(r.at)),
      r.projectTitle,
      r.refund ? "Refund (canceled)" : "Purchase",
      r.refund ? -r.shares : r.shares,
      (r.refund ? -r.amount : r.amount).toFixed(2),
    ]),
    ["", `Net invested in ${year}`, "", "", net.toFixed(2)],
  ]);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="campusfund-statement-${year}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
