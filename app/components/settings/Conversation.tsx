/**
 * Settings' conversation parts: the Watchlist tab (followed projects with progress and
 * days left, each with Unfollow), the Followers tab (who follows a founder's project, named as
 * public lists name people) and the Notifications section (which events to hear about). Plain
 * forms and links: they work without JavaScript.
 */
import { Form, href, Link } from "react-router";

import { formatDate, formatMoney, formatNumber } from "../../../domain/shared/format";
import { progressPercent } from "../../../domain/projects/project";
import { daysLeftText } from "../../../domain/projects/project-status";
import { raiseProgress } from "../../../domain/raises/settlement";
import type { ProjectDTO } from "../../../domain/shared/types";
import {
  DIGEST_CHOICE_LABELS,
  DIGEST_CHOICES,
  DIGEST_LABEL,
  type DigestChoice,
} from "../../../domain/conversation/notification-preferences";
import { ProgressBar } from "../project/FundingProgress";
import { Pagination } from "../project/Pagination";

type Follower = { name: string; followedAt: string };

export type WatchedProject = Pick<
  ProjectDTO,
  | "_id"
  | "slug"
  | "title"
  | "shortDescription"
  | "fundingCurrent"
  | "fundingGoal"
  | "fundingDeadline"
  | "daysLeft"
  | "status"
  | "sharesRemaining"
  | "settlement"
> & { followedAt: string };

/** A page of a list with its paging fields (worker/services/shared/list-page.ts). */
interface Paged {
  total: number;
  page: number;
  pageCount: number;
}

export function WatchlistTab({
  list,
  hrefFor,
}: {
  list: Paged & { projects: WatchedProject[] };
  hrefFor: (page: number) => string;
}) {
  const { projects, total, page, pageCount } = list;
  return (
    <section className="card card-body stack" aria-labelledby="watchlist-title">
      <h2 id="watchlist-title" className="card-title">
        {total > 0 ? `Watchlist (${formatNumber(total)})` : "Watchlist"}
      </h2>
      {total === 0 ? (
        <div className="empty-state">
          <p>You are not following any project yet. Follow one from its page to see its progress here.</p>
          <Link className="btn btn-primary" to="/demo">
            Explore projects
          </Link>
        </div>
      ) : projects.length === 0 ? (
        <p className="muted">No projects on this page.</p>
      ) : (
        <ul className="watchlist">
          {projects.map((p) => {
            const shown = raiseProgress(p);
            const pct = progressPercent(shown.amount, p.fundingGoal);
            const left = daysLeftText(p);
            return (
              <li key={p._id} className="watch-item">
                <div className="watch-main">
                  <Link to={href("/project/:slug", { slug: p.slug })} className="watch-title">
                    {p.title}
                  </Link>
                  <p className="muted small">{p.shortDescription}</p>
                  <ProgressBar percent={pct} label={`Funding progress of ${p.title}`} />
                  <p className="watch-figures small">
                    <span>
                      <strong>{formatMoney(shown.amount)}</strong> {shown.returned ? "committed, returned, " : ""}of{" "}
                      {formatMoney(p.fundingGoal)} ({Math.round(pct)}%)
                    </span>
                    <span>{typeof left === "number" ? `${formatNumber(left)} days left` : left}</span>
                  </p>
                </div>
                <Form method="post" action="/settings/watchlist">
                  <input type="hidden" name="intent" value="unfollow" />
                  <input type="hidden" name="projectId" value={p._id} />
                  <button type="submit" className="btn btn-ghost btn-sm" aria-label={`Unfollow ${p.title}`}>
                    Unfollow
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} label="Watchlist pages" />
    </section>
  );
}

export function FollowersTab({
  list,
  isFounder,
  hrefFor,
}: {
  list: (Paged & { project: { id: string; slug: string; title: string } | null; followers: Follower[] }) | null;
  isFounder: boolean;
  hrefFor: (page: number) => string;
}) {
  const project = list?.project ?? null;
  const followers = list?.followers ?? [];
  const total = list?.total ?? 0;
  return (
    <section className="card card-body stack" aria-labelledby="followers-title">
      <h2 id="followers-title" className="card-title">
        Followers
      </h2>
      {!isFounder ? (
        <p className="muted">Followers are for founders: the people who follow a founder&apos;s project show here.</p>
      ) : !project ? (
        <div className="empty-state">
          <p>Create your project, and the people who follow it will show here.</p>
          <Link className="btn btn-primary" to="/my-projects/create">
            Create your project
          </Link>
        </div>
      ) : total === 0 ? (
        <p className="muted">
          Nobody follows <Link to={href("/project/:slug", { slug: project.slug })}>{project.title}</Link> yet. Share its
          page to get your first followers.
        </p>
      ) : (
        <>
          <p>
            {formatNumber(total)} {total === 1 ? "person follows" : "people follow"}{" "}
            <Link to={href("/project/:slug", { slug: project.slug })}>{project.title}</Link>.
          </p>
          {followers.length === 0 ? (
            <p className="muted">No followers on this page.</p>
          ) : (
            <table className="holdings followers-table">
              <thead>
                <tr>
                  <th scope="col">Follower</th>
                  <th scope="col">Following since</th>
                </tr>
              </thead>
              <tbody>
                {followers.map((f, i) => (
                  <tr key={`${f.followedAt}-${i}`}>
                    <th scope="row">{f.name}</th>
                    <td>{formatDate(f.followedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Pagination
            page={list?.page ?? 1}
            pageCount={list?.pageCount ?? 1}
            hrefFor={hrefFor}
            label="Follower pages"
          />
        </>
      )}
    </section>
  );
}

export function NotificationSettings({
  preferences,
  labels,
  digest,
}: {
  preferences: Record<string, boolean>;
  labels: Record<string, string>;
  digest: DigestChoice;
}) {
  return (
    <section id="notifications" className="card card-body stack" aria-labelledby="notifications-title">
      <h2 id="notifications-title" className="card-title">
        Notifications
      </h2>
      <p className="muted">
        Choose what the bell in the header tells you about. <Link to="/notifications">See your notifications</Link>.
      </p>
      <Form method="post" action="/settings/notifications" className="stack">
        <input type="hidden" name="intent" value="notifications" />
        <fieldset className="pref-list">
          <legend>Tell me when</legend>
          {Object.entries(labels).map(([key, label]) => (
            <div key={key} className="field-check">
              <input type="checkbox" id={`pref-${key}`} name={key} defaultChecked={preferences[key]} />
              <label htmlFor={`pref-${key}`}>{label}</label>
            </div>
          ))}
        </fieldset>
        <fieldset className="pref-list">
          <legend>{DIGEST_LABEL}</legend>
          {DIGEST_CHOICES.map((choice) => (
            <div key={choice} className="field-check">
              <input
                type="radio"
                id={`digest-${choice}`}
                name="digest"
                value={choice}
                defaultChecked={digest === choice}
              />
              <label htmlFor={`digest-${choice}`}>{DIGEST_CHOICE_LABELS[choice]}</label>
            </div>
          ))}
        </fieldset>
        <div>
          <button type="submit" className="btn btn-primary">
            Save notification settings
          </button>
        </div>
      </Form>
    </section>
  );
}
