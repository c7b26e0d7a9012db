/**
 * The brand every mail wears (React Email, ADR 044): the CampusFund name in the brand blue, one
 * column of at most 560 px, a footer saying why the mail came. Templates put their content inside.
 */
import { Body, Container, Head, Hr, Html, Preview, Section, Text } from "@react-email/components";
import type { ReactNode } from "react";

export const BRAND = { name: "CampusFund", primary: "#1f4fd1", text: "#1a1d24", muted: "#5b6270" } as const;

export const styles = {
  body: { backgroundColor: "#f4f6fb", fontFamily: "Inter, Helvetica, Arial, sans-serif", margin: 0, padding: "24px 0" },
  container: { backgroundColor: "#ffffff", borderRadius: 8, margin: "0 auto", maxWidth: 560, padding: "32px 28px" },
  brand: { color: BRAND.primary, fontSize: 22, fontWeight: 700, margin: "0 0 24px" },
  heading: { color: BRAND.text, fontSize: 20, fontWeight: 700, margin: "0 0 16px" },
  text: { color: BRAND.text, fontSize: 16, lineHeight: "24px", margin: "0 0 16px" },
  button: {
    backgroundColor: BRAND.primary,
    borderRadius: 6,
    color: "#ffffff",
    display: "inline-block",
    fontSize: 16,
    fontWeight: 600,
    padding: "12px 20px",
    textDecoration: "none",
  },
  small: { color: BRAND.muted, fontSize: 13, lineHeight: "20px", margin: "0 0 8px" },
  /** A long address on its own line: may break anywhere, words elsewhere never do. */
  address: { color: BRAND.muted, fontSize: 13, lineHeight: "20px", margin: "16px 0", wordBreak: "break-all" as const },
  hr: { borderColor: "#e3e6ee", margin: "24px 0" },
};

export function Layout({ preview, footer, children }: { preview: string; footer: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>{BRAND.name}</Text>
          <Section>{children}</Section>
          <Hr style={styles.hr} />
          <Text style={styles.small}>{footer}</Text>
        </Container>
      </Body>
    </Html>
  );
}
