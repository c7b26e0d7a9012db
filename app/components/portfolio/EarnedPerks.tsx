/**
 * The portfolio's "Perks you earned" (ADR 055): the perks the investor's purchases earned, newest
 * first (at most 20, read on perk_awards_investor_idx), each with its company and, for bonus
 * shares, how many. A canceled or returned investment's perks are gone from it.
 */
import { Link } from "react-router";

import type { EarnedPerkDTO } from "../../../domain/money/perks";
import { PERK_KIND_LABELS } from "../../../domain/money/perk-text";
import { formatDate, formatNumber } from "../../../domain/shared/format";

export function EarnedPerks({ perks }: { perks: EarnedPerkDTO[] }) {
  if (!perks.length) return null;
  return (
    <section className="returns earned-perks" aria-labelledby="earned-perks-title">
      <h2 id="earned-perks-title" className="returns-title">
        Perks you earned
      </h2>
      <ul className="perks">
        {perks.map((p) => (
          <li key={p.id} className="perk">
            <p className="perk-title">
              <strong>{p.title}</strong>{" "}
              <span className="badge badge-info">
                {p.kind === "bonus_shares" ? `${formatNumber(p.bonusShares)} bonus shares` : PERK_KIND_LABELS[p.kind]}
              </span>
            </p>
            <p className="muted small">
              From <Link to={`/project/${encodeURIComponent(p.projectSlug)}`}>{p.projectTitle}</Link>, earned{" "}
              {formatDate(p.earnedAt)} · <Link to={`/portfolio/investments/${p.investmentId}`}>The investment</Link>
            </p>
            {p.description ? <p className="small">{p.description}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
