/**
 * Authenticator codes against RFC 6238's test vectors (Appendix B, SHA-1), the window of steps a
 * code is accepted in, how a typed answer is read, the recovery codes and the QR code's SVG.
 */
import { Secret } from "otpauth";
import { describe, expect, it } from "vitest";

import {
  newRecoveryCodes,
  readSecondFactorAnswer,
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_LIMITS,
  timeStep,
} from "../../domain/accounts/two-factor";
import { qrSvg, TOTP_QR_LABEL } from "../../worker/services/accounts/internal/qr";
import { matchingStep, newTotpSecret, totpCode, totpUri } from "../../worker/services/accounts/internal/totp";

/** RFC 6238's SHA-1 seed, the ASCII "12345678901234567890", as authenticator apps take it (base32). */
const RFC_SECRET = Secret.fromUTF8("12345678901234567890").base32;

describe("totpCode: RFC 6238 Appendix B (SHA-1), the last 6 of its 8 digits", () => {
  it.each([
    [59, "94287082"],
    [1111111109, "07081804"],
    [1111111111, "14050471"],
    [1234567890, "89005924"],
    [2000000000, "69279037"],
    [20000000000, "65353130"],
  ])("at %i s: %s", (seconds, rfc) => {
    expect(RFC_SECRET).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    expect(totpCode(RFC_SECRET, timeStep(seconds * 1000))).toBe(rfc.slice(-6));
  });
});

describe("matchingStep: the step before, the current one and the one after", () => {
  const now = 1111111111 * 1000;
  const step = timeStep(now);

  it.each([-1, 0, 1])("accepts the code of step %+i and answers its step", (offset) => {
    expect(matchingStep(RFC_SECRET, totpCode(RFC_SECRET, step + offset), now)).toBe(step + offset);
  });

  it.each([-2, 2, -20])("refuses the code of step %+i", (offset) => {
    expect(matchingStep(RFC_SECRET, totpCode(RFC_SECRET, step + offset), now)).toBeNull();
  });

  it("refuses another secret's code and a code of the wrong length", () => {
    expect(matchingStep(newTotpSecret(), totpCode(RFC_SECRET, step), now)).toBeNull();
    expect(matchingStep(RFC_SECRET, totpCode(RFC_SECRET, step).slice(1), now)).toBeNull();
  });
});

describe("readSecondFactorAnswer", () => {
  it.each([
    ["123456", { kind: "totp", code: "123456" }],
    [" 123 456 ", { kind: "totp", code: "123456" }],
    ["abcde-23456", { kind: "recovery", code: "abcde23456" }],
    ["ABCDE 23456", { kind: "recovery", code: "abcde23456" }],
  ])("reads %j", (raw, read) => {
    expect(readSecondFactorAnswer(raw)).toEqual(read);
  });

  it.each([["12345"], ["1234567"], ["abcde-2345l"], ["abcde-01234"], [""], [123456], [null]])("refuses %j", (raw) => {
    expect(readSecondFactorAnswer(raw)).toBeNull();
  });
});

describe("newRecoveryCodes", () => {
  it("makes ten distinct codes, xxxxx-xxxxx, each read back as a recovery code", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(RECOVERY_CODE_COUNT).toBe(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      expect(readSecondFactorAnswer(code)).toEqual({ kind: "recovery", code: code.replace("-", "") });
    }
  });
});

describe("the guess bound", () => {
  it("is at most 20 wrong answers a day, so 3 right codes in 10^6 are found with a chance under 0.01 % a day", () => {
    expect(SECOND_FACTOR_LIMITS.hour.max).toBe(10);
    expect(SECOND_FACTOR_LIMITS.day.max).toBe(20);
    const perDay = (SECOND_FACTOR_LIMITS.day.max * 3) / 1e6;
    expect(perDay).toBeLessThan(0.0001);
    expect(1 - (1 - perDay) ** 365).toBeLessThan(0.025);
  });
});

describe("qrSvg", () => {
  it("draws the otpauth URI as an SVG image with a text alternative and nothing but a rectangle and a path", () => {
    const svg = qrSvg(totpUri(RFC_SECRET, "ada@example.edu"));
    expect(svg).toMatch(/^<svg role="img" aria-label="[^"]+" class="totp-qr-image" xmlns=/);
    expect(svg).toContain(`aria-label="${TOTP_QR_LABEL}"`);
    expect(svg).toContain(`<title>${TOTP_QR_LABEL}</title>`);
    expect(svg).not.toMatch(/<script|<style|\son\w+=|href|ada@/i);
  });
});
