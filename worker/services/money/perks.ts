/**
 * Perks (ADR 055; the rules in domain/money/perks.ts): the founder manages a project's perks (both
 * doors: the founder dashboard's Perks section and `/api/projects/{id}/perks`), a purchase earns
 * them in its own batch (`perkStatements`, appended by worker/services/money/purchases.ts), and the
 * pages read them (the project's panel, the purchase page, the portfolio and the investment).
 *
 * Only the project's founder manages its perks (an admin is refused, like the founder's own working
 * copy of the form): they are the founder's promise to investors, not a record an admin keeps.
 *
 * Exactly once under concurrent purchases: D1 runs a batch as one transaction, one at a time, and
 * the award's INSERT reads the perk's `awarded_count` inside it (a first-N perk's free slots), then
 * the count goes up by the awards just written. A purchase past the slots inserts no award and still
 * buys; the CHECK project_perks_first_bound would fail the batch if a slot were ever overrun.
 * A held investment that leaves (canceled, lapsed, returned) has its awards revoked and its slots
 * freed by trigger (migrations/0038 `investments_perks_revoke`), whichever path changed it.
 */
import type { EarnedPerkDTO, PerkDTO, PerkInput, PerkKind, PerkRow } from "../../../domain/money/perks";
import { PERK_LIMITS, PERK_MESSAGES, perkFormSchema, perkPatchSchema, toPerkDTO } from "../../../domain/money/perks";
import { MESSAGES } from "../../../domain/shared/messages";
import type { SessionUser } from "../../../domain/shared/types";
import type { Database } from "../../../db/client";
import { requireSignedIn } from "../shared/access";
import { ServiceError, validateFields } from "../shared/errors";
import { findProjectRef, type ProjectRef } from "../projects/projects";
import { markPublicContentChanged } from "../visitors/public-content";

/** A raise in one of these has ended: its perks are history. */
const ENDED = `('funded', 'completed', 'closed', 'cancelled')`;
const ENDED_STATUSES = ["funded", "completed", "closed", "cancelled"];

/** The bonus of perk `pp` on investment `i`, in whole shares: floor(shares × tenths of a percent / 1000). */
const BONUS_SQL = `case when pp.kind = 'bonus_shares'
  then (i.shares * cast(round(pp.bonus_percent * 10) as integer)) / 1000 else 0 end`;

const PERK_COLUMNS = `id, project_id, kind, title, description, min_amount_cents, first_investors, bonus_percent, awarded_count`;

/** A project's perks in their order (at most 10: `project_perks_project_idx`). */
export async function perksOfProject(db: Database, projectId: string): Promise<PerkDTO[]> {
  const { results } = await db.$client
    .prepare(`select ${PERK_COLUMNS} from project_perks where project_id = ?1 order by position, created_at limit ?2`)
    .bind(projectId, PERK_LIMITS.perProject)
    .all<PerkRow>();
  return results.map(toPerkDTO);
}

/** The perks of a project the viewer may see (drafts: its founder and admins); 404 otherwise. */
export async function listPerks(
  db: Database,
  viewer: SessionUser | null,
  idOrSlug: string,
): Promise<{ perks: PerkDTO[]; locked: boolean }> {
  const project = await findProjectRef(db, idOrSlug, viewer);
  if (!project) throw new ServiceError(404, MESSAGES.projectNotFound, "not_found");
  const [perks, locked] = await Promise.all([perksOfProject(db, project.id), termsLocked(db, project.id)]);
  return { perks, locked };
}

/** True once the raise has a held investment: existing perks' terms are fixed from then on. */
export async function termsLocked(db: Database, projectId: string): Promise<boolean> {
  const row = await db.$client
    .prepare("select investment_count from projects where id = ?1")
    .bind(projectId)
    .first<{ investment_count: number }>();
  return (row?.investment_count ?? 0) > 0;
}

/** The project for a founder's perk write: 404 when missing or unseen, 403 for anyone but its founder. */
async function projectToManage(db: Database, viewer: SessionUser | null, idOrSlug: string): Promise<ProjectRef> {
  requireSignedIn(viewer);
  const project = await findProjectRef(db, idOrSlug, viewer);
  if (!project) throw new ServiceError(404, MESSAGES.projectNotFound, "not_found");
  if (project.founderId !== viewer.id) throw new ServiceError(403, PERK_MESSAGES.onlyFounder, "forbidden");
  if (ENDED_STATUSES.includes(project.status)) throw new ServiceError(409, PERK_MESSAGES.raiseEnded, "raise_ended");
  return project;
}

function parse(body: unknown): PerkInput {
  return validateFields(perkFormSchema, body, "first");
}

const cents = (dollars: number | null) => (dollars === null ? null : Math.round(dollars * 100));

/** Adds a perk at the end of the project's list: at most 10, and not once the raise has ended. */
export async function createPerk(
  db: Database,
  viewer: SessionUser | null,
  idOrSlug: string,
  body: unknown,
): Promise<PerkDTO> {
  const project = await projectToManage(db, viewer, idOrSlug);
  const input = parse(body);
  const now = Date.now();
  const row = await db.$client
    .prepare(
      `insert into project_perks (id, project_id, kind, title, description, min_amount_cents, first_investors,
         bonus_percent, position, created_at, updated_at)
       select ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8,
              coalesce((select max(position) from project_perks where project_id = ?2), -1) + 1, ?9, ?9
       where (select count(*) from project_perks where project_id = ?2) < ?10
         and exists (select 1 from projects where id = ?2 and status not in ${ENDED})
       returning ${PERK_COLUMNS}`,
    )
    .bind(
      crypto.randomUUID(),
      project.id,
      input.kind,
      input.title,
      input.description,
      cents(input.minAmount),
      input.firstInvestors,
      input.bonusPercent,
      now,
      PERK_LIMITS.perProject,
    )
    .first<PerkRow>();
  if (!row) {
    const count = await db.$client
      .prepare("select count(*) as n from project_perks where project_id = ?1")
      .bind(project.id)
      .first<{ n: number }>();
    if ((count?.n ?? 0) >= PERK_LIMITS.perProject) throw new ServiceError(409, PERK_MESSAGES.tooMany, "too_many_perks");
    throw new ServiceError(409, PERK_MESSAGES.raiseEnded, "raise_ended");
  }
  markPublicContentChanged();
  return toPerkDTO(row);
}

async function perkRow(db: Database, projectId: string, perkId: string): Promise<PerkRow> {
  const row =
    perkId && perkId.length <= 64
      ? await db.$client
          .prepare(`select ${PERK_COLUMNS} from project_perks where id = ?1 and project_id = ?2`)
          .bind(perkId, projectId)
          .first<PerkRow>()
      : null;
  if (!row) throw new ServiceError(404, PERK_MESSAGES.notFound, "not_found");
  return row;
}

/**
 * Edits a perk. The body may name only the fields it changes (the API's PATCH; the page's form when
 * the terms are fixed sends the description alone): the rest stay as stored. Once the raise has an
 * investment, anything but the description is refused (409), so nobody's earned terms change.
 */
export async function updatePerk(
  db: Database,
  viewer: SessionUser | null,
  idOrSlug: string,
  perkId: string,
  body: unknown,
): Promise<PerkDTO> {
  const project = await projectToManage(db, viewer, idOrSlug);
  // The fields sent, each by its own rule, before anything is read (as an update's edit does).
  validateFields(perkPatchSchema, body, "first");
  const stored = toPerkDTO(await perkRow(db, project.id, perkId));
  const sent = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  const has = (k: string) => k in sent && sent[k] !== undefined;
  const input = parse({
    title: has("title") ? sent.title : stored.title,
    description: has("description") ? sent.description : stored.description,
    kind: has("kind") ? sent.kind : stored.kind,
    minAmount: has("minAmount") ? sent.minAmount : stored.minAmount,
    firstInvestors: has("firstInvestors") ? sent.firstInvestors : stored.firstInvestors,
    bonusPercent: has("bonusPercent") ? sent.bonusPercent : stored.bonusPercent,
  });
  const now = Date.now();
  const d1 = db.$client;
  // The terms as sent equal the stored ones (`is`: null-safe), or the raise has no investment yet.
  const row = await d1
    .prepare(
      `update project_perks
       set title = ?3, description = ?4, kind = ?5, min_amount_cents = ?6, first_investors = ?7, bonus_percent = ?8,
           updated_at = ?9
       where id = ?1 and project_id = ?2
         and exists (select 1 from projects p where p.id = ?2 and p.status not in ${ENDED})
         and ((title = ?3 and kind = ?5 and min_amount_cents is ?6 and first_investors is ?7 and bonus_percent is ?8)
              or (select investment_count from projects where id = ?2) = 0)
       returning ${PERK_COLUMNS}`,
    )
    .bind(
      stored.id,
      project.id,
      input.title,
      input.description,
      input.kind,
      cents(input.minAmount),
      input.firstInvestors,
      input.bonusPercent,
      now,
    )
    .first<PerkRow>();
  if (!row) {
    await perkRow(db, project.id, perkId);
    throw new ServiceError(409, PERK_MESSAGES.locked, "perk_terms_fixed");
  }
  markPublicContentChanged();
  return toPerkDTO(row);
}

/** Removes a perk: only while the raise has no investment (its awards go with it). */
export async function deletePerk(
  db: Database,
  viewer: SessionUser | null,
  idOrSlug: string,
  perkId: string,
): Promise<void> {
  const project = await projectToManage(db, viewer, idOrSlug);
  await perkRow(db, project.id, perkId);
  const row = await db.$client
    .prepare(
      `delete from project_perks where id = ?1 and project_id = ?2
         and (select investment_count from projects where id = ?2) = 0 returning id`,
    )
    .bind(perkId, project.id)
    .first<{ id: string }>();
  if (!row) throw new ServiceError(409, PERK_MESSAGES.lockedDelete, "perk_terms_fixed");
  markPublicContentChanged();
}

/**
 * The purchase's perks, for its batch right after the project's figures took its shares (each
 * statement does nothing unless investment `investmentId` was bought and held):
 *  1. an award for each perk the purchase qualifies for: amount ≥ tier; a first-N slot still free
 *     (`awarded_count` read inside the transaction); none held by the investor already (once per
 *     investor); a bonus perk only with ≥ 1 bonus share, capped in the perks' order by the shares
 *     still unsold, so the offering is never oversold;
 *  2. those perks' `awarded_count` up by one (a slot taken);
 *  3. the investment's `bonus_shares`: the Σ of its awards' (its position follows by trigger),
 *     RETURNING it (`PERK_BONUS_RESULT` is its place in the list);
 *  4. the project's `shares_sold` up by the bonus (the CHECK shares_sold ≤ total_shares holds).
 */
export const PERK_BONUS_RESULT = 2;
export function perkStatements(db: Database, investmentId: string, now: number): D1PreparedStatement[] {
  const d1 = db.$client;
  return [
    d1
      .prepare(
        `insert into perk_awards (id, perk_id, project_id, investment_id, investor_id, bonus_shares, created_at)
         select lower(hex(randomblob(16))), q.perk_id, q.project_id, q.investment_id, q.investor_id,
                case when q.kind = 'bonus_shares' then min(q.bonus, q.room - q.before) else 0 end, ?2
         from (
           select pp.id as perk_id, pp.kind as kind, i.project_id as project_id, i.id as investment_id,
                  i.investor_id as investor_id, ${BONUS_SQL} as bonus, p.total_shares - p.shares_sold as room,
                  coalesce(sum(${BONUS_SQL}) over (order by pp.position, pp.id
                    rows between unbounded preceding and 1 preceding), 0) as before
           from investments i
           join projects p on p.id = i.project_id
           join project_perks pp on pp.project_id = i.project_id
           where i.id = ?1 and i.held = 1
             and (pp.min_amount_cents is null or i.amount_cents >= pp.min_amount_cents)
             and (pp.first_investors is null or pp.awarded_count < pp.first_investors)
             and not exists (select 1 from perk_awards a
                             where a.perk_id = pp.id and a.investor_id = i.investor_id and a.revoked_at is null)
         ) q
         where q.kind <> 'bonus_shares' or min(q.bonus, q.room - q.before) >= 1`,
      )
      .bind(investmentId, now),
    d1
      .prepare(
        `update project_perks set awarded_count = awarded_count + 1
         where id in (select perk_id from perk_awards where investment_id = ?1 and revoked_at is null)`,
      )
      .bind(investmentId),
    d1
      .prepare(
        `update investments
         set bonus_shares = (select sum(a.bonus_shares) from perk_awards a where a.investment_id = ?1)
         where id = ?1 and held = 1
           and exists (select 1 from perk_awards a where a.investment_id = ?1 and a.bonus_shares > 0)
         returning bonus_shares`,
      )
      .bind(investmentId),
    d1
      .prepare(
        `update projects set shares_sold = shares_sold + i.bonus_shares
         from (select project_id, bonus_shares from investments where id = ?1 and held = 1) as i
         where projects.id = i.project_id and i.bonus_shares > 0`,
      )
      .bind(investmentId),
  ];
}

type EarnedRow = {
  id: string;
  perk_id: string;
  project_id: string;
  project_title: string;
  project_slug: string;
  investment_id: string;
  kind: PerkKind;
  title: string;
  description: string;
  bonus_shares: number;
  created_at: number;
};

const toEarned = (r: EarnedRow): EarnedPerkDTO => ({
  id: r.id,
  perkId: r.perk_id,
  projectId: r.project_id,
  projectTitle: r.project_title,
  projectSlug: r.project_slug,
  investmentId: r.investment_id,
  kind: r.kind,
  title: r.title,
  description: r.description,
  bonusShares: r.bonus_shares,
  earnedAt: new Date(r.created_at).toISOString(),
});

const EARNED_COLUMNS = `a.id, a.perk_id, a.project_id, p.title as project_title, p.slug as project_slug, a.investment_id,
  pp.kind, pp.title, pp.description, a.bonus_shares, a.created_at`;

/** The portfolio's "Perks you earned": this many at most, newest first. */
export const EARNED_PAGE = 20;

/**
 * The investor's standing awards, newest first, at most EARNED_PAGE, as one statement for the
 * portfolio's batch (worker/services/money/holdings.ts readPortfolio); `earnedOf` reads its rows.
 * perk_awards_investor_idx walks the investor's awards newest first; revoked ones are skipped.
 */
export function earnedPerksStatement(d1: D1Database, investorId: string): D1PreparedStatement {
  return d1
    .prepare(
      `select ${EARNED_COLUMNS}
       from perk_awards a join project_perks pp on pp.id = a.perk_id join projects p on p.id = a.project_id
       where a.investor_id = ?1 and a.revoked_at is null
       order by a.created_at desc, a.id desc limit ?2`,
    )
    .bind(investorId, EARNED_PAGE);
}

export const earnedOf = (rows: unknown[]): EarnedPerkDTO[] => (rows as EarnedRow[]).map(toEarned);

/** One investment's awards (revoked ones too, for its history): at most one per perk, so ≤ 10. */
export async function perksOfInvestment(
  db: Database,
  investmentId: string,
): Promise<(EarnedPerkDTO & { revoked: boolean })[]> {
  const { results } = await db.$client
    .prepare(
      `select ${EARNED_COLUMNS}, a.revoked_at
       from perk_awards a join project_perks pp on pp.id = a.perk_id join projects p on p.id = a.project_id
       where a.investment_id = ?1 order by pp.position limit ?2`,
    )
    .bind(investmentId, PERK_LIMITS.perProject)
    .all<EarnedRow & { revoked_at: number | null }>();
  return results.map((r) => ({ ...toEarned(r), revoked: r.revoked_at !== null }));
}
