/**
 * Moderating a Discussion (ADR 055): anyone signed in reports a post (one report per person per
 * post, a reason, details required for "other", at most DISCUSSION_LIMITS.reportsPerHour an hour,
 * reserved in the report's own batch); the admins' queue groups the open reports by post; an admin
 * hides a post with a note (its open reports resolved, its author told by bell and mail, the
 * thread count kept, and a posting suspension after POSTING_SUSPENSION.hiddenPosts hidden posts in
 * its window, all in the hide's batch), dismisses its reports, restores a hidden post, or lifts a
 * suspension. Every admin act is audited and takes a slot of the admin's hourly limit (ADR 030).
 *
 * A person whose posting is suspended may still report: a suspension stops their own words, not
 * their telling us of someone else's.
 */
import {
  DISCUSSION_LIMITS,
  DISCUSSION_MESSAGES,
  POSTING_SUSPENSION,
  postingSuspended,
} from "../../../domain/conversation/discussion-rules";
import {
  hiddenNoticeText,
  MODERATION_MESSAGES,
  postLink,
  REPORT_QUEUE,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type HiddenPostDTO,
  type ReportDTO,
  type ReportQueueEntry,
  type ReportReason,
} from "../../../domain/conversation/moderation";
import { HOUR_MS } from "../../../domain/shared/dates";
import { FIELD_MESSAGES } from "../../../domain/shared/fields";
import { charCount, cleanText } from "../../../domain/shared/text";
import type { SessionUser } from "../../../domain/shared/types";
import { type Database, runBatch } from "../../../db/client";
import type { Mailer } from "../../mail/mailer";
import { noticeMailId, noticeMailsStatement, noticeTemplateOf } from "../../mail/notices";
import { auditStatement, reserveAdminAction } from "../operator/audit";
import { requireAdmin, requireSignedIn } from "../shared/access";
import { invalidFields, ServiceError } from "../shared/errors";
import { isOverLimit, refusal, reserveStatement, type RateLimit } from "../shared/rate-limit";
import { publicInvestorName } from "../projects/projects";
import { markPublicContentChanged } from "../visitors/public-content";
import { INSERT, NEW_ID, NO_REPEAT } from "./notifications";

export const REPORT_RATE_LIMIT = {
  max: DISCUSSION_LIMITS.reportsPerHour,
  windowMs: HOUR_MS,
  message: DISCUSSION_MESSAGES.tooManyReports,
} as const satisfies RateLimit;

const reportSlot = (userId: string) => ({ key: `report:user:${userId}`, limit: REPORT_RATE_LIMIT });

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

type PostRow = {
  id: string;
  project_id: string;
  author_id: string;
  depth: number;
  body: string;
  hidden_at: number | null;
  slug: string;
  title: string;
};

/** A post with its project, or a 404 (an id no post can have is refused before any read). */
async function postOf(db: Database, postId: string): Promise<PostRow> {
  const row =
    postId && postId.length <= 64
      ? await db.$client
          .prepare(
            `select d.id, d.project_id, d.author_id, d.depth, d.body, d.hidden_at, p.slug, p.title
             from discussion_posts d join projects p on p.id = d.project_id where d.id = ?1`,
          )
          .bind(postId)
          .first<PostRow>()
      : null;
  if (!row) throw new ServiceError(404, DISCUSSION_MESSAGES.notFound, "not_found");
  return row;
}

const field = (body: unknown, name: string): unknown =>
  body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>)[name] : undefined;

/** A report's reason and details, checked: a reason of the list; details required for "other", at most 500 characters, never cut. */
export function parseReport(body: unknown): { reason: ReportReason; detail: string | null } {
  const rawReason = field(body, "reason");
  const rawDetail = field(body, "detail");
  const reason = (REPORT_REASONS as readonly unknown[]).includes(rawReason) ? (rawReason as ReportReason) : null;
  const detail = typeof rawDetail === "string" ? cleanText(rawDetail) : "";
  const errors: Record<string, string> = {};
  if (!reason) errors.reason = DISCUSSION_MESSAGES.reasonRequired;
  if (rawDetail !== undefined && rawDetail !== null && typeof rawDetail !== "string") {
    errors.detail = FIELD_MESSAGES.mustBeText("Details");
  } else if (charCount(detail) > DISCUSSION_LIMITS.reportDetail) errors.detail = DISCUSSION_MESSAGES.detailTooLong;
  else if (reason === "other" && !detail) errors.detail = DISCUSSION_MESSAGES.detailRequired;
  if (Object.keys(errors).length) throw invalidFields(errors, "first");
  return { reason: reason!, detail: detail || null };
}

/** The moderator's note: required, at most 500 characters, never cut. */
export function parseNote(body: unknown): string {
  const raw = field(body, "note");
  const note = typeof raw === "string" ? cleanText(raw) : "";
  if (!note) throw invalidFields({ note: DISCUSSION_MESSAGES.noteRequired }, "first");
  if (charCount(note) > DISCUSSION_LIMITS.hideNote)
    throw invalidFields({ note: DISCUSSION_MESSAGES.noteTooLong }, "first");
  return note;
}

/**
 * Files a report of a visible post by someone else. The insert writes only while the post is
 * visible and the person has not reported it (a second report, even sent at once, is the 409);
 * the hourly slot is taken right after it, only if it wrote, so a refused report uses none and an
 * eleventh at once rolls back with its 429.
 */
export async function reportPost(
  db: Database,
  viewer: SessionUser | null,
  postId: string,
  body: unknown,
): Promise<ReportDTO & { slug: string }> {
  requireSignedIn(viewer);
  const { reason, detail } = parseReport(body);
  const post = await postOf(db, postId);
  if (post.hidden_at !== null) throw new ServiceError(404, DISCUSSION_MESSAGES.notFound, "not_found");
  if (post.author_id === viewer.id) throw new ServiceError(403, DISCUSSION_MESSAGES.ownPost, "own_post");
  const id = crypto.randomUUID();
  const now = Date.now();
  const d1 = db.$client;
  const slot = reportSlot(viewer.id);
  let written: unknown[];
  try {
    const [inserted] = await runBatch(d1, [
      d1
        .prepare(
          `insert into discussion_reports (id, post_id, reporter_id, reason, detail, created_at)
           select ?1, ?2, ?3, ?4, ?5, ?6
           where exists (select 1 from discussion_posts where id = ?2 and hidden_at is null)
           on conflict (post_id, reporter_id) do nothing
           returning id`,
        )
        .bind(id, post.id, viewer.id, reason, detail, now),
      reserveStatement(
        db,
        { ...slot, onlyIf: { sql: "exists (select 1 from discussion_reports where id = ?5)", binds: [id] } },
        now,
      ),
    ]);
    written = inserted.results;
  } catch (e) {
    if (isOverLimit(e)) throw await refusal(db, [slot], now);
    throw e;
  }
  if (!written.length) {
    const hidden = await d1.prepare("select hidden_at from discussion_posts where id = ?1").bind(post.id).first();
    if (!hidden || hidden.hidden_at !== null) throw new ServiceError(404, DISCUSSION_MESSAGES.notFound, "not_found");
    throw new ServiceError(409, DISCUSSION_MESSAGES.alreadyReported, "already_reported");
  }
  return {
    id,
    postId: post.id,
    reason,
    detail,
    createdAt: new Date(now).toISOString(),
    message: DISCUSSION_MESSAGES.reported,
    slug: post.slug,
  };
}

/** A post the report page quotes: visible, with its author's public name and its project. */
export interface ReportablePost {
  id: string;
  body: string;
  authorName: string;
  createdAt: string;
  project: { slug: string; title: string };
  mine: boolean;
}

/** The report page's read: the post (a hidden one does not exist here), one statement. */
export async function reportablePost(
  db: Database,
  viewer: SessionUser | null,
  postId: string,
): Promise<ReportablePost> {
  requireSignedIn(viewer);
  const row =
    postId && postId.length <= 64
      ? await db.$client
          .prepare(
            `select d.id, d.body, d.author_id, d.created_at, p.slug, p.title, u.first_name, u.last_name
             from discussion_posts d join projects p on p.id = d.project_id join users u on u.id = d.author_id
             where d.id = ?1 and d.hidden_at is null and u.suspended_at is null and p.published_at is not null`,
          )
          .bind(postId)
          .first<{
            id: string;
            body: string;
            author_id: string;
            created_at: number;
            slug: string;
            title: string;
            first_name: string;
            last_name: string;
          }>()
      : null;
  if (!row) throw new ServiceError(404, DISCUSSION_MESSAGES.notFound, "not_found");
  return {
    id: row.id,
    body: row.body,
    authorName: publicInvestorName(row.first_name, row.last_name),
    createdAt: new Date(row.created_at).toISOString(),
    project: { slug: row.slug, title: row.title },
    mine: row.author_id === viewer.id,
  };
}

/** The reasons as SQL counts: one column per reason. */
const REASON_COUNTS = REPORT_REASONS.map((r) => `sum(r.reason = '${r}') as n_${r}`).join(", ");

type QueueRow = {
  post_id: string;
  first_at: number;
  total: number;
  details: string;
  body: string;
  depth: number;
  created_at: number;
  author_id: string;
  first_name: string;
  last_name: string;
  posting_suspended_until: number | null;
  project_id: string;
  slug: string;
  title: string;
} & Record<`n_${ReportReason}`, number>;

/**
 * The admins' queue: open reports grouped by post, the post first reported longest ago first. One
 * statement, bounded twice: the oldest REPORT_QUEUE.reports open reports (walked in order on
 * discussion_reports_queue_idx, no sort), grouped, at most REPORT_QUEUE.posts posts.
 */
export async function listReportQueue(db: Database, viewer: SessionUser | null): Promise<ReportQueueEntry[]> {
  requireAdmin(viewer);
  const rows = await db.$client
    .prepare(
      `with open as (
         select post_id, reason, detail, created_at, id from discussion_reports
         where resolved_at is null order by created_at, id limit ?1
       ), grouped as (
         select r.post_id, min(r.created_at) as first_at, count(*) as total, ${REASON_COUNTS},
           json_group_array(r.detail) filter (where r.detail is not null) as details
         from open r group by r.post_id order by first_at, r.post_id limit ?2
       )
       select g.*, d.body, d.depth, d.created_at, d.author_id, u.first_name, u.last_name, u.posting_suspended_until,
         p.id as project_id, p.slug, p.title
       from grouped g join discussion_posts d on d.id = g.post_id
         join users u on u.id = d.author_id join projects p on p.id = d.project_id
       order by g.first_at, g.post_id`,
    )
    .bind(REPORT_QUEUE.reports, REPORT_QUEUE.posts)
    .all<QueueRow>();
  const now = Date.now();
  return rows.results.map((r) => ({
    post: {
      id: r.post_id,
      body: r.body,
      createdAt: new Date(r.created_at).toISOString(),
      isThread: r.depth === 0,
      link: postLink(r.slug, r.post_id),
    },
    author: {
      id: r.author_id,
      name: `${r.first_name} ${r.last_name}`,
      postingSuspendedUntil: postingSuspended(r.posting_suspended_until, now) ? iso(r.posting_suspended_until) : null,
    },
    project: { id: r.project_id, slug: r.slug, title: r.title },
    reports: Number(r.total),
    reasons: REPORT_REASONS.map((reason) => ({
      reason,
      label: REPORT_REASON_LABELS[reason],
      count: Number(r[`n_${reason}`] ?? 0),
    }))
      .filter((x) => x.count > 0)
      .sort((a, b) => b.count - a.count),
    details: (JSON.parse(r.details || "[]") as string[]).slice(0, REPORT_QUEUE.detailsShown),
    firstReportedAt: new Date(r.first_at).toISOString(),
  }));
}

/**
 * The posts hidden most recently, newest first: one statement, bounded, walking
 * discussion_hidden_idx (hidden posts only) in order.
 */
export async function listHiddenPosts(db: Database, viewer: SessionUser | null): Promise<HiddenPostDTO[]> {
  requireAdmin(viewer);
  const rows = await db.$client
    .prepare(
      `select d.id, d.body, d.hidden_note, d.hidden_at, d.author_id, u.first_name, u.last_name,
         a.first_name || ' ' || a.last_name as hidden_by, p.slug, p.title
       from discussion_posts d indexed by discussion_hidden_idx
         join users u on u.id = d.author_id join projects p on p.id = d.project_id
         left join users a on a.id = d.hidden_by
       where d.hidden_at is not null
       order by d.hidden_at desc limit ?1`,
    )
    .bind(REPORT_QUEUE.hiddenShown)
    .all<{
      id: string;
      body: string;
      hidden_note: string | null;
      hidden_at: number;
      author_id: string;
      first_name: string;
      last_name: string;
      hidden_by: string | null;
      slug: string;
      title: string;
    }>();
  return rows.results.map((r) => ({
    id: r.id,
    body: r.body,
    note: r.hidden_note ?? "",
    hiddenAt: new Date(r.hidden_at).toISOString(),
    hiddenBy: r.hidden_by,
    author: { id: r.author_id, name: `${r.first_name} ${r.last_name}` },
    project: { slug: r.slug, title: r.title },
    link: postLink(r.slug, r.id),
  }));
}

/** A post as the audit log names it: its first words and its project's title. */
function postName(p: { body: string; title: string }): string {
  const flat = p.body.replace(/\s+/g, " ").trim();
  const words = charCount(flat) > 80 ? `${Array.from(flat).slice(0, 79).join("")}…` : flat;
  return `“${words}” (on ${p.title})`;
}

export interface HideOutcome {
  postId: string;
  hiddenAt: string;
  note: string;
  reportsResolved: number;
  /** When this hide suspended the author's posting (their POSTING_SUSPENSION.hiddenPosts-th in the window), its end. */
  postingSuspendedUntil: string | null;
}

/**
 * Hides a visible post with a note. One batch, every statement guarded by "the post is still
 * visible" and placed BEFORE the hide itself, so they all happen exactly when the hide does (a
 * second hide, even sent at once, changes nothing and is the 409): the open reports resolved as
 * "hidden"; the project's thread count less one for a thread; the author's suspension when this is
 * their POSTING_SUSPENSION.hiddenPosts-th hidden post within its window (counting this one); the
 * author's notice (bell, with the note and the suspension) and its mail; then the hide and its
 * audit row.
 */
export async function hidePost(
  db: Database,
  viewer: SessionUser | null,
  postId: string,
  body: unknown,
  mailer?: Mailer,
): Promise<HideOutcome> {
  requireAdmin(viewer);
  const note = parseNote(body);
  const post = await postOf(db, postId);
  if (post.hidden_at !== null) throw new ServiceError(409, MODERATION_MESSAGES.alreadyHidden, "already_hidden");
  const now = Date.now();
  await reserveAdminAction(db, viewer.id, now);
  const until = now + POSTING_SUSPENSION.suspensionMs;
  const d1 = db.$client;
  const VISIBLE = "exists (select 1 from discussion_posts where id = ?1 and hidden_at is null)";
  // The author's posts hidden within the window, this one counted (it is not hidden yet when read).
  const REACHED = `(select count(*) from discussion_posts where author_id = ?2 and hidden_at > ?3) + 1 >= ${POSTING_SUSPENSION.hiddenPosts}`;
  const eventKey = `moderation:hidden:${post.id}:${now}`;
  const link = postLink(post.slug, post.id);
  const [resolved, , suspended, , , hidden] = await runBatch(d1, [
    d1
      .prepare(
        `update discussion_reports set resolved_at = ?2, resolution = 'hidden', resolved_by = ?3
         where post_id = ?1 and resolved_at is null and ${VISIBLE}`,
      )
      .bind(post.id, now, viewer.id),
    d1
      .prepare(`update projects set thread_count = thread_count - 1 where id = ?2 and ?3 = 0 and ${VISIBLE}`)
      .bind(post.id, post.project_id, post.depth),
    d1
      .prepare(
        `update users set posting_suspended_until = max(coalesce(posting_suspended_until, 0), ?4)
         where id = ?2 and ${VISIBLE} and ${REACHED}
         returning posting_suspended_until`,
      )
      .bind(post.id, post.author_id, now - POSTING_SUSPENSION.windowMs, until),
    d1
      .prepare(
        `${INSERT}
         select ${NEW_ID}, ?2, 'moderation', ?4, ?5, case when ${REACHED} then ?6 else ?7 end, ?8, ?9
         where ${VISIBLE}
         ${NO_REPEAT}`,
      )
      .bind(
        post.id,
        post.author_id,
        now - POSTING_SUSPENSION.windowMs,
        eventKey,
        post.project_id,
        hiddenNoticeText(post.title, note, DISCUSSION_MESSAGES.suspended(until)),
        hiddenNoticeText(post.title, note, null),
        link,
        now,
      ),
    noticeMailsStatement(
      db,
      await noticeTemplateOf("moderation"),
      { sql: "n.event_key = ?6 and n.user_id = ?7", binds: [eventKey, post.author_id] },
      now,
    ),
    d1
      .prepare(
        `update discussion_posts set hidden_at = ?2, hidden_note = ?3, hidden_by = ?4
         where id = ?1 and hidden_at is null returning id`,
      )
      .bind(post.id, now, note, viewer.id),
    auditStatement(db, {
      adminId: viewer.id,
      action: "hide_post",
      targetType: "post",
      targetId: post.id,
      targetName: postName(post),
      reason: note,
      now,
    }),
  ]);
  if (!hidden.results.length) throw new ServiceError(409, MODERATION_MESSAGES.alreadyHidden, "already_hidden");
  markPublicContentChanged();
  mailer?.sendLater([noticeMailId(eventKey, post.author_id)]);
  const suspendedRow = (suspended.results as { posting_suspended_until: number }[])[0];
  return {
    postId: post.id,
    hiddenAt: new Date(now).toISOString(),
    note,
    reportsResolved: resolved.meta.changes ?? 0,
    postingSuspendedUntil: suspendedRow ? iso(suspendedRow.posting_suspended_until) : null,
  };
}

/** Dismisses a post's open reports (resolved as "dismissed"): the post stays. 409 without any. */
export async function dismissReports(
  db: Database,
  viewer: SessionUser | null,
  postId: string,
): Promise<{ postId: string; reportsResolved: number }> {
  requireAdmin(viewer);
  const post = await postOf(db, postId);
  const now = Date.now();
  await reserveAdminAction(db, viewer.id, now);
  const d1 = db.$client;
  const [dismissed] = await runBatch(d1, [
    d1
      .prepare(
        `update discussion_reports set resolved_at = ?2, resolution = 'dismissed', resolved_by = ?3
         where post_id = ?1 and resolved_at is null`,
      )
      .bind(post.id, now, viewer.id),
    auditStatement(
      db,
      {
        adminId: viewer.id,
        action: "dismiss_reports",
        targetType: "post",
        targetId: post.id,
        targetName: postName(post),
        now,
      },
      "changes() > 0",
    ),
  ]);
  const count = dismissed.meta.changes ?? 0;
  if (!count) throw new ServiceError(409, MODERATION_MESSAGES.noOpenReports, "no_open_reports");
  return { postId: post.id, reportsResolved: count };
}

/** Shows a hidden post again (a thread counts again in its project's threads). 409 when it is not hidden. */
export async function restorePost(
  db: Database,
  viewer: SessionUser | null,
  postId: string,
): Promise<{ postId: string; link: string }> {
  requireAdmin(viewer);
  const post = await postOf(db, postId);
  if (post.hidden_at === null) throw new ServiceError(409, MODERATION_MESSAGES.notHidden, "not_hidden");
  const now = Date.now();
  await reserveAdminAction(db, viewer.id, now);
  const d1 = db.$client;
  const [, restored] = await runBatch(d1, [
    // Before the restore and guarded as it is: counted again exactly when this request restores it.
    d1
      .prepare(
        `update projects set thread_count = thread_count + 1 where id = ?2 and ?3 = 0
         and exists (select 1 from discussion_posts where id = ?1 and hidden_at is not null)`,
      )
      .bind(post.id, post.project_id, post.depth),
    d1
      .prepare(
        `update discussion_posts set hidden_at = null, hidden_note = null, hidden_by = null
         where id = ?1 and hidden_at is not null returning id`,
      )
      .bind(post.id),
    auditStatement(db, {
      adminId: viewer.id,
      action: "restore_post",
      targetType: "post",
      targetId: post.id,
      targetName: postName(post),
      now,
    }),
  ]);
  if (!restored.results.length) throw new ServiceError(409, MODERATION_MESSAGES.notHidden, "not_hidden");
  markPublicContentChanged();
  return { postId: post.id, link: postLink(post.slug, post.id) };
}

/** Lifts a person's posting suspension (they may post again at once). 409 when they are not suspended. */
export async function liftPostingSuspension(
  db: Database,
  viewer: SessionUser | null,
  userId: string,
): Promise<{ userId: string; postingSuspendedUntil: null }> {
  requireAdmin(viewer);
  const row =
    userId && userId.length <= 64
      ? await db.$client
          .prepare("select id, posting_suspended_until from users where id = ?1")
          .bind(userId)
          .first<{ id: string; posting_suspended_until: number | null }>()
      : null;
  if (!row) throw new ServiceError(404, MODERATION_MESSAGES.userNotFound, "not_found");
  const now = Date.now();
  if (!postingSuspended(row.posting_suspended_until, now)) {
    throw new ServiceError(409, MODERATION_MESSAGES.notSuspended, "not_suspended");
  }
  await reserveAdminAction(db, viewer.id, now);
  const d1 = db.$client;
  const [lifted] = await runBatch(d1, [
    d1
      .prepare(
        `update users set posting_suspended_until = null where id = ?1 and posting_suspended_until > ?2 returning id`,
      )
      .bind(row.id, now),
    auditStatement(db, {
      adminId: viewer.id,
      action: "lift_posting_suspension",
      targetType: "user",
      targetId: row.id,
      now,
    }),
  ]);
  if (!lifted.results.length) throw new ServiceError(409, MODERATION_MESSAGES.notSuspended, "not_suspended");
  return { userId: row.id, postingSuspendedUntil: null };
}
