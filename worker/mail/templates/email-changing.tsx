/** "Your CampusFund email address is changing": the security notice to the old address. */
import { Heading, Link, Text } from "@react-email/components";

import { Layout, styles } from "./layout";

export const EMAIL_CHANGING_SUBJECT = "Your CampusFund email address is changing";

export function EmailChangingMail({ newEmail, settingsUrl }: { newEmail: string; settingsUrl: string }) {
  return (
    <Layout
      preview="Someone asked to move your account to another address."
      footer="You received this mail because a change of the email address of the CampusFund account with this address was asked for."
    >
      <Heading as="h1" style={styles.heading}>
        Your email address is changing
      </Heading>
      <Text style={styles.text}>Someone signed in to your CampusFund account asked to use a new email address:</Text>
      <Text style={styles.address}>{newEmail}</Text>
      <Text style={styles.text}>
        Your account keeps this address until the new one is confirmed from the mail we sent to it.
      </Text>
      <Text style={styles.text}>
        If this was not you, change your password now and check your account at{" "}
        <Link href={settingsUrl}>{settingsUrl}</Link>, and contact our support team.
      </Text>
    </Layout>
  );
}
