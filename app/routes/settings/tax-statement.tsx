/**
 * /settings/tax-statement.csv?year=YYYY: the Tax Docs tab's yearly statement of investments, a
 * CSV download (a resource route: a loader and no component). The same lines as the demo
 * statement (domain/money/portfolio-account.ts), that year's only, oldest first, and the year's net. The
 * money is simulated, and the first line says so: this is not a tax form.
 *
 * Every line of the year is in the file however many there are: the service streams it
 * (worker/services/money/statement.ts `taxStatementDownload`, keyset chunks of STATEMENT_CHUNK lines), so
 * the Worker never holds the whole year; answered by worker/download.ts like every download.
 */
import { getApp, requireUser } from "../../server/guards.server";
import { downloadRefusal, downloadResponse } from "../../../worker/download";
import { assertPortfolioReader } from "../../../worker/services/money/holdings";
import { taxStatementDownload } from "../../../worker/services/money/statement";
import { can } from "../../../domain/shared/access";
import type { Route } from "./+types/tax-statement";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const raw = new URL(request.url).searchParams.get("year") ?? "";
  if (!/^\d{4}$/.test(raw)) return downloadRefusal(400, "Choose a year, for example ?year=2026");
  const investor = can(user, "invest");
  if (investor) assertPortfolioReader(user, user.id);
  return downloadResponse(taxStatementDownload(getApp(context).db.$client, user.id, Number(raw), investor));
}
