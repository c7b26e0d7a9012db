/**
 * What happens to a company after its raise (ADR 052): its founder reports a priced round, an
 * acquisition or a shutdown with its evidence; it waits for an admin's review (the queue beside
 * the projects' and the live changes'); an admin approves it, sends it back, or records one
 * directly (a write-down or write-up too). Only an approved event marks anybody's holding
 * (domain/money/valuation.ts `markAfter`, the one marking policy).
 *
 * Approving is one batch: the event's guarded status change (still pending, the company's mark
 * still the one read, no exit, no earlier event still being applied), the company's new mark, the
 * audit row and the founder's notice. Applying it to the holders is `applyEvent`: `APPLY_CHUNK`
 * positions a batch, each batch their distributions (an exit's cash, once per event and investor:
 * a unique index), their notices and mails, and last their positions' new mark, which is what the
 * next chunk skips. Two appliers never mark a holder twice (a batch is a transaction, and each
 * picks holders not yet marked by the event), so an acquisition pays every holder exactly once
 * under concurrent runs. The kept sums follow by trigger (migrations/0029): the holding's value,
 * the investor's sectors and vintages, their money by day.
 *
 * The approving request applies up to `APPLY_INLINE_CHUNKS`; a door may hand `later` to finish after
 * the response; the 10-minute job (`applyApprovedEvents`) finishes whatever is left.
 */
import { eq, sql } from "drizzle-orm";

import { NOTIFICATION_SQL } from "../../../domain/conversation/notification-text";
import {
  dateProblem,
  EVENT_KIND_LABEL,
  EVENT_MESSAGES,
  FOUNDER_EVENT_KINDS,
  markAfter,
  valuationEventSchema,
  writeProblem,
  type EventKind,
  type EventStatus,
  type MarkState,
} from "../../../domain/money/valuation";
import { can } from "../../../domain/shared/access";
import { quoted } from "../../../domain/shared/quote";
import { DAY_MS, isoDay } from "../../../domain/shared/dates";
import { toCents, toDollars } from "../../../domain/shared/money";
import type { SessionUser } from "../../../domain/shared/types";
import { runBatch, type Database } from "../../../db/client";
import { projects, valuationEvents, type ProjectRow } from "../../../db/schema";
import { noticeMailId, noticeMailsStatement, noticeTemplateOf } from "../../mail/notices";
import type { Mailer } from "../../mail/mailer";
import { INSERT, NEW_ID, NO_REPEAT, notifyOne } from "../conversation/notifications";
import { auditStatement, overseeing, reserveAdminAction, WROTE_ONE_ROW } from "../operator/audit";
import { loadWithInvestors } from "../projects/project-editor";
import { requireAdmin, requireSignedIn } from "../shared/access";
import { PROJECT_MESSAGES } from "../../../domain/projects/project-form-messages";
import { ServiceError, invalidFields, validateFields } from "../shared/errors";
import { parseReason } from "../shared/reason";
import { cancelledNotices, marketTemplate } from "../market/notices";
import { markPublicContentChanged } from "../visitors/public-content";

/** Holders a batch marks (and pays, and tells): one batch writes at most this many notices and mails. */
export const APPLY_CHUNK = 500;
/** Chunks the approving request applies itself before leaving the rest to `later` or the job. */
export const APPLY_INLINE_CHUNKS = 4;
/** Events one run of the job applies. */
export const APPLY_EVENTS_PER_RUN = 20;
/** A company's history shows at most this many events (a company has a handful). */
export const HISTORY_SHOWN = 100;
/** The review queue shows the oldest this many. */
export const QUEUE_SHOWN = 50;

/** Something to finish after the response (`ctx.waitUntil`). */
export type Later = (task: Promise<unknown>) => void;

export interface ValuationEventDTO {
  id: string;
  projectId: string;
  kind: EventKind;
  kindLabel: string;
  status: EventStatus;
  effectiveOn: string;
  /** Dollars per share: the round's price, the acquisition's, the shutdown's proceeds, the write's value. */
  pricePerShare: number;
  preMoneyValuation: number | null;
  roundName: string;
  statement: string;
  evidence: string;
  /** Once approved: the mark per share it set, the cash per share it paid, a SAFE's conversion price. */
  mark: number | null;
  proceedsPerShare: number | null;
  conversionPrice: number | null;
  reviewNote: string | null;
  createdAt: string;
  reviewedAt: string | null;
  /** Null while holders are still being marked (a few seconds, at most ten minutes). */
  appliedAt: string | null;
}

type EventRow = typeof valuationEvents.$inferSelect;

const iso = (ms: number | null) => (ms == null ? null : new Date(ms).toISOString());

export function toEventDTO(e: EventRow): ValuationEventDTO {
  return {
    id: e.id,
    projectId: e.projectId,
    kind: e.kind,
    kindLabel: EVENT_KIND_LABEL[e.kind],
    status: e.status,
    effectiveOn: e.effectiveOn,
    pricePerShare: toDollars(e.priceCents),
    preMoneyValuation: e.preMoneyCents == null ? null : toDollars(e.preMoneyCents),
    roundName: e.roundName,
    statement: e.statement,
    evidence: e.evidence,
    mark: e.markCents == null ? null : toDollars(e.markCents),
    proceedsPerShare: e.proceedsPerShareCents == null ? null : toDollars(e.proceedsPerShareCents),
    conversionPrice: e.conversionPriceCents == null ? null : e.conversionPriceCents / 100,
    reviewNote: e.reviewNote,
    createdAt: new Date(e.createdAt).toISOString(),
    reviewedAt: iso(e.reviewedAt),
    appliedAt: iso(e.appliedAt),
  };
}

const stateOf = (p: ProjectRow): MarkState => ({
  regulationType: p.regulationType,
  sharePriceCents: p.sharePriceCents,
  // the SAFE's cap: the valuation the raise stated, else its goal ÷ the equity offered
  capCents: p.valuationCents ?? Math.round((p.fundingGoalCents * 100) / Math.max(p.equityPercentage, 0.0001)),
  markCents: p.markCents,
  conversionPriceCents: p.conversionPriceCents,
});

/** What the company's state refuses, whoever acts (409). */
function companyProblem(p: ProjectRow): string | null {
  if (p.exitedAt != null) return EVENT_MESSAGES.exited;
  if (p.status !== "funded") return EVENT_MESSAGES.notFunded;
  return null;
}

/** The day (UTC) its raise was funded. */
const fundedOn = (p: ProjectRow) => (p.settledAt == null ? null : isoDay(p.settledAt));

/**
 * A founder reports an event of their funded company (it waits for review), or an admin records
 * one (approved at once, on the record). 400 with each field's message; 409 for the company's
 * state or a report already waiting.
 */
export async function reportEvent(
  db: Database,
  viewer: SessionUser | null,
  idOrSlug: unknown,
  body: unknown,
  opts: { mailer?: Mailer; later?: Later; now?: number } = {},
): Promise<ValuationEventDTO> {
  const now = opts.now ?? Date.now();
  requireSignedIn(viewer, PROJECT_MESSAGES.updateSignedOut);
  const { project } = await loadWithInvestors(db, viewer, idOrSlug);
  const input = validateFields(valuationEventSchema, body);
  const blocked = companyProblem(project);
  if (blocked) throw new ServiceError(409, blocked, "company_closed");
  const recording = can(viewer, "administer") && viewer.id !== project.founderId;
  const errors: Record<string, string> = {};
  if (!recording && !FOUNDER_EVENT_KINDS.includes(input.kind)) errors.kind = EVENT_MESSAGES.kindFounder;
  if (!recording && !input.evidence) errors.evidence = EVENT_MESSAGES.evidenceRequired;
  const date = dateProblem(input.effectiveOn, isoDay(now), fundedOn(project), project.markedOn);
  if (date) errors.effectiveOn = date;
  const priceCents = toCents(input.pricePerShare ?? 0);
  const write = writeProblem(input.kind, priceCents, stateOf(project));
  if (write) errors.pricePerShare = write;
  if (input.evidence && !errors.evidence) {
    const owner = await db.$client
      .prepare("select owner_id from uploads where key = ?1")
      .bind(`projects/${input.evidence.slice("/uploads/".length)}`)
      .first<{ owner_id: string }>();
    if (!owner || (owner.owner_id !== viewer.id && owner.owner_id !== project.founderId)) {
      errors.evidence = EVENT_MESSAGES.evidenceInvalid;
    }
  }
  if (Object.keys(errors).length) throw invalidFields(errors);

  const row: EventRow = {
    id: crypto.randomUUID(),
    projectId: project.id,
    kind: input.kind,
    status: "pending",
    effectiveOn: input.effectiveOn,
    priceCents,
    preMoneyCents: input.kind === "round" && input.preMoneyValuation != null ? toCents(input.preMoneyValuation) : null,
    roundName: input.kind === "round" ? input.roundName : "",
    statement: input.statement,
    evidence: input.evidence,
    reportedBy: viewer.id,
    markCents: null,
    proceedsPerShareCents: null,
    conversionPriceCents: null,
    holders: null,
    reviewNote: null,
    reviewerId: null,
    createdAt: now,
    reviewedAt: null,
    appliedAt: null,
  };
  if (recording) {
    await reserveAdminAction(db, viewer.id, now);
    await approveInBatch(db, project, row, viewer.id, now, "record");
    return finish(db, row.id, project, opts, now);
  }
  const inserted = await db.$client
    .prepare(
      `insert into valuation_events (id, project_id, kind, status, effective_on, price_cents, pre_money_cents, round_name,
         statement, evidence, reported_by, created_at)
       values (?1, ?2, ?3, 'pending', ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
       on conflict (project_id) where status = 'pending' do nothing
       returning id`,
    )
    .bind(
      row.id,
      row.projectId,
      row.kind,
      row.effectiveOn,
      row.priceCents,
      row.preMoneyCents,
      row.roundName,
      row.statement,
      row.evidence,
      row.reportedBy,
      now,
    )
    .all();
  if (!inserted.results.length) throw new ServiceError(409, EVENT_MESSAGES.pendingExists, "event_pending");
  return toEventDTO(row);
}

/**
 * The approving batch, for a pending report (`approve`) or an admin's direct record (`record`):
 * the event approved only while the company is as read (same mark, no exit, nothing still being
 * applied), then the company's mark, then the audit row and the founder's notice.
 */
async function approveInBatch(
  db: Database,
  project: ProjectRow,
  event: EventRow,
  adminId: string,
  now: number,
  how: "approve" | "record",
): Promise<void> {
  const change = markAfter(stateOf(project), {
    kind: event.kind,
    priceCents: event.priceCents,
    preMoneyCents: event.preMoneyCents,
  });
  const d1 = db.$client;
  const unchanged = `exists (select 1 from projects where id = ?2 and mark_event_id is ?3 and exited_at is null and status = 'funded')
    and not exists (select 1 from valuation_events where project_id = ?2 and status = 'approved' and applied_at is null)`;
  const decide =
    how === "approve"
      ? d1
          .prepare(
            `update valuation_events set status = 'approved', mark_cents = ?4, proceeds_per_share_cents = ?5,
               conversion_price_cents = ?6, reviewer_id = ?7, reviewed_at = ?8,
               holders = (select investor_count from projects where id = ?2)
             where id = ?1 and status = 'pending' and ${unchanged}
             returning id`,
          )
          .bind(
            event.id,
            project.id,
            project.markEventId,
            change.markCents,
            change.proceedsPerShareCents,
            change.conversionPriceCents,
            adminId,
            now,
          )
      : d1
          .prepare(
            `insert into valuation_events (id, project_id, kind, status, effective_on, price_cents, pre_money_cents, round_name,
               statement, evidence, reported_by, mark_cents, proceeds_per_share_cents, conversion_price_cents, holders,
               reviewer_id, created_at, reviewed_at)
             select ?1, ?2, ?9, 'approved', ?10, ?11, ?12, ?13, ?14, ?15, ?7, ?4, ?5, ?6,
               (select investor_count from projects where id = ?2), ?7, ?8, ?8
             where ${unchanged}
             returning id`,
          )
          .bind(
            event.id,
            project.id,
            project.markEventId,
            change.markCents,
            change.proceedsPerShareCents,
            change.conversionPriceCents,
            adminId,
            now,
            event.kind,
            event.effectiveOn,
            event.priceCents,
            event.preMoneyCents,
            event.roundName,
            event.statement,
            event.evidence,
          );
  const statements: D1PreparedStatement[] = [
    decide,
    d1
      .prepare(
        `update projects set mark_cents = ?3, mark_event_id = ?1, marked_on = ?4, conversion_price_cents = ?5,
           exited_at = case when ?6 then ?7 else exited_at end, updated_at = ?7
         where id = ?2 and mark_event_id is not ?1
           and exists (select 1 from valuation_events where id = ?1 and status = 'approved' and reviewed_at = ?7)`,
      )
      .bind(
        event.id,
        project.id,
        change.markCents,
        event.effectiveOn,
        change.conversionPriceCents,
        change.exit ? 1 : 0,
        now,
      ),
    auditStatement(db, {
      adminId,
      action: how === "approve" ? "approve_event" : "record_event",
      targetType: "project",
      targetId: project.id,
      targetName: project.title,
      changes: [
        {
          field: "mark",
          before: project.markCents == null ? null : toDollars(project.markCents),
          after: toDollars(change.markCents),
        },
        { field: "kind", before: null, after: event.kind },
        { field: "effectiveOn", before: null, after: event.effectiveOn },
      ],
      reason: how === "record" ? event.statement : null,
      now,
    }),
  ];
  if (how === "approve" && project.founderId) {
    statements.push(
      ...(await founderNotice(
        db,
        project,
        `event:${event.id}`,
        `Your report of ${EVENT_KIND_LABEL[event.kind].toLowerCase()} for ${quoted(project.title)} was approved: every holder's value follows it`,
        now,
        WROTE_ONE_ROW,
      )),
    );
  }
  if (change.exit) {
    // The exit closes the company's market (trigger): each owner of an order it cancelled is told (ADR 053).
    statements.push(
      ...cancelledNotices(db, await marketTemplate(), { projectId: project.id, cause: "exit", closedAt: now, now }),
    );
  }
  const [decided] = await runBatch(d1, statements as [D1PreparedStatement, ...D1PreparedStatement[]]);
  if (!decided.results.length) {
    if (how === "approve") {
      const still = await db.$client
        .prepare("select status from valuation_events where id = ?1")
        .bind(event.id)
        .first<{ status: string }>();
      if (still?.status !== "pending") throw new ServiceError(409, EVENT_MESSAGES.notPending, "not_pending");
    }
    throw new ServiceError(409, EVENT_MESSAGES.changed, "changed_meanwhile");
  }
  markPublicContentChanged();
}

async function founderNotice(
  db: Database,
  project: ProjectRow,
  eventKey: string,
  text: string,
  now: number,
  onlyIf: string,
): Promise<D1PreparedStatement[]> {
  if (!project.founderId) return [];
  return [
    notifyOne(
      db,
      "review",
      project.founderId,
      { eventKey, projectId: project.id, text, link: `/founder-dashboard#company-events`, now },
      onlyIf,
    ),
    noticeMailsStatement(
      db,
      await noticeTemplateOf("review"),
      { sql: "n.event_key = ?6 and n.user_id = ?7", binds: [eventKey, project.founderId] },
      now,
    ),
  ];
}

/** After an approval: the first chunks now, the rest after the response or by the job; the event as it is. */
async function finish(
  db: Database,
  eventId: string,
  project: ProjectRow,
  opts: { mailer?: Mailer; later?: Later },
  now: number,
): Promise<ValuationEventDTO> {
  const done = await applyEvent(db, eventId, now, APPLY_CHUNK, APPLY_INLINE_CHUNKS);
  if (!done.finished && opts.later) opts.later(applyEvent(db, eventId, now));
  if (project.founderId) opts.mailer?.sendLater([noticeMailId(`event:${eventId}`, project.founderId)]);
  const [row] = await db.select().from(valuationEvents).where(eq(valuationEvents.id, eventId)).limit(1);
  return toEventDTO(row!);
}

/** An event and its company, or 404. */
async function eventOf(db: Database, eventId: unknown): Promise<{ event: EventRow; project: ProjectRow }> {
  const id = typeof eventId === "string" ? eventId : "";
  const [found] = await db
    .select({ event: valuationEvents, project: projects })
    .from(valuationEvents)
    .innerJoin(projects, eq(projects.id, valuationEvents.projectId))
    .where(eq(valuationEvents.id, id))
    .limit(1);
  if (!found) throw new ServiceError(404, "Event not found", "not_found");
  return found;
}

/** 409 unless the event waits for review. */
function requirePending(event: EventRow): void {
  if (event.status !== "pending") throw new ServiceError(409, EVENT_MESSAGES.notPending, "not_pending");
}

/** A pending event and its company, or 404/409. */
async function pendingEvent(db: Database, eventId: unknown): Promise<{ event: EventRow; project: ProjectRow }> {
  const found = await eventOf(db, eventId);
  requirePending(found.event);
  return found;
}

/** An admin approves a founder's report: the rules again (the company may have moved), then the batch. */
export async function approveEvent(
  db: Database,
  viewer: SessionUser | null,
  eventId: unknown,
  opts: { mailer?: Mailer; later?: Later; now?: number } = {},
): Promise<ValuationEventDTO> {
  requireAdmin(viewer);
  const now = opts.now ?? Date.now();
  const { event, project } = await pendingEvent(db, eventId);
  const blocked = companyProblem(project);
  if (blocked) throw new ServiceError(409, blocked, "company_closed");
  const date = dateProblem(event.effectiveOn, isoDay(now), fundedOn(project), project.markedOn);
  if (date) throw new ServiceError(409, date, "changed_meanwhile");
  await reserveAdminAction(db, viewer.id, now);
  await approveInBatch(db, project, event, viewer.id, now, "approve");
  return finish(db, event.id, project, opts, now);
}

/**
 * An admin sends a report back with a note: nothing changes; the founder is told. The note is
 * read before the event's status (a missing or too long note is a 400 whatever it is).
 */
export async function requestEventChanges(
  db: Database,
  viewer: SessionUser | null,
  eventId: unknown,
  body: unknown,
  opts: { mailer?: Mailer; now?: number } = {},
): Promise<ValuationEventDTO> {
  requireAdmin(viewer);
  const now = opts.now ?? Date.now();
  const { event, project } = await eventOf(db, eventId);
  const reason = parseReason(body, {
    required: EVENT_MESSAGES.reviewNoteRequired,
    tooLong: EVENT_MESSAGES.reviewNoteTooLong,
  });
  requirePending(event);
  await reserveAdminAction(db, viewer.id, now);
  const d1 = db.$client;
  const eventKey = `event:${event.id}`;
  const [updated] = await runBatch(d1, [
    d1
      .prepare(
        `update valuation_events set status = 'changes_requested', review_note = ?2, reviewer_id = ?3, reviewed_at = ?4
         where id = ?1 and status = 'pending' returning id`,
      )
      .bind(event.id, reason, viewer.id, now),
    auditStatement(db, {
      adminId: viewer.id,
      action: "request_event_changes",
      targetType: "project",
      targetId: project.id,
      targetName: project.title,
      reason,
      now,
    }),
    ...(await founderNotice(
      db,
      project,
      eventKey,
      `Your report of ${EVENT_KIND_LABEL[event.kind].toLowerCase()} for ${quoted(project.title)} needs changes: ${quoted(reason)}`,
      now,
      "1 = 1",
    )),
  ]);
  if (!updated.results.length) throw new ServiceError(409, EVENT_MESSAGES.notPending, "not_pending");
  if (project.founderId) opts.mailer?.sendLater([noticeMailId(eventKey, project.founderId)]);
  return { ...toEventDTO(event), status: "changes_requested", reviewNote: reason, reviewedAt: iso(now) };
}

/** The founder (or an admin, on the record) takes back the company's report while it waits. */
export async function withdrawEvent(
  db: Database,
  viewer: SessionUser | null,
  idOrSlug: unknown,
  now: number = Date.now(),
): Promise<void> {
  const { project } = await loadWithInvestors(db, viewer, idOrSlug);
  const oversight = await overseeing(db, viewer, project.founderId, now);
  const [done] = await runBatch(db.$client, [
    db.$client
      .prepare(
        `update valuation_events set status = 'withdrawn', reviewed_at = ?2
         where project_id = ?1 and status = 'pending' returning id`,
      )
      .bind(project.id, now),
    ...oversight.audit({
      action: "withdraw_event",
      targetType: "project",
      targetId: project.id,
      targetName: project.title,
    }),
  ]);
  if (!done.results.length) throw new ServiceError(409, EVENT_MESSAGES.notPending, "not_pending");
}

export interface ApplyReport {
  eventId: string;
  holders: number;
  batches: number;
  finished: boolean;
}

/** The next holders of the event's company not yet marked by it, after investor `?3` (its primary key's order). */
const CHUNK = `select investor_id from positions where project_id = ?1 and investor_id > ?3 and mark_event_id is not ?2
  order by investor_id limit ?4`;

/**
 * Marks (and for an exit pays) every holder of an approved event's company, `chunk` at a time,
 * at most `maxChunks` batches; sets `applied_at` when none is left. Safe to run twice at once.
 */
export async function applyEvent(
  db: Database,
  eventId: string,
  now: number = Date.now(),
  chunk: number = APPLY_CHUNK,
  maxChunks: number = Number.POSITIVE_INFINITY,
): Promise<ApplyReport> {
  const d1 = db.$client;
  const [row] = await db.select().from(valuationEvents).where(eq(valuationEvents.id, eventId)).limit(1);
  if (!row || row.status !== "approved" || row.markCents == null) {
    return { eventId, holders: 0, batches: 0, finished: true };
  }
  if (row.appliedAt != null) return { eventId, holders: 0, batches: 0, finished: true };
  const [project] = await db
    .select({ title: projects.title })
    .from(projects)
    .where(eq(projects.id, row.projectId))
    .limit(1);
  const mark = row.markCents;
  const proceeds = row.proceedsPerShareCents ?? 0;
  const day = Math.floor(Date.parse(`${row.effectiveOn}T00:00:00Z`) / DAY_MS);
  const eventKey = `valuation:${row.id}`;
  const template = await noticeTemplateOf("valuation");
  let after = "";
  let holders = 0;
  let batches = 0;
  let finished = false;
  while (batches < maxChunks) {
    const binds = [row.projectId, row.id, after, chunk] as const;
    const statements: D1PreparedStatement[] = [];
    // An exit closes every holding with a payout line, a shutdown's of $0 too: the holding's realized
    // loss is on the investor's statement and tax lines (a unique index: once per event and investor).
    // A holder who sold every share on the exchange (ADR 053) is marked but neither paid nor told;
    // the cost of a holding is that of the shares still held.
    if (row.kind === "acquisition" || row.kind === "shutdown") {
      statements.push(
        d1
          .prepare(
            `insert into distributions (id, event_id, project_id, investor_id, shares, cost_cents, amount_cents, day, paid_at)
             select ${NEW_ID}, ?2, ?1, investor_id, shares, amount_cents - cost_out_cents, shares * ?5, ?6, ?7 from positions
             where project_id = ?1 and shares > 0 and investor_id in (${CHUNK})
             on conflict (event_id, investor_id) do nothing`,
          )
          .bind(...binds, proceeds, day, now),
      );
    }
    statements.push(
      d1
        .prepare(
          `${INSERT}
           select ${NEW_ID}, pos.investor_id, 'valuation', ?5, ?1,
                  ${NOTIFICATION_SQL.valuation(row.kind, "?6", "pos.shares", mark, proceeds)}, '/portfolio', ?7
           from positions pos where pos.project_id = ?1 and pos.shares > 0 and pos.investor_id in (${CHUNK})
           ${NO_REPEAT}`,
        )
        .bind(...binds, eventKey, project?.title ?? "", now),
      // the mails of this chunk's notices (binds from ?6: the event key, then the chunk's own)
      noticeMailsStatement(
        db,
        template,
        {
          sql: `n.event_key = ?6 and n.user_id in (select investor_id from positions where project_id = ?7
                  and investor_id > ?8 and mark_event_id is not ?9 order by investor_id limit ?10)`,
          binds: [eventKey, row.projectId, after, row.id, chunk],
        },
        now,
      ),
      d1
        .prepare(
          `update positions set mark_cents = ?5, value_cents = shares * ?5, realized_cents = realized_cents + shares * ?6,
             mark_event_id = ?2, marked_day = ?7
           where project_id = ?1 and investor_id in (${CHUNK})
           returning investor_id`,
        )
        .bind(...binds, mark, proceeds, day),
    );
    const results = await d1.batch<{ investor_id: string }>(statements);
    batches += 1;
    const marked = results.at(-1)?.results ?? [];
    holders += marked.length;
    for (const m of marked) if (m.investor_id > after) after = m.investor_id;
    if (marked.length < chunk) {
      finished = true;
      break;
    }
  }
  if (finished) {
    await d1
      .prepare(
        `update valuation_events set applied_at = ?2 where id = ?1 and applied_at is null
           and not exists (select 1 from positions where project_id = ?3 and mark_event_id is not ?1)`,
      )
      .bind(row.id, now, row.projectId)
      .run();
  }
  return { eventId, holders, batches, finished };
}

/** The job's part (every 10 minutes): approved events whose holders are not all marked yet. */
export async function applyApprovedEvents(
  db: Database,
  now: number = Date.now(),
  limit: number = APPLY_EVENTS_PER_RUN,
): Promise<ApplyReport[]> {
  const due = await db.$client
    .prepare(
      `select id from valuation_events indexed by valuation_events_applying_idx
       where status = 'approved' and applied_at is null order by reviewed_at limit ?1`,
    )
    .bind(limit)
    .all<{ id: string }>();
  const reports: ApplyReport[] = [];
  for (const { id } of due.results) reports.push(await applyEvent(db, id, now));
  return reports;
}

/**
 * A company's history after its raise: its approved events in date order, and for its founder and
 * the admins the reports waiting or sent back too. Bounded (HISTORY_SHOWN).
 */
export async function companyEvents(
  db: Database,
  viewer: SessionUser | null,
  project: Pick<ProjectRow, "id" | "founderId">,
): Promise<ValuationEventDTO[]> {
  const insider = !!viewer && (viewer.id === project.founderId || can(viewer, "administer"));
  const rows = await db
    .select()
    .from(valuationEvents)
    .where(
      sql`${valuationEvents.projectId} = ${project.id} and ${valuationEvents.status} in ${
        insider ? ["approved", "pending", "changes_requested"] : ["approved"]
      }`,
    )
    .orderBy(valuationEvents.effectiveOn, valuationEvents.createdAt)
    .limit(HISTORY_SHOWN);
  return rows.map(toEventDTO);
}

export interface EventQueueItem {
  event: ValuationEventDTO;
  project: { id: string; slug: string; title: string; regulationType: string; mark: number | null; sharePrice: number };
}

/** The admins' queue: reports waiting for review, oldest first. */
export async function listEventQueue(db: Database, viewer: SessionUser | null): Promise<EventQueueItem[]> {
  requireAdmin(viewer);
  const rows = await db
    .select({ event: valuationEvents, project: projects })
    .from(valuationEvents)
    .innerJoin(projects, eq(projects.id, valuationEvents.projectId))
    .where(eq(valuationEvents.status, "pending"))
    .orderBy(valuationEvents.createdAt)
    .limit(QUEUE_SHOWN);
  return rows.map(({ event, project }) => ({
    event: toEventDTO(event),
    project: {
      id: project.id,
      slug: project.slug,
      title: project.title,
      regulationType: project.regulationType,
      mark: project.markCents == null ? null : toDollars(project.markCents),
      sharePrice: toDollars(project.sharePriceCents),
    },
  }));
}
