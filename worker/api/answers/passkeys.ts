/** The answers of the passkey routes (worker/api/passkeys.ts), with their examples (ADR 042). */
import * as v from "valibot";

import { PASSKEY_MESSAGES } from "../../../domain/accounts/passkeys";
import { open } from "../openapi";
import { ok } from "./common";

export const PasskeyView = v.object({
  id: v.string(),
  name: v.string(),
  createdAt: v.pipe(v.string(), v.isoTimestamp()),
  lastUsedAt: v.nullable(v.pipe(v.string(), v.isoTimestamp())),
  deviceType: v.string(),
  backedUp: v.boolean(),
});
export const PasskeyAnswer = v.object({ success: ok, message: v.string(), passkey: PasskeyView });
export const PasskeysAnswer = v.object({ success: ok, passkeys: v.array(PasskeyView) });
/** WebAuthn's own JSON (PublicKeyCredentialCreationOptionsJSON / …RequestOptionsJSON), for the browser. */
export const CreationOptionsAnswer = v.object({
  success: ok,
  options: open(v.looseObject({ challenge: v.string(), rp: open(v.looseObject({ id: v.optional(v.string()) })) })),
});
export const RequestOptionsAnswer = v.object({
  success: ok,
  options: open(v.looseObject({ challenge: v.string(), rpId: v.optional(v.string()) })),
});

const PASSKEY = {
  id: "KEbWNCc7NgaYnUyrNeFGX9_3Y-8oJ3KwzjnaiD1d1LVTxR7v3CaKfCz2Vy_g_MHSh7yJ8yL0Pxg6jo_o0hYiew",
  name: "Work laptop",
  createdAt: "2026-12-03T10:30:00.000Z",
  lastUsedAt: null,
  deviceType: "multiDevice",
  backedUp: true,
} as const;
const CHALLENGE = "s8bV4dk2pHn6xqXoOZ3tYl1y3d0O7cVv8mJ9Qk5r2Fw";
const credential = {
  id: PASSKEY.id,
  rawId: PASSKEY.id,
  type: "public-key",
  clientExtensionResults: {},
} as const;

export const EXAMPLES = {
  creationOptions: {
    success: true,
    options: {
      challenge: CHALLENGE,
      rp: { name: "CampusFund", id: "campusfund.example" },
      user: {
        id: "NmYxYzJlMGEtM2I3ZC00YzFlLTlhNTUtMGQyZjdjOWIxZTQy",
        name: "ada@university.edu",
        displayName: "Ada Lovelace",
      },
      pubKeyCredParams: [
        { alg: -8, type: "public-key" },
        { alg: -7, type: "public-key" },
        { alg: -257, type: "public-key" },
      ],
      timeout: 300000,
      attestation: "none",
      excludeCredentials: [],
      authenticatorSelection: { residentKey: "required", userVerification: "required", requireResidentKey: true },
      extensions: { credProps: true },
      hints: [],
    },
  },
  addBody: {
    name: "Work laptop",
    response: {
      ...credential,
      response: {
        clientDataJSON: "eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIiwi…",
        attestationObject: "o2NmbXRkbm9uZWdhdHRTdG10oGhhdXRoRGF0YV…",
        transports: ["internal"],
      },
    },
  },
  added: { success: true, message: PASSKEY_MESSAGES.added, passkey: PASSKEY },
  list: { success: true, passkeys: [PASSKEY] },
  rename: { name: "Phone" },
  renamed: { success: true, message: PASSKEY_MESSAGES.renamed, passkey: { ...PASSKEY, name: "Phone" } },
  removed: { success: true, message: PASSKEY_MESSAGES.removed },
  requestOptions: {
    success: true,
    options: { challenge: CHALLENGE, timeout: 300000, rpId: "campusfund.example", userVerification: "required" },
  },
  optionsBody: {},
  signInBody: {
    response: {
      ...credential,
      response: {
        clientDataJSON: "eyJ0eXBlIjoid2ViYXV0aG4uZ2V0Iiwi…",
        authenticatorData: "SZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2MFAAAAAQ",
        signature: "MEUCIQD…",
        userHandle: "NmYxYzJlMGEtM2I3ZC00YzFlLTlhNTUtMGQyZjdjOWIxZTQy",
      },
    },
  },
  secondStepBody: {
    pendingToken: "p7x2…(opaque)",
    response: {
      ...credential,
      response: {
        clientDataJSON: "eyJ0eXBlIjoid2ViYXV0aG4uZ2V0Iiwi…",
        authenticatorData: "SZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2MFAAAAAQ",
        signature: "MEUCIQD…",
      },
    },
  },
} as const;
