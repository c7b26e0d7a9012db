/**
 * Follow / Following: a POST form for a signed-in user, so it works without
 * JavaScript; a visitor gets a link to sign in that comes back to the page. `aria-pressed` tells
 * assistive technology whether the project is followed.
 */
import { Form, Link } from "react-router";

import { formatNumber } from "../../../domain/shared/format";

export function FollowButton({
  projectId,
  title,
  following,
  followers,
  signedIn,
  action,
  signInHref,
  className = "btn btn-secondary",
}: {
  projectId: string;
  title: string;
  following: boolean;
  /** Shown beside the button when given. */
  followers?: number;
  signedIn: boolean;
  action: string;
  signInHref: string;
  className?: string;
}) {
  const count =
    followers === undefined ? null : (
      <span className="follow-count">
        {formatNumber(followers)} {followers === 1 ? "follower" : "followers"}
      </span>
    );
  if (!signedIn) {
    return (
      <span className="follow">
        <Link className={className} to={signInHref}>
          Follow<span className="visually-hidden"> {title}</span>
        </Link>
        {count}
      </span>
    );
  }
  return (
    <Form method="post" action={action} className="follow" preventScrollReset>
      <input type="hidden" name="intent" value={following ? "unfollow" : "follow"} />
      <input type="hidden" name="projectId" value={projectId} />
      <button
        type="submit"
        className={`${className}${following ? " is-following" : ""}`}
        aria-pressed={following}
        title={following ? `Stop following ${title}` : `Follow ${title}`}
      >
        {following ? "Following" : "Follow"}
        <span className="visually-hidden"> {title}</span>
      </button>
      {count}
    </Form>
  );
}
