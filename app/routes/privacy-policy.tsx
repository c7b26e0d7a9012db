/**
 * /privacy-policy (spec section 2): static text, last-updated date set to today (rendered on the
 * server), back-to-top after 300px, contact email and postal address.
 */
import { Link } from "react-router";

import { LegalPage, type LegalSection } from "../components/LegalPage";
import { isoDay } from "../../domain/shared/dates";
import { pageMeta } from "../components/meta";
import type { Route } from "./+types/privacy-policy";

const PRIVACY_EMAIL = "privacy@campusfund.dev";

export const meta: Route.MetaFunction = (args) =>
  pageMeta("Privacy Policy", "What CampusFund stores about you, why, for how long, and the choices you have.", {
    at: args,
  });

export function loader() {
  return { updated: isoDay() };
}

const SECTIONS: LegalSection[] = [
  {
    id: "who-we-are",
    title: "Who we are",
    body: (
      <>
        <p>
          CampusFund is an equity-crowdfunding demonstration platform for startups founded by college students.
          Investors browse student projects and buy shares; founders list a project and raise funds. Every amount on
          CampusFund is <strong>simulated money</strong>: no real funds are collected, invested, held or paid out, and
          no securities are actually offered or sold.
        </p>
        <p>
          This policy explains what information CampusFund (&ldquo;we&rdquo;, &ldquo;us&rdquo;) stores when you use the
          website, why we store it and the choices you have. It applies to campusfund.dev and every page and API of the
          CampusFund application.
        </p>
      </>
    ),
  },
  {
    id: "information-we-collect",
    title: "Information we collect",
    body: (
      <>
        <p>We only store what the platform needs to work:</p>
        <h3>Your account</h3>
        <ul>
          <li>First and last name, email address and the role you choose (investor or founder).</li>
          <li>
            Your birth date, used to confirm that you are at least 18 years old (see{" "}
            <a href="#eligibility">Eligibility</a>).
          </li>
          <li>
            Your password, never in readable form: we keep only a salted one-way hash (scrypt) that cannot be turned
            back into the password.
          </li>
          <li>Optional profile details you add, such as a bio, a website and your investing thesis.</li>
        </ul>
        <h3>Sessions</h3>
        <ul>
          <li>
            When you sign in we create a session. We store a hash of its secret, when it was created, when it was last
            used and when it expires, so that we can keep you signed in and sign you out after a period of inactivity.
          </li>
        </ul>
        <h3>Simulated investments and projects</h3>
        <ul>
          <li>
            For investors: each simulated purchase (the project, the number of shares, the share price, the simulated
            amount and the date) and the portfolio figures computed from them.
          </li>
          <li>
            For founders: the project you list, with its description, team, funding goal, share terms and the images you
            link.
          </li>
        </ul>
        <h3>Contact messages</h3>
        <ul>
          <li>
            When you use a contact form: your name, email address, the subject (on the contact page) and your message,
            with the time it was sent. A network address may be used briefly to limit abuse; it is not kept with your
            message.
          </li>
        </ul>
        <h3>Supporters</h3>
        <ul>
          <li>
            When you join the supporters list: your name, email address, an optional message and whether your name may
            be shown publicly. Your email address is never shown.
          </li>
        </ul>
        <p>
          We do not collect payment-card or bank details: there is nothing to pay on CampusFund, and the &ldquo;demo
          bank statement&rdquo; on your profile is generated, not linked to any bank.
        </p>
      </>
    ),
  },
  {
    id: "cookies-and-storage",
    title: "Cookies and browser storage",
    body: (
      <>
        <p>
          CampusFund sets <strong>one cookie</strong>: an HttpOnly session cookie that keeps you signed in. Scripts on
          the page cannot read it, it is sent only to CampusFund, it is marked SameSite=Lax (and Secure over HTTPS), and
          it is removed when you log out or the session expires. We use no advertising, analytics or third-party
          cookies, and our pages load no fonts, images or scripts from other websites.
        </p>
        <p>Some features keep data in your own browser&rsquo;s storage, which never leaves your device:</p>
        <ul>
          <li>
            The <Link to="/tasks">task manager</Link> saves your tasks in your browser&rsquo;s local storage.
          </li>
          <li>The guided tour remembers that you have finished or skipped it.</li>
        </ul>
        <p>
          When the application starts, it removes leftover browser-storage entries whose names contain
          &ldquo;demo&rdquo;, &ldquo;mock&rdquo;, &ldquo;test&rdquo; or &ldquo;sample&rdquo;, so that stale sample data
          never mixes with yours. You can clear the rest at any time in your browser&rsquo;s settings.
        </p>
      </>
    ),
  },
  {
    id: "how-we-use",
    title: "How we use your information",
    body: (
      <ul>
        <li>To create and secure your account, sign you in and keep you signed in.</li>
        <li>To record simulated investments and show your portfolio, totals and insights.</li>
        <li>To publish founders&rsquo; projects and show investors how each raise is progressing.</li>
        <li>To answer your messages and, if you agree, to show your name on the supporters list.</li>
        <li>To protect the platform: rate limits on sign-in and forms, and spotting abuse.</li>
      </ul>
    ),
  },
  {
    id: "ai-insights",
    title: "AI-generated portfolio insights",
    body: (
      <p>
        The portfolio page can show insights written by an AI model from your simulated holdings (sectors, amounts and
        dates). The model runs on our hosting provider&rsquo;s infrastructure; we do not send it your name, email
        address or password, and its output is not used to train models. When the model is unavailable, the insights are
        computed by simple documented rules instead. Insights are educational, not investment advice.
      </p>
    ),
  },
  {
    id: "sharing",
    title: "Sharing and disclosure",
    body: (
      <>
        <p>
          We do not sell or rent your personal information, and we do not share it for advertising. We share it only:
        </p>
        <ul>
          <li>
            with our hosting provider, which runs the application and its database on our behalf under a data processing
            agreement;
          </li>
          <li>publicly, where you choose it: a founder&rsquo;s project page, or your name on the supporters list;</li>
          <li>when the law requires it, or to protect the safety of our users and the platform.</li>
        </ul>
      </>
    ),
  },
  {
    id: "retention",
    title: "How long we keep it",
    body: (
      <ul>
        <li>Account, profile, projects and simulated investments: while your account exists.</li>
        <li>Sessions: until you log out or the session expires, after which they are deleted.</li>
        <li>Contact messages: up to 24 months, then deleted.</li>
        <li>Supporters: until you ask us to remove you.</li>
      </ul>
    ),
  },
  {
    id: "security",
    title: "Security",
    body: (
      <p>
        Passwords are stored only as scrypt hashes, session secrets only as SHA-256 hashes, and every page is served
        over HTTPS in production. Forms are protected against cross-site request forgery, and repeated failed sign-ins
        are slowed down. No system is perfectly secure; if you believe your account has been compromised, tell us at
        once.
      </p>
    ),
  },
  {
    id: "your-rights",
    title: "Your rights and choices",
    body: (
      <>
        <p>
          Wherever you live, you can ask us to show you the personal information we hold about you, correct it, export
          it or delete it, and you can withdraw your name from the public supporters list. Residents of California, the
          European Economic Area and the United Kingdom have these rights by law. Email{" "}
          <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a> from the address on your account; we answer within 30
          days.
        </p>
        <p>You can edit most of your profile yourself, and logging out ends your session at once.</p>
      </>
    ),
  },
  {
    id: "eligibility",
    title: "Eligibility and children",
    body: (
      <p>
        CampusFund is for people who are <strong>at least 18 years old</strong>. Sign-up asks for your birth date and
        refuses anyone younger. We do not knowingly collect information from anyone under 18; if you believe a minor has
        given us information, contact us and we will delete it.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to this policy",
    body: (
      <p>
        When we change this policy we update the date at the top of this page, and for significant changes we tell
        signed-in users on the site. The version published here is the one that applies.
      </p>
    ),
  },
];

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  return (
    <LegalPage
      title="Privacy Policy"
      lead="What CampusFund stores about you, why we store it, how long we keep it and the choices you have."
      updated={loaderData.updated}
      email={PRIVACY_EMAIL}
      summary={
        <>
          <strong>In short:</strong> we keep only what the platform needs (your account, sessions, simulated
          investments, contact messages and supporters), we set a single session cookie, we never sell your data, and no
          real money ever moves on CampusFund.
        </>
      }
      sections={SECTIONS}
    />
  );
}
