/** "Confirm your CampusFund email address": the link, the 6-digit code for another device, how long both work. */
import { Button, Heading, Link, Text } from "@react-email/components";

import { Layout, styles } from "./layout";

export const VERIFY_EMAIL_SUBJECT = "Confirm your CampusFund email address";

export const codeStyle = {
  ...styles.heading,
  fontSize: 28,
  letterSpacing: "6px",
  fontFamily: "Menlo, Consolas, monospace",
  margin: "0 0 16px",
};

export function VerifyEmailMail({ url, code }: { url: string; code: string }) {
  return (
    <Layout
      preview={`Your code is ${code}. The link and the code work for 24 hours.`}
      footer="You received this mail because this address was given for a CampusFund account. If that was not you, ignore it: nothing changes."
    >
      <Heading as="h1" style={styles.heading}>
        Confirm your email address
      </Heading>
      <Text style={styles.text}>Open the link to confirm that this address is yours. It works once, for 24 hours.</Text>
      <Button href={url} style={styles.button}>
        Confirm my email address
      </Button>
      <Text style={styles.address}>
        Or open this address: <Link href={url}>{url}</Link>
      </Text>
      <Text style={styles.text}>
        Or, signed in on another device, type this code in the banner or on the confirm page:
      </Text>
      <Text style={codeStyle}>{code}</Text>
    </Layout>
  );
}
