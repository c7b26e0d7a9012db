/**
 * The project page's Discussion tab (ADR 055): start a thread, threads with their replies nested
 * as lists, Upvote (a POST form each; with JavaScript a fetcher that updates in place), Reply (a
 * details/summary disclosure holding a form: no JavaScript needed), the order (Top, Newest: links),
 * pages, the founder's Pin and Unpin, and a thread's own view (`?tab=discussion&thread=<id>`) with
 * every reply. A visitor's new thread is sent to sign in carrying the draft (ADR 034), and the form
 * opens again with it afterwards (`?draft=`). Reporting a post is the moderation's page
 * (`/discussion/report/<postId>`).
 */
import { Form, Link, useFetcher, useLocation, useSearchParams } from "react-router";

import {
  DISCUSSION_MESSAGES,
  DISCUSSION_ORDERS,
  type DiscussionOrder,
} from "../../../domain/conversation/discussion-rules";
import { signinHref } from "../../../domain/accounts/auth-links";
import { formatDate, formatNumber } from "../../../domain/shared/format";
import type { FieldErrors, InputConstraints } from "../../../domain/shared/form-kit";
import type { DiscussionPostDTO, DiscussionThreadDTO } from "../../../domain/conversation/conversation";
import { Field } from "../form/Field";
import { Notice } from "../Notice";
import { Pagination } from "../project/Pagination";
import { RichText } from "./RichText";
import type { ListPaging } from "./UpdatesPanel";

export interface DiscussionFormState {
  /** Which form the errors and values belong to: "thread", or "reply:<post id>". */
  form: string;
  errors: FieldErrors;
  values: Record<string, string>;
}

interface Context {
  base: string;
  action: string;
  signedIn: boolean;
  isOwner: boolean;
  formState: DiscussionFormState | null;
  constraints: InputConstraints;
  threadHref: (id: string) => string;
}

export function DiscussionPanel({
  threads,
  thread,
  order,
  base,
  signedIn,
  isOwner,
  formState,
  message,
  constraints,
  paging,
}: {
  threads: DiscussionThreadDTO[];
  /** The thread's own view, when one is asked for (`?thread=`). */
  thread: DiscussionThreadDTO | null;
  order: DiscussionOrder;
  /** The project page's path (`/project/<slug>`). */
  base: string;
  signedIn: boolean;
  /** The viewer is the project's founder: Pin and Unpin. */
  isOwner: boolean;
  formState: DiscussionFormState | null;
  message: string | null;
  constraints: InputConstraints;
  paging: ListPaging | null;
}) {
  const tabHref = (o: DiscussionOrder) => `${base}?tab=discussion${o === "top" ? "" : `&order=${o}`}`;
  const action = thread
    ? `${base}?tab=discussion&thread=${encodeURIComponent(thread.id)}`
    : `${tabHref(order)}${paging && paging.page > 1 ? `&page=${paging.page}` : ""}`;
  const ctx: Context = {
    base,
    action,
    signedIn,
    isOwner,
    formState,
    constraints,
    threadHref: (id) => `${base}?tab=discussion&thread=${encodeURIComponent(id)}`,
  };
  return (
    <div className="discussion">
      <h2>Discussion</h2>
      {message ? <Notice tone="success">{message}</Notice> : null}
      {thread ? (
        <>
          <p>
            <Link to={tabHref("top")}>← All threads</Link>
          </p>
          <ol className="discussion-threads" aria-label="Thread">
            <ThreadItem thread={thread} ctx={ctx} full />
          </ol>
        </>
      ) : (
        <>
          <NewThreadForm ctx={ctx} />
          <nav className="discussion-order" aria-label="Order threads">
            <span className="muted small">Order: </span>
            <ul>
              {DISCUSSION_ORDERS.map((o) => (
                <li key={o.id}>
                  <Link to={tabHref(o.id)} aria-current={o.id === order ? "page" : undefined}>
                    {o.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {threads.length === 0 ? (
            <p className="muted">
              {(paging?.total ?? 0) > 0 ? "No threads on this page." : "No threads yet. Start the discussion."}
            </p>
          ) : (
            <ol className="discussion-threads" aria-label="Threads">
              {threads.map((t) => (
                <ThreadItem key={t.id} thread={t} ctx={ctx} />
              ))}
            </ol>
          )}
          {paging ? <Pagination {...paging} label="Discussion pages" /> : null}
        </>
      )}
    </div>
  );
}

function NewThreadForm({ ctx }: { ctx: Context }) {
  const mine = ctx.formState?.form === "thread" ? ctx.formState : null;
  // A draft carried through sign-in (ADR 034).
  const [params] = useSearchParams();
  const draft = params.get("draft");
  // Each navigation draws the form afresh from what the server says (empty after a post).
  const { key: visit } = useLocation();
  return (
    <Form key={visit} method="post" action={`${ctx.action}#new-thread`} className="ask-form" id="new-thread" noValidate>
      {mine && Object.keys(mine.errors).length ? (
        <div className="alert alert-error" role="alert">
          Your post was not published: please see below.
        </div>
      ) : null}
      <input type="hidden" name="intent" value="thread" />
      <Field name="body" label="Start a thread" errors={mine?.errors} constraints={ctx.constraints}>
        {(p) => <textarea {...p} rows={3} defaultValue={mine?.values.body ?? draft ?? ""} />}
      </Field>
      <p className="muted small">Mention the founder with @founder. Be kind: posts are public.</p>
      <button type="submit" className="btn btn-primary">
        {ctx.signedIn ? "Post Thread" : "Sign In to Post"}
      </button>
    </Form>
  );
}

/** Replies as a tree: each reply under its parent (one shown without its parent sits under the thread). */
function childrenOf(thread: DiscussionThreadDTO): Map<string, DiscussionPostDTO[]> {
  const shown = new Set([thread.id, ...thread.replies.map((r) => r.id)]);
  const out = new Map<string, DiscussionPostDTO[]>();
  for (const r of thread.replies) {
    const parent = r.parentId && shown.has(r.parentId) ? r.parentId : thread.id;
    out.set(parent, [...(out.get(parent) ?? []), r]);
  }
  return out;
}

function ThreadItem({ thread, ctx, full = false }: { thread: DiscussionThreadDTO; ctx: Context; full?: boolean }) {
  const children = childrenOf(thread);
  const more = thread.replyCount - thread.replies.length;
  return (
    <li className={`discussion-thread${thread.pinned ? " is-pinned" : ""}`}>
      {/* Old links to a question (`#question-<id>`) land on its thread: the same id. */}
      <span id={`question-${thread.id}`} />
      <PostView post={thread} ctx={ctx} />
      <Replies parentId={thread.id} children={children} ctx={ctx} />
      {more > 0 && !full ? (
        <p className="discussion-more">
          <Link to={ctx.threadHref(thread.id)}>
            Show all {formatNumber(thread.replyCount)} replies
            <span className="visually-hidden"> to this thread</span>
          </Link>
        </p>
      ) : null}
    </li>
  );
}

function Replies({
  parentId,
  children,
  ctx,
}: {
  parentId: string;
  children: Map<string, DiscussionPostDTO[]>;
  ctx: Context;
}) {
  const list = children.get(parentId);
  if (!list?.length) return null;
  return (
    <ul className="discussion-replies" aria-label="Replies">
      {list.map((r) => (
        <li key={r.id} className="discussion-reply">
          <PostView post={r} ctx={ctx} />
          <Replies parentId={r.id} children={children} ctx={ctx} />
        </li>
      ))}
    </ul>
  );
}

function PostView({ post, ctx }: { post: DiscussionPostDTO; ctx: Context }) {
  const headingId = `post-${post.id}-by`;
  return (
    <article
      id={`post-${post.id}`}
      className={`discussion-post${post.hidden ? " is-hidden" : ""}`}
      aria-labelledby={headingId}
    >
      <p className="question-meta" id={headingId}>
        <strong>{post.authorName}</strong>
        {post.byFounder ? <span className="badge badge-info">Founder</span> : null}
        {post.byAdmin ? <span className="badge badge-success">CampusFund</span> : null}
        {post.pinned ? <span className="badge badge-muted">Pinned</span> : null}
        <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time>
      </p>
      {post.hidden ? (
        <p className="badge badge-warning discussion-hidden">{DISCUSSION_MESSAGES.hiddenByModerator}</p>
      ) : null}
      <RichText text={post.body} className="rich-text question-text" />
      <div className="discussion-actions">
        <VoteButton post={post} ctx={ctx} />
        <ReplyDisclosure post={post} ctx={ctx} />
        {ctx.isOwner && post.depth === 0 ? (
          <Form method="post" action={`${ctx.action}#post-${post.id}`} preventScrollReset>
            <input type="hidden" name="intent" value={post.pinned ? "unpin" : "pin"} />
            <input type="hidden" name="postId" value={post.id} />
            <button type="submit" className="btn btn-ghost btn-sm">
              {post.pinned ? "Unpin" : "Pin"}
              <span className="visually-hidden"> this thread</span>
            </button>
          </Form>
        ) : null}
        {ctx.signedIn && !post.mine ? (
          <Link className="btn btn-ghost btn-sm" to={`/discussion/report/${encodeURIComponent(post.id)}`}>
            Report<span className="visually-hidden"> this post by {post.authorName}</span>
          </Link>
        ) : null}
      </div>
    </article>
  );
}

function VoteButton({ post, ctx }: { post: DiscussionPostDTO; ctx: Context }) {
  const fetcher = useFetcher();
  // With JavaScript: the vote as sent, until the server's answer arrives.
  const sending = fetcher.formData?.get("intent");
  const voted = sending ? sending === "vote" : post.voted;
  const count = sending ? post.voteCount + (voted === post.voted ? 0 : voted ? 1 : -1) : post.voteCount;
  const label = (
    <>
      <span aria-hidden="true">▲</span> {voted ? "Upvoted" : "Upvote"}
      <span className="visually-hidden"> this post by {post.authorName}</span>
      <span className="vote-count">
        {" "}
        · {formatNumber(count)} {count === 1 ? "vote" : "votes"}
      </span>
    </>
  );
  if (!ctx.signedIn) {
    return (
      <Link className="btn btn-secondary btn-sm" to={signinHref(`${ctx.action}#post-${post.id}`)}>
        {label}
      </Link>
    );
  }
  return (
    <fetcher.Form method="post" action={`${ctx.action}#post-${post.id}`} preventScrollReset>
      <input type="hidden" name="intent" value={voted ? "unvote" : "vote"} />
      <input type="hidden" name="postId" value={post.id} />
      <input type="hidden" name="inPlace" value="1" />
      <button type="submit" className={`btn btn-secondary btn-sm${voted ? " is-following" : ""}`} aria-pressed={voted}>
        {label}
      </button>
    </fetcher.Form>
  );
}

function ReplyDisclosure({ post, ctx }: { post: DiscussionPostDTO; ctx: Context }) {
  if (!ctx.signedIn) {
    return (
      <Link className="btn btn-ghost btn-sm" to={signinHref(`${ctx.action}#post-${post.id}`)}>
        Sign In to Reply
      </Link>
    );
  }
  const form = `reply:${post.id}`;
  const mine = ctx.formState?.form === form ? ctx.formState : null;
  return (
    <details className="discussion-reply-form" open={mine ? true : undefined}>
      <summary className="btn btn-ghost btn-sm">
        Reply<span className="visually-hidden"> to {post.authorName}</span>
      </summary>
      <Form method="post" action={`${ctx.action}#post-${post.id}`} noValidate preventScrollReset>
        <input type="hidden" name="intent" value="reply" />
        <input type="hidden" name="postId" value={post.id} />
        <Field
          id={`reply-${post.id}`}
          name="body"
          label={`Your reply to ${post.authorName}`}
          errors={mine?.errors}
          constraints={ctx.constraints}
        >
          {(p) => <textarea {...p} rows={2} defaultValue={mine?.values.body ?? ""} />}
        </Field>
        <button type="submit" className="btn btn-primary btn-sm">
          Post Reply
        </button>
      </Form>
    </details>
  );
}
