/** The profile page's tabs (`?tab=`), each a link, so every panel works without JavaScript. */
export const PROFILE_TABS = ["overview", "investments", "preferences", "financial"] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];
export const PROFILE_TAB_LABELS: Record<ProfileTab, string> = {
  overview: "Overview",
  investments: "My Investments",
  preferences: "Investment Preferences",
  financial: "Financial Info",
};
