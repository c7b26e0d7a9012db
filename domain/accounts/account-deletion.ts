/**
 * Delete my account (ADR 046): the grace period, the words the page, the API and the mail
 * say, and the warnings a founder with an open raise or an investor with cancellable investments
 * reads before confirming. Pure: worker/services/accounts/account-deletion.ts enforces it.
 */
import { cutoffText } from "../money/cancellation";
import { DAY_MS } from "../shared/dates";
import { quoted } from "../shared/quote";

/** Signing in within this long after the request cancels it; past it the daily job erases the account. */
export const DELETION_GRACE_MS = 30 * DAY_MS;
/** Accounts the daily job erases per run (each is one D1 batch). */
export const ERASE_BATCH = 20;
/** How a person whose account was erased is named wherever their kept content is shown. */
export const FORMER_MEMBER = "a former member";
/** The same, at the start of a sentence or as a name on its own line. */
export const FORMER_MEMBER_NAME = "A former member";
/** The domain of the anonymous addresses erased accounts keep (RFC 6761: `.invalid` never resolves). */
export const ERASED_EMAIL_DOMAIN = "deleted.invalid";
export const erasedEmail = (userId: string) => `deleted-${userId.toLowerCase()}@${ERASED_EMAIL_DOMAIN}`;

/** When the account of a request made at `requestedAt` (ms) is erased. */
export const deletionDate = (requestedAt: number) => requestedAt + DELETION_GRACE_MS;

// Every page's notices and banner take the words alone, without the erasure's rules.
export { DELETION_MESSAGES } from "./deletion-messages";

/** What the page says deletion does (always shown, before the warnings). */
export const DELETION_EXPLAINED =
  "Your name, contact details, profile, follows, notifications and preferences are erased 30 days after you ask. " +
  "Your investments stay on record under an anonymous holder, so every project's totals stay right, and your " +
  "updates stay on their projects under “a former member”; your Discussion posts keep their place in their threads " +
  "but read “Deleted account”, their words erased. Signing in within those 30 days " +
  "cancels the deletion.";

/** A founder whose raise is still open. */
export const openRaiseWarning = (title: string) =>
  `Your raise ${quoted(title)} stays open until its deadline and settles as usual; after deletion you can no longer edit it, reply in its Discussion or close it early.`;

const listed = (titles: string[], raises: number) => {
  const names = titles.map(quoted);
  const more = raises - titles.length;
  if (more > 0) return `${names.join(", ")} and ${more} more`;
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
};

/**
 * An investor with investments still cancellable: how many, in which raises (the first few), until
 * when (each has its own cutoff: the earliest and the latest are said when they differ).
 */
export function cancellableWarning(
  count: number,
  titles: string[],
  raises: number,
  earliest: number,
  latest: number,
): string {
  const one = count === 1;
  const until =
    earliest === latest
      ? `until ${cutoffText(latest)}`
      : `until ${cutoffText(earliest)} (the last one until ${cutoffText(latest)})`;
  return (
    `You can cancel ${one ? "1 investment" : `${count} investments`} (in ${listed(titles, raises)}) ${until}; ` +
    `once your account is deleted ${one ? "it can no longer be canceled and settles with its raise" : "they can no longer be canceled and settle with their raises"}.`
  );
}
