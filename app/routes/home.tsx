/**
 * Home (spec section 2, route table and "Home sections"). The spec lists the page's nine parts
 * (hero, features, how it works, contact form, footer, showcase, team, market opportunity,
 * why-us) as a list of what the page has, not as a layout order: the site footer (root.tsx)
 * closes every page, so the page reads hero, features (#features), how it works, showcase
 * (#featured, real featured projects from D1), market opportunity (#market), why-us (#why-us),
 * roadmap (#roadmap, a footer link), team (#team) and contact (#contact, the shared
 * ContactForm), then the footer.
 */
import { Contact, Roadmap, Team } from "../components/home/Team";
import { Featured } from "../components/home/Featured";
import { Features, HowItWorks } from "../components/home/Features";
import { Hero } from "../components/home/Hero";
import { Market, WhyUs } from "../components/home/Market";
import { pageMeta } from "../components/meta";
import { useOptionalUser } from "../components/useOptionalUser";
import { getApp } from "../server/guards.server";
import { listFeaturedProjects } from "../../worker/services/projects/projects";
import { featuredCards } from "./home.server";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    null,
    "Back the student founders building what's next. CampusFund is equity crowdfunding for college-student startups, with simulated money.",
    // the site image (domain/visitors/seo.ts SITE_IMAGE)
    { at: args, share: { type: "website" } },
  );

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  try {
    const projects = await listFeaturedProjects(db, 3);
    return { featured: featuredCards(projects) };
  } catch (e) {
    // The marketing page still renders if the showcase query fails; the failure is logged.
    console.error("home: featured projects failed", e);
    return { featured: [] };
  }
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const signedIn = !!useOptionalUser();
  return (
    <>
      <Hero signedIn={signedIn} />
      <Features />
      <HowItWorks />
      <Featured projects={loaderData.featured} />
      <Market />
      <WhyUs signedIn={signedIn} />
      <Roadmap />
      <Team />
      <Contact />
    </>
  );
}
