/**
 * Common passwords (ADR 013). The spec's only password rule is six characters; `123456`, `password`
 * and `qwerty123` meet it and are the first guesses of every attacker. We refuse the passwords of
 * zxcvbn-ts's common list (about 49,000, ranked by frequency in leaked password sets, from the
 * @zxcvbn-ts/language-common package, kept up to date by npm updates), compared without regard to
 * case. The set is built once per isolate, on the first sign-up that needs it.
 */
import { dictionary } from "@zxcvbn-ts/language-common";

import { MIN_PASSWORD } from "../../app/lib/schemas";

let common: Set<string> | null = null;

function commonPasswords(): Set<string> {
  if (!common) {
    const list = dictionary["passwords-common"] as string[];
    // Shorter ones are refused by the length rule already.
    common = new Set(list.filter((p) => p.length >= MIN_PASSWORD));
  }
  return common;
}

/** The number of distinct common passwords we refuse (for tests and docs). */
export function commonPasswordCount(): number {
  return commonPasswords().size;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.trim().toLowerCase());
}
