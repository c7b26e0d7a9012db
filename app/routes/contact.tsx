/**
 * /contact (spec section 2): phone, email, office address, social links, a map and the contact
 * form with subject. The map is a local SVG illustration with the address beside it and an
 * "Open in OpenStreetMap" link: nothing is loaded from a third-party host, so there is nothing
 * to degrade.
 *
 * The action is the no-JavaScript door of both contact forms (ContactForm posts here): the page
 * variant re-renders with the result; the home variant redirects to `/?contact=sent#contact` on
 * success and re-renders this page (with the typed values) on an error.
 */
import { redirect } from "react-router";

import { CONTACT_SENT_PATH, ContactForm } from "../components/ContactForm";
import { SocialIcons } from "../components/icons";
import { pageMeta } from "../components/meta";
import { CONTACT_INFO } from "../../domain/visitors/contact-info";
import { MESSAGES } from "../../domain/shared/messages";
import { getApp } from "../server/guards.server";
import { submitContactMessage } from "../../worker/services/visitors/contacts";
import { actionRetryAfter, formFields, readForm } from "../server/form.server";
import { FORM_LIMITS } from "../../domain/shared/limits";
import { clientAddress } from "../../worker/services/shared/client";
import { formFailed, formSuccess } from "../server/form-result";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    "Contact",
    "Questions about CampusFund? Call, email or send us a message: we answer within two business days.",
    { at: args },
  );

export const headers = actionRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  const form = formFields(await readForm(request, FORM_LIMITS.contact));
  const variant = form.variant === "home" ? "home" : "page";
  const values = {
    name: form.name ?? "",
    email: form.email ?? "",
    subject: form.subject ?? "",
    message: form.message ?? "",
  };
  const answer = { form: "contact", data: { variant } } as const;
  try {
    await submitContactMessage(getApp(context).db, form, {
      withSubject: variant === "page",
      clientIp: clientAddress(request),
    });
  } catch (e) {
    return formFailed(e, values, answer);
  }
  return variant === "home"
    ? redirect(CONTACT_SENT_PATH)
    : formSuccess({ ...answer, message: MESSAGES.contactSuccess });
}

const SOCIAL = [
  { href: "https://x.com/campusfund", label: "X", icon: SocialIcons.x },
  { href: "https://www.linkedin.com/company/campusfund", label: "LinkedIn", icon: SocialIcons.linkedin },
  { href: "https://www.instagram.com/campusfund", label: "Instagram", icon: SocialIcons.instagram },
  { href: "https://github.com/campusfund", label: "GitHub", icon: SocialIcons.github },
];

export default function Contact() {
  const a = CONTACT_INFO.address;
  return (
    <div className="container page-body contact-page">
      <header className="page-header">
        <p className="eyebrow">Contact</p>
        <h1 className="page-title">Get in touch</h1>
        <p className="page-lead">
          Questions about investing, raising for your startup or partnering with us? Send a message and we will answer
          within two business days.
        </p>
      </header>

      <div className="contact-layout">
        <section className="card contact-form-card" aria-labelledby="contact-form-title">
          <div className="card-body">
            <h2 id="contact-form-title" className="contact-card-title">
              Send us a message
            </h2>
            <ContactForm withSubject />
          </div>
        </section>

        <aside className="contact-aside" aria-label="Contact details">
          <div className="card">
            <div className="card-body">
              <h2 className="contact-card-title">Contact details</h2>
              <dl className="contact-list">
                <div>
                  <dt>Phone</dt>
                  <dd>
                    <a href={CONTACT_INFO.phoneHref}>{CONTACT_INFO.phone}</a>
                    <span className="muted small">{CONTACT_INFO.hours}</span>
                  </dd>
                </div>
                <div>
                  <dt>Email</dt>
                  <dd>
                    <a href={`mailto:${CONTACT_INFO.email}`}>{CONTACT_INFO.email}</a>
                  </dd>
                </div>
                <div>
                  <dt>Office</dt>
                  <dd>
                    <address>
                      {a.line1}
                      <br />
                      {a.line2}
                      <br />
                      {a.city}
                      <br />
                      {a.country}
                    </address>
                  </dd>
                </div>
              </dl>
              <h3 className="contact-social-title">Follow us</h3>
              <ul className="contact-social" role="list">
                {SOCIAL.map((s) => (
                  <li key={s.href}>
                    <a href={s.href} target="_blank" rel="noopener noreferrer">
                      {s.icon}
                      <span>{s.label}</span>
                      <span className="visually-hidden"> (opens in a new tab)</span>
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          </div>

          <figure className="card contact-map">
            <img
              src="/images/contact-map.svg"
              width={640}
              height={360}
              alt={`Map: the CampusFund office at ${a.line2}, ${a.city}`}
            />
            <figcaption className="card-footer">
              <span>
                {a.line2}, {a.city}
              </span>
              <a href={CONTACT_INFO.mapUrl} target="_blank" rel="noopener noreferrer">
                Open in OpenStreetMap<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </figcaption>
          </figure>
        </aside>
      </div>
    </div>
  );
}
