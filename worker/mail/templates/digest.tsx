/**
 * The email digest of unread notifications (ADR 044's mailer): rendered ONCE per kind with markers
 * (worker/services/conversation/digest.ts fills each person's list, HTML-escaped, and their unsubscribe link).
 * Its footer links to Settings → Notifications and to the one-click unsubscribe.
 */
import { Button, Heading, Link, Text } from "@react-email/components";

import { Layout, styles } from "./layout";

export const DIGEST_MARK = {
  /** The person's notifications: `<li>` items in the HTML, `- ` lines in the text. */
  items: "%%ITEMS%%",
  /** "and K more", or nothing. */
  more: "%%MORE%%",
  unsubscribe: "%%UNSUBSCRIBE%%",
  origin: "%%ORIGIN%%",
} as const;

export const DIGEST_SUBJECT = {
  daily: "Your CampusFund digest for today",
  weekly: "Your CampusFund digest for this week",
} as const;

export function DigestMail({ period }: { period: "daily" | "weekly" }) {
  const notifications = `${DIGEST_MARK.origin}/notifications`;
  const settings = `${DIGEST_MARK.origin}/settings/notifications`;
  return (
    <Layout
      preview="Your unread notifications on CampusFund."
      footer={`You received this mail because you chose a ${period} email digest of unread notifications in your CampusFund settings.`}
    >
      <Heading as="h1" style={styles.heading}>
        Your unread notifications
      </Heading>
      <ul style={styles.text}>{DIGEST_MARK.items}</ul>
      <Text style={styles.text}>{DIGEST_MARK.more}</Text>
      <Button href={notifications} style={styles.button}>
        See your notifications
      </Button>
      <Text style={{ ...styles.small, marginTop: 16 }}>
        Change how often this comes in Settings → Notifications: <Link href={settings}>{settings}</Link>
      </Text>
      <Text style={styles.small}>
        Unsubscribe from the digest: <Link href={DIGEST_MARK.unsubscribe}>{DIGEST_MARK.unsubscribe}</Link>
      </Text>
    </Layout>
  );
}
