/**
 * /markets: the Campus Exchange's markets (ADR 053), the most recently traded first (at most 50:
 * worker/services/market/market-view.ts `listMarkets`, one statement). Each names its company, its
 * last trade price beside its valuation, today's volume, its status and whether the one-year rule
 * still binds, and links to the company's Trade tab. Public; the same without JavaScript.
 */
import { href, Link } from "react-router";

import { pageMeta } from "../components/meta";
import { FEE_TEXT } from "../../domain/market/market";
import { formatDate, formatNumber, formatPrice } from "../../domain/shared/format";
import { listMarkets } from "../../worker/services/market/market-view";
import { getApp } from "../server/guards.server";
import type { Route } from "./+types/markets";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    "Campus Exchange",
    "Trade the shares of funded student startups: every market's last price, today's volume and its order book.",
    { at: args },
  );

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  return { markets: await listMarkets(db) };
}

const STATUS = {
  open: { label: "Open", badge: "badge-success" },
  halted: { label: "Halted", badge: "badge-warning" },
  closed: { label: "Closed", badge: "badge-muted" },
} as const;

export default function Markets({ loaderData }: Route.ComponentProps) {
  const { markets } = loaderData;
  return (
    <div className="container markets-page">
      <header className="page-header">
        <h1 className="page-title">Campus Exchange</h1>
        <p className="page-lead markets-intro">
          Investors buy and sell the shares of companies whose raise was funded. Orders match by price, then time; the
          seller pays a {FEE_TEXT} fee. Within a year of a Reg CF raise, only the company and accredited investors may
          buy its shares. A trade&apos;s price never changes a company&apos;s valuation.
        </p>
      </header>
      {markets.length === 0 ? (
        <p className="empty-state">No company&apos;s shares trade yet: a market opens when a raise is funded.</p>
      ) : (
        <div className="card">
          <table className="markets-table">
            <caption className="visually-hidden">Markets, the most recently traded first</caption>
            <thead>
              <tr>
                <th scope="col">Company</th>
                <th scope="col" className="num">
                  Last trade
                </th>
                <th scope="col" className="num">
                  Valuation
                </th>
                <th scope="col" className="num">
                  Today&apos;s volume
                </th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Trade</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {markets.map((m) => {
                const to = `${href("/project/:slug", { slug: m.project.slug })}?tab=trade#project-tabs`;
                return (
                  <tr key={m.project.id}>
                    <th scope="row">
                      <Link to={to}>{m.project.title}</Link>
                      <span className="muted small block">
                        {m.project.category}
                        {m.freeOn ? ` · Restricted until ${formatDate(m.freeOn)}` : ""}
                      </span>
                    </th>
                    <td className="num" data-label="Last trade">
                      {m.lastPrice === null ? "No trades yet" : formatPrice(m.lastPrice)}
                    </td>
                    <td className="num" data-label="Valuation">
                      {formatPrice(m.valuation)}
                    </td>
                    <td className="num" data-label="Today's volume">
                      {formatNumber(m.today.shares)} {m.today.shares === 1 ? "share" : "shares"}
                    </td>
                    <td data-label="Status">
                      <span className={`badge ${STATUS[m.status].badge}`}>{STATUS[m.status].label}</span>
                    </td>
                    <td>
                      <Link className="btn btn-secondary btn-sm" to={to}>
                        Trade<span className="visually-hidden"> {m.project.title}</span>
                      </Link>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
