/** "We received your request to delete your account": sent to a proved address when the owner asks (ADR 046). */
import { Heading, Link, Text } from "@react-email/components";

import { Layout, styles } from "./layout";

export const DELETION_REQUESTED_SUBJECT = "We received your request to delete your CampusFund account";

export function DeletionRequestedMail({ date, signinUrl }: { date: string; signinUrl: string }) {
  return (
    <Layout
      preview={`Your account will be deleted on ${date}. Signing in before then keeps it.`}
      footer="You received this mail because the owner of the CampusFund account with this address asked to delete it."
    >
      <Heading as="h1" style={styles.heading}>
        We received your request
      </Heading>
      <Text style={styles.text}>
        Your CampusFund account will be deleted on {date}. Until then nothing is erased: your investments stay on record
        under an anonymous holder afterwards, so every project&apos;s totals stay right.
      </Text>
      <Text style={styles.text}>
        Changed your mind? Sign in before {date} and the deletion is canceled: <Link href={signinUrl}>{signinUrl}</Link>
      </Text>
      <Text style={styles.text}>If you did not ask for this, sign in now to cancel it and change your password.</Text>
    </Layout>
  );
}
