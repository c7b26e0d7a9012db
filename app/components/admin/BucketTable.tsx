/**
 * A Health chart's figures as a table (ADR 056): one row per minute or hour that had any, opened
 * from the chart, so the numbers are readable without seeing the chart. Shared by the traffic,
 * latency and events charts (app/components/admin/HealthCharts.tsx).
 */
import type { HealthWindowDTO } from "../../../domain/operator/health";

export const unit = (w: HealthWindowDTO) => (w.span === 60 ? "minute" : "hour");
export const clock = (ms: number) => new Date(ms).toISOString().slice(11, 16);

export function BucketTable({
  title,
  window: w,
  what,
  columns,
  rows,
}: {
  title: string;
  window: HealthWindowDTO;
  /** What a row had to have to be listed: "requests" or "events". */
  what: string;
  columns: readonly string[];
  rows: readonly { start: number; cells: readonly string[] }[];
}) {
  return (
    <details className="chart-table">
      <summary>{title} as a table</summary>
      <div className="table-scroll">
        <table>
          <caption className="visually-hidden">
            {title}, each {unit(w)} with {what} ({unit(w)}s without any are left out)
          </caption>
          <thead>
            <tr>
              <th scope="col">{w.span === 60 ? "Minute" : "Hour"} (UTC)</th>
              {columns.map((c) => (
                <th key={c} scope="col" className="num">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.start}>
                <th scope="row">{clock(r.start)}</th>
                {r.cells.map((cell, i) => (
                  <td key={columns[i]} className="num">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
