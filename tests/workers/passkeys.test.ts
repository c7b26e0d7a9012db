/**
 * Passkeys through the API (worker/api/passkeys.ts): the WebAuthn ceremonies answered by a software
 * authenticator written here (P-256 through WebCrypto; attestation "none"; clientDataJSON,
 * authenticatorData and the signature built by hand), so what the server checks (challenge, origin,
 * relying party, signature, counter) is each tested against bytes we control.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { PASSKEY_MESSAGES } from "../../domain/accounts/passkeys";
import { STEP_UP_MESSAGES } from "../../worker/services/accounts/step-up";
import { call, json, signup, TEST_PASSWORD } from "./helpers";

// --- a software authenticator ---

const enc = new TextEncoder();

function b64url(bytes: Uint8Array): string {
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
}

/** The few CBOR items WebAuthn needs (RFC 8949): unsigned and negative integers, bytes, text, maps. */
function cbor(value: number | Uint8Array | string | Map<number | string, unknown>): Uint8Array {
  const head = (major: number, n: number): Uint8Array => {
    if (n < 24) return Uint8Array.of((major << 5) | n);
    if (n < 256) return Uint8Array.of((major << 5) | 24, n);
    return Uint8Array.of((major << 5) | 25, n >> 8, n & 255);
  };
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") return concat(head(3, enc.encode(value).length), enc.encode(value));
  if (value instanceof Uint8Array) return concat(head(2, value.length), value);
  const items = [...value].flatMap(([k, v]) => [cbor(k), cbor(v as Parameters<typeof cbor>[0])]);
  return concat(head(5, value.size), ...items);
}

/** ECDSA's raw r‖s as WebAuthn's DER SEQUENCE of two INTEGERs. */
function derSignature(raw: Uint8Array): Uint8Array {
  const int = (bytes: Uint8Array) => {
    let i = 0;
    while (i < bytes.length - 1 && bytes[i] === 0) i++;
    let body = bytes.slice(i);
    if (body[0]! & 0x80) body = concat(Uint8Array.of(0), body);
    return concat(Uint8Array.of(0x02, body.length), body);
  };
  const seq = concat(int(raw.slice(0, 32)), int(raw.slice(32)));
  return concat(Uint8Array.of(0x30, seq.length), seq);
}

const FLAGS = { up: 0x01, uv: 0x04, at: 0x40 } as const;

interface Ceremony {
  origin?: string;
  rpId?: string;
  userVerified?: boolean;
}

class SoftAuthenticator {
  readonly credentialId = crypto.getRandomValues(new Uint8Array(32));
  counter = 0;
  userHandle: string | null = null;
  private constructor(private readonly keys: CryptoKeyPair) {}

  static async create() {
    const keys = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, ["sign", "verify"]);
    return new SoftAuthenticator(keys);
  }

  get id() {
    return b64url(this.credentialId);
  }

  private async authData(rpId: string, flags: number, attested?: Uint8Array) {
    const count = Uint8Array.of(
      this.counter >>> 24,
      (this.counter >>> 16) & 255,
      (this.counter >>> 8) & 255,
      this.counter & 255,
    );
    return concat(await sha256(enc.encode(rpId)), Uint8Array.of(flags), count, attested ?? new Uint8Array());
  }

  /** Answers `navigator.credentials.create()` (attestation "none"). */
  async register(options: { challenge: string; rp: { id?: string }; user: { id: string } }, c: Ceremony = {}) {
    this.userHandle = options.user.id;
    const jwk = await crypto.subtle.exportKey("jwk", this.keys.publicKey);
    const raw = (s: string) => Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/")), (ch) => ch.charCodeAt(0));
    const cose = cbor(
      new Map<number, unknown>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, raw(jwk.x!)],
        [-3, raw(jwk.y!)],
      ]),
    );
    const attested = concat(new Uint8Array(16), Uint8Array.of(0, this.credentialId.length), this.credentialId, cose);
    const flags = FLAGS.up | FLAGS.at | (c.userVerified === false ? 0 : FLAGS.uv);
    const authData = await this.authData(c.rpId ?? options.rp.id ?? "localhost", flags, attested);
    const clientData = {
      type: "webauthn.create",
      challenge: options.challenge,
      origin: c.origin ?? "http://localhost",
      crossOrigin: false,
    };
    const attestationObject = cbor(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(enc.encode(JSON.stringify(clientData))),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
    };
  }

  /** Answers `navigator.credentials.get()`: the counter goes up by one each time. */
  async assert(options: { challenge: string; rpId?: string }, c: Ceremony = {}) {
    this.counter += 1;
    const flags = FLAGS.up | (c.userVerified === false ? 0 : FLAGS.uv);
    const authData = await this.authData(c.rpId ?? options.rpId ?? "localhost", flags);
    const clientDataJSON = enc.encode(
      JSON.stringify({ type: "webauthn.get", challenge: options.challenge, origin: c.origin ?? "http://localhost" }),
    );
    const signed = concat(authData, await sha256(clientDataJSON));
    const signature = new Uint8Array(
      await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, this.keys.privateKey, signed),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(derSignature(signature)),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
    };
  }
}

// --- helpers through the API ---

type CreationOptions = {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
  excludeCredentials: { id: string }[];
};
type RequestOptions = { challenge: string; rpId?: string; allowCredentials?: { id: string }[] };

async function registrationOptions(token: string): Promise<CreationOptions> {
  const res = await call("/api/auth/passkeys/registration-options", { method: "POST", token });
  expect(res.status).toBe(200);
  return (await json<{ options: CreationOptions }>(res)).options;
}

/** A new account with a passkey added through the API. */
async function withPasskey(name = "Work laptop") {
  const user = await signup();
  const authenticator = await SoftAuthenticator.create();
  const response = await authenticator.register(await registrationOptions(user.token));
  const res = await call("/api/auth/passkeys", { body: { name, response }, token: user.token });
  expect(res.status).toBe(201);
  return { ...user, authenticator };
}

async function signInOptions(body: Record<string, unknown> = {}): Promise<RequestOptions> {
  const res = await call("/api/auth/passkey-sign-in/options", { body });
  expect(res.status).toBe(200);
  return (await json<{ options: RequestOptions }>(res)).options;
}

const sessionRow = (token: string) =>
  env.DB.prepare("select second_factor from sessions where id = ?1")
    .bind(token.split(".")[0])
    .first<{ second_factor: string | null }>();

const unconfirm = (token: string) =>
  env.DB.prepare("update sessions set confirmed_at = 0 where id = ?1").bind(token.split(".")[0]).run();

/** Turns two-step sign-in on for an account (a confirmed authenticator app), as the app's own step does. */
const turnOnTwoStep = (userId: string) =>
  env.DB.prepare(
    "insert into totp_factors (user_id, secret, created_at, confirmed_at, last_step) values (?1, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', ?2, ?2, 0)",
  )
    .bind(userId, Date.now())
    .run();

// --- the tests ---

describe("registering, listing, renaming and removing passkeys", () => {
  it("adds a passkey under its name, lists it, renames it and removes it", async () => {
    const { token, authenticator } = await withPasskey("Work laptop");

    const listed = await json<{ passkeys: { id: string; name: string; lastUsedAt: string | null }[] }>(
      await call("/api/auth/passkeys", { token }),
    );
    expect(listed.passkeys).toEqual([
      expect.objectContaining({ id: authenticator.id, name: "Work laptop", lastUsedAt: null }),
    ]);

    const renamed = await call(`/api/auth/passkeys/${authenticator.id}`, {
      method: "PATCH",
      body: { name: "  Phone  " },
      token,
    });
    expect(renamed.status).toBe(200);
    expect((await json<{ passkey: { name: string } }>(renamed)).passkey.name).toBe("Phone");

    const removed = await call(`/api/auth/passkeys/${authenticator.id}`, { method: "DELETE", token });
    expect(removed.status).toBe(200);
    expect((await json<{ passkeys: unknown[] }>(await call("/api/auth/passkeys", { token }))).passkeys).toEqual([]);
  });

  it("excludes the account's own passkeys from a new registration's options", async () => {
    const { token, authenticator } = await withPasskey();
    const options = await registrationOptions(token);
    expect(options.excludeCredentials.map((c) => c.id)).toEqual([authenticator.id]);
  });

  it("refuses a registration answered for another origin", async () => {
    const user = await signup();
    const authenticator = await SoftAuthenticator.create();
    const response = await authenticator.register(await registrationOptions(user.token), {
      origin: "https://evil.example",
    });
    const res = await call("/api/auth/passkeys", { body: { name: "Laptop", response }, token: user.token });
    expect(res.status).toBe(400);
    expect((await json(res)).message).toBe(PASSKEY_MESSAGES.notVerified);
  });

  it("refuses another account's passkey by its id: renaming and removing answer 404", async () => {
    const { authenticator } = await withPasskey();
    const other = await signup();
    const rename = await call(`/api/auth/passkeys/${authenticator.id}`, {
      method: "PATCH",
      body: { name: "Mine now" },
      token: other.token,
    });
    expect(rename.status).toBe(404);
    const remove = await call(`/api/auth/passkeys/${authenticator.id}`, { method: "DELETE", token: other.token });
    expect(remove.status).toBe(404);
  });

  it("needs a fresh confirmation to start adding a passkey (step-up)", async () => {
    const user = await signup();
    await unconfirm(user.token);
    const res = await call("/api/auth/passkeys/registration-options", { method: "POST", token: user.token });
    expect(res.status).toBe(403);
    expect((await json(res)).message).toBe(STEP_UP_MESSAGES.required);
  });

  it("needs a fresh confirmation to remove a passkey, and keeps it", async () => {
    const { token, authenticator } = await withPasskey();
    await unconfirm(token);
    const res = await call(`/api/auth/passkeys/${authenticator.id}`, { method: "DELETE", token });
    expect(res.status).toBe(403);
    expect((await json<{ passkeys: unknown[] }>(await call("/api/auth/passkeys", { token }))).passkeys).toHaveLength(1);
  });
});

describe("signing in with a passkey", () => {
  it("signs in without a password: a session whose second factor is the passkey, its use recorded", async () => {
    const { user, authenticator } = await withPasskey();
    const res = await call("/api/auth/passkey-sign-in", {
      body: { response: await authenticator.assert(await signInOptions()) },
    });
    expect(res.status).toBe(200);
    const out = await json<{ token: string; user: { id: string } }>(res);
    expect(out.user.id).toBe(user.id);
    expect(await sessionRow(out.token)).toEqual({ second_factor: "passkey" });
    const stored = await env.DB.prepare("select counter, last_used_at from passkeys where id = ?1")
      .bind(authenticator.id)
      .first<{ counter: number; last_used_at: number | null }>();
    expect(stored).toEqual({ counter: 1, last_used_at: expect.any(Number) });
  });

  it("signs in with a passkey alone when two-step sign-in is on (it is two factors)", async () => {
    const { user, authenticator } = await withPasskey();
    await turnOnTwoStep(user.id);
    const res = await call("/api/auth/passkey-sign-in", {
      body: { response: await authenticator.assert(await signInOptions()) },
    });
    expect(res.status).toBe(200);
  });

  it("refuses a replayed answer: its challenge was used once", async () => {
    const { authenticator } = await withPasskey();
    const response = await authenticator.assert(await signInOptions());
    expect((await call("/api/auth/passkey-sign-in", { body: { response } })).status).toBe(200);
    const again = await call("/api/auth/passkey-sign-in", { body: { response } });
    expect(again.status).toBe(400);
    expect((await json(again)).message).toBe(PASSKEY_MESSAGES.challengeExpired);
  });

  it("refuses an answer given on another origin", async () => {
    const { authenticator } = await withPasskey();
    const response = await authenticator.assert(await signInOptions(), { origin: "https://evil.example" });
    const res = await call("/api/auth/passkey-sign-in", { body: { response } });
    expect(res.status).toBe(400);
    expect((await json(res)).message).toBe(PASSKEY_MESSAGES.notVerified);
  });

  it("refuses an answer for another relying party", async () => {
    const { authenticator } = await withPasskey();
    const response = await authenticator.assert(await signInOptions(), { rpId: "evil.example" });
    const res = await call("/api/auth/passkey-sign-in", { body: { response } });
    expect(res.status).toBe(400);
    expect((await json(res)).message).toBe(PASSKEY_MESSAGES.notVerified);
  });

  it("refuses a sign-in without the person's verification", async () => {
    const { authenticator } = await withPasskey();
    const response = await authenticator.assert(await signInOptions(), { userVerified: false });
    const res = await call("/api/auth/passkey-sign-in", { body: { response } });
    expect(res.status).toBe(400);
  });

  it("refuses a removed passkey", async () => {
    const { token, authenticator } = await withPasskey();
    await call(`/api/auth/passkeys/${authenticator.id}`, { method: "DELETE", token });
    const res = await call("/api/auth/passkey-sign-in", {
      body: { response: await authenticator.assert(await signInOptions()) },
    });
    expect(res.status).toBe(400);
    expect((await json(res)).message).toBe(PASSKEY_MESSAGES.unknownPasskey);
  });

  it("refuses a suspended account as the password sign-in does", async () => {
    const { user, authenticator } = await withPasskey();
    await env.DB.prepare("update users set suspended_at = ?2 where id = ?1").bind(user.id, Date.now()).run();
    const res = await call("/api/auth/passkey-sign-in", {
      body: { response: await authenticator.assert(await signInOptions()) },
    });
    expect(res.status).toBe(403);
  });

  it("holds a network to 20 failed answers in 15 minutes", async () => {
    const ip = "203.0.113.77";
    const stranger = await SoftAuthenticator.create();
    for (let i = 0; i < 20; i++) {
      const options = await json<{ options: RequestOptions }>(
        await call("/api/auth/passkey-sign-in/options", {
          body: {},
          headers: { "CF-Connecting-IP": `198.51.100.${i}` },
        }),
      );
      const res = await call("/api/auth/passkey-sign-in", {
        body: { response: await stranger.assert(options.options) },
        headers: { "CF-Connecting-IP": ip },
      });
      expect(res.status).toBe(400);
    }
    const options = await signInOptions();
    const res = await call("/api/auth/passkey-sign-in", {
      body: { response: await stranger.assert(options) },
      headers: { "CF-Connecting-IP": ip },
    });
    expect(res.status).toBe(429);
  });
});

describe("a passkey as the second step", () => {
  async function pendingSignIn(email: string) {
    const res = await call("/api/auth/login", { body: { email, password: TEST_PASSWORD } });
    expect(res.status).toBe(202);
    return (await json<{ pendingToken: string; methods: string[] }>(res)).pendingToken;
  }

  it("finishes a pending sign-in with the account's own passkey", async () => {
    const { user, authenticator } = await withPasskey();
    await turnOnTwoStep(user.id);
    const pendingToken = await pendingSignIn(user.email);
    const options = await signInOptions({ pendingToken });
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([authenticator.id]);
    const res = await call("/api/auth/login/passkey", {
      body: { pendingToken, response: await authenticator.assert(options) },
    });
    expect(res.status).toBe(200);
    expect(await sessionRow((await json<{ token: string }>(res)).token)).toEqual({ second_factor: "passkey" });
  });

  it("refuses another account's passkey, and the sign-in stays pending", async () => {
    const owner = await withPasskey();
    const other = await withPasskey();
    await turnOnTwoStep(owner.user.id);
    const pendingToken = await pendingSignIn(owner.user.email);
    const res = await call("/api/auth/login/passkey", {
      body: { pendingToken, response: await other.authenticator.assert(await signInOptions({ pendingToken })) },
    });
    expect(res.status).toBe(400);
    expect((await json(res)).message).toBe(PASSKEY_MESSAGES.notYours);
    const own = await call("/api/auth/login/passkey", {
      body: { pendingToken, response: await owner.authenticator.assert(await signInOptions({ pendingToken })) },
    });
    expect(own.status).toBe(200);
  });

  it("refuses a second-step challenge used for a sign-in without a password", async () => {
    const { user, authenticator } = await withPasskey();
    await turnOnTwoStep(user.id);
    const pendingToken = await pendingSignIn(user.email);
    const response = await authenticator.assert(await signInOptions({ pendingToken }));
    const res = await call("/api/auth/passkey-sign-in", { body: { response } });
    expect(res.status).toBe(400);
    expect((await json(res)).message).toBe(PASSKEY_MESSAGES.challengeExpired);
  });
});
