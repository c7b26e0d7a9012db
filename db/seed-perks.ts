/**
 * The demo's perks (ADR 055): on the first three open raises, a reward at a tier, a reward for the
 * first 10 investors and bonus shares at a tier above every seeded purchase there (so no seeded
 * investment holds bonus shares), and the awards the seeded investments earned by the rules the
 * purchase's batch applies (worker/services/money/perks.ts): in purchase order, once per investor,
 * a tier reached, a first-N slot free. Pure data (run by Node through type stripping).
 */
import { DAY_MS } from "../domain/shared/dates.ts";
import type { InvestmentRow, ProjectRow } from "./schema";

type PerkRow = {
  id: string;
  projectId: string;
  kind: "reward" | "bonus_shares";
  title: string;
  description: string;
  minAmountCents: number | null;
  firstInvestors: number | null;
  bonusPercent: number | null;
  awardedCount: number;
  position: number;
  createdAt: number;
  updatedAt: number;
};
type AwardRow = {
  id: string;
  perkId: string;
  projectId: string;
  investmentId: string;
  investorId: string;
  bonusShares: number;
  revokedAt: number | null;
  createdAt: number;
};

export function buildPerks(
  now: number,
  projects: readonly ProjectRow[],
  investments: readonly InvestmentRow[],
): { perks: PerkRow[]; perkAwards: AwardRow[] } {
  const today = new Date(now).toISOString().slice(0, 10);
  const open = projects
    .filter((p) => p.status === "active" && p.publishedAt !== null && p.fundingDeadline > today)
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .slice(0, 3);
  const perks: PerkRow[] = [];
  const perkAwards: AwardRow[] = [];
  for (const p of open) {
    const held = investments
      .filter((i) => i.projectId === p.id && (i.status === "active" || i.status === "confirmed"))
      .sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
    const largest = Math.max(0, ...held.map((i) => i.amountCents));
    // Above every seeded purchase, in whole thousands of dollars.
    const bonusTier = (Math.floor(largest / 100_000) + 1) * 100_000;
    const at = (p.publishedAt ?? now) - DAY_MS;
    const mine: PerkRow[] = [
      {
        id: `perk-${p.slug}-wall`,
        projectId: p.id,
        kind: "reward",
        title: "Name on the founders' wall",
        description: `Your name on the wall of ${p.title}'s first office, and a thank-you note from the team.`,
        minAmountCents: 25_000,
        firstInvestors: null,
        bonusPercent: null,
        awardedCount: 0,
        position: 0,
        createdAt: at,
        updatedAt: at,
      },
      {
        id: `perk-${p.slug}-call`,
        projectId: p.id,
        kind: "reward",
        title: "Early supporters' call",
        description: "A video call with the founders every quarter for the first year.",
        minAmountCents: null,
        firstInvestors: 10,
        bonusPercent: null,
        awardedCount: 0,
        position: 1,
        createdAt: at,
        updatedAt: at,
      },
      {
        id: `perk-${p.slug}-bonus`,
        projectId: p.id,
        kind: "bonus_shares",
        title: "Lead investor bonus",
        description: "10% more shares for a lead investment.",
        minAmountCents: bonusTier,
        firstInvestors: 5,
        bonusPercent: 10,
        awardedCount: 0,
        position: 2,
        createdAt: at,
        updatedAt: at,
      },
    ];
    for (const perk of mine) {
      const earned = new Set<string>();
      for (const i of held) {
        if (earned.has(i.investorId)) continue;
        if (perk.minAmountCents !== null && i.amountCents < perk.minAmountCents) continue;
        if (perk.firstInvestors !== null && perk.awardedCount >= perk.firstInvestors) break;
        earned.add(i.investorId);
        perk.awardedCount += 1;
        perkAwards.push({
          id: `award-${perk.id}-${i.id}`,
          perkId: perk.id,
          projectId: p.id,
          investmentId: i.id,
          investorId: i.investorId,
          bonusShares: 0,
          revokedAt: null,
          createdAt: i.createdAt,
        });
      }
    }
    perks.push(...mine);
  }
  return { perks, perkAwards };
}
