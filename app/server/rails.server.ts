/**
 * The rails as the home page and the browser show them (worker/services/projects/rails.ts): each
 * project as its compact card's fields and the "See all" link of the browser in the rail's order.
 * Server only.
 */
import type { RailView } from "../components/home/Rails";
import type { Rail } from "../../worker/services/projects/rails";

export function railViews(rails: Rail[], base: "/demo" | "/explore" = "/demo"): RailView[] {
  return rails.map((r) => {
    const query = new URLSearchParams();
    if (r.sector) query.set("category", r.sector);
    query.set("sort", r.sort);
    return { id: r.id, title: r.title, seeAll: `${base}?${query.toString()}`, projects: r.projects };
  });
}
