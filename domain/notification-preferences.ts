/** The notification switches: shared by the settings page and the service. */
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
