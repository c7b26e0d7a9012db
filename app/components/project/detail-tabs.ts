/** The project page's tabs (`?tab=`), each a link, so every panel works without JavaScript. */
export const DETAIL_TABS = [
  { id: "overview", label: "Overview" },
  { id: "team", label: "Team" },
  { id: "product", label: "Product" },
  { id: "market", label: "Market" },
  { id: "investment", label: "Investment" },
  { id: "updates", label: "Updates" },
  { id: "questions", label: "Questions" },
] as const;
export type DetailTabId = (typeof DETAIL_TABS)[number]["id"];
