/**
 * The investor profile's pie of investments by category (spec section 2), drawn on the server as
 * SVG with visx (fixed viewBox: the same with JavaScript off). Every rule comes from
 * `chartSlices` (app/lib/portfolio-math.ts): sorted by percentage, six colours, percent labels
 * only from 5 %, a tiny share drawn as 0.1 %. Each slice carries a `<title>` tooltip with the
 * percentage to one decimal; a legend names every sector, a small-segment legend lists the slices
 * under 5 % with their first project, and a table gives the same numbers.
 */
import { Group } from "@visx/group";
import { Pie } from "@visx/shape";

import { formatMoney } from "../../lib/format";
import { formatPercent1, type ChartSlice } from "../../lib/portfolio-math";

const SIZE = 240;
const RADIUS = SIZE / 2 - 8;
/** Where a percent label sits: inside the slice, at this share of the radius. */
const LABEL_AT = 0.68;

export function CategoryPie({ slices }: { slices: ChartSlice[] }) {
  if (slices.length === 0) {
    return (
      <p className="chart-empty">No investments yet: the chart of your sectors appears after your first purchase.</p>
    );
  }
  const summary = `Investments by category: ${slices.map((s) => `${s.name} ${formatPercent1(s.percentage)}`).join(", ")}.`;
  const small = slices.filter((s) => s.small);

  return (
    <figure className="category-pie">
      <div className="category-pie-body">
        <svg className="category-pie-svg" viewBox={`0 0 ${SIZE} ${SIZE}`} role="img" aria-label={summary}>
          <Group top={SIZE / 2} left={SIZE / 2}>
            <Pie
              data={slices}
              pieValue={(s) => s.shownPercent}
              pieSort={null}
              pieSortValues={null}
              outerRadius={RADIUS}
              padAngle={slices.length > 1 ? 0.01 : 0}
            >
              {(pie) =>
                pie.arcs.map((arc) => {
                  const s = arc.data;
                  const mid = (arc.startAngle + arc.endAngle) / 2;
                  const x = Math.sin(mid) * RADIUS * LABEL_AT;
                  const y = -Math.cos(mid) * RADIUS * LABEL_AT;
                  return (
                    <g key={s.name} className="category-pie-slice">
                      <path d={pie.path(arc) ?? ""} fill={s.color}>
                        <title>{`${s.name}: ${formatPercent1(s.percentage)}`}</title>
                      </path>
                      {s.showLabel ? (
                        <text className="category-pie-label" x={x} y={y} dy="0.35em" textAnchor="middle">
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
        <ul className="category-legend" aria-label="Legend">
          {slices.map((s) => (
            <li key={s.name}>
              <span className="category-swatch" style={{ background: s.color }} aria-hidden="true" />
              <span className="category-legend-name">{s.name}</span>
              <span className="category-legend-pct">{formatPercent1(s.percentage)}</span>
            </li>
          ))}
        </ul>
      </div>
      {small.length ? (
        <div className="category-small">
          <p className="category-small-title">Small segments (under 5%)</p>
          <ul>
            {small.map((s) => (
              <li key={s.name}>
                <span className="category-swatch" style={{ background: s.color }} aria-hidden="true" />
                {s.name}: {s.firstProjectTitle}, {formatPercent1(s.percentage)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <details className="chart-table">
        <summary>Investments by category as a table</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Category</th>
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
      </details>
    </figure>
  );
}
