/**
 * Review before listing (ADR 030): a founder submits a draft, an admin approves it (it goes live)
 * or requests changes (it returns to draft with the reviewer's note). The statuses a project has
 * before it is live, the launch checklist, the terms that lock at the first sale, and the words.
 *
 * Pure: no I/O, shared by the services (which enforce it) and the pages (which show it).
 */
import { addDays, isoDay } from "../shared/dates";
import { toNumber } from "../shared/fields";
import { formatMoney, formatPrice } from "../shared/format";
import { PROJECT_MESSAGES } from "./project-form-messages";
import { REVISION_MESSAGES } from "./revisions";

// The pages take these from ./listed without this module's words and checklist.
export { isListedStatus, UNLISTED_STATUSES, type UnlistedStatus } from "./listed";
import { REASON_MAX } from "./reason-max";

/** Reg CF keeps an offering open at least 21 days (17 CFR 227.304(a)): a deadline sooner is weak. */
export const MIN_OPEN_DAYS = 21;

export { REASON_MAX };

export const REVIEW_MESSAGES = {
  submitted: "Your project was submitted for review. We will tell you when it is approved or needs changes.",
  withdrawn: "Your project was withdrawn from review. It is a draft again: edit it and submit it when you are ready.",
  approved: "The project is live.",
  changesRequested: "Changes were requested. The project is a draft again and its founder was told.",
  notDraft: "Only a draft can be submitted for review",
  notInReview: "This project is not waiting for review",
  inReviewReadOnly: "This project is in review: withdraw it from review to edit it",
  confirmTerms: "Please confirm the terms that lock at the first sale",
  termsChanged: "The terms changed since you confirmed them: check the new figures and confirm again",
  reasonRequired: "Please write a note for the founder",
  overrideRequired:
    "This project fails a required checklist item: write why you approve it anyway (it goes into the audit log)",
  overrideTooLong: `The reason must be at most ${REASON_MAX} characters`,
  reasonTooLong: `The note must be at most ${REASON_MAX} characters`,
  suspendReasonRequired: "Please give a reason for the suspension",
  suspendReasonTooLong: `The reason must be at most ${REASON_MAX} characters`,
  suspended: "This account is suspended. Contact support.",
  alreadySuspended: "This account is already suspended",
  notSuspended: "This account is not suspended",
  cannotSuspendAdmin: "An admin account cannot be suspended here",
  userNotFound: "User not found",
  adminOnly: "You do not have permission to do that",
} as const;

/** What just happened to a founder's project, by the code `/my-projects?saved=` carries (never free text). */
export const SAVED_MESSAGES = {
  created: PROJECT_MESSAGES.created,
  updated: PROJECT_MESSAGES.updated,
  published: PROJECT_MESSAGES.published,
  submitted: REVIEW_MESSAGES.submitted,
  withdrawn: REVIEW_MESSAGES.withdrawn,
  // A live raise's material changes (ADR 050).
  sent: REVISION_MESSAGES.submitted,
  "changes-withdrawn": REVISION_MESSAGES.withdrawn,
} as const;
export type SavedCode = keyof typeof SAVED_MESSAGES;

/** The figures the lock confirmation names (the terms investors buy on), as typed or as saved. */
export interface LockedTermValues {
  sharePrice: unknown;
  fundingGoal: unknown;
  equityPercentage: unknown;
  regulationType: unknown;
}

const NOT_SET = "not set";

/** "Share price $2.50", "Funding goal $50,000" …: the four terms that lock at the first sale, with their values. */
export function lockedTermsList(p: LockedTermValues): { label: string; value: string }[] {
  const price = toNumber(p.sharePrice);
  const goal = toNumber(p.fundingGoal);
  const equity = toNumber(p.equityPercentage);
  const regulation = typeof p.regulationType === "string" ? p.regulationType.trim() : "";
  return [
    { label: "Share price", value: price === null || !Number.isFinite(price) ? NOT_SET : formatPrice(price) },
    { label: "Funding goal", value: goal === null || !Number.isFinite(goal) ? NOT_SET : formatMoney(goal) },
    { label: "Equity offered", value: equity === null || !Number.isFinite(equity) ? NOT_SET : `${equity}%` },
    { label: "Regulation type", value: regulation || NOT_SET },
  ];
}

/**
 * The terms a founder confirmed, as one string the form posts beside the checkbox: the server
 * compares it with the terms it is about to submit, so a confirmation of other figures (changed
 * after the page was drawn, without JavaScript) is asked again instead of taken.
 */
export function termsFingerprint(p: LockedTermValues): string {
  return lockedTermsList(p)
    .map((t) => t.value)
    .join(" | ");
}

/** What the checklist reads of a project. */
export interface ChecklistInput {
  image: string;
  fundingDeadline: string;
  founders: readonly unknown[];
  team: readonly unknown[];
  documents: readonly { name: string; url: string }[];
  faqs: readonly unknown[];
}

export interface ChecklistItem {
  id: "required" | "image" | "team" | "deck" | "faq" | "deadline";
  label: string;
  ok: boolean;
  /** A missing required item blocks the submission; the others are advice the reviewer also sees. */
  required: boolean;
  /** What to do about it (shown when not ok). */
  fix: string;
  /** The builder section that fixes it. */
  section: string;
  /** What fails, field by field, in the form's own words (the required fields' item only). */
  problems?: string[];
}

/**
 * The launch checklist: the required fields (as the form's own rules find them: `problems` is
 * each failing field's message, so the founder and the reviewer read which) and what investors
 * look for. `today` is an ISO day.
 */
export function launchChecklist(
  p: ChecklistInput,
  problems: readonly string[],
  today: string = isoDay(Date.now()),
): ChecklistItem[] {
  const deck = p.documents.find((d) => d.name.toLowerCase() === "investor deck");
  const missing = problems.length;
  return [
    {
      id: "required",
      label: "Every required field is filled in and valid",
      ok: missing === 0,
      required: true,
      fix: missing === 1 ? "1 field needs attention" : `${missing} fields need attention`,
      section: "basic",
      problems: [...problems],
    },
    {
      id: "image",
      label: "A main image",
      ok: p.image.trim() !== "",
      required: true,
      fix: "Upload a main image or give its URL",
      section: "media",
    },
    {
      id: "team",
      label: "At least one team member",
      ok: p.founders.length + p.team.length > 0,
      required: false,
      fix: "Investors back people: add who is building it",
      section: "team",
    },
    {
      id: "deck",
      label: "An investor deck",
      ok: !!deck && deck.url.trim() !== "",
      required: false,
      fix: "Add your pitch deck as a PDF or a link",
      section: "documents",
    },
    {
      id: "faq",
      label: "At least one FAQ",
      ok: p.faqs.length > 0,
      required: false,
      fix: "Answer the question investors ask first",
      section: "faqs",
    },
    {
      id: "deadline",
      label: `A deadline at least ${MIN_OPEN_DAYS} days away`,
      ok: p.fundingDeadline >= addDays(today, MIN_OPEN_DAYS),
      required: false,
      fix: `Offerings stay open at least ${MIN_OPEN_DAYS} days: give investors time to decide`,
      section: "funding",
    },
  ];
}

/** The required items that fail: what an approval overrides, with its reason. */
export function failingRequired(items: readonly ChecklistItem[]): ChecklistItem[] {
  return items.filter((i) => i.required && !i.ok);
}

/** Whether the checklist lets the project be submitted (every required item ok). */
export function checklistPasses(items: readonly ChecklistItem[]): boolean {
  return items.every((i) => i.ok || !i.required);
}
