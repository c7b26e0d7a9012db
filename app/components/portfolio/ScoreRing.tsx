/** The diversification score as a ring (SVG, fixed viewBox) with the number and its label inside. */
import { ringDash } from "../../../domain/money/portfolio-view";
import { formatDiversification } from "../../../domain/money/portfolio-math";

const R = 52;

export function ScoreRing({ score, label }: { score: number; label: string }) {
  const { filled, circumference } = ringDash(score, R);
  return (
    <svg
      className={`pf-ring pf-ring-${label.toLowerCase()}`}
      viewBox="0 0 128 128"
      role="img"
      aria-label={`Diversification score ${formatDiversification(score)}: ${label}`}
    >
      <circle className="pf-ring-track" cx="64" cy="64" r={R} />
      <circle
        className="pf-ring-value"
        cx="64"
        cy="64"
        r={R}
        strokeDasharray={`${filled} ${circumference}`}
        transform="rotate(-90 64 64)"
      />
      <text className="pf-ring-score" x="64" y="62" textAnchor="middle">
        {formatDiversification(score)}
      </text>
      <text className="pf-ring-label" x="64" y="84" textAnchor="middle">
        {label}
      </text>
    </svg>
  );
}
