import { formatMoney } from "../../../domain/shared/format";
import { progressPercent } from "../../../domain/projects/project";

/** A progress bar capped at 100%, exposed to assistive technology as a named progressbar. */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  const value = Math.round(Math.min(100, Math.max(0, percent)));
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={`${value}% funded`}
    >
      <div className="progress-bar" style={{ width: `${Math.min(100, Math.max(0, percent))}%` }} />
    </div>
  );
}

/** Raised and goal under a bar: the card's compact funding line. */
export function FundingProgress({
  current,
  goal,
  title,
  returned = false,
}: {
  current: number;
  goal: number;
  title: string;
  /** A raise closed below its goal: `current` is what had been committed, and was returned (ADR 043). */
  returned?: boolean;
}) {
  const pct = progressPercent(current, goal);
  return (
    <div className="funding">
      <ProgressBar percent={pct} label={`Funding progress of ${title}`} />
      <div className="funding-figures">
        <span>
          <strong>{formatMoney(current)}</strong> {returned ? "committed, returned" : "raised"}
        </span>
        <span className="funding-pct">{Math.round(pct)}%</span>
      </div>
      <div className="funding-goal">of {formatMoney(goal)} goal</div>
    </div>
  );
}
