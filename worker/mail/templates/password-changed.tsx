/** "Your password was changed": sent after a reset, so the owner learns of one they did not make. */
import { Heading, Link, Text } from "@react-email/components";

import { Layout, styles } from "./layout";

export const PASSWORD_CHANGED_SUBJECT = "Your CampusFund password was changed";

export function PasswordChangedMail({ signinUrl, forgotUrl }: { signinUrl: string; forgotUrl: string }) {
  return (
    <Layout
      preview="Your password was changed and you were signed out everywhere."
      footer="You received this mail because the password of the CampusFund account with this address was changed."
    >
      <Heading as="h1" style={styles.heading}>
        Your password was changed
      </Heading>
      <Text style={styles.text}>
        The password of your CampusFund account was just changed with a reset link. Every device was signed out; sign in
        again with the new password: <Link href={signinUrl}>{signinUrl}</Link>
      </Text>
      <Text style={styles.text}>
        If this was not you, reset your password now at <Link href={forgotUrl}>{forgotUrl}</Link> and contact our
        support team.
      </Text>
    </Layout>
  );
}
