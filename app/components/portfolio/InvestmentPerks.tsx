/**
 * The perks one investment earned (ADR 055), on its page: each perk, its bonus shares, and whether
 * it still stands (a canceled or returned investment's perks were revoked with it).
 */
import type { EarnedPerkDTO } from "../../../domain/money/perks";
import { PERK_KIND_LABELS } from "../../../domain/money/perk-text";
import { formatNumber } from "../../../domain/shared/format";

export function InvestmentPerks({ perks }: { perks: (EarnedPerkDTO & { revoked: boolean })[] }) {
  if (!perks.length) return null;
  return (
    <section className="inv-commitment" aria-labelledby="inv-perks-title">
      <h2 id="inv-perks-title" className="inv-cancel-title">
        Perks this investment earned
      </h2>
      <ul className="perks">
        {perks.map((p) => (
          <li key={p.id} className="perk">
            <p className="perk-title">
              <strong>{p.title}</strong>{" "}
              <span className="badge badge-info">
                {p.kind === "bonus_shares" ? `${formatNumber(p.bonusShares)} bonus shares` : PERK_KIND_LABELS[p.kind]}
              </span>
              {p.revoked ? <span className="small"> · Revoked when the investment ended</span> : null}
            </p>
            {p.description ? <p className="small">{p.description}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
