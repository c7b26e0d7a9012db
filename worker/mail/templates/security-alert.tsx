/**
 * The security alerts (ADR 054): a sign-in from a new device or network, with a link that ends
 * that session, and a change to the password, the email address or the second factors.
 */
import { Button, Heading, Link, Text } from "@react-email/components";

import { NOT_YOU } from "../../../domain/accounts/security-alerts";
import { Layout, styles } from "./layout";

export function NewSignInMail({ text, endUrl, sessionsUrl }: { text: string; endUrl: string; sessionsUrl: string }) {
  return (
    <Layout
      preview="Was this you? If not, end that session with one click."
      footer="You received this mail because someone signed in to the CampusFund account with this address from a device or network it had not used. Security mails are always sent."
    >
      <Heading as="h1" style={styles.heading}>
        New sign-in to your account
      </Heading>
      <Text style={styles.text}>{text}</Text>
      <Text style={styles.text}>If it was you, there is nothing to do. If it was not, end that session now:</Text>
      <Button href={endUrl} style={styles.button}>
        End That Session
      </Button>
      <Text style={styles.address}>
        Or open this address: <Link href={endUrl}>{endUrl}</Link>
      </Text>
      <Text style={styles.text}>
        Then reset your password and check your other sessions: <Link href={sessionsUrl}>{sessionsUrl}</Link>
      </Text>
    </Layout>
  );
}

export function SecurityChangeMail({
  heading,
  text,
  settingsUrl,
}: {
  heading: string;
  text: string;
  settingsUrl: string;
}) {
  return (
    <Layout
      preview={text}
      footer="You received this mail because the security settings of the CampusFund account with this address changed. Security mails are always sent."
    >
      <Heading as="h1" style={styles.heading}>
        {heading}
      </Heading>
      <Text style={styles.text}>{text}</Text>
      <Text style={styles.text}>{NOT_YOU}</Text>
      <Button href={settingsUrl} style={styles.button}>
        Review Your Security Settings
      </Button>
      <Text style={styles.address}>
        Or open this address: <Link href={settingsUrl}>{settingsUrl}</Link>
      </Text>
    </Layout>
  );
}
