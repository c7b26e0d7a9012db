/**
 * The browser's half of a passkey ceremony (ADR 054): `@simplewebauthn/browser`, loaded only when a
 * person presses a passkey button, so no other page (and no page before that press) carries it.
 * Answers the credential as JSON, or the sentence to show when the browser could not make one.
 */
import { PASSKEY_MESSAGES } from "../../../domain/accounts/passkeys";

type Outcome = { ok: true; response: unknown } | { ok: false; message: string };

function failure(e: unknown): Outcome {
  const name = (e as { name?: string; cause?: { name?: string } } | null)?.name;
  const cause = (e as { cause?: { name?: string } } | null)?.cause?.name;
  // The person closed the prompt, or it timed out: not an error of theirs to explain.
  if (name === "NotAllowedError" || cause === "NotAllowedError" || name === "AbortError") {
    return { ok: false, message: PASSKEY_MESSAGES.canceled };
  }
  if (name === "InvalidStateError" || cause === "InvalidStateError") {
    return { ok: false, message: PASSKEY_MESSAGES.alreadyAdded };
  }
  return { ok: false, message: PASSKEY_MESSAGES.notVerified };
}

/** Signs with a passkey for `optionsJSON` (the server's request options). */
export async function getPasskey(optionsJSON: unknown): Promise<Outcome> {
  const lib = await import("@simplewebauthn/browser");
  if (!lib.browserSupportsWebAuthn()) return { ok: false, message: PASSKEY_MESSAGES.browserUnsupported };
  try {
    return {
      ok: true,
      response: await lib.startAuthentication({
        optionsJSON: optionsJSON as Parameters<typeof lib.startAuthentication>[0]["optionsJSON"],
      }),
    };
  } catch (e) {
    return failure(e);
  }
}

/** Makes a passkey for `optionsJSON` (the server's creation options). */
export async function createPasskey(optionsJSON: unknown): Promise<Outcome> {
  const lib = await import("@simplewebauthn/browser");
  if (!lib.browserSupportsWebAuthn()) return { ok: false, message: PASSKEY_MESSAGES.browserUnsupported };
  try {
    return {
      ok: true,
      response: await lib.startRegistration({
        optionsJSON: optionsJSON as Parameters<typeof lib.startRegistration>[0]["optionsJSON"],
      }),
    };
  } catch (e) {
    return failure(e);
  }
}

/** POSTs JSON to our API and answers its JSON, or the refusal's message. */
export async function postJson<T>(
  path: string,
  body: unknown,
): Promise<{ ok: true; data: T } | { ok: false; message: string }> {
  try {
    const res = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
    const data = (await res.json().catch(() => ({}))) as T & { message?: string };
    if (!res.ok) return { ok: false, message: data.message ?? PASSKEY_MESSAGES.notVerified };
    return { ok: true, data };
  } catch {
    return { ok: false, message: PASSKEY_MESSAGES.notVerified };
  }
}
