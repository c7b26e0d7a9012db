/**
 * The portfolio's diversification donut (spec section 2's chart rules), drawn on the server as SVG
 * with visx: a fixed viewBox, the six colours of `chartSlices`, percent labels only on slices of
 * 5 % or more, and a <title> per slice with the percentage to one decimal (the browser shows it as
 * a tooltip, with or without JavaScript). Slices under 5 % are listed in the small-segment legend
 * with their first project; a legend names every sector, and a <details> table gives the numbers.
 */
import { Group } from "@visx/group";
import { Pie } from "@visx/shape";

import { formatMoney } from "../../lib/format";
import { formatPercent1, type ChartSlice } from "../../lib/portfolio-math";

const SIZE = 240;
const OUTER = 112;
const INNER = 64;

export function SectorDonut({ slices }: { slices: ChartSlice[] }) {
  const summary = `Portfolio by sector: ${slices.map((s) => `${s.name} ${formatPercent1(s.percentage)}`).join(", ")}.`;
  const small = slices.filter((s) => s.small && s.percentage > 0);
  return (
    <figure className="pf-donut">
      <div className="pf-donut-body">
        <svg
          className="pf-donut-svg"
          viewBox={`0 0 ${SIZE} ${SIZE}`}
          role="img"
          aria-labelledby="pf-donut-title"
          data-testid="sector-donut"
        >
          <title id="pf-donut-title">{summary}</title>
          <Group top={SIZE / 2} left={SIZE / 2}>
            <Pie
              data={slices}
              pieValue={(s) => s.shownPercent}
              pieSort={null}
              pieSortValues={null}
              outerRadius={OUTER}
              innerRadius={INNER}
              padAngle={slices.length > 1 ? 0.01 : 0}
            >
              {(pie) =>
                pie.arcs.map((arc) => {
                  const [x, y] = pie.path.centroid(arc);
                  return (
                    <g key={arc.data.name} className="pf-slice">
                      <path d={pie.path(arc) ?? ""} fill={arc.data.color}>
                        <title>{`${arc.data.name}: ${formatPercent1(arc.data.percentage)}`}</title>
                      </path>
                      {arc.data.showLabel ? (
                        <text x={x} y={y} dy="0.33em" textAnchor="middle" className="pf-slice-label" aria-hidden="true">
                          {`${Math.round(arc.data.percentage)}%`}
                        </text>
                      ) : null}
                    </g>
                  );
                })
              }
            </Pie>
          </Group>
        </svg>
        <ul className="pf-legend" aria-label="Sectors">
          {slices.map((s) => (
            <li key={s.name}>
              <span className="pf-swatch" style={{ background: s.color }} aria-hidden="true" />
              <span className="pf-legend-name">{s.name}</span>
              <span className="pf-legend-pct">{formatPercent1(s.percentage)}</span>
            </li>
          ))}
        </ul>
      </div>
      {small.length > 0 ? (
        <div className="pf-small-legend">
          <p className="pf-small-title">Small segments (under 5%)</p>
          <ul>
            {small.map((s) => (
              <li key={s.name}>
                <span className="pf-swatch" style={{ background: s.color }} aria-hidden="true" />
                {s.name}: {s.firstProjectTitle}, {formatPercent1(s.shownPercent)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <details className="pf-details">
        <summary>Sectors as a table</summary>
        <div className="table-scroll">
          <table className="pf-table">
            <thead>
              <tr>
                <th scope="col">Sector</th>
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
