/** The notification switches: shared by the settings page and the service. */
import * as v from "valibot";

export interface NotificationPreferences {
  updates: boolean;
  answers: boolean;
  questions: boolean;
  investments: boolean;
  goals: boolean;
  closing: boolean;
}

export const PREFERENCE_LABELS: Record<keyof NotificationPreferences, string> = {
  updates: "A project I invested in or follow posts an update",
  answers: "A founder answers my question",
  questions: "Someone asks a question on my project",
  investments: "Someone invests in my project",
  goals: "A project I invested in or follow reaches its goal",
  closing: "A project I follow closes within 48 hours",
};

export const DEFAULT_PREFERENCES: NotificationPreferences = {
  updates: true,
  answers: true,
  questions: true,
  investments: true,
  goals: true,
  closing: true,
};

/**
 * The body of `PUT /api/notifications/preferences`, for the API's document (worker/services/
 * notifications.ts `savePreferences` holds the rule and its message): the switches to change,
 * each true or false; a switch left out is kept.
 */
export const NotificationPreferencesBody = v.object(
  Object.fromEntries(Object.keys(DEFAULT_PREFERENCES).map((key) => [key, v.optional(v.boolean())])) as Record<
    keyof NotificationPreferences,
    v.OptionalSchema<v.BooleanSchema<undefined>, undefined>
  >,
);
