/**
 * Common passwords (ADR 013). The spec's only password rule is six characters; `123456`, `password`
 * and `qwerty123` meet it and are the first guesses of every attacker. We refuse the passwords of
 * zxcvbn-ts's common list (about 49,000, ranked by frequency in leaked password sets, from the
 * @zxcvbn-ts/language-common package, kept up to date by npm updates), compared without regard to
 * case. The list (~380 KB, decompressed when its module loads) is imported on the first sign-up
 * that needs it, not when the Worker starts, and kept as a Set per isolate.
 */
import { MIN_PASSWORD } from "../../app/lib/schemas";

let common: Promise<Set<string>> | null = null;

function commonPasswords(): Promise<Set<string>> {
  common ??= import("@zxcvbn-ts/language-common").then(({ dictionary }) => {
    const list = dictionary["passwords-common"] as string[];
    // Shorter ones are refused by the length rule already.
    return new Set(list.filter((p) => p.length >= MIN_PASSWORD));
  });
  return common;
}

/** The number of distinct common passwords we refuse (for tests and docs). */
export async function commonPasswordCount(): Promise<number> {
  return (await commonPasswords()).size;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.trim().toLowerCase());
}
