/**
 * Settlement: every raise whose deadline has come is settled exactly once (ADR 043, Reg CF all or
 * nothing, 17 CFR 227.304). Two steps, each atomic:
 *
 * 1. **The decision**: one guarded UPDATE of the project (`status = 'active'` and its deadline has
 *    come) makes it `funded` (goal reached) or `closed` (goal missed) and records what it had then
 *    (`settled_cents`, `settled_shares`, `settled_investors`); the founder's notice rides in the
 *    same batch and is written only if that UPDATE was. A second or concurrent decision matches no
 *    row and changes nothing.
 * 2. **The investments**, `SETTLE_CHUNK` at a time, one batch each, until none is left: a funded
 *    raise's active investments become `confirmed` (still held: no sum moves); a closed raise's
 *    become `returned`, and the same batch takes their shares and money off the project's
 *    `shares_sold` and `funding_current` (the kept sums follow by trigger), so DESIGN §3's
 *    invariants hold after every batch. Each batch picks the rows that are still `active`, so two
 *    settlers never take one investment twice, and each investment's notice (event key
 *    `settled:<investmentId>`) is written once.
 *
 * A raise with a reconfirmation still pending (ADR 050) waits: the investors asked have until its
 * due instant, after which the job lapses it (worker/services/money/reconfirmations.ts) and the
 * next run settles the raise.
 *
 * A purchase needs `status = 'active'` and a deadline still ahead (worker/services/money/purchases.ts), a
 * cancellation a cutoff 48 hours before it: both land before the decision, or are refused.
 *
 * Run by the scheduled job (`settleDueRaises`, a bounded number of raises per run) and by the first
 * request that reads a raise past its deadline (`settleIfDue`).
 */
import { isoDay } from "../../../domain/shared/dates";
import { NOTIFICATION_SQL } from "../../../domain/conversation/notification-text";
import { raiseEnded, type RaiseOutcome } from "../../../domain/raises/settlement";
import type { Database } from "../../../db/client";
import { INSERT, NEW_ID, NO_REPEAT } from "../conversation/notifications";
import { markPublicContentChanged } from "../visitors/public-content";
import { noticeMailsStatement, noticeTemplateOf } from "../../mail/notices";

/** Investments per batch: D1 answers a batch within its time limit, and one batch writes at most this many notices. */
export const SETTLE_CHUNK = 500;

/** Raises the scheduled job settles per run (the rest wait for the next run, or their first reader). */
export const SETTLE_RAISES_PER_RUN = 50;

export interface SettleReport {
  projectId: string;
  outcome: RaiseOutcome;
  /** Whether this call made the decision (false: an earlier or concurrent call had). */
  decided: boolean;
  /** Investments this call confirmed or returned. */
  investments: number;
  /** Batches this call sent (the decision's included). */
  batches: number;
}

/** The still-open investments of raise ?1, the next chunk of them: the same rows for every statement of a batch. */
const CHUNK = `select id from investments where project_id = ?1 and status = 'active' order by id limit ?3`;

/**
 * Settles raise `projectId` if its deadline has come (`now`): decides it if nobody has, then
 * confirms or returns its open investments. Null when it is not a raise this settles (unknown, not
 * published, or still open).
 */
export async function settleProject(
  db: Database,
  projectId: string,
  now: number = Date.now(),
  chunk: number = SETTLE_CHUNK,
): Promise<SettleReport | null> {
  const d1 = db.$client;
  const [decision] = await d1.batch<{ status: RaiseOutcome }>([
    d1
      .prepare(
        `update projects
         set status = case when funding_goal_cents <= 0 or funding_current_cents >= funding_goal_cents
                           then 'funded' else 'closed' end,
             settled_at = ?2, settled_cents = funding_current_cents, settled_shares = shares_sold,
             settled_investors = investor_count, updated_at = ?2
         where id = ?1 and status = 'active' and funding_deadline <= ?3
           -- a material change waiting for investors' reconfirmation holds the close (ADR 050)
           and not exists (select 1 from reconfirmations r where r.project_id = ?1 and r.status = 'pending')
         returning status`,
      )
      .bind(projectId, now, isoDay(now)),
    // The founder hears the outcome, with the totals, once: only if the UPDATE above decided it.
    d1
      .prepare(
        `${INSERT}
         select ${NEW_ID}, p.founder_id, 'settlement', 'outcome:' || p.id, p.id,
                ${NOTIFICATION_SQL.outcome("p.title", "p.status", "p.settled_cents", "p.settled_investors")},
                '/founder-dashboard', ?2
         from projects p
         where p.id = ?1 and p.settled_at = ?2 and p.founder_id is not null
         ${NO_REPEAT}`,
      )
      .bind(projectId, now),
    // Its mail twin (a proved address only): the job sends it.
    noticeMailsStatement(
      db,
      await noticeTemplateOf("outcome"),
      { sql: "n.event_key = 'outcome:' || ?6", binds: [projectId] },
      now,
    ),
  ]);
  const decided = (decision?.results.length ?? 0) > 0;
  let outcome = decision?.results[0]?.status;
  if (!outcome) {
    const row = await d1
      .prepare(`select status from projects where id = ?1 and settled_at is not null`)
      .bind(projectId)
      .first<{ status: string }>();
    if (row?.status !== "funded" && row?.status !== "closed") return null;
    outcome = row.status;
  }
  if (decided) markPublicContentChanged();

  let investments = 0;
  let batches = 1;
  // The investors' mails: one set-based statement a batch, right after the notices it mirrors; the
  // template is rendered once (worker/mail/notices.ts), and the mail job sends them (never this call).
  const mails = noticeMailsStatement(
    db,
    await noticeTemplateOf("settled"),
    {
      sql: `n.event_key in (select 'settled:' || id from investments
              where project_id = ?6 and status = 'active' order by id limit ?7)`,
      binds: [projectId, chunk],
    },
    now,
  );
  for (;;) {
    const statements =
      outcome === "funded"
        ? [investorNotices(db, projectId, now, chunk, "confirmed"), mails, confirmChunk(db, projectId, now, chunk)]
        : [
            returnFigures(db, projectId, now, chunk),
            investorNotices(db, projectId, now, chunk, "returned"),
            mails,
            returnChunk(db, projectId, now, chunk),
          ];
    const results = await d1.batch(statements);
    batches += 1;
    // The rows the last statement settled (its RETURNING: D1's `changes` counts the triggers' writes too).
    const changed = results.at(-1)?.results.length ?? 0;
    investments += changed;
    if (changed < chunk) break;
  }
  if (investments && !decided) markPublicContentChanged();
  return { projectId, outcome, decided, investments, batches };
}

/** A funded raise's next chunk: confirmed (still held, so no sum moves). */
function confirmChunk(db: Database, projectId: string, now: number, chunk: number) {
  return db.$client
    .prepare(`update investments set status = 'confirmed', settled_at = ?2 where id in (${CHUNK}) returning id`)
    .bind(projectId, now, chunk);
}

/** A closed raise's next chunk: returned to their investors (no longer held; the kept sums follow by trigger). */
function returnChunk(db: Database, projectId: string, now: number, chunk: number) {
  return db.$client
    .prepare(`update investments set status = 'returned', settled_at = ?2 where id in (${CHUNK}) returning id`)
    .bind(projectId, now, chunk);
}

/** Before `returnChunk`, in its batch: the same rows' shares and money taken off the project's figures. */
function returnFigures(db: Database, projectId: string, now: number, chunk: number) {
  return db.$client
    .prepare(
      `update projects
       set shares_sold = shares_sold - c.shares, funding_current_cents = funding_current_cents - c.cents, updated_at = ?2
       from (select coalesce(sum(shares + bonus_shares), 0) as shares, coalesce(sum(amount_cents), 0) as cents
             from investments where id in (${CHUNK})) as c
       where projects.id = ?1 and c.shares > 0`,
    )
    .bind(projectId, now, chunk);
}

/** Each investment of the chunk: its investor's confirmation or return notice (event `settled:<id>`). */
function investorNotices(
  db: Database,
  projectId: string,
  now: number,
  chunk: number,
  settled: "confirmed" | "returned",
) {
  return db.$client
    .prepare(
      `${INSERT}
       select ${NEW_ID}, i.investor_id, 'settlement', 'settled:' || i.id, p.id,
              ${NOTIFICATION_SQL[settled]("p.title", "i.amount_cents", "i.shares", "i.share_price_cents")},
              '/portfolio/investments/' || i.id, ?2
       from investments i join projects p on p.id = i.project_id
       where i.id in (${CHUNK})
       ${NO_REPEAT}`,
    )
    .bind(projectId, now, chunk);
}

/**
 * The scheduled job's part: settles up to `limit` raises whose deadline has come, oldest deadline
 * first (read from `projects_due_idx`). Answers what each settled.
 */
export async function settleDueRaises(
  db: Database,
  now: number = Date.now(),
  limit: number = SETTLE_RAISES_PER_RUN,
): Promise<SettleReport[]> {
  const due = await db.$client
    .prepare(
      `select id from projects indexed by projects_due_idx
       where status = 'active' and funding_deadline <= ?1
         and not exists (select 1 from reconfirmations r where r.project_id = projects.id and r.status = 'pending')
       order by funding_deadline limit ?2`,
    )
    .bind(isoDay(now), limit)
    .all<{ id: string }>();
  const reports: SettleReport[] = [];
  for (const { id } of due.results) {
    const report = await settleProject(db, id, now);
    if (report) reports.push(report);
  }
  return reports;
}

/**
 * A reader's part: a published raise still `active` past its deadline is settled before it is
 * shown (true: the caller reads the project again). Cheap for everything else: no query.
 */
export async function settleIfDue(
  db: Database,
  project: { _id: string; status: string; fundingDeadline: string },
  now: number = Date.now(),
): Promise<boolean> {
  if (project.status !== "active" || !raiseEnded(project.fundingDeadline, now)) return false;
  return (await settleProject(db, project._id, now)) !== null;
}

/** Raises one read settles at most (a list's page is smaller; the scheduled job takes any rest). */
export const SETTLE_ON_READ_MAX = 20;

/**
 * A list reader's part, the same promise as `settleIfDue`: `read` the rows; if any is a raise past
 * its deadline still `active`, settle those (at most SETTLE_ON_READ_MAX) and read again, so no list
 * (the catalogue, the home page, My Projects, the watchlist) shows an ended raise unsettled. No
 * extra query when none is due, which is every read but the first after a deadline.
 */
export async function readSettled<R>(
  db: Database,
  read: () => Promise<R[]>,
  projectOf: (row: R) => { id: string; status: string; fundingDeadline: string } | null | undefined,
  now: number = Date.now(),
): Promise<R[]> {
  const rows = await read();
  const due = rows
    .map(projectOf)
    .filter((p): p is NonNullable<typeof p> => !!p && p.status === "active" && raiseEnded(p.fundingDeadline, now))
    .slice(0, SETTLE_ON_READ_MAX);
  if (due.length === 0) return rows;
  for (const p of due) await settleProject(db, p.id, now);
  return read();
}
