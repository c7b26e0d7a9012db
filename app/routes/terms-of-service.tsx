/**
 * /terms-of-service (spec sections 1 and 2): static text with the 18+ eligibility, the simulated
 * nature of all money, the regulation notes (SAFE, Reg CF up to $5 million, Reg A+ up to
 * $75 million), the last-updated date set to today (rendered on the server), back-to-top after
 * 300px, contact email and postal address.
 */
import { Link } from "react-router";

import { LegalPage, type LegalSection } from "../components/LegalPage";
import { isoDay } from "../../domain/shared/dates";
import { pageMeta } from "../components/meta";
import type { Route } from "./+types/terms-of-service";

const LEGAL_EMAIL = "legal@campusfund.dev";

export const meta: Route.MetaFunction = (args) =>
  pageMeta("Terms of Service", "The rules for using CampusFund, the equity-crowdfunding demo for student startups.", {
    at: args,
  });

export function loader() {
  return { updated: isoDay() };
}

const SECTIONS: LegalSection[] = [
  {
    id: "acceptance",
    title: "Acceptance of these terms",
    body: (
      <p>
        These terms are an agreement between you and CampusFund (&ldquo;we&rdquo;, &ldquo;us&rdquo;) about your use of
        the CampusFund website and application. By creating an account or using the platform you accept them and our{" "}
        <Link to="/privacy-policy">Privacy Policy</Link>. If you do not agree, please do not use CampusFund.
      </p>
    ),
  },
  {
    id: "eligibility",
    title: "Eligibility",
    body: (
      <>
        <p>
          You must be <strong>at least 18 years old</strong> to create an account or use CampusFund. By signing up you
          confirm that the birth date you give is true and that you are 18 or older. We close accounts that do not meet
          this requirement.
        </p>
        <p>
          You may hold one account. Founders and investors are separate roles: you choose one at sign-up, and an
          administrator role is never self-assigned.
        </p>
      </>
    ),
  },
  {
    id: "simulated-money",
    title: "Simulated money: no real investment",
    body: (
      <>
        <p>
          CampusFund is a demonstration and learning platform. <strong>All money on CampusFund is simulated.</strong>{" "}
          Investor accounts come with virtual funds; purchases, balances, credit, returns and valuations are figures in
          a simulation.
        </p>
        <ul>
          <li>No real funds are collected, invested, held, transferred or paid out.</li>
          <li>
            <strong>No securities are actually offered or sold.</strong> Shares you &ldquo;buy&rdquo; confer no
            ownership, voting, dividend or other rights in any company.
          </li>
          <li>Nothing on CampusFund is an offer to sell, or a solicitation of an offer to buy, any security.</li>
        </ul>
      </>
    ),
  },
  {
    id: "regulation",
    title: "Offerings and regulation notes",
    body: (
      <>
        <p>
          To make the experience realistic, projects describe their terms the way real U.S. startup offerings do. These
          notes explain the terms you will see; they do not mean a real offering is taking place.
        </p>
        <ul>
          <li>
            <strong>SAFE</strong> (Simple Agreement for Future Equity): an investor pays now for the right to receive
            shares later, usually at the company&rsquo;s next priced funding round.
          </li>
          <li>
            <strong>Regulation Crowdfunding (Reg CF)</strong>: lets a company raise <strong>up to $5 million</strong> in
            a 12-month period from the public through a registered broker-dealer or funding portal.
          </li>
          <li>
            <strong>Regulation A+ (Reg A+)</strong>: lets a company raise <strong>up to $75 million</strong> in a
            12-month period, with offering documents qualified by the SEC.
          </li>
          <li>
            Both are open to <strong>accredited and non-accredited investors</strong>; under the real rules,
            non-accredited investors are subject to annual investment limits based on their income and net worth.
          </li>
        </ul>
        <p>
          Real offerings of this kind must go through a registered broker-dealer or funding portal. CampusFund&rsquo;s
          platform is designed around broker-dealer compliance, but in its current form it is not registered as a
          broker-dealer or funding portal and does not operate as one.
        </p>
      </>
    ),
  },
  {
    id: "accounts",
    title: "Your account",
    body: (
      <ul>
        <li>Give accurate information and keep it up to date.</li>
        <li>
          Keep your password confidential. You are responsible for what happens under your account; tell us at once if
          you think someone else has used it.
        </li>
        <li>Logging out ends your session on that device; sessions also expire after a period of inactivity.</li>
      </ul>
    ),
  },
  {
    id: "investors",
    title: "Investors",
    body: (
      <ul>
        <li>
          Investors may buy whole shares in open projects with simulated funds, within the project&rsquo;s minimum
          investment and the shares that remain.
        </li>
        <li>A purchase, once confirmed, is recorded in your portfolio and cannot be reversed.</li>
        <li>
          Portfolio figures, risk and diversification scores and AI-generated insights are illustrations. They are{" "}
          <strong>not investment, legal or tax advice</strong>, and past or projected returns shown on the platform say
          nothing about real investments.
        </li>
      </ul>
    ),
  },
  {
    id: "founders",
    title: "Founders",
    body: (
      <ul>
        <li>A founder may create and manage one project.</li>
        <li>Founders cannot invest, in their own project or in any other.</li>
        <li>
          The information you publish about your project (team, traction, terms, images) must be accurate, must be yours
          to share, and must not mislead investors. We may edit, hide or remove a project that breaks these terms, and
          we review projects before featuring them.
        </li>
        <li>Simulated funds raised on CampusFund cannot be withdrawn or converted into real money.</li>
      </ul>
    ),
  },
  {
    id: "acceptable-use",
    title: "Acceptable use",
    body: (
      <>
        <p>When using CampusFund you agree not to:</p>
        <ul>
          <li>break the law, or present CampusFund&rsquo;s simulation as a real offering to anyone;</li>
          <li>
            impersonate others or publish content that is false, defamatory, hateful or infringes others&rsquo; rights;
          </li>
          <li>send spam through the contact or supporters forms;</li>
          <li>probe, overload or disrupt the platform, or access it in ways other than the interfaces we provide.</li>
        </ul>
      </>
    ),
  },
  {
    id: "content",
    title: "Content and intellectual property",
    body: (
      <p>
        You keep the rights to the content you publish, and you give CampusFund a non-exclusive, worldwide, royalty-free
        license to host and display it on the platform while it is published. The CampusFund name, logo, design and
        software belong to us. Contact messages and supporter entries are handled as described in our{" "}
        <Link to="/privacy-policy">Privacy Policy</Link>.
      </p>
    ),
  },
  {
    id: "disclaimers",
    title: "Disclaimers and limitation of liability",
    body: (
      <>
        <p>
          CampusFund is provided &ldquo;as is&rdquo; and &ldquo;as available&rdquo;. Because no real money moves on the
          platform, you cannot lose real money through it. We do not guarantee that it will be uninterrupted or free of
          errors, or that project information published by founders is accurate.
        </p>
        <p>
          To the fullest extent the law allows, CampusFund is not liable for indirect, incidental or consequential
          damages arising from your use of the platform, and our total liability is limited to one hundred U.S. dollars
          (USD 100).
        </p>
      </>
    ),
  },
  {
    id: "termination",
    title: "Suspension and termination",
    body: (
      <p>
        You may stop using CampusFund at any time and ask us to delete your account. We may suspend or close an account
        that breaks these terms or puts other users or the platform at risk. Sections that by their nature should
        continue (simulated money, disclaimers, limitation of liability) survive termination.
      </p>
    ),
  },
  {
    id: "law-and-changes",
    title: "Governing law and changes",
    body: (
      <p>
        These terms are governed by the laws of the United States and of the state where CampusFund&rsquo;s office
        (below) is located, without regard to conflict-of-law rules. When we change these terms we update the date at
        the top of this page; continuing to use CampusFund after a change means you accept the updated terms.
      </p>
    ),
  },
];

export default function TermsOfService({ loaderData }: Route.ComponentProps) {
  return (
    <LegalPage
      title="Terms of Service"
      lead="The rules for using CampusFund: who can join, what the simulation is and is not, and what we expect of investors and founders."
      updated={loaderData.updated}
      email={LEGAL_EMAIL}
      summary={
        <>
          <strong>In short:</strong> you must be 18 or older; all money on CampusFund is simulated and no securities are
          actually offered or sold; nothing here is investment advice.
        </>
      }
      sections={SECTIONS}
    />
  );
}
