/** The password-reset mail: the one-time link, how long it works, and what to do if it was not you. */
import { Button, Heading, Link, Text } from "@react-email/components";

import { Layout, styles } from "./layout";

export const PASSWORD_RESET_SUBJECT = "Reset your CampusFund password";

export function PasswordResetMail({ url }: { url: string }) {
  return (
    <Layout
      preview="Use this link within 1 hour to choose a new password."
      footer="You received this mail because someone asked to reset the password of the CampusFund account with this address."
    >
      <Heading as="h1" style={styles.heading}>
        Reset your password
      </Heading>
      <Text style={styles.text}>
        Someone (we hope you) asked to reset the password of your CampusFund account. The link works once, for 1 hour.
      </Text>
      <Button href={url} style={styles.button}>
        Choose a new password
      </Button>
      <Text style={styles.address}>
        Or open this address: <Link href={url}>{url}</Link>
      </Text>
      <Text style={styles.text}>
        Choosing a new password signs you out everywhere and lifts any sign-in lockout, so it also gets you back in if
        someone else's guesses locked your account.
      </Text>
      <Text style={styles.text}>If you did not ask for this, ignore this mail: your password stays as it is.</Text>
    </Layout>
  );
}
