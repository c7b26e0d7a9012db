/** The notification switches: shared by the settings page and the service. */
import * as v from "valibot";

export interface NotificationPreferences {
  updates: boolean;
  answers: boolean;
  questions: boolean;
  investments: boolean;
  goals: boolean;
  closing: boolean;
  /** The exchange's notices by mail too (they are always in the bell: one's own orders). */
  marketMails: boolean;
  /** Replies to one's posts and mentions of one's project by mail too (they are always in the bell). */
  replies: boolean;
}

export const PREFERENCE_LABELS: Record<keyof NotificationPreferences, string> = {
  updates: "A project I invested in or follow posts an update",
  answers: "A founder answers my question",
  questions: "Someone asks a question on my project",
  investments: "Someone invests in my project",
  goals: "A project I invested in or follow reaches its goal",
  closing: "A project I follow closes within 48 hours",
  marketMails: "Also email me when my exchange orders fill, expire or are canceled",
  replies: "Also email me when someone replies to my post or mentions me in a discussion",
};

export const DEFAULT_PREFERENCES: NotificationPreferences = {
  updates: true,
  answers: true,
  questions: true,
  investments: true,
  goals: true,
  closing: true,
  marketMails: true,
  replies: true,
};

/** The email digest of unread notifications: off (the default), once a UTC day, or once an ISO week. */
export const DIGEST_CHOICES = ["off", "daily", "weekly"] as const;
export type DigestChoice = (typeof DIGEST_CHOICES)[number];
export const DIGEST_LABEL = "Email digest of unread notifications";
export const DIGEST_CHOICE_LABELS: Record<DigestChoice, string> = { off: "Off", daily: "Daily", weekly: "Weekly" };
export const DIGEST_MESSAGE = "digest must be off, daily or weekly";

/** The digest choice sent: undefined when none was sent, null when it is not one of the choices. */
export function digestChoiceOf(x: unknown): DigestChoice | null | undefined {
  if (x === undefined) return undefined;
  return typeof x === "string" && (DIGEST_CHOICES as readonly string[]).includes(x) ? (x as DigestChoice) : null;
}

/** What the settings read and save: the switches and the digest choice. */
export type NotificationSettingsDTO = NotificationPreferences & { digest: DigestChoice };

/** The switches alone (what the checkboxes show). */
export function switchesOf({ digest: _digest, ...switches }: NotificationSettingsDTO): NotificationPreferences {
  return switches;
}

/**
 * The body of `PUT /api/notifications/preferences`, for the API's document (worker/services/
 * notifications.ts `savePreferences` holds the rule and its message): the switches to change,
 * each true or false; a switch left out is kept.
 */
export const NotificationPreferencesBody = v.object({
  ...(Object.fromEntries(Object.keys(DEFAULT_PREFERENCES).map((key) => [key, v.optional(v.boolean())])) as Record<
    keyof NotificationPreferences,
    v.OptionalSchema<v.BooleanSchema<undefined>, undefined>
  >),
  digest: v.optional(v.picklist(DIGEST_CHOICES)),
});
