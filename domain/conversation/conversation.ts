/** What the conversation's services answer: shared by the API, the loaders and the components. */
export interface UpdateDTO {
  id: string;
  projectId: string;
  investorsOnly: boolean;
  /** Hidden by an admin: shown only to the project's founder and admins. */
  hidden: boolean;
  /** False when the viewer may not read it: title and body are then null. */
  readable: boolean;
  title: string | null;
  body: string | null;
  createdAt: string;
  updatedAt: string;
  edited: boolean;
}

/** An update as the founder dashboard lists it: its title links to it; its body is not shown. */
export interface DashboardUpdate {
  id: string;
  title: string;
  investorsOnly: boolean;
  createdAt: string;
}

/** The Discussion (ADR 055; worker/services/conversation/discussion.ts). */
export interface DiscussionPostDTO {
  id: string;
  projectId: string;
  threadId: string;
  parentId: string | null;
  depth: number;
  authorName: string;
  /** Written by the project's founder ("Founder" badge). */
  byFounder: boolean;
  /** Written by a CampusFund admin ("CampusFund" badge). */
  byAdmin: boolean;
  body: string;
  voteCount: number;
  /** A thread's replies, all levels (0 for a reply). */
  replyCount: number;
  pinned: boolean;
  /** Hidden by a moderator: only its author, the founder and admins see it. */
  hidden: boolean;
  createdAt: string;
  lastActivityAt: string;
  /** The viewer upvoted it. */
  voted: boolean;
  /** The viewer wrote it. */
  mine: boolean;
}

export interface DiscussionThreadDTO extends DiscussionPostDTO {
  /** Its first replies in order (DISCUSSION_LIMITS.repliesShown on a page, the thread's own view more). */
  replies: DiscussionPostDTO[];
}

export interface DiscussionPage {
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
  order: "top" | "newest";
  threads: DiscussionThreadDTO[];
}
