/**
 * The project page's tabs (`?tab=`), each a link, so every panel works without JavaScript. History
 * (what happened to the company after its raise, ADR 052) is a funded raise's only; Trade (its
 * shares on the Campus Exchange, ADR 053) a company's with a market (funded and settled).
 */
export const DETAIL_TABS = [
  { id: "overview", label: "Overview" },
  { id: "team", label: "Team" },
  { id: "product", label: "Product" },
  { id: "market", label: "Market" },
  { id: "investment", label: "Investment" },
  { id: "history", label: "History" },
  { id: "trade", label: "Trade" },
  { id: "updates", label: "Updates" },
  { id: "discussion", label: "Discussion" },
] as const;
export type DetailTabId = (typeof DETAIL_TABS)[number]["id"];

/** The tabs a project's page has: History only after a funded raise, Trade only with a market. */
export function tabsFor(funded: boolean, trading = false) {
  return DETAIL_TABS.filter((t) => (t.id !== "history" || funded) && (t.id !== "trade" || trading));
}
