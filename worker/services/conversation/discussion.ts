/**
 * A project's Discussion (ADR 055): threads (root posts) with replies nested two levels deep, one
 * upvote per person per post (undoable), the founder's pin, orders Top and Newest. Any signed-in
 * person not suspended from posting (posting.ts) posts on a published project; limits per person
 * per hour are reserved in the write's own batch (DISCUSSION_LIMITS). The kept figures
 * (vote_count, reply_count, last_activity_at, projects.thread_count) change in the same batch as
 * the write. Hidden posts (moderation sets hidden_at) are seen by their author, the founder and
 * admins only; a hidden thread hides its replies from everyone else.
 *
 * A page reads three statements whatever its size: the threads (with the total), their first
 * replies, the viewer's votes on them (each on a discussion_posts index: no N+1, no scan).
 */
import {
  DISCUSSION_LIMITS,
  DISCUSSION_MESSAGES,
  DISCUSSION_ORDERS,
  type DiscussionOrder,
} from "../../../domain/conversation/discussion-rules";
import { NOTIFICATION_TEXT } from "../../../domain/conversation/notification-text";
import type { DiscussionPage, DiscussionPostDTO, DiscussionThreadDTO } from "../../../domain/conversation/conversation";
import { isListedStatus } from "../../../domain/projects/review";
import { HOUR_MS } from "../../../domain/shared/dates";
import type { SessionUser } from "../../../domain/shared/types";
import { type Database, guaranteed } from "../../../db/client";
import { noticeMailsStatement, noticeTemplateOf } from "../../mail/notices";
import { requireSignedIn } from "../shared/access";
import { ServiceError } from "../shared/errors";
import { offsetOf, pageInfo } from "../shared/list-page";
import { reserveAndRun, type RateLimit } from "../shared/rate-limit";
import { PURCHASE_MESSAGES } from "../money/purchases";
import { canEditProject } from "../projects/project-editor";
import { findProjectRef, publicInvestorName } from "../projects/projects";
import { markPublicContentChanged } from "../visitors/public-content";
import { notifyFounder, notifyOne } from "./notifications";
import { requirePostingAllowed } from "./posting";

const limit = (max: number, message: string): RateLimit => ({ max, windowMs: HOUR_MS, message });
export const DISCUSSION_RATE_LIMITS = {
  threads: limit(DISCUSSION_LIMITS.threadsPerHour, DISCUSSION_MESSAGES.tooManyThreads),
  replies: limit(DISCUSSION_LIMITS.repliesPerHour, DISCUSSION_MESSAGES.tooManyReplies),
  votes: limit(DISCUSSION_LIMITS.votesPerHour, DISCUSSION_MESSAGES.tooManyVotes),
} as const;

/** What an erased account's posts read (account-deletion.ts writes the body). */
export const DELETED_AUTHOR = "Deleted account";
export const DELETED_BODY = "[deleted]";

export type { DiscussionPage, DiscussionPostDTO, DiscussionThreadDTO };

type PostRow = {
  id: string;
  project_id: string;
  thread_id: string;
  parent_id: string | null;
  depth: number;
  author_id: string;
  body: string;
  by_founder: number;
  pinned_at: number | null;
  vote_count: number;
  reply_count: number;
  hidden_at: number | null;
  created_at: number;
  last_activity_at: number;
  first_name: string | null;
  last_name: string | null;
  role: string;
  deleted_at: number | null;
};

/** The columns a post is read with: the post and its author's name and role. */
const POST_COLUMNS = `p.id, p.project_id, p.thread_id, p.parent_id, p.depth, p.author_id, p.body, p.by_founder,
  p.pinned_at, p.vote_count, p.reply_count, p.hidden_at, p.created_at, p.last_activity_at,
  u.first_name, u.last_name, u.role, u.deleted_at`;

/**
 * SQL: post `p` by author `u` is visible to the viewer (`all` = 1: founder or admin; `viewerId`: the
 * viewer's id or ''): not hidden by a moderator, and not by a suspended account (its public
 * content is hidden while the suspension lasts, as updates are), unless it is the viewer's own.
 */
const visibleSql = (all: string, viewerId: string) =>
  `(${all} = 1 or p.author_id = ${viewerId} or (p.hidden_at is null and u.suspended_at is null))`;

function toDTO(r: PostRow, viewerId: string | null, voted: Set<string>): DiscussionPostDTO {
  const deleted = r.deleted_at !== null;
  return {
    id: r.id,
    projectId: r.project_id,
    threadId: r.thread_id,
    parentId: r.parent_id,
    depth: r.depth,
    authorName: deleted ? DELETED_AUTHOR : publicInvestorName(r.first_name, r.last_name),
    byFounder: r.by_founder === 1,
    // One mark per post: an answer written for a founder without an account (by an admin) is the founder's.
    byAdmin: !deleted && r.role === "admin" && r.by_founder !== 1,
    body: deleted ? DELETED_BODY : r.body,
    voteCount: r.vote_count,
    replyCount: r.depth === 0 ? r.reply_count : 0,
    pinned: r.pinned_at !== null,
    hidden: r.hidden_at !== null,
    createdAt: new Date(r.created_at).toISOString(),
    lastActivityAt: new Date(r.last_activity_at).toISOString(),
    voted: voted.has(r.id),
    mine: viewerId !== null && r.author_id === viewerId,
  };
}

/** Where a post is shown: its project's Discussion tab, at the post. */
export function postLink(slug: string, postId: string): string {
  return `/project/${slug}?tab=discussion#post-${postId}`;
}

/** A thread's own view: every reply (up to DISCUSSION_LIMITS.repliesPerThreadPage). */
export function threadLink(slug: string, threadId: string): string {
  return `/project/${slug}?tab=discussion&thread=${encodeURIComponent(threadId)}`;
}

/** `?order=`: top (the default) or newest; anything else is the default on a page, a 400 by the API. */
export function discussionOrderOf(raw: string | null | undefined, strict = false): DiscussionOrder {
  const text = raw?.trim() ?? "";
  if (text === "") return "top";
  const found = DISCUSSION_ORDERS.find((o) => o.id === text);
  if (found) return found.id;
  if (strict) throw new ServiceError(400, "order must be top or newest", "invalid_order");
  return "top";
}

/** The body as sent: 1 to 5,000 characters after trimming, never cut. */
function bodyOf(input: unknown): string {
  const raw =
    input && typeof input === "object" && !Array.isArray(input) ? (input as Record<string, unknown>).body : undefined;
  const body = typeof raw === "string" ? raw.replace(/\r\n?/g, "\n").trim() : "";
  if (!body)
    throw new ServiceError(400, DISCUSSION_MESSAGES.bodyRequired, "invalid_body", {
      errors: { body: DISCUSSION_MESSAGES.bodyRequired },
    });
  // Code points, as SQLite's length() in the table's CHECK counts them.
  if (Array.from(body).length > DISCUSSION_LIMITS.body) {
    throw new ServiceError(400, DISCUSSION_MESSAGES.bodyTooLong, "invalid_body", {
      errors: { body: DISCUSSION_MESSAGES.bodyTooLong },
    });
  }
  return body;
}

/** Whether `body` names the founder: "@founder" or "@<their public username>" (case as usernames compare). */
export function mentionsFounder(body: string, founderUsername: string | null): boolean {
  const names = new Set(
    Array.from(body.matchAll(/(?:^|[^\w@])@([A-Za-z0-9_.-]{1,40})/g), (m) => m[1]!.replace(/[.-]+$/, "").toLowerCase()),
  );
  return names.has("founder") || (founderUsername !== null && names.has(founderUsername.toLowerCase()));
}

type ProjectOfPost = {
  project_id: string;
  slug: string;
  title: string;
  status: string;
  founder_id: string | null;
  founder_username: string | null;
};

/** A published project as a post's writes need it, with its founder's public username (mentions). */
async function postingProject(db: Database, viewer: SessionUser, idOrSlug: string) {
  const project = await findProjectRef(db, idOrSlug, viewer);
  if (!project) throw new ServiceError(404, PURCHASE_MESSAGES.notFound, "not_found");
  if (!isListedStatus(project.status)) throw new ServiceError(409, DISCUSSION_MESSAGES.draft, "draft");
  const profile = project.founderId
    ? await db.$client
        .prepare("select username from public_profiles where user_id = ?1")
        .bind(project.founderId)
        .first<{ username: string | null }>()
    : null;
  return { ...project, founderUsername: profile?.username ?? null };
}

/** The mail twins of this batch's reply and mention notices, for those who keep `replies` on. */
async function replyMails(db: Database, eventKeys: string[], now: number): Promise<D1PreparedStatement[]> {
  if (eventKeys.length === 0) return [];
  const template = await noticeTemplateOf("reply");
  return eventKeys.map((key) =>
    noticeMailsStatement(
      db,
      template,
      {
        sql: `n.event_key = ?6 and coalesce((select np.replies from notification_preferences np where np.user_id = n.user_id), 1) = 1`,
        binds: [key],
      },
      now,
    ),
  );
}

/** Starts a thread on a published project; its founder hears of it (and of a mention) in the same batch. */
export async function startThread(
  db: Database,
  viewer: SessionUser | null,
  idOrSlug: string,
  input: unknown,
): Promise<DiscussionPostDTO> {
  const user = await requirePostingAllowed(db, viewer);
  const project = await postingProject(db, user, idOrSlug);
  const body = bodyOf(input);
  const id = crypto.randomUUID();
  const now = Date.now();
  const byFounder = project.founderId === user.id;
  const d1 = db.$client;
  const name = publicInvestorName(user.firstName, user.lastName);
  const mention = mentionsFounder(body, project.founderUsername);
  const [written] = await reserveAndRun(
    db,
    [{ key: `discussion:thread:user:${user.id}`, limit: DISCUSSION_RATE_LIMITS.threads }],
    [
      d1
        .prepare(
          `insert into discussion_posts (id, project_id, thread_id, parent_id, depth, author_id, body, by_founder, created_at, last_activity_at)
           values (?1, ?2, ?1, null, 0, ?3, ?4, ?5, ?6, ?6) returning id`,
        )
        .bind(id, project.id, user.id, body, byFounder ? 1 : 0, now),
      d1.prepare("update projects set thread_count = thread_count + 1 where id = ?1").bind(project.id),
      // A thread that names the founder is their mention (bell always, mail by `replies`); else the old question notice.
      mention
        ? notifyFounder(db, "mention", {
            eventKey: `mention:${id}`,
            projectId: project.id,
            text: NOTIFICATION_TEXT.mention(name, project.title, body),
            link: postLink(project.slug, id),
            now,
            actorId: user.id,
          })
        : notifyFounder(db, "question", {
            eventKey: `thread:${id}`,
            projectId: project.id,
            text: NOTIFICATION_TEXT.thread(project.title, body),
            link: postLink(project.slug, id),
            now,
            actorId: user.id,
          }),
      ...(await replyMails(db, mention ? [`mention:${id}`] : [], now)),
    ],
    now,
  );
  guaranteed((written.results as { id: string }[])[0], "the new thread");
  markPublicContentChanged();
  return (await readPost(db, user, id))!;
}

/** One post with its project, for replies, votes and pins: 404 when missing or not the viewer's to see. */
async function postToUse(db: Database, viewer: SessionUser | null, postId: string) {
  if (!postId || postId.length > 80) throw new ServiceError(404, DISCUSSION_MESSAGES.notFound, "not_found");
  const row = await db.$client
    .prepare(
      `select p.id, p.thread_id, p.parent_id, p.depth, p.author_id, p.hidden_at, p.body,
              coalesce(p.hidden_at, (select a.suspended_at from users a where a.id = p.author_id)) as hidden_at_or_suspended,
              coalesce(r.hidden_at, (select a.suspended_at from users a where a.id = r.author_id)) as root_hidden_at,
              r.author_id as root_author_id,
              pr.id as project_id, pr.slug, pr.title, pr.status, pr.founder_id,
              (select pp.username from public_profiles pp where pp.user_id = pr.founder_id) as founder_username
       from discussion_posts p
       join discussion_posts r on r.id = p.thread_id
       join projects pr on pr.id = p.project_id
       where p.id = ?1`,
    )
    .bind(postId)
    .first<
      ProjectOfPost & {
        id: string;
        thread_id: string;
        parent_id: string | null;
        depth: number;
        author_id: string;
        hidden_at: number | null;
        body: string;
        hidden_at_or_suspended: number | null;
        /** The thread hidden by a moderator, or its author suspended. */
        root_hidden_at: number | null;
        root_author_id: string;
      }
    >();
  if (!row) throw new ServiceError(404, DISCUSSION_MESSAGES.notFound, "not_found");
  const all = canEditProject(viewer, { founderId: row.founder_id });
  const sees = (hiddenAt: number | null, authorId: string) => all || hiddenAt === null || authorId === viewer?.id;
  // A draft's discussion, or a post (or thread) hidden from this viewer (by a moderator, or its
  // author's suspension), does not exist for them.
  if (
    !sees(row.hidden_at_or_suspended, row.author_id) ||
    !sees(row.root_hidden_at, row.root_author_id) ||
    (!isListedStatus(row.status) && !all)
  ) {
    throw new ServiceError(404, DISCUSSION_MESSAGES.notFound, "not_found");
  }
  return row;
}

/**
 * Replies to a post (a thread or a reply): one level deeper, at most DISCUSSION_LIMITS.maxDepth (a
 * reply to a post at the deepest level sits beside it, under the same parent). The root's
 * reply_count and last_activity_at change in the same batch; the author replied to hears of it,
 * and the founder of a mention.
 */
export async function replyTo(
  db: Database,
  viewer: SessionUser | null,
  postId: string,
  input: unknown,
): Promise<DiscussionPostDTO> {
  const user = await requirePostingAllowed(db, viewer);
  const parent = await postToUse(db, user, postId);
  if (!isListedStatus(parent.status)) throw new ServiceError(409, DISCUSSION_MESSAGES.draft, "draft");
  const body = bodyOf(input);
  const deepest = parent.depth >= DISCUSSION_LIMITS.maxDepth;
  const parentId = deepest ? guaranteed(parent.parent_id, "a deep post's parent") : parent.id;
  const depth = deepest ? DISCUSSION_LIMITS.maxDepth : parent.depth + 1;
  const id = crypto.randomUUID();
  const now = Date.now();
  const d1 = db.$client;
  const name = publicInvestorName(user.firstName, user.lastName);
  const link = postLink(parent.slug, id);
  const mention = mentionsFounder(body, parent.founder_username) && parent.founder_id !== parent.author_id;
  const mailKeys = [`reply:${id}`, ...(mention ? [`mention:${id}`] : [])];
  const [written] = await reserveAndRun(
    db,
    [{ key: `discussion:reply:user:${user.id}`, limit: DISCUSSION_RATE_LIMITS.replies }],
    [
      d1
        .prepare(
          `insert into discussion_posts (id, project_id, thread_id, parent_id, depth, author_id, body, by_founder, created_at, last_activity_at)
           values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9) returning id`,
        )
        .bind(
          id,
          parent.project_id,
          parent.thread_id,
          parentId,
          depth,
          user.id,
          body,
          parent.founder_id === user.id ? 1 : 0,
          now,
        ),
      d1
        .prepare(
          "update discussion_posts set reply_count = reply_count + 1, last_activity_at = max(last_activity_at, ?2) where id = ?1",
        )
        .bind(parent.thread_id, now),
      notifyOne(db, "reply", parent.author_id, {
        eventKey: `reply:${id}`,
        projectId: parent.project_id,
        text: NOTIFICATION_TEXT.reply(name, parent.title, body),
        link,
        now,
        actorId: user.id,
      }),
      ...(mention
        ? [
            notifyFounder(db, "mention", {
              eventKey: `mention:${id}`,
              projectId: parent.project_id,
              text: NOTIFICATION_TEXT.mention(name, parent.title, body),
              link,
              now,
              actorId: user.id,
            }),
          ]
        : []),
      ...(await replyMails(db, mailKeys, now)),
    ],
    now,
  );
  guaranteed((written.results as { id: string }[])[0], "the new reply");
  markPublicContentChanged();
  return (await readPost(db, user, id))!;
}

/**
 * Upvotes a post (`on`) or takes the vote back: one row per person and post (insert-or-ignore on
 * the primary key), and vote_count set to the count of those rows in the same batch, so ten clicks
 * sent at once are one vote and the kept count is exact. Voting is not posting: a suspended poster may vote.
 */
export async function setVote(
  db: Database,
  viewer: SessionUser | null,
  postId: string,
  on: boolean,
): Promise<{ voted: boolean; voteCount: number }> {
  requireSignedIn(viewer);
  const post = await postToUse(db, viewer, postId);
  if (!isListedStatus(post.status)) throw new ServiceError(409, DISCUSSION_MESSAGES.draft, "draft");
  const d1 = db.$client;
  const now = Date.now();
  const results = await reserveAndRun(
    db,
    [{ key: `discussion:vote:user:${viewer.id}`, limit: DISCUSSION_RATE_LIMITS.votes }],
    [
      on
        ? d1
            .prepare(
              "insert into discussion_votes (post_id, user_id, created_at) values (?1, ?2, ?3) on conflict do nothing",
            )
            .bind(post.id, viewer.id, now)
        : d1.prepare("delete from discussion_votes where post_id = ?1 and user_id = ?2").bind(post.id, viewer.id),
      d1
        .prepare(
          `update discussion_posts set vote_count = (select count(*) from discussion_votes v where v.post_id = ?1)
           where id = ?1 returning vote_count`,
        )
        .bind(post.id),
    ],
    now,
  );
  const row = (results[1].results as { vote_count: number }[])[0];
  if (!row) throw new ServiceError(404, DISCUSSION_MESSAGES.notFound, "not_found");
  markPublicContentChanged();
  return { voted: on, voteCount: row.vote_count };
}

/** Pins a thread (the founder only; one per project: pinning another unpins the last) or unpins it. */
export async function setPinned(
  db: Database,
  viewer: SessionUser | null,
  threadId: string,
  on: boolean,
): Promise<{ pinned: boolean }> {
  requireSignedIn(viewer);
  const post = await postToUse(db, viewer, threadId);
  if (post.founder_id !== viewer.id) throw new ServiceError(403, DISCUSSION_MESSAGES.onlyFounderPins, "forbidden");
  if (post.depth !== 0) throw new ServiceError(409, DISCUSSION_MESSAGES.onlyThreadsPin, "not_a_thread");
  const d1 = db.$client;
  const now = Date.now();
  await d1.batch(
    on
      ? [
          d1
            .prepare(
              "update discussion_posts set pinned_at = null where project_id = ?1 and pinned_at is not null and id <> ?2",
            )
            .bind(post.project_id, post.id),
          d1
            .prepare("update discussion_posts set pinned_at = coalesce(pinned_at, ?2) where id = ?1")
            .bind(post.id, now),
        ]
      : [d1.prepare("update discussion_posts set pinned_at = null where id = ?1").bind(post.id)],
  );
  markPublicContentChanged();
  return { pinned: on };
}

/** The viewer's votes among `ids` (one statement on the votes' primary key). */
async function votesOf(db: Database, viewer: { id: string } | null, ids: string[]): Promise<Set<string>> {
  if (!viewer || ids.length === 0) return new Set();
  const rows = await db.$client
    .prepare(
      "select v.post_id from discussion_votes v where v.user_id = ?1 and v.post_id in (select value from json_each(?2))",
    )
    .bind(viewer.id, JSON.stringify(ids))
    .all<{ post_id: string }>();
  return new Set(rows.results.map((r) => r.post_id));
}

/** One post as the viewer sees it (the answer to a write), or null. */
async function readPost(db: Database, viewer: SessionUser, id: string): Promise<DiscussionPostDTO | null> {
  const row = await db.$client
    .prepare(`select ${POST_COLUMNS} from discussion_posts p join users u on u.id = p.author_id where p.id = ?1`)
    .bind(id)
    .first<PostRow>();
  return row ? toDTO(row, viewer.id, await votesOf(db, viewer, [id])) : null;
}

type Viewer = Pick<SessionUser, "id" | "role"> | null;

/**
 * One page of a project's threads in `order`, each with its first replies, as the viewer may see
 * them. Top: the pinned thread above the page (on the first page), then votes, then newest, walking
 * discussion_threads_top_idx; Newest walks discussion_threads_new_idx. The total is the kept
 * projects.thread_count for everyone (plus the viewer's own hidden threads), or every thread for
 * the founder and admins (a count on the same index).
 */
export async function listDiscussionFor(
  db: Database,
  viewer: Viewer,
  project: { id: string; founderId: string | null },
  order: DiscussionOrder = "top",
  page: number = 1,
  pageSize: number = DISCUSSION_LIMITS.threadsPerPage,
): Promise<DiscussionPage> {
  const all = canEditProject(viewer, project) ? 1 : 0;
  const viewerId = viewer?.id ?? "";
  const visible = visibleSql("?2", "?3");
  const top = order === "top";
  const pageRows = top
    ? `select * from (select ${POST_COLUMNS}, 1 as grp from discussion_posts p join users u on u.id = p.author_id
         where p.project_id = ?1 and p.depth = 0 and p.pinned_at is not null and ${visible})
       union all
       select * from (select ${POST_COLUMNS}, 2 as grp from discussion_posts p join users u on u.id = p.author_id
         where p.project_id = ?1 and p.depth = 0 and p.pinned_at is null and ${visible}
         order by p.vote_count desc, p.created_at desc, p.id desc limit ?4 offset ?5)`
    : `select ${POST_COLUMNS}, 2 as grp from discussion_posts p join users u on u.id = p.author_id
         where p.project_id = ?1 and p.depth = 0 and ${visible}
         order by p.created_at desc, p.id desc limit ?4 offset ?5`;
  const rows = await db.$client
    .prepare(
      `select c.total as total, s.* from (
         select case when ?2 = 1 then (select count(*) from discussion_posts where project_id = ?1 and depth = 0)
           else (select thread_count from projects where id = ?1)
             + (select count(*) from discussion_posts where author_id = ?3 and project_id = ?1 and depth = 0 and hidden_at is not null)
           end as total
       ) as c
       left join (${pageRows}) as s on 1 = 1`,
    )
    .bind(project.id, all, viewerId, pageSize, offsetOf(page, pageSize))
    .all<Partial<PostRow> & { total: number; grp: number | null }>();
  const total = Number(rows.results[0]?.total ?? 0);
  const list = rows.results.filter((r) => r.id != null) as (PostRow & { grp: number })[];
  const pinned = list.filter((r) => r.grp === 1);
  const rest = list.filter((r) => r.grp !== 1);
  const info = pageInfo(top ? total - pinned.length : total, page, pageSize);
  const roots = top && info.page === 1 ? [...pinned, ...rest] : rest;
  const threads = await withReplies(db, viewer, all, roots, DISCUSSION_LIMITS.repliesShown);
  return { order, threads, ...info, total };
}

/** The first `perThread` visible replies of each root (one statement), the viewer's votes (one more). */
async function withReplies(
  db: Database,
  viewer: Viewer,
  all: number,
  roots: PostRow[],
  perThread: number,
): Promise<DiscussionThreadDTO[]> {
  if (roots.length === 0) return [];
  const replies = await db.$client
    .prepare(
      `select ${POST_COLUMNS} from json_each(?1) t
       join discussion_posts p on p.id in (
         select q.id from discussion_posts q where q.thread_id = t.value and q.depth > 0
           and (?2 = 1 or q.author_id = ?3 or (q.hidden_at is null
             and not exists (select 1 from users a where a.id = q.author_id and a.suspended_at is not null)))
         order by q.created_at, q.id limit ?4)
       join users u on u.id = p.author_id
       order by t.key, p.created_at, p.id`,
    )
    .bind(JSON.stringify(roots.map((r) => r.id)), all, viewer?.id ?? "", perThread)
    .all<PostRow>();
  const voted = await votesOf(db, viewer, [...roots.map((r) => r.id), ...replies.results.map((r) => r.id)]);
  const byThread = new Map<string, DiscussionPostDTO[]>();
  for (const r of replies.results) {
    const list = byThread.get(r.thread_id) ?? [];
    list.push(toDTO(r, viewer?.id ?? null, voted));
    byThread.set(r.thread_id, list);
  }
  return roots.map((r) => ({ ...toDTO(r, viewer?.id ?? null, voted), replies: byThread.get(r.id) ?? [] }));
}

/** The API's read: the project by id or slug, then a page of its Discussion. */
export async function listDiscussion(
  db: Database,
  viewer: SessionUser | null,
  idOrSlug: string,
  order: DiscussionOrder,
  page: number,
): Promise<DiscussionPage> {
  const project = await findProjectRef(db, idOrSlug, viewer);
  if (!project) throw new ServiceError(404, PURCHASE_MESSAGES.notFound, "not_found");
  return listDiscussionFor(db, viewer, project, order, page);
}

/** One thread with up to DISCUSSION_LIMITS.repliesPerThreadPage replies, as the viewer may see it; 404 when not theirs to see. */
export async function readThread(
  db: Database,
  viewer: SessionUser | null,
  threadId: string,
  projectId?: string,
): Promise<DiscussionThreadDTO> {
  if (!threadId || threadId.length > 80) throw new ServiceError(404, DISCUSSION_MESSAGES.notFound, "not_found");
  const row = await db.$client
    .prepare(
      `select ${POST_COLUMNS}, u.suspended_at, pr.founder_id, pr.status from discussion_posts p
       join users u on u.id = p.author_id join projects pr on pr.id = p.project_id
       where p.id = ?1 and p.depth = 0`,
    )
    .bind(threadId)
    .first<PostRow & { suspended_at: number | null; founder_id: string | null; status: string }>();
  if (!row || (projectId !== undefined && row.project_id !== projectId)) {
    throw new ServiceError(404, DISCUSSION_MESSAGES.notFound, "not_found");
  }
  const all = canEditProject(viewer, { founderId: row.founder_id }) ? 1 : 0;
  const hidden = row.hidden_at !== null || row.suspended_at !== null;
  if (!all && (!isListedStatus(row.status) || (hidden && row.author_id !== viewer?.id))) {
    throw new ServiceError(404, DISCUSSION_MESSAGES.notFound, "not_found");
  }
  const [thread] = await withReplies(db, viewer, all, [row], DISCUSSION_LIMITS.repliesPerThreadPage);
  return guaranteed(thread, "the thread");
}
