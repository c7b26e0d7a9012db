/**
 * A transactional notice: the mail twin of one notification (a purchase's commitment, a
 * settlement, a review outcome). Rendered ONCE per kind with markers (worker/mail/notices.ts), which
 * one SQL statement per batch fills from each notification row: the text, its link, the site origin.
 */
import { Button, Heading, Link, Text } from "@react-email/components";

import { Layout, styles } from "./layout";

/** Filled per row in SQL (the text HTML-escaped) and, for the origin, at send time (mailer.ts). */
export const MARK = { text: "%%TEXT%%", link: "%%LINK%%", origin: "%%ORIGIN%%" } as const;

export interface NoticeCopy {
  subject: string;
  heading: string;
  button: string;
  /** Why this mail came (the footer): transactional mails have no unsubscribe, they say why. */
  reason: string;
}

export const NOTICE_COPY = {
  commitment: {
    subject: "Your CampusFund investment commitment",
    heading: "Your investment commitment",
    button: "See your receipt",
    reason:
      "You received this mail because you invested through the CampusFund account with this address. Mails about your own investments and raises are always sent.",
  },
  settled: {
    subject: "A raise you invested in has closed",
    heading: "A raise you invested in has closed",
    button: "See your investment",
    reason:
      "You received this mail because you invested through the CampusFund account with this address. Mails about your own investments and raises are always sent.",
  },
  outcome: {
    subject: "Your CampusFund raise has closed",
    heading: "Your raise has closed",
    button: "Open your founder dashboard",
    reason:
      "You received this mail because you are the founder of this raise on CampusFund. Mails about your own investments and raises are always sent.",
  },
  review: {
    subject: "Your CampusFund project was reviewed",
    heading: "Your project was reviewed",
    button: "Open your project",
    reason:
      "You received this mail because you submitted this project for review on CampusFund. Mails about your own investments and raises are always sent.",
  },
  reconfirm: {
    subject: "Please reconfirm your CampusFund investment",
    heading: "A project you invested in changed",
    button: "Review and reconfirm",
    reason:
      "You received this mail because you invested through the CampusFund account with this address. Mails about your own investments and raises are always sent.",
  },
  valuation: {
    subject: "A company you invested in has news about your holding",
    heading: "The value of your holding changed",
    button: "See your portfolio",
    reason:
      "You received this mail because you hold shares through the CampusFund account with this address. Mails about your own investments and raises are always sent.",
  },
  reservation: {
    subject: "A raise you reserved in is open: confirm your investment",
    heading: "A raise you reserved in is open",
    button: "Confirm your investment",
    reason:
      "You received this mail because you reserved an amount in this raise through the CampusFund account with this address. Mails about your own reservations are always sent.",
  },
  market: {
    subject: "News about your order on the CampusFund exchange",
    heading: "Your order on the exchange",
    button: "Open the company's market",
    reason:
      "You received this mail because you placed this order through the CampusFund account with this address. You can turn these mails off in your notification settings.",
  },
  moderation: {
    subject: "A moderator hid your post on CampusFund",
    heading: "Your post was hidden",
    button: "See your post",
    reason:
      "You received this mail because a post of yours in a CampusFund discussion was hidden by a moderator. Mails about moderation of your own posts are always sent.",
  },
  reply: {
    subject: "Someone replied in a CampusFund discussion",
    heading: "A reply in a discussion",
    button: "Open the discussion",
    reason:
      "You received this mail because you take part in this discussion through the CampusFund account with this address. You can turn these mails off in your notification settings.",
  },
  update_reminder: {
    subject: "Your investors have not heard from you in a while",
    heading: "Time for an update",
    button: "Post an update",
    reason:
      "You received this mail because you are the founder of a company funded on CampusFund. Mails about your own raises are always sent.",
  },
} satisfies Record<string, NoticeCopy>;

export type NoticeKind = keyof typeof NOTICE_COPY;

export function NoticeMail({ copy }: { copy: NoticeCopy }) {
  const url = `${MARK.origin}${MARK.link}`;
  return (
    <Layout preview={copy.heading} footer={copy.reason}>
      <Heading as="h1" style={styles.heading}>
        {copy.heading}
      </Heading>
      <Text style={styles.text}>{MARK.text}</Text>
      <Button href={url} style={styles.button}>
        {copy.button}
      </Button>
      <Text style={styles.address}>
        Or open this address: <Link href={url}>{url}</Link>
      </Text>
    </Layout>
  );
}
