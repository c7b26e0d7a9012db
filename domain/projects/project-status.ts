/**
 * A project's status as every screen shows it: one rule, so a badge and an invest button can
 * never disagree (an "Active" badge beside "Funding Closed" was the bug this replaces).
 *
 * Spec section 3: active, funded, completed and cancelled are the known statuses and anything else
 * is upcoming; we add coming_soon (approved, opening at its launch date: ADR 055), draft (a project its founder has not submitted yet), in_review (submitted,
 * waiting for an admin: ADR 030) and closed (a raise settled below its goal, its investments
 * returned: ADR 043; a settled raise that reached it is stored funded). Spec section 2 (Project
 * detail, Button states): days left 0 gives "Funding Closed", no shares remaining gives "Sold Out".
 * An active project is shown by what its buyers meet: sold out first, then closed, else Active.
 *
 * A raise that has ended is named by what it raised: below its goal it is "Closed (goal not
 * reached)" (ADR 043: the same words on every screen and in the API),
 * whatever the stored word says (a 41%-funded raise is never "Completed" or "Funding completed");
 * at or above its goal an active raise past its deadline is "Funded", and a stored funded or
 * completed status keeps its word.
 *
 * Pure: no I/O, no framework imports.
 */

export type ProjectStatusKey =
  | "draft"
  | "in_review"
  | "active"
  | "sold-out"
  | "closed"
  | "funded"
  | "completed"
  | "cancelled"
  | "coming-soon"
  | "upcoming";

/** The badge styles (`badge-success` … `badge-muted` in app.css). */
export type StatusTone = "success" | "info" | "warning" | "danger" | "muted";

export interface ProjectStatus {
  key: ProjectStatusKey;
  /** What the badge says (the status capitalised; "Sold Out" and "Funding Closed" for the button's states). */
  label: string;
  tone: StatusTone;
  /** Shares can be bought now: active, with days left and shares remaining. */
  open: boolean;
}

/** The project fields the rule reads. */
export interface ProjectStatusFields {
  status: string;
  daysLeft: number;
  sharesRemaining: number;
  /**
   * Dollars raised so far and the goal: an ended raise below its goal is "Closed". A screen that
   * does not carry them (an admin list, the form's badge) gets the stored word for an ended raise.
   */
  fundingCurrent?: number;
  fundingGoal?: number;
}

const SHOWN: Record<ProjectStatusKey, Omit<ProjectStatus, "key" | "open">> = {
  draft: { label: "Draft", tone: "warning" },
  in_review: { label: "In Review", tone: "info" },
  active: { label: "Active", tone: "success" },
  "sold-out": { label: "Sold Out", tone: "info" },
  closed: { label: "Closed (goal not reached)", tone: "muted" },
  funded: { label: "Funded", tone: "info" },
  completed: { label: "Completed", tone: "muted" },
  cancelled: { label: "Canceled", tone: "danger" },
  "coming-soon": { label: "Coming Soon", tone: "info" },
  upcoming: { label: "Upcoming", tone: "warning" },
};

function status(key: ProjectStatusKey, open = false): ProjectStatus {
  return { key, ...SHOWN[key], open };
}

/**
 * Whether the raise reached its goal (a goal of 0 or less counts as reached: nothing was asked;
 * figures not given count as reached, so the stored word stands).
 */
export function reachedGoal(p: Pick<ProjectStatusFields, "fundingCurrent" | "fundingGoal">): boolean {
  if (p.fundingCurrent === undefined || p.fundingGoal === undefined) return true;
  return !(p.fundingGoal > 0) || p.fundingCurrent >= p.fundingGoal;
}

/** The one status rule: which status a project shows, in what style, and whether it is open. */
export function projectStatus(p: ProjectStatusFields): ProjectStatus {
  const stored = p.status.trim().toLowerCase();
  switch (stored) {
    case "active":
      if (!(p.sharesRemaining > 0)) return status("sold-out");
      if (!(p.daysLeft > 0)) return status(reachedGoal(p) ? "funded" : "closed");
      return status("active", true);
    case "funded":
    case "completed":
      return status(reachedGoal(p) ? stored : "closed");
    case "closed":
    case "draft":
    case "in_review":
    case "cancelled":
      return status(stored);
    // Approved with a launch date still ahead (ADR 055): listed and reservable, not open for investment.
    case "coming_soon":
      return status("coming-soon");
    default:
      return status("upcoming");
  }
}

/**
 * The "Days left" figure: the days while the raise runs (open, or sold out before its deadline:
 * all or nothing, it closes at the deadline and its investors may cancel until 48 hours before);
 * otherwise why there are none to count. A raise that ended below its goal says its status,
 * "Closed (goal not reached)"; one that ended at its goal (funded, completed) says `ended` (the
 * detail sidebar's "Funding completed", spec section 2); a cancelled one says so; a draft or
 * upcoming one has not opened yet.
 */
export function daysLeftText(
  p: ProjectStatusFields,
  ended = "Funding completed",
  /** What a raise closed below its goal says; a card, whose badge already names it, passes a short word. */
  closed?: string,
): number | string {
  const s = projectStatus(p);
  if (s.open || (s.key === "sold-out" && p.daysLeft > 0)) return p.daysLeft;
  switch (s.key) {
    case "closed":
      return closed ?? s.label;
    case "cancelled":
      return "Canceled";
    case "draft":
    case "in_review":
    case "coming-soon":
    case "upcoming":
      return "Not open yet";
    default:
      return ended;
  }
}
