/**
 * A project's perks (ADR 055), on its page and the purchase page: what each earns and who earns it,
 * and, on the purchase page, which ones this purchase would earn (`earning`: the purchase page's
 * script marks them as the amount changes; without JavaScript the list with its tiers says it).
 */
import type { PerkDTO } from "../../../domain/money/perks";
import { perkKindText, perkTierText } from "../../../domain/money/perk-text";
import { formatNumber } from "../../../domain/shared/format";

export function PerksPanel({
  perks,
  heading = "Perks",
  earning,
  held = [],
}: {
  perks: PerkDTO[];
  heading?: string;
  /** What this purchase would earn, when known: each perk's id and its bonus shares (0 for a reward). */
  earning?: ReadonlyMap<string, number>;
  /** The ids the viewer already holds (earned once). */
  held?: readonly string[];
}) {
  if (!perks.length) return null;
  return (
    <section className="panel-section perks-panel" aria-labelledby="perks-h">
      <h3 id="perks-h">{heading}</h3>
      <p className="muted small">Each investor earns a perk once, with their first purchase that qualifies.</p>
      <ul className="perks">
        {perks.map((p) => {
          const mine = held.includes(p.id);
          const earns = !mine && earning !== undefined && earning.has(p.id);
          return (
            <li key={p.id} className={`perk${earns ? " perk-earned" : ""}`} data-perk={p.id}>
              <p className="perk-title">
                <strong>{p.title}</strong> <span className="badge badge-info">{perkKindText(p)}</span>
                {earning && !mine ? (
                  <span className="perk-state small" data-perk-state>
                    {earns
                      ? ` · This purchase earns it${earning.get(p.id) ? `: ${formatNumber(earning.get(p.id)!)} bonus shares` : ""}`
                      : ""}
                  </span>
                ) : null}
                {mine ? <span className="perk-state small"> · You earned it</span> : null}
              </p>
              <p className="muted small">{perkTierText(p)}</p>
              {p.description ? <p className="small">{p.description}</p> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
