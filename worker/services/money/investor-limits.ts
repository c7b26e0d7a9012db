/**
 * The investment limits (domain/money/reg-cf.ts for the rule): the investor's self-declared
 * figures, what they have used, and the SQL the purchase's guarded INSERT checks them with.
 *
 * - `getFinancials` / `saveFinancials`: the Investor Information form (settings page and
 *   `GET`/`PUT /api/users/me/financials`); investors and admins, the viewer's own row only.
 * - `getLimits`: `GET /api/users/me/limits`, the Reg CF figures in dollars. One statement.
 * - `getProjectWithStanding`: a project plus the viewer's standing in it (figures, Reg CF used,
 *   used in this offering, shares held) in the one statement the project and purchase pages
 *   already made.
 * - `limitGuardSql`: the condition the purchase's INSERT … SELECT adds to its WHERE, so the limit is
 *   checked inside the same atomic write as the purchase (two concurrent purchases cannot both
 *   slip under it). The formula is written once, as SQL built from reg-cf.ts's constants, and a
 *   test checks it against the TypeScript rule.
 *
 * Counting: only ACTIVE investments (a cancelled one gives its room back); Reg CF counts RegCF and
 * SAFE offerings made in the rolling 365 days before now (`created_at > now − 365 × 24 h`); RegA+
 * counts this offering's investments, whenever made. The limits apply only when the investor's
 * switch is on (no row: off); accredited investors have none.
 */
import { settleIfDue } from "../raises/settlement";
import { and, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";

import {
  EMPTY_FINANCIALS,
  FINANCIALS_MESSAGES,
  investorFinancialsSchema,
  type InvestorFinancials,
} from "../../../domain/money/investor-financials-form";
import {
  LIMIT_WINDOW_MS,
  REG_A_PERCENT,
  REG_CF_CAP,
  REG_CF_COUNTED,
  REG_CF_FLOOR,
  REG_CF_HIGH_PERCENT,
  REG_CF_LOW_PERCENT,
  REG_CF_THRESHOLD,
  regCfLimits,
  type RegCfLimits,
} from "../../../domain/money/reg-cf";
import { DAY_MS } from "../../../domain/shared/dates";
import type { ProjectDTO, SessionUser } from "../../../domain/shared/types";
import type { Database } from "../../../db/client";
import { investorFinancials, projects, users } from "../../../db/schema";
import { requireCan } from "../shared/access";
import { ServiceError, validateFields } from "../shared/errors";
import {
  byIdOrSlug,
  detailColumns,
  investorCount,
  isPublished,
  readDetail,
  toProjectDTO,
  visibleTo,
  type ProjectDetailExtras,
} from "../projects/projects";

// ---------------------------------------------------------------------------------------------
// the rule as SQL (cents), for the guard and the reads

/** A day in ms, written into the SQL (the purchase guard binds no values of its own). */
const DAY = sql.raw(String(DAY_MS));

const counted = REG_CF_COUNTED.map((t) => `'${t}'`).join(", ");

/** The Reg CF 12-month limit in cents of the financials row `f`; NULL when accredited. */
export function regCfLimitCentsSql(f: string): SQL {
  const income = `coalesce(${f}.annual_income, 0)`;
  const worth = `coalesce(${f}.net_worth, 0)`;
  return sql.raw(
    `(case when ${f}.accredited then null` +
      ` when min(${income}, ${worth}) < ${REG_CF_THRESHOLD}` +
      ` then max(${REG_CF_FLOOR * 100}, max(${income}, ${worth}) * ${REG_CF_LOW_PERCENT})` +
      ` else min(${REG_CF_CAP * 100}, max(${income}, ${worth}) * ${REG_CF_HIGH_PERCENT}) end)`,
  );
}

/** The RegA+ per-offering limit in cents of the financials row `f`; NULL when accredited. */
export function regALimitCentsSql(f: string): SQL {
  return sql.raw(
    `(case when ${f}.accredited then null` +
      ` else max(coalesce(${f}.annual_income, 0), coalesce(${f}.net_worth, 0)) * ${REG_A_PERCENT} end)`,
  );
}

/**
 * Cents of the investor's active RegCF and SAFE investments made after `since` (ms): the kept
 * days after the UTC day `since` falls in (investor_days.limit_cents, ADR 037: at most 365 rows
 * whatever the number of investments), plus that day's own investments after `since`.
 */
export function usedRegCfCentsSql(investor: SQL | string, since: SQL | number): SQL {
  const sinceDay = sql`cast(${since} / ${DAY} as integer)`;
  return sql`((select coalesce(sum(ld.limit_cents), 0) from investor_days ld where ld.investor_id = ${investor} and ld.day > ${sinceDay})
    + (select coalesce(sum(li.amount_cents), 0) from investments li join projects lp on lp.id = li.project_id
       where li.investor_id = ${investor} and li.held = 1 and lp.regulation_type in (${sql.raw(counted)})
         and li.created_at > ${since} and li.created_at < (${sinceDay} + 1) * ${DAY}))`;
}

/** Cents of the investor's active investments in one offering: their kept position. */
export function usedInOfferingCentsSql(investor: SQL | string, project: SQL): SQL {
  return sql`coalesce((select oi.amount_cents from positions oi where oi.project_id = ${project} and oi.investor_id = ${investor}), 0)`;
}

/** Shares the investor holds in one offering (active investments): their kept position. */
export function ownedSharesSql(investor: SQL | string, project: SQL): SQL {
  return sql`coalesce((select si.shares from positions si where si.project_id = ${project} and si.investor_id = ${investor}), 0)`;
}

const dialect = new SQLiteAsyncDialect();

/**
 * The purchase guard, as SQL text for the INSERT … SELECT over `projects p`: true unless the
 * investor has a financials row with the limits switched on (and not accredited) that this
 * purchase would exceed. `investor`, `shares` and `since` are the statement's placeholders.
 */
export function limitGuardSql(investor: string, shares: string, since: string): string {
  const inv = sql.raw(investor);
  const amount = sql.raw(`${shares} * p.share_price_cents`);
  const guard = sql`not exists (select 1 from investor_financials f where f.user_id = ${inv} and f.apply_limits = 1 and f.accredited = 0 and (case when p.regulation_type = 'RegA+' then ${usedInOfferingCentsSql(inv, sql.raw("p.id"))} + ${amount} > ${regALimitCentsSql("f")} else ${usedRegCfCentsSql(inv, sql.raw(since))} + ${amount} > ${regCfLimitCentsSql("f")} end))`;
  const q = dialect.sqlToQuery(guard);
  if (q.params.length) throw new Error("limitGuardSql must not bind values");
  return q.sql;
}

// ---------------------------------------------------------------------------------------------
// who may have limits

/** Investors and admins; a founder gets the founders' message (they cannot invest). */
export function assertCanHaveLimits(viewer: SessionUser | null): asserts viewer is SessionUser {
  requireCan(viewer, "invest", () => new ServiceError(403, FINANCIALS_MESSAGES.founders, "founder_cannot_invest"));
}

/** A financials row as a left join reads it (all null when the investor never saved the form). */
interface FinancialsColumns {
  annualIncome: number | null;
  netWorth: number | null;
  accredited: boolean | null;
  applyLimits: boolean | null;
  hasRow: number | boolean;
}

function toFinancials(row: FinancialsColumns | undefined): InvestorFinancials {
  if (!row?.hasRow) return { ...EMPTY_FINANCIALS };
  return {
    annualIncome: row.annualIncome ?? null,
    netWorth: row.netWorth ?? null,
    accredited: !!row.accredited,
    applyLimits: !!row.applyLimits,
  };
}

// ---------------------------------------------------------------------------------------------
// reads

/** The viewer's financials and Reg CF figures in one statement. */
async function readLimitState(db: Database, userId: string, now: number) {
  const rows = await db
    .select({
      annualIncome: investorFinancials.annualIncome,
      netWorth: investorFinancials.netWorth,
      accredited: investorFinancials.accredited,
      applyLimits: investorFinancials.applyLimits,
      hasRow: sql<number>`${investorFinancials.userId} is not null`,
      usedCents: usedRegCfCentsSql(userId, now - LIMIT_WINDOW_MS).mapWith(Number),
    })
    .from(users)
    .leftJoin(investorFinancials, eq(investorFinancials.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  const row = rows[0];
  return { financials: toFinancials(row), usedCents: row ? Number(row.usedCents) || 0 : 0 };
}

export interface FinancialsAndLimits {
  financials: InvestorFinancials;
  limits: RegCfLimits;
}

/** The viewer's declared figures (empty when never saved) and their Reg CF figures. One statement. */
export async function getFinancials(
  db: Database,
  viewer: SessionUser | null,
  now: number = Date.now(),
): Promise<FinancialsAndLimits> {
  assertCanHaveLimits(viewer);
  const { financials, usedCents } = await readLimitState(db, viewer.id, now);
  return { financials, limits: regCfLimits(financials, usedCents, financials.applyLimits) };
}

/**
 * `{ limit, used, remaining, applied }` in dollars for Reg CF: `limit` and `remaining` null for an
 * accredited investor; without a saved row the $2,500 floor (nothing declared) and `applied` false.
 */
export async function getLimits(db: Database, userId: string, now: number = Date.now()): Promise<RegCfLimits> {
  const { financials, usedCents } = await readLimitState(db, userId, now);
  return regCfLimits(financials, usedCents, financials.applyLimits);
}

/**
 * Saves the Investor Information form from the raw body (page form or API JSON): the whole record
 * is replaced (a figure left out is "not declared", a box left out is unticked). 400 with every
 * field's message, nothing written, when a value is refused.
 */
export async function saveFinancials(
  db: Database,
  viewer: SessionUser | null,
  body: unknown,
  now: number = Date.now(),
): Promise<FinancialsAndLimits> {
  assertCanHaveLimits(viewer);
  const input: InvestorFinancials = validateFields(investorFinancialsSchema, body);
  const values = {
    userId: viewer.id,
    annualIncome: input.annualIncome,
    netWorth: input.netWorth,
    accredited: input.accredited,
    applyLimits: input.applyLimits,
    updatedAt: now,
  };
  const { userId: _, ...set } = values;
  await db.insert(investorFinancials).values(values).onConflictDoUpdate({ target: investorFinancials.userId, set });
  const { financials, usedCents } = await readLimitState(db, viewer.id, now);
  return { financials, limits: regCfLimits(financials, usedCents, financials.applyLimits) };
}

/** An investor's standing in one offering: what the limits need and what the pages show. */
export interface InvestorStanding {
  financials: InvestorFinancials;
  /** Active RegCF and SAFE investments of the last 365 days, in cents. */
  usedRegCfCents: number;
  /** Active investments in this offering, in cents (the RegA+ rule). */
  usedInOfferingCents: number;
  /** Shares held in this offering (active investments). */
  ownedShares: number;
}

/**
 * A project (as `getProject` reads it) plus, for `investorId`, their standing in it: one
 * statement. `viewer` decides visibility as `getProject` does (null: published projects only).
 */
export async function getProjectWithStanding(
  db: Database,
  idOrSlug: string,
  opts: { investorId: string | null; viewer?: Pick<SessionUser, "id" | "role"> | null; now?: number },
): Promise<ProjectWithStanding | null> {
  const found = await readProjectWithStanding(db, idOrSlug, opts);
  // A raise past its deadline is settled before anyone sees it or buys into it (ADR 043).
  if (found && (await settleIfDue(db, found.project, opts.now))) return readProjectWithStanding(db, idOrSlug, opts);
  return found;
}

type ProjectWithStanding = {
  project: ProjectDTO;
  standing: InvestorStanding | null;
  detail: ProjectDetailExtras;
  /** The perks the investor holds in this project (ADR 055); empty without an investor. */
  heldPerks: string[];
};

async function readProjectWithStanding(
  db: Database,
  idOrSlug: string,
  opts: { investorId: string | null; viewer?: Pick<SessionUser, "id" | "role"> | null; now?: number },
): Promise<ProjectWithStanding | null> {
  if (!idOrSlug || idOrSlug.length > 200) return null;
  const now = opts.now ?? Date.now();
  const visible = opts.viewer ? visibleTo(opts.viewer) : isPublished;
  // The detail page's extras (raise, followers) ride along: still one statement.
  const base = { project: getTableColumns(projects), investors: investorCount, ...detailColumns(opts.viewer ?? null) };
  const investorId = opts.investorId;
  if (!investorId) {
    const rows = await db
      .select(base)
      .from(projects)
      .where(and(byIdOrSlug(idOrSlug), visible))
      .limit(1);
    const row = rows[0];
    if (!row) return null;
    const project = toProjectDTO(row.project, row.investors, now);
    return { project, standing: null, detail: readDetail(project, row), heldPerks: [] };
  }
  const here = sql.raw(`"projects"."id"`);
  const rows = await db
    .select({
      ...base,
      annualIncome: investorFinancials.annualIncome,
      netWorth: investorFinancials.netWorth,
      accredited: investorFinancials.accredited,
      applyLimits: investorFinancials.applyLimits,
      hasRow: sql<number>`${investorFinancials.userId} is not null`,
      usedRegCfCents: usedRegCfCentsSql(investorId, now - LIMIT_WINDOW_MS).mapWith(Number),
      usedInOfferingCents: usedInOfferingCentsSql(investorId, here).mapWith(Number),
      ownedShares: ownedSharesSql(investorId, here).mapWith(Number),
      // The perks the investor holds here (ADR 055): what the purchase page marks as already earned.
      heldPerks: sql<string>`(select json_group_array(a.perk_id) from perk_awards a
        where a.investor_id = ${investorId} and a.project_id = ${here} and a.revoked_at is null)`,
    })
    .from(projects)
    .leftJoin(investorFinancials, eq(investorFinancials.userId, investorId))
    .where(and(byIdOrSlug(idOrSlug), visible))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const project = toProjectDTO(row.project, row.investors, now);
  return {
    project,
    detail: readDetail(project, row),
    heldPerks: JSON.parse(row.heldPerks ?? "[]") as string[],
    standing: {
      financials: toFinancials(row),
      usedRegCfCents: Number(row.usedRegCfCents) || 0,
      usedInOfferingCents: Number(row.usedInOfferingCents) || 0,
      ownedShares: Number(row.ownedShares) || 0,
    },
  };
}
