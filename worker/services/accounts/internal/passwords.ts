/**
 * Which passwords we refuse beyond the spec's six characters (ADR 013, ADR 026). The
 * spec's rule is the length and its message; these are ours, each with its own clear message:
 * - **common**: zxcvbn-ts's common list (about 49,000, ranked by frequency in leaked password
 *   sets, from @zxcvbn-ts/language-common, kept up to date by npm updates), compared without
 *   regard to case. The list (~380 KB) is imported on the first check that needs it, not when the
 *   Worker starts, and kept as a Set per isolate.
 * - **trivial**: one short block repeated (`aaaaaa`, `ababab`, `abcabc`) or a run of consecutive
 *   characters up or down (`123456`, `abcdefg`, `987654`), whatever the case.
 * - **personal**: built from the person's own email or name: what is left after taking out their
 *   email, its words (`robin`, `quinn` and `example` of `robin.quinn@example.edu`), their first
 *   and last name and those names' words (`Mary Ann`: `mary`, `ann`), each of at least 3
 *   characters, is short (< 5 letters and digits), only digits (a year, a birthday) or itself
 *   trivial (`robin123`, `robin2026`, `Quinn.Robin`, `robin.quinn@example.edu`).
 * Used by sign-up and by the password change, through `passwordRefusal`.
 */
import { MESSAGES } from "../../../../domain/shared/messages";
import { MIN_PASSWORD } from "../../../../domain/shared/schemas";

let common: Promise<Set<string>> | null = null;

function commonPasswords(): Promise<Set<string>> {
  common ??= import("@zxcvbn-ts/language-common").then(({ dictionary }) => {
    const list = dictionary["passwords-common"];
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

/** One block of at most 3 characters, repeated: `aaaaaa`, `ababab`, `abcabc` (case ignored). */
function isRepetitive(chars: string[]): boolean {
  for (let size = 1; size <= 3 && size * 2 <= chars.length; size++) {
    if (chars.every((c, i) => c === chars[i % size])) return true;
  }
  return false;
}

/** The step from `a` to `b`: +1 or -1 for neighbours (digits wrap, as on a keyboard: 9 → 0), else 0. */
function stepBetween(a: string, b: string): number {
  if (a === "9" && b === "0") return 1;
  if (a === "0" && b === "9") return -1;
  const d = b.codePointAt(0)! - a.codePointAt(0)!;
  return d === 1 || d === -1 ? d : 0;
}

/** Every character one above (or every one below) the one before: `123456`, `1234567890`, `fedcba`. */
function isSequential(chars: string[]): boolean {
  const [first, second] = chars;
  if (chars.length < 3 || first === undefined || second === undefined) return false;
  const step = stepBetween(first, second);
  return step !== 0 && chars.every((c, i) => i === 0 || stepBetween(chars[i - 1] ?? "", c) === step);
}

/** Repetitive or sequential, whatever the case (the whole password). */
export function isTrivialPassword(password: string): boolean {
  const chars = Array.from(password.toLowerCase());
  return chars.length > 0 && (isRepetitive(chars) || isSequential(chars));
}

export interface PasswordOwner {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/** The person's own words a password may not be built from: email, its local part, names (≥ 3 characters). */
function personalWords(owner: PasswordOwner): string[] {
  const email = (owner.email ?? "").trim().toLowerCase();
  const [local = "", domain = ""] = email.split("@");
  const parts = (text: string) => text.split(/[^\p{L}\p{N}]+/u);
  const names = [owner.firstName ?? "", owner.lastName ?? ""];
  const words = [email, local, ...parts(local), ...parts(domain), ...names, ...names.flatMap(parts)];
  return [...new Set(words.map((w) => w.trim().toLowerCase()).filter((w) => Array.from(w).length >= 3))].sort(
    (a, b) => b.length - a.length,
  );
}

/** True when the password is made of the person's email or names plus a little (or trivial) rest. */
export function isPersonalPassword(password: string, owner: PasswordOwner): boolean {
  const words = personalWords(owner);
  let rest = password.toLowerCase();
  let found = false;
  for (const word of words) {
    if (rest.includes(word)) {
      rest = rest.split(word).join("");
      found = true;
    }
  }
  if (!found) return false;
  const left = Array.from(rest.replace(/[^\p{L}\p{N}]+/gu, ""));
  const remainder = left.join("");
  return left.length < 5 || /^\d+$/.test(remainder) || isTrivialPassword(remainder);
}

/** Why we refuse this password (our message), or null when it may be used. Checks the cheap rules first. */
export async function passwordRefusal(password: string, owner: PasswordOwner): Promise<string | null> {
  if (isTrivialPassword(password)) return MESSAGES.passwordTrivial;
  if (isPersonalPassword(password, owner)) return MESSAGES.passwordPersonal;
  if (await isCommonPassword(password)) return MESSAGES.passwordCommon;
  return null;
}
