/**
 * Reconfirming a commitment after a material change (ADR 050, Reg CF 17 CFR 227.304(c)): when a
 * revision of a live raise is approved, every active investment in it gets one pending
 * reconfirmation, due at the end of the fifth business day, and its investor is told what changed
 * (in the bell and by mail, whatever their preferences: it is their money). The investor
 * reconfirms (the investment stands) or cancels (allowed past the usual 48-hour cutoff while the
 * reconfirmation is pending: worker/services/money/cancellations.ts). Unanswered at `due_at`, the
 * scheduled job cancels the investment and returns the money (`lapseReconfirmations`). A raise
 * with a pending reconfirmation is not settled until it resolves (settlement.ts).
 */
import { and, asc, eq, sql } from "drizzle-orm";

import { changedFieldsText, reconfirmDueAt, RECONFIRM_MESSAGES } from "../../../domain/projects/revisions";
import { quoted } from "../../../domain/shared/quote";
import { cutoffText } from "../../../domain/money/cancellation";
import type { SessionUser } from "../../../domain/shared/types";
import { runBatch, type Database } from "../../../db/client";
import { investments, projects, reconfirmations } from "../../../db/schema";
import { requireSignedIn } from "../shared/access";
import { ServiceError } from "../shared/errors";
import { INSERT, NEW_ID, NO_REPEAT } from "../conversation/notifications";
import { noticeMailsStatement, noticeTemplateOf } from "../../mail/notices";
import { markPublicContentChanged } from "../visitors/public-content";
import { activityStatements } from "../projects/trending";
import { isoDay } from "../../../domain/shared/dates";

export const RECONFIRM_TEXT = {
  asked: (title: string, fields: string[], dueAt: number) =>
    `${quoted(title)} changed its ${changedFieldsText(fields)}: reconfirm your investment by ${cutoffText(dueAt)}, or it will be canceled and your money returned`,
  lapsed: (title: string) =>
    `Your investment in ${quoted(title)} was canceled and your money returned: it was not reconfirmed after the project's changes`,
} as const;

/** Where an investor reconfirms: the investment's page. */
export const reconfirmLink = (investmentId: string) => `/portfolio/investments/${investmentId}`;

/**
 * The statements that ask every active investment of `projectId` to reconfirm revision
 * `revisionId` (when the raise is still open and the revision was approved in this batch at
 * `now`), tell each investor once, and write their mails: for the approval's batch.
 */
export async function askReconfirmation(
  db: Database,
  e: { projectId: string; revisionId: string; fields: string[]; title: string; now: number },
): Promise<D1PreparedStatement[]> {
  const d1 = db.$client;
  const dueAt = reconfirmDueAt(e.now);
  const eventKey = `reconfirm:${e.revisionId}`;
  return [
    d1
      .prepare(
        `insert into reconfirmations (id, investment_id, investor_id, project_id, revision_id, fields, status, due_at, created_at)
         select lower(hex(randomblob(16))), i.id, i.investor_id, i.project_id, ?2, ?3, 'pending', ?4, ?5
         from investments i
         where i.project_id = ?1 and i.status = 'active'
           and exists (select 1 from projects p where p.id = ?1 and p.status = 'active')
           and exists (select 1 from project_revisions r where r.id = ?2 and r.status = 'approved' and r.reviewed_at = ?5)
         on conflict (investment_id) where status = 'pending' do update set
           revision_id = excluded.revision_id, fields = excluded.fields, due_at = excluded.due_at,
           created_at = excluded.created_at`,
      )
      .bind(e.projectId, e.revisionId, JSON.stringify(e.fields), dueAt, e.now),
    // One notice per investor (the first of their investments in it), whatever their preferences.
    d1
      .prepare(
        `${INSERT}
         select ${NEW_ID}, r.investor_id, 'reconfirm', ?1, r.project_id, ?3, '/portfolio/investments/' || min(r.investment_id), ?4
         from reconfirmations r
         where r.revision_id = ?2 and r.status = 'pending' and r.created_at = ?4
         group by r.investor_id
         ${NO_REPEAT}`,
      )
      .bind(eventKey, e.revisionId, RECONFIRM_TEXT.asked(e.title, e.fields, dueAt), e.now),
    noticeMailsStatement(
      db,
      await noticeTemplateOf("reconfirm"),
      { sql: "n.event_key = ?6", binds: [eventKey] },
      e.now,
    ),
  ];
}

/** The mail ids of a reconfirmation's notices to send after the response (the rest by the mail job). */
export async function reconfirmMailIds(db: Database, revisionId: string, limit = 200): Promise<string[]> {
  const rows = await db.$client
    // A range of the primary key (D1 refuses long LIKE patterns): ids `notice:reconfirm:<revision>:<user>`.
    .prepare("select id from mail_outbox where id > ?1 and id < ?2 and status = 'pending' limit ?3")
    .bind(`notice:reconfirm:${revisionId}:`, `notice:reconfirm:${revisionId};`, limit)
    .all<{ id: string }>();
  return rows.results.map((r) => r.id);
}

export interface ReconfirmationDTO {
  investmentId: string;
  projectId: string;
  projectTitle: string;
  /** The fields the approved change touched, as names people read. */
  changed: string;
  fields: string[];
  dueAt: string;
}

/**
 * The signed-in investor's pending reconfirmations, soonest due first (at most 50: one per
 * investment): one statement on reconfirmations_investor_idx.
 */
export async function pendingReconfirmations(db: Database, viewer: SessionUser | null): Promise<ReconfirmationDTO[]> {
  requireSignedIn(viewer);
  const { results } = await pendingReconfirmationsStatement(db.$client, viewer.id).all<PendingRow>();
  return reconfirmationsOf(results);
}

type PendingRow = { investment_id: string; project_id: string; title: string; fields: string; due_at: number };

/** The statement of `pendingReconfirmations`, for a page's batch (the portfolio's: holdings.ts `readPortfolio`). */
export function pendingReconfirmationsStatement(d1: D1Database, investorId: string): D1PreparedStatement {
  return d1
    .prepare(
      `select r.investment_id, r.project_id, p.title, r.fields, r.due_at
       from reconfirmations r join projects p on p.id = r.project_id
       where r.investor_id = ?1 and r.status = 'pending' order by r.due_at limit 50`,
    )
    .bind(investorId);
}

/** The rows of `pendingReconfirmationsStatement` as the pages and the API show them. */
export function reconfirmationsOf(rows: unknown[]): ReconfirmationDTO[] {
  return (rows as PendingRow[]).map((r) => {
    const fields = JSON.parse(r.fields) as string[];
    return {
      investmentId: r.investment_id,
      projectId: r.project_id,
      projectTitle: r.title,
      changed: changedFieldsText(fields),
      fields,
      dueAt: new Date(r.due_at).toISOString(),
    };
  });
}

/** The pending reconfirmation of one investment (its owner's or an admin's read), or null. */
export async function reconfirmationOf(db: Database, investmentId: string): Promise<ReconfirmationDTO | null> {
  const [row] = await db
    .select({ r: reconfirmations, title: projects.title })
    .from(reconfirmations)
    .innerJoin(projects, eq(projects.id, reconfirmations.projectId))
    .where(and(eq(reconfirmations.investmentId, investmentId), eq(reconfirmations.status, "pending")))
    .limit(1);
  if (!row) return null;
  const fields = JSON.parse(row.r.fields) as string[];
  return {
    investmentId,
    projectId: row.r.projectId,
    projectTitle: row.title,
    changed: changedFieldsText(fields),
    fields,
    dueAt: new Date(row.r.dueAt).toISOString(),
  };
}

/**
 * The investor reconfirms: their investment stands with the change. 404 for an investment that is
 * not theirs, 409 when nothing waits for their reconfirmation (already answered, lapsed).
 */
export async function reconfirmInvestment(
  db: Database,
  viewer: SessionUser | null,
  investmentId: string,
  now: number = Date.now(),
): Promise<ReconfirmationDTO> {
  requireSignedIn(viewer);
  const pending =
    typeof investmentId === "string" && investmentId.length <= 64 ? await reconfirmationOf(db, investmentId) : null;
  const done = await db
    .update(reconfirmations)
    .set({ status: "reconfirmed", resolvedAt: now })
    .where(
      and(
        eq(reconfirmations.investmentId, typeof investmentId === "string" ? investmentId : ""),
        eq(reconfirmations.investorId, viewer.id),
        eq(reconfirmations.status, "pending"),
        sql`${reconfirmations.dueAt} > ${now}`,
      ),
    )
    .returning({ id: reconfirmations.id });
  if (!done.length || !pending) {
    const owned = await db
      .select({ id: investments.id })
      .from(investments)
      .where(and(eq(investments.id, String(investmentId)), eq(investments.investorId, viewer.id)))
      .limit(1);
    if (!owned.length) throw new ServiceError(404, RECONFIRM_MESSAGES.notFound, "not_found");
    throw new ServiceError(409, RECONFIRM_MESSAGES.notPending, "not_pending");
  }
  return pending;
}

/** Reconfirmations the job lapses per run (the rest wait for the next run, ten minutes later). */
export const LAPSE_PER_RUN = 200;

/**
 * The scheduled job: every pending reconfirmation past its due instant cancels its investment
 * (shares and money back to the project, as a cancellation does), is marked `lapsed`, and its
 * investor is told. One batch per investment, each statement guarded by "still pending and due",
 * so two runs at once lapse each one once. Returns how many it lapsed.
 */
export async function lapseReconfirmations(db: Database, now: number = Date.now()): Promise<number> {
  const due = await db
    .select({
      id: reconfirmations.id,
      investmentId: reconfirmations.investmentId,
      title: projects.title,
      projectId: projects.id,
      amountCents: investments.amountCents,
      investedAt: investments.createdAt,
    })
    .from(reconfirmations)
    .innerJoin(projects, eq(projects.id, reconfirmations.projectId))
    .innerJoin(investments, eq(investments.id, reconfirmations.investmentId))
    .where(and(eq(reconfirmations.status, "pending"), sql`${reconfirmations.dueAt} <= ${now}`))
    .orderBy(asc(reconfirmations.dueAt))
    .limit(LAPSE_PER_RUN);
  const d1 = db.$client;
  const stillDue = `exists (select 1 from reconfirmations r where r.id = ?3 and r.status = 'pending' and r.due_at <= ?2)`;
  let lapsed = 0;
  for (const r of due) {
    const [, cancelled] = await runBatch(d1, [
      d1
        .prepare(
          `update projects as p
           set shares_sold = p.shares_sold - i.shares - i.bonus_shares,
               funding_current_cents = p.funding_current_cents - i.amount_cents,
               updated_at = ?2
           from (select project_id, shares, bonus_shares, amount_cents from investments where id = ?1 and status = 'active') as i
           where p.id = i.project_id and ${stillDue}`,
        )
        .bind(r.investmentId, now, r.id),
      d1
        .prepare(
          `update investments set status = 'cancelled', cancelled_at = ?2
           where id = ?1 and status = 'active' and ${stillDue} returning investor_id, project_id`,
        )
        .bind(r.investmentId, now, r.id),
      d1
        .prepare(
          `${INSERT}
           select ${NEW_ID}, i.investor_id, 'reconfirm', 'lapsed:' || ?1, i.project_id, ?4, '/portfolio/investments/' || ?1, ?2
           from investments i where i.id = ?1 and i.status = 'cancelled' and i.cancelled_at = ?2 and ${stillDue}
           ${NO_REPEAT}`,
        )
        .bind(r.investmentId, now, r.id, RECONFIRM_TEXT.lapsed(r.title)),
      d1
        .prepare(
          "update reconfirmations set status = 'lapsed', resolved_at = ?2 where id = ?1 and status = 'pending' and due_at <= ?2",
        )
        .bind(r.id, now),
      // The Trending rail: a lapse is a cancellation (trending.ts).
      ...activityStatements(db, r.projectId, now, {
        investedCents: -r.amountCents,
        day: isoDay(r.investedAt),
        onlyIf: {
          sql: "exists (select 1 from investments where id = ?5 and status = 'cancelled' and cancelled_at = ?6)",
          binds: [r.investmentId, now],
        },
      }),
    ]);
    if (cancelled.results.length) lapsed += 1;
  }
  if (lapsed) markPublicContentChanged();
  return lapsed;
}
