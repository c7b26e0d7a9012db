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
import { listRails } from "../../worker/services/projects/rails";
import { railViews } from "../server/rails.server";
import { Rails } from "../components/home/Rails";
import { SectionHead } from "../components/home/SectionHead";
import type { Route } from "./+types/home";
import { captureUnexpected } from "../server/capture";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    null,
    "Back the student founders building what's next. CampusFund is equity crowdfunding for college-student startups, with simulated money.",
    // the site image (domain/visitors/seo.ts SITE_IMAGE)
    { at: args, share: { type: "website" } },
  );

export async function loader({ context }: Route.LoaderArgs) {
  const { db, user } = getApp(context);
  // The rails: every rail in one batch; "Because you follow …" only for a signed-in person (whose
  // pages the edge cache never keeps), so a visitor's copy is every visitor's (ADR 011).
  const [featured, rails] = await Promise.all([
    listFeaturedProjects(db, 3).catch((e: unknown) => {
      // The marketing page still renders if the showcase query fails; the failure is captured.
      captureUnexpected(context, e);
      return [];
    }),
    listRails(db, user).catch((e: unknown) => {
      captureUnexpected(context, e);
      return [];
    }),
  ]);
  return { featured: featuredCards(featured), rails: railViews(rails) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const signedIn = !!useOptionalUser();
  return (
    <>
      <Hero signedIn={signedIn} />
      <Features />
      <HowItWorks />
      <Featured projects={loaderData.featured} />
      {loaderData.rails.length > 0 ? (
        <section id="raising" className="section" aria-labelledby="raising-title">
          <div className="container">
            <SectionHead
              eyebrow="Raising now"
              id="raising-title"
              title="Raises to watch"
              lead="What is moving, closing, new and nearly there on CampusFund."
            />
            <Rails rails={loaderData.rails} headingLevel={3} />
          </div>
        </section>
      ) : null}
      <Market />
      <WhyUs signedIn={signedIn} />
      <Roadmap />
      <Team />
      <Contact />
    </>
  );
}
