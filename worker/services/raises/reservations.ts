/**
 * Coming soon and reservations (ADR 055): one service for the pages' forms and the API.
 *
 * - `setLaunchDate`: the founder (or an admin) sets or clears the launch date while the project is
 *   a draft or in review, or moves it while Coming soon (domain/raises/reservations.ts rules).
 *   Approval (reviews.ts goLive) with a launch date still ahead makes the project `coming_soon`.
 * - `reserve` / `cancelReservation`: one row per person and project (the unique index: reserving
 *   again changes the amount, however many requests arrive at once); the project's kept
 *   `reserved_cents` and `reservation_count` (active reservations) change in the same batch, taken
 *   out before the row's write and added back after it, so the kept figures follow whatever the
 *   write did. A slot of RESERVATION_LIMIT rides in the batch (`reserveAndRun`). No money moves.
 * - `openRaise` (the founder, at once) and `openDueRaises` (the 10-minute cron, launch dates that
 *   came): status `active`, `launch_at` and `published_at` the opening instant, every active
 *   reservation's `lapses_at` set, and every reserver told (bell + mail), in one batch per raise;
 *   the fan-out is one INSERT … SELECT per kind, as every fan-out (notifications.ts), guarded by
 *   the project's own UPDATE (`launch_at` = this opening).
 * - `confirmReservation`: buys floor(amount ÷ price) shares through `purchaseShares` (every rule of
 *   a purchase), idempotency key `reservation-<id>`, so a double submit buys once; then marks the
 *   reservation confirmed (only an active one) with the kept figures. A refused purchase leaves the
 *   reservation active.
 * - `lapseReservations`: the cron; active reservations past `lapses_at`, at most LAPSE_BATCH a run.
 */
import { and, eq, sql } from "drizzle-orm";

import { NOTIFICATION_SQL } from "../../../domain/conversation/notification-text";
import { formatDateTime } from "../../../domain/shared/format";
import { HOUR_MS } from "../../../domain/shared/dates";
import { PROJECT_MESSAGES } from "../../../domain/projects/project-form-messages";
import { parseDay } from "../../../domain/raises/raise-dates";
import {
  launchDateProblem,
  launchInstant,
  parseReservationAmount,
  RESERVATION_MESSAGES,
  reservationAmountProblem,
  reservationLapsesAt,
  type ReservationDTO,
  type ReservationStatus,
} from "../../../domain/raises/reservations";
import type { ProjectDTO, SessionUser } from "../../../domain/shared/types";
import { runBatch, type Database } from "../../../db/client";
import { projectReservations, projects, type ProjectRow } from "../../../db/schema";
import type { Mailer } from "../../mail/mailer";
import { noticeMailsStatement, noticeTemplateOf } from "../../mail/notices";
import { INSERT, NEW_ID, NO_REPEAT } from "../conversation/notifications";
import { assertCanInvest, purchaseShares, type PurchaseResult } from "../money/purchases";
import { overseeing } from "../operator/audit";
import { loadWithInvestors } from "../projects/project-editor";
import { getProject } from "../projects/projects";
import { requireSignedIn } from "../shared/access";
import { ServiceError } from "../shared/errors";
import { reserveAndRun, type RateLimit, type Slot } from "../shared/rate-limit";
import { markPublicContentChanged } from "../visitors/public-content";
import {
  myReservationsStatement,
  RESERVATION_COLUMNS,
  reservationOf,
  reservationsOf,
  type ReservationRow,
} from "./reservation-list";

/** Reserving, changing and canceling, per person: a loop cannot churn a founder's figures. */
export const RESERVATION_LIMIT: RateLimit = {
  max: 20,
  windowMs: HOUR_MS,
  message: "You can change your reservations at most 20 times an hour. Please try again later.",
};
const reservationSlot = (userId: string): Slot => ({ key: `reservation:user:${userId}`, limit: RESERVATION_LIMIT });

/** Raises the cron opens per run (soonest launch first), and reservations it lapses per run. */
export const OPEN_BATCH = 20;
export const LAPSE_BATCH = 2_000;
/** An opening's mails sent right after the response; the rest wait in the outbox for the cron's drain. */
const MAILS_NOW = 500;

export type { ReservationDTO, ReservationStatus };

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

async function readJoined(db: Database, where: string, ...binds: unknown[]): Promise<ReservationRow | null> {
  return db.$client
    .prepare(
      `select ${RESERVATION_COLUMNS} from project_reservations r join projects p on p.id = r.project_id
       where ${where} limit 1`,
    )
    .bind(...binds)
    .first<ReservationRow>();
}

// ── The launch date and opening ─────────────────────────────────────────────────────────────────

/** Statuses in which a launch date may be set (before the raise opens). */
const BEFORE_OPEN = ["draft", "in_review", "coming_soon"];

/** `{ launchAt }`: a day, or null/"" to clear it (not while Coming soon); required. */
function launchOf(body: unknown): string | null {
  const raw = body && typeof body === "object" ? (body as Record<string, unknown>).launchAt : undefined;
  // Required: a day, or null (an empty form field) to clear it; a body without it is a 400.
  if (raw === null || (typeof raw === "string" && raw.trim() === "")) return null;
  const day = parseDay(raw);
  if (!day) {
    throw new ServiceError(400, RESERVATION_MESSAGES.launchInvalid, "invalid_launch_date", {
      errors: { launchAt: RESERVATION_MESSAGES.launchInvalid },
    });
  }
  return day;
}

/**
 * Sets (or clears) the launch date of a raise that has not opened: 409 once it is open; 400 on
 * `launchAt` for a day not after today or not before the deadline. Answers the project.
 */
export async function setLaunchDate(
  db: Database,
  viewer: SessionUser | null,
  idOrSlug: unknown,
  body: unknown,
  now: number = Date.now(),
): Promise<ProjectDTO> {
  const { project: row } = await loadWithInvestors(db, viewer, idOrSlug);
  const day = launchOf(body);
  if (!BEFORE_OPEN.includes(row.status)) throw new ServiceError(409, RESERVATION_MESSAGES.launchNotAllowed, "open");
  if (day === null && row.status === "coming_soon") {
    throw new ServiceError(409, RESERVATION_MESSAGES.launchRequired, "launch_required");
  }
  if (day !== null) {
    const problem = launchDateProblem(day, row.fundingDeadline, now);
    if (problem) throw new ServiceError(400, problem, "invalid_launch_date", { errors: { launchAt: problem } });
  }
  const at = day === null ? null : launchInstant(day);
  const oversight = await overseeing(db, viewer, row.founderId, now);
  const d1 = db.$client;
  const [updated] = await runBatch(d1, [
    d1
      .prepare(
        `update projects set launch_at = ?2, updated_at = ?3
         where id = ?1 and status = ?4 and funding_deadline = ?5 returning id`,
      )
      .bind(row.id, at, now, row.status, row.fundingDeadline),
    ...oversight.audit({
      action: "set_launch_date",
      targetType: "project",
      targetId: row.id,
      targetName: row.title,
      changes: [{ field: "launchAt", before: iso(row.launchAt), after: iso(at) }],
    }),
  ]);
  if (!updated.results?.length) throw new ServiceError(409, PROJECT_MESSAGES.changedMeanwhile, "changed_meanwhile");
  if (row.status === "coming_soon") markPublicContentChanged();
  return (await getProject(db, row.id, viewer))!;
}

/**
 * The statements that open a Coming soon raise at `now`: the project's guarded UPDATE first (it
 * matches only while the project is Coming soon), then, each only if that UPDATE wrote this
 * opening (`launch_at` = `now`), every active reservation's lapse time, its reserver's notification
 * and their mail.
 */
async function openingStatements(
  db: Database,
  row: Pick<ProjectRow, "id" | "fundingDeadline">,
  now: number,
): Promise<D1PreparedStatement[]> {
  const d1 = db.$client;
  const lapsesAt = reservationLapsesAt(now, row.fundingDeadline);
  const opened = `exists (select 1 from projects p0 where p0.id = ?1 and p0.status = 'active' and p0.launch_at = ?2)`;
  const eventKey = `reservation-open:${row.id}`;
  return [
    d1
      .prepare(
        `update projects set status = 'active', launch_at = ?2, published_at = ?2, updated_at = ?2
         where id = ?1 and status = 'coming_soon' returning id`,
      )
      .bind(row.id, now),
    d1
      .prepare(
        `update project_reservations set lapses_at = ?3, updated_at = ?2
         where project_id = ?1 and status = 'active' and ${opened}`,
      )
      .bind(row.id, now, lapsesAt),
    // Every reserver, told once (the event key is the raise's opening; the unique index holds it).
    d1
      .prepare(
        `${INSERT}
         select ${NEW_ID}, r.user_id, 'reservation', ?3, ?1,
                ${NOTIFICATION_SQL.reservationOpen("p.title", "r.amount_cents", formatDateTime(lapsesAt))},
                '/reservations/' || r.id || '/confirm', ?2
         from project_reservations r join projects p on p.id = r.project_id
         where r.project_id = ?1 and r.status = 'active' and ${opened}
         ${NO_REPEAT}`,
      )
      .bind(row.id, now, eventKey),
    noticeMailsStatement(
      db,
      await noticeTemplateOf("reservation"),
      { sql: "n.event_key = ?6 and n.kind = 'reservation'", binds: [eventKey] },
      now,
    ),
  ];
}

/** The founder (or an admin) opens a Coming soon raise for investment now. Answers the project. */
export async function openRaise(
  db: Database,
  viewer: SessionUser | null,
  idOrSlug: unknown,
  mailer?: Mailer,
  now: number = Date.now(),
): Promise<ProjectDTO> {
  const { project: row } = await loadWithInvestors(db, viewer, idOrSlug);
  if (row.status !== "coming_soon") throw new ServiceError(409, RESERVATION_MESSAGES.openNotAllowed, "not_coming_soon");
  const oversight = await overseeing(db, viewer, row.founderId, now);
  const [open, ...rest] = await openingStatements(db, row, now);
  const [updated] = await runBatch(db.$client, [
    open!,
    // Right after the project's UPDATE: written only when it opened the raise.
    ...oversight.audit({
      action: "open_raise",
      targetType: "project",
      targetId: row.id,
      targetName: row.title,
      changes: [{ field: "status", before: "coming_soon", after: "active" }],
    }),
    ...rest,
  ]);
  if (!updated.results?.length) throw new ServiceError(409, RESERVATION_MESSAGES.openNotAllowed, "not_coming_soon");
  markPublicContentChanged();
  await sendOpeningMails(db, row.id, now, mailer);
  return (await getProject(db, row.id, viewer))!;
}

/** The opening's mails, sent after the response (the cron's wait for the outbox drain). */
async function sendOpeningMails(db: Database, projectId: string, now: number, mailer?: Mailer): Promise<void> {
  if (!mailer) return;
  const rows = await db
    .select({ userId: projectReservations.userId })
    .from(projectReservations)
    .where(
      and(
        eq(projectReservations.projectId, projectId),
        eq(projectReservations.status, "active"),
        eq(projectReservations.updatedAt, now),
      ),
    )
    .limit(MAILS_NOW);
  mailer.sendLater(rows.map((r) => `notice:reservation-open:${projectId}:${r.userId}`));
}

/**
 * The 10-minute cron: Coming soon raises whose launch has come open, soonest first, at most
 * OPEN_BATCH a run (projects_launch_idx). Answers how many opened.
 */
export async function openDueRaises(db: Database, now: number = Date.now()): Promise<number> {
  const due = await db
    .select({ id: projects.id, fundingDeadline: projects.fundingDeadline })
    .from(projects)
    .where(and(eq(projects.status, "coming_soon"), sql`${projects.launchAt} <= ${now}`))
    .orderBy(projects.launchAt)
    .limit(OPEN_BATCH);
  let opened = 0;
  for (const row of due) {
    const [updated] = await runBatch(
      db.$client,
      (await openingStatements(db, row, now)) as [D1PreparedStatement, ...D1PreparedStatement[]],
    );
    if (updated.results?.length) opened++;
  }
  if (opened) markPublicContentChanged();
  return opened;
}

// ── Reservations ────────────────────────────────────────────────────────────────────────────────

/** The kept figures of project ?1 less (sign -1) or plus (+1) user ?2's active reservation. */
const keptStatement = (db: Database, projectId: string, userId: string, sign: 1 | -1) =>
  db.$client
    .prepare(
      `update projects set
         reserved_cents = reserved_cents + ?3 * coalesce((select r.amount_cents from project_reservations r
           where r.project_id = ?1 and r.user_id = ?2 and r.status = 'active'), 0),
         reservation_count = reservation_count + ?3 * (select count(*) from project_reservations r
           where r.project_id = ?1 and r.user_id = ?2 and r.status = 'active')
       where id = ?1`,
    )
    .bind(projectId, userId, sign);

/** The project a reservation is made in, as the viewer may see it; 404 otherwise. */
async function reservable(db: Database, viewer: SessionUser, idOrSlug: unknown): Promise<ProjectDTO> {
  const key = typeof idOrSlug === "string" ? idOrSlug : "";
  const project = key ? await getProject(db, key, viewer) : null;
  if (!project) throw new ServiceError(404, PROJECT_MESSAGES.notFound, "not_found");
  return project;
}

/**
 * Reserves `body.amount` dollars in a Coming soon raise, or changes the amount of one's active
 * (or canceled) reservation. 401 signed out; 403 for the project's founder or anyone who cannot
 * invest; 409 when the raise is not Coming soon; 400 on `amount`; 429 past RESERVATION_LIMIT.
 */
export async function reserve(
  db: Database,
  viewer: SessionUser | null,
  idOrSlug: unknown,
  body: unknown,
  now: number = Date.now(),
): Promise<ReservationDTO> {
  requireSignedIn(viewer);
  const project = await reservable(db, viewer, idOrSlug);
  if (project.founderId === viewer.id) throw new ServiceError(403, RESERVATION_MESSAGES.ownProject, "own_project");
  assertCanInvest(viewer);
  if (project.status !== "coming_soon")
    throw new ServiceError(409, RESERVATION_MESSAGES.notComingSoon, "not_coming_soon");
  const raw = body && typeof body === "object" ? (body as Record<string, unknown>).amount : undefined;
  const amount = parseReservationAmount(raw);
  const problem =
    amount === null
      ? RESERVATION_MESSAGES.amountInvalid
      : reservationAmountProblem(amount, project.investmentTerms.minInvestment, project.sharePrice);
  if (problem || amount === null) {
    const message = problem ?? RESERVATION_MESSAGES.amountInvalid;
    throw new ServiceError(400, message, "invalid_amount", { errors: { amount: message } });
  }
  const d1 = db.$client;
  const id = crypto.randomUUID();
  const [, written] = await reserveAndRun(
    db,
    [reservationSlot(viewer.id)],
    [
      keptStatement(db, project._id, viewer.id, -1),
      d1
        .prepare(
          `insert into project_reservations (id, project_id, user_id, amount_cents, status, created_at, updated_at)
           select ?1, p.id, ?2, ?3, 'active', ?4, ?4 from projects p
           where p.id = ?5 and p.status = 'coming_soon' and coalesce(p.founder_id, '') <> ?2
           on conflict (project_id, user_id) do update set amount_cents = excluded.amount_cents,
             status = 'active', canceled_at = null, updated_at = excluded.updated_at
           where project_reservations.status in ('active', 'canceled')
           returning id`,
        )
        .bind(id, viewer.id, amount * 100, now, project._id),
      keptStatement(db, project._id, viewer.id, 1),
    ],
    now,
  );
  if (!written.results?.length) throw new ServiceError(409, RESERVATION_MESSAGES.notComingSoon, "not_coming_soon");
  markPublicContentChanged();
  return (await mine(db, viewer, project._id))!;
}

/** One's reservation in a project, or null. */
async function mine(db: Database, viewer: SessionUser, projectId: string): Promise<ReservationDTO | null> {
  const row = await readJoined(db, "r.project_id = ?1 and r.user_id = ?2", projectId, viewer.id);
  return row ? reservationOf(row) : null;
}

/** The viewer's reservation in a project (any status), or null: the project page's form. */
export async function myReservationIn(
  db: Database,
  viewer: SessionUser | null,
  projectId: string,
): Promise<ReservationDTO | null> {
  if (!viewer) return null;
  return mine(db, viewer, projectId);
}

/** Cancels one's active reservation in a project (before or after it opened). 404 with none. */
export async function cancelReservation(
  db: Database,
  viewer: SessionUser | null,
  idOrSlug: unknown,
  now: number = Date.now(),
): Promise<ReservationDTO> {
  requireSignedIn(viewer);
  const project = await reservable(db, viewer, idOrSlug);
  const d1 = db.$client;
  const [, canceled] = await reserveAndRun(
    db,
    [reservationSlot(viewer.id)],
    [
      keptStatement(db, project._id, viewer.id, -1),
      d1
        .prepare(
          `update project_reservations set status = 'canceled', canceled_at = ?3, updated_at = ?3
           where project_id = ?1 and user_id = ?2 and status = 'active' returning id`,
        )
        .bind(project._id, viewer.id, now),
      keptStatement(db, project._id, viewer.id, 1),
    ],
    now,
  );
  if (!canceled.results?.length) throw new ServiceError(404, RESERVATION_MESSAGES.noneActive, "no_reservation");
  markPublicContentChanged();
  return (await mine(db, viewer, project._id))!;
}

/** The viewer's reservations, newest first, at most RESERVATIONS_SHOWN (project_reservations_user_idx). */
export async function listMyReservations(db: Database, viewer: SessionUser | null): Promise<ReservationDTO[]> {
  requireSignedIn(viewer);
  return reservationsOf((await myReservationsStatement(db.$client, viewer.id).all()).results);
}

/** One of the viewer's reservations by id; 404 for anyone else's or none. */
export async function getMyReservation(db: Database, viewer: SessionUser | null, id: unknown): Promise<ReservationDTO> {
  requireSignedIn(viewer);
  const key = typeof id === "string" && id.length <= 100 ? id : "";
  const row = key ? await readJoined(db, "r.id = ?1", key) : null;
  if (!row || row.userId !== viewer.id) throw new ServiceError(404, RESERVATION_MESSAGES.notFound, "not_found");
  return reservationOf(row);
}

/** Why a reservation cannot be confirmed now (before any purchase is tried), or null. */
export function confirmProblem(r: ReservationDTO, now: number): ServiceError | null {
  if (r.status === "canceled") return new ServiceError(409, RESERVATION_MESSAGES.canceled, "reservation_canceled");
  if (r.status === "lapsed") return new ServiceError(409, RESERVATION_MESSAGES.lapsed, "reservation_lapsed");
  if (r.status === "confirmed") return null;
  if (!r.raiseOpen) return new ServiceError(409, RESERVATION_MESSAGES.notOpenYet, "not_open_yet");
  if (r.lapsesAt && Date.parse(r.lapsesAt) <= now) {
    return new ServiceError(409, RESERVATION_MESSAGES.lapsed, "reservation_lapsed");
  }
  if (r.shares < 1) return new ServiceError(409, RESERVATION_MESSAGES.noShares, "no_shares");
  return null;
}

export interface ConfirmResult {
  reservation: ReservationDTO;
  purchase: PurchaseResult;
}

/** The purchase key of a reservation: the same for every confirm of it, so it buys once. */
export const reservationKey = (id: string) => `reservation-${id}`;

/**
 * Confirms an active reservation of an open raise into an investment at the raise's terms:
 * floor(amount ÷ price) shares through `purchaseShares`. A confirmed one answers its purchase
 * again (a double submit); any refusal of the purchase leaves the reservation active.
 */
export async function confirmReservation(
  db: Database,
  viewer: SessionUser | null,
  id: unknown,
  mailer?: Mailer,
  now: number = Date.now(),
): Promise<ConfirmResult> {
  const r = await getMyReservation(db, viewer, id);
  const problem = confirmProblem(r, now);
  if (problem) throw problem;
  const shares =
    r.status === "confirmed" && r.investmentId
      ? ((
          await db.$client
            .prepare("select shares from investments where id = ?1")
            .bind(r.investmentId)
            .first<{ shares: number }>()
        )?.shares ?? r.shares)
      : r.shares;
  const purchase = await purchaseShares(
    db,
    viewer,
    { project: r.projectId, shares, sharePrice: r.sharePrice, idempotencyKey: reservationKey(r.id) },
    mailer,
  );
  if (r.status === "active") {
    const d1 = db.$client;
    await runBatch(d1, [
      keptStatement(db, r.projectId, viewer!.id, -1),
      d1
        .prepare(
          `update project_reservations set status = 'confirmed', confirmed_at = ?2, updated_at = ?2, investment_id = ?3
           where id = ?1 and status = 'active'`,
        )
        .bind(r.id, now, purchase.investment._id),
      keptStatement(db, r.projectId, viewer!.id, 1),
    ]);
    markPublicContentChanged();
  }
  return { reservation: await getMyReservation(db, viewer, r.id), purchase };
}

/**
 * The 10-minute cron: active reservations past their lapse time lapse, at most LAPSE_BATCH a run
 * (project_reservations_lapse_idx), the kept figures taken down in the same batch. Answers how many.
 */
export async function lapseReservations(db: Database, now: number = Date.now()): Promise<number> {
  const due = await db
    .select({ id: projectReservations.id })
    .from(projectReservations)
    .where(and(eq(projectReservations.status, "active"), sql`${projectReservations.lapsesAt} <= ${now}`))
    .limit(LAPSE_BATCH);
  if (!due.length) return 0;
  const ids = JSON.stringify(due.map((r) => r.id));
  const d1 = db.$client;
  const picked = `select value from json_each(?1)`;
  const [, lapsed] = await runBatch(d1, [
    d1
      .prepare(
        `update projects set
           reserved_cents = reserved_cents - (select coalesce(sum(r.amount_cents), 0) from project_reservations r
             where r.project_id = projects.id and r.id in (${picked}) and r.status = 'active' and r.lapses_at <= ?2),
           reservation_count = reservation_count - (select count(*) from project_reservations r
             where r.project_id = projects.id and r.id in (${picked}) and r.status = 'active' and r.lapses_at <= ?2)
         where id in (select r.project_id from project_reservations r where r.id in (${picked}))`,
      )
      .bind(ids, now),
    d1
      .prepare(
        `update project_reservations set status = 'lapsed', updated_at = ?2
         where id in (${picked}) and status = 'active' and lapses_at <= ?2`,
      )
      .bind(ids, now),
  ]);
  return lapsed.meta.changes ?? 0;
}
