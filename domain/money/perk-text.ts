/**
 * What the pages show of perks (ADR on perks: domain/money/perks.ts has the rules and the form):
 * the kinds' labels, a perk's tier and kind in words, and the perks a purchase would earn. Pure,
 * and without the form schema, so a page that only shows perks does not ship it.
 */
export const PERK_KIND_LABELS = { reward: "Reward", bonus_shares: "Bonus shares" } as const;
export type PerkKind = keyof typeof PERK_KIND_LABELS;

/** What these read of a perk (perks.ts PerkDTO has these fields and more). */
interface PerkFacts {
  id: string;
  kind: PerkKind;
  minAmount: number | null;
  firstInvestors: number | null;
  bonusPercent: number | null;
  slotsLeft: number | null;
}

/** Bonus shares of `percent` % on `shares`, rounded down; the SQL does the same in tenths of a percent. */
export function bonusSharesFor(shares: number, percent: number): number {
  return Math.floor((shares * Math.round(percent * 10)) / 1000);
}

/**
 * The perks a purchase of `shares` for `amountCents` would earn now, with each one's bonus shares
 * (0 for a reward), as the purchase's batch decides: not those in `held` (earned once), a tier
 * reached, a first-N slot free, bonus shares capped in order by `room` (the shares left after the
 * purchase) and a bonus perk only with at least one share.
 */
export function perksForPurchase(
  perks: readonly PerkFacts[],
  shares: number,
  amountCents: number,
  room: number = Number.MAX_SAFE_INTEGER,
  held: readonly string[] = [],
): Map<string, number> {
  const out = new Map<string, number>();
  let before = 0;
  for (const p of perks) {
    if (held.includes(p.id)) continue;
    if (p.minAmount !== null && amountCents < Math.round(p.minAmount * 100)) continue;
    if (p.slotsLeft !== null && p.slotsLeft <= 0) continue;
    if (p.kind !== "bonus_shares") {
      out.set(p.id, 0);
      continue;
    }
    const bonus = bonusSharesFor(shares, p.bonusPercent ?? 0);
    const capped = Math.min(bonus, room - before);
    before += bonus;
    if (capped >= 1) out.set(p.id, capped);
  }
  return out;
}

/** "≥ $250 · first 50 investors (12 left)": who earns a perk, as its panel says it. */
export function perkTierText(p: Pick<PerkFacts, "minAmount" | "firstInvestors" | "slotsLeft">): string {
  const parts: string[] = [];
  if (p.minAmount !== null) parts.push(`Invest $${p.minAmount.toLocaleString("en-US")} or more`);
  if (p.firstInvestors !== null) {
    const who = `the first ${p.firstInvestors.toLocaleString("en-US")} investor${p.firstInvestors === 1 ? "" : "s"}`;
    const left = p.slotsLeft === 0 ? "all taken" : `${(p.slotsLeft ?? 0).toLocaleString("en-US")} left`;
    parts.push(`${parts.length ? "as one of " : "Be one of "}${who} (${left})`);
  }
  return parts.join(", ");
}

/** "10% bonus shares" or "Reward". */
export function perkKindText(p: Pick<PerkFacts, "kind" | "bonusPercent">): string {
  return p.kind === "bonus_shares" ? `${p.bonusPercent}% bonus shares` : PERK_KIND_LABELS.reward;
}
