/** The words of two-step sign-in's settings (Settings' /settings/two-factor and /api/auth/two-factor; ADR 054). */
export const TWO_FACTOR_SETTINGS_MESSAGES = {
  started: "Add CampusFund to your authenticator app, then enter the 6-digit code it shows",
  turnedOn: "Two-step sign-in is on. Save your recovery codes now: each works once, and they will not be shown again.",
  regenerated: "New recovery codes made: the old ones no longer work. Save these now: they will not be shown again.",
  turnedOff: "Two-step sign-in is off. You sign in with your password alone.",
  unknownIntent: "Unknown action: these forms can only turn two-step sign-in on or off or make new recovery codes",
} as const;

/** Where a person confirms it's them (step-up), coming back to `next`. */
export const confirmAccessHref = (next: string) => `/confirm-access?next=${encodeURIComponent(next)}`;
