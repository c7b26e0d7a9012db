/**
 * The one pie of the product (spec section 2's chart rules), drawn on the server as SVG with visx:
 * a fixed viewBox, every rule from `chartSlices` (domain/money/portfolio-math.ts: sorted by percentage,
 * six colours, percent labels only from 5 %, a tiny share drawn as 0.1 %), a <title> per slice with
 * the percentage to one decimal (the browser's tooltip, with or without JavaScript), a legend naming
 * every slice, a small-segment legend listing the slices under 5 % with their first project, and a
 * <details> table of the same numbers. The portfolio's AI Tools tab draws it as a donut, the
 * profile as a full pie. Styles: app/styles/charts.css.
 */
import { Group } from "@visx/group";
import { Pie } from "@visx/shape";

import { formatMoney } from "../../../domain/shared/format";
import { formatPercent1, type ChartSlice } from "../../../domain/money/portfolio-analysis";

const SIZE = 240;
const OUTER = SIZE / 2 - 8;
const DONUT_INNER = 64;

export function SlicePie({
  slices,
  donut = false,
  subject,
  summaryPrefix,
  tableLabel,
  testId,
}: {
  slices: ChartSlice[];
  donut?: boolean;
  /** What a slice is, for the table's first column ("Sector", "Category"). */
  subject: string;
  /** Starts the chart's accessible summary ("Portfolio by sector"). */
  summaryPrefix: string;
  /** The table's disclosure label ("Sectors as a table"). */
  tableLabel: string;
  testId?: string;
}) {
  const inner = donut ? DONUT_INNER : 0;
  // Labels sit mid-ring on a donut, and two thirds out on a full pie.
  const labelAt = donut ? (inner + OUTER) / 2 : OUTER * 0.68;
  const summary = `${summaryPrefix}: ${slices.map((s) => `${s.name} ${formatPercent1(s.percentage)}`).join(", ")}.`;
  const small = slices.filter((s) => s.small && s.percentage > 0);
  return (
    <figure className="slice-pie">
      <div className="slice-pie-body">
        <svg
          className="slice-pie-svg"
          viewBox={`0 0 ${SIZE} ${SIZE}`}
          role="img"
          aria-label={summary}
          data-testid={testId}
        >
          <Group top={SIZE / 2} left={SIZE / 2}>
            <Pie
              data={slices}
              pieValue={(s) => s.shownPercent}
              pieSort={null}
              pieSortValues={null}
              outerRadius={OUTER}
              innerRadius={inner}
              padAngle={donut && slices.length > 1 ? 0.01 : 0}
            >
              {(pie) =>
                pie.arcs.map((arc) => {
                  const s = arc.data;
                  const mid = (arc.startAngle + arc.endAngle) / 2;
                  return (
                    <g key={s.name} className="slice-pie-slice">
                      <path d={pie.path(arc) ?? ""} fill={s.color}>
                        <title>{`${s.name}: ${formatPercent1(s.percentage)}`}</title>
                      </path>
                      {s.showLabel ? (
                        <text
                          x={Math.sin(mid) * labelAt}
                          y={-Math.cos(mid) * labelAt}
                          dy="0.33em"
                          textAnchor="middle"
                          className="slice-pie-label"
                          aria-hidden="true"
                        >
                          {`${Math.round(s.percentage)}%`}
                        </text>
                      ) : null}
                    </g>
                  );
                })
              }
            </Pie>
          </Group>
        </svg>
        <ul className="slice-legend" aria-label={`${subject} legend`}>
          {slices.map((s) => (
            <li key={s.name}>
              <span className="slice-swatch" style={{ background: s.color }} aria-hidden="true" />
              <span className="slice-legend-name">{s.name}</span>
              <span className="slice-legend-pct">{formatPercent1(s.percentage)}</span>
            </li>
          ))}
        </ul>
      </div>
      {small.length > 0 ? (
        <div className="slice-small">
          <p className="slice-small-title">Small segments (under 5%)</p>
          <ul>
            {small.map((s) => (
              <li key={s.name}>
                <span className="slice-swatch" style={{ background: s.color }} aria-hidden="true" />
                {s.name}: {s.firstProjectTitle}, {formatPercent1(s.shownPercent)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <details className="slice-pie-details">
        <summary>{tableLabel}</summary>
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">{subject}</th>
                <th scope="col" className="num">
                  Invested
                </th>
                <th scope="col" className="num">
                  Share
                </th>
                <th scope="col" className="num">
                  Investments
                </th>
              </tr>
            </thead>
            <tbody>
              {slices.map((s) => (
                <tr key={s.name}>
                  <th scope="row">{s.name}</th>
                  <td className="num">{formatMoney(s.amount)}</td>
                  <td className="num">{formatPercent1(s.percentage)}</td>
                  <td className="num">{s.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
