/**
 * fast-check arbitraries for the fuzz suite (tests/app/fuzz.test.ts): hostile strings, field
 * values of every JSON type, JSON / urlencoded / multipart / raw-byte bodies, content types, and
 * the requests (targets × callers × headers × bodies) built from them. Also the readers that find
 * the message in an answer: JSON `{ message }`, an HTML alert or error page, a `.data` stream.
 */
import fc from "fast-check";

import { alerts, visibleText } from "./helpers";

// ---------------------------------------------------------------------------------------------
// strings

/** Every field name a route reads. */
export const FIELD_NAMES = [
  "email",
  "password",
  "firstName",
  "lastName",
  "birthDate",
  "role",
  "name",
  "message",
  "subject",
  "showPublicly",
  "shares",
  "amount",
  "idempotencyKey",
  "redirectTo",
  "website",
  "confirmPassword",
  "js",
  "variant",
  // the conversation: follows, updates, the Discussion, notifications
  "projectId",
  "postId",
  "updateId",
  "inPlace",
  "order",
  "title",
  "body",
  "investorsOnly",
  "ids",
  "hidden",
] as const;
export type FieldName = (typeof FIELD_NAMES)[number];

/** Keys that are dangerous on a plain object, or near-misses of the real names. */
const ODD_KEYS = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "",
  " ",
  "email[]",
  "email ",
  "EMAIL",
  "e\u0000mail",
  "pass\u200bword",
  "shares[0]",
  "a.b",
];

const CONTROLS = [..."\u0000\u0001\u0007\b\t\n\u000b\f\r\u001b\u001f\u007f\u0080\u0085\u009f"];
const INVISIBLE = [
  ..."\u00a0\u00ad\u034f\u061c\u115f\u180e\u200b\u200c\u200d\u200e\u200f\u2028\u2029\u202a\u202b\u202c\u202d\u202e\u2060\u2066\u2067\u2068\u2069\u3000\ufeff\ufff9\ufffc\ufffd",
];
const SURROGATES = ["\ud800", "\udbff", "\udc00", "\udfff", "\udc00\ud800", "\ud83d"];

/** Short pieces attackers and broken clients send. */
const FRAGMENTS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  "1; SELECT * FROM sessions",
  "' UNION SELECT password_hash FROM users --",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  '"><svg onload=alert(1)>',
  "</textarea><script>",
  "]]>",
  "<!--",
  "javascript:alert(1)",
  "{{7*7}}",
  "${7*7}",
  "%",
  "%%",
  "%00",
  "%zz",
  "%E0%A4%A",
  "%FF%FE",
  "%0d%0a",
  "%2e%2e%2f",
  "+",
  "&",
  "=",
  "&=&",
  "\r\n",
  "\r\nSet-Cookie: x=1",
  "\n\n",
  "../../etc/passwd",
  "//evil.com",
  "/\\evil.com",
  "NaN",
  "-NaN",
  "Infinity",
  "-Infinity",
  "1e308",
  "1e309",
  "-0",
  "0x10",
  "1_000",
  "\u0661\u0662",
  "\uff11\uff10",
  "null",
  "undefined",
  "true",
  "[object Object]",
  "__proto__",
  "constructor",
  "a@b.co",
  "admin",
  "founder",
  "😀",
  "👩‍👩‍👧‍👦",
  "e\u0301",
  "\ufdd0",
  "\u{10ffff}",
];

/** One UTF-16 code unit or code point of any kind: controls, invisibles, bidi, lone surrogates. */
const hostileChar: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.constantFrom(...CONTROLS) },
  { weight: 1, arbitrary: fc.constantFrom(...INVISIBLE) },
  { weight: 1, arbitrary: fc.constantFrom(...SURROGATES) },
);

/** A long run of one piece, at the sizes where the limits are (names, emails, messages, bodies). */
const longString: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof(
      fc.constantFrom("a", "é", "😀", "\u200b", "%", "<b>", "\u0000", "a\r\n", " ", "&a=1"),
      fc.string({ unit: hostileChar, minLength: 1, maxLength: 3 }),
    ),
    fc.constantFrom(81, 101, 129, 255, 501, 2049, 5001, 9000, 17_000, 33_000, 70_000),
  )
  .map(([piece, n]) => piece.repeat(Math.ceil(n / piece.length)).slice(0, n));

/** Full Unicode with lone surrogates, controls, zero-width and bidi characters, SQL/HTML/%-fragments, CRLF, long runs. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: hostileChar, maxLength: 24 }) },
  {
    weight: 4,
    arbitrary: fc
      .array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ unit: hostileChar, maxLength: 4 })), { maxLength: 5 })
      .map((a) => a.join("")),
  },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }) },
  { weight: 1, arbitrary: longString },
);

/**
 * Header-safe text: a header value cannot hold CR, LF or NUL, and non-ASCII is left out (workerd
 * re-encodes it as UTF-8 with a warning where a browser would refuse the request).
 */
export const headerText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 40 }),
  fc.constantFrom("\t", "a\tb", ";", ",", "=", '"', "%00", "%0d%0a", "\u007f"),
);

// ---------------------------------------------------------------------------------------------
// field values

export interface Known {
  /** An existing account's email and password (not a caller: its sessions may come and go). */
  victimEmail: string;
  victimPassword: string;
  /** A tag that makes fresh emails of this run unique. */
  runTag: string;
}

/** Values near what each field expects: valid ones, and the edge cases the rules name. */
function validish(field: string, known: Known): fc.Arbitrary<string> {
  const freshEmail = fc.nat({ max: 1_000_000 }).map((n) => `fz${known.runTag}${n}@example.edu`);
  const texts: Record<string, string[]> = {
    email: [
      known.victimEmail,
      known.victimEmail.toUpperCase(),
      ` ${known.victimEmail} `,
      "a@b.co",
      "investor@c\u0430mpusfund.dev",
      "a@b",
      "@",
      "a@@b.co",
      `${"x".repeat(250)}@example.edu`,
    ],
    password: [
      known.victimPassword,
      "Quill-Harbor-73",
      "123456",
      "password",
      "      ",
      "short",
      "x".repeat(129),
      "Pässwörd-Ω-42",
    ],
    confirmPassword: [known.victimPassword, "Quill-Harbor-73", "123456", "", "different-Pass-9"],
    firstName: ["Ada", "  Ada  ", "\u200b\u200b", "Quinn\u202e", "x".repeat(81), "José"],
    lastName: ["Lovelace", "O'Brien", "x".repeat(81), "\u0000"],
    name: ["Sam", "Real Fan", "x".repeat(101), "<b>Sam</b>"],
    birthDate: [
      "1995-05-17",
      "2000-02-29",
      "2001-02-29",
      "1899-12-31",
      "1900-01-01",
      "2020-01-01",
      "9999-12-31",
      "1995-13-01",
      "19950517",
      "1995-5-17",
      "0000-00-00",
    ],
    role: ["investor", "founder", "admin", "INVESTOR", "", " founder"],
    message: ["Hello there", "Go team", "line one\r\nline two", "m".repeat(501), "m".repeat(5001)],
    subject: ["general", "support", "business", "other", "GENERAL", "spam", ""],
    showPublicly: ["on", "true", "false", "yes", "no", "0", "1", "", "maybe", "ON "],
    shares: [
      "10",
      "1",
      "100",
      "0",
      "-1",
      "1.5",
      "1e3",
      "999999999",
      "1000000000",
      " 10 ",
      "\uff11\uff10",
      "NaN",
      "Infinity",
      "0x10",
      "10abc",
      "00010",
    ],
    amount: ["100", "100.00", "10", "1000", "99.999", "1e308", "NaN", "-100", "", "Infinity", "0"],
    idempotencyKey: ["", " ", "key with space", "k\u00e9y", "x".repeat(101), "!~"],
    redirectTo: [
      "/portfolio",
      "/purchase/x?shares=10",
      "//evil.com",
      "/\t/evil.com",
      "/\\evil.com",
      "https://evil.com/",
      "javascript:alert(1)",
      "/\r\nSet-Cookie: x=1",
      `/${"a".repeat(3000)}`,
      "/%0d%0aX: y",
    ],
    website: ["", " ", "http://spam.example"],
    js: ["1", "0", "true", ""],
    // the purchase form's risk acknowledgement and the Investor Information form
    riskAcknowledged: ["on", "true", "", "off", "yes"],
    annualIncome: ["85000", "$85,000", "0", "", "-1", "12.5", "1e5", "10000000000", "10000000001", "abc"],
    netWorth: ["124000", "123999", "0", "", "-0", " 5 ", "99999999999999999999"],
    accredited: ["on", "true", "false", "", "maybe", "1"],
    applyLimits: ["on", "true", "false", "", "yes"],
    variant: ["home", "page", "HOME", ""],
    // the forms' intents: the investment page's cancel, the portfolio's regenerate, settings' forms
    intent: [
      "cancel",
      "regenerate",
      "profile",
      "financials",
      "password",
      "CANCEL",
      "",
      "x",
      // the conversation: the project page's, the founder dashboard's, /notifications' and settings' forms
      "follow",
      "unfollow",
      "thread",
      "reply",
      "vote",
      "unvote",
      "pin",
      "unpin",
      "post-update",
      "edit-update",
      "delete-update",
      "read-all",
      "notifications",
    ],
    inPlace: ["1", "", "0"],
    order: ["top", "newest", "", "x"],
    title: ["", "   ", "Pilot live", "t".repeat(121), "🚀".repeat(120), "<b>x</b>"],
    body: ["", "Hello\n\nWorld https://example.edu", "b".repeat(10_001), "javascript:alert(1)"],
    investorsOnly: ["on", "true", "", "false", "1"],
    hidden: ["true", "false", "0", "", "maybe"],
    ids: ["", "x", "a,b", "[]"],
  };
  const list = (Object.hasOwn(texts, field) ? texts[field] : undefined) ?? ["x"];
  if (field === "email")
    return fc.oneof({ weight: 2, arbitrary: freshEmail }, { weight: 3, arbitrary: fc.constantFrom(...list) });
  if (field === "idempotencyKey")
    return fc.oneof({ weight: 3, arbitrary: fc.uuid() }, { weight: 1, arbitrary: fc.constantFrom(...list) });
  return fc.constantFrom(...list);
}

/** A form field's value (always text): near-valid, hostile, or another type written as text. */
function formValue(field: string, known: Known): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: validish(field, known) },
    { weight: 4, arbitrary: hostileString },
    {
      weight: 1,
      arbitrary: fc.oneof(fc.double(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(1e308)).map(String),
    },
  );
}

/** Number literals JSON.stringify never writes but JSON.parse reads (Infinity, -0, precision loss). */
const RAW_NUMBERS = [
  "1e400",
  "-1e400",
  "1e-400",
  "-0",
  "-0.0",
  "123456789012345678901234567890",
  "0.1e1",
  "1E2",
  "9007199254740993",
  "10.0000000000000001",
];

/** A JSON field's value, as JSON text: any type, `__proto__` objects, arrays, raw number literals. */
function jsonValueText(field: string, known: Known): fc.Arbitrary<string> {
  const scalar = fc.oneof(
    { weight: 4, arbitrary: validish(field, known).map((s) => JSON.stringify(s)) },
    { weight: 3, arbitrary: hostileString.map((s) => JSON.stringify(s)) },
    {
      weight: 2,
      arbitrary: fc
        .oneof(fc.integer(), fc.double(), fc.constantFrom(1e308, -1e308, 0, 1, 10, 100, 0.1, 5e-324, 2 ** 53 + 2))
        .map((n) => JSON.stringify(n)),
    },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_NUMBERS) },
    { weight: 1, arbitrary: fc.constantFrom("true", "false", "null") },
  );
  return fc.oneof(
    { weight: 8, arbitrary: scalar },
    { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }).map((a) => `[${a.join(",")}]`) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.tuple(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.constantFrom(...ODD_KEYS)), scalar), {
          maxLength: 4,
        })
        .map((entries) => objectText(entries)),
    },
  );
}

/** JSON object text from [key, value text] entries: keeps duplicates and own `__proto__` keys. */
function objectText(entries: [string, string][]): string {
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(",")}}`;
}

const anyKey = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...FIELD_NAMES) },
  { weight: 1, arbitrary: fc.constantFrom(...ODD_KEYS) },
  { weight: 1, arbitrary: hostileString.filter((s) => s.length < 200) },
);

/** A field, or absent. */
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 4 });

// ---------------------------------------------------------------------------------------------
// bodies

export interface FuzzBody {
  /** What kind of body this is (for the report). */
  kind: string;
  /** The bytes to send; undefined sends no body at all. */
  payload: string | Uint8Array | undefined;
  /** The Content-Type header; undefined sends none. */
  contentType: string | undefined;
}

interface Payload {
  kind: string;
  payload: string | Uint8Array | undefined;
  /** The content type that matches the payload (what an honest client would send). */
  natural: string | undefined;
}

/** A value each field accepts (the fixture project sells $10 shares, $100 minimum). */
function goodValue(field: string, known: Known): fc.Arbitrary<string> {
  const good: Record<string, fc.Arbitrary<string>> = {
    email: fc.oneof(
      { weight: 1, arbitrary: fc.nat({ max: 1_000_000 }).map((n) => `fz${known.runTag}${n}@example.edu`) },
      { weight: 2, arbitrary: fc.constant(known.victimEmail) },
    ),
    password: fc.constant(known.victimPassword),
    confirmPassword: fc.constant(known.victimPassword),
    firstName: fc.constantFrom("Ada", "José"),
    lastName: fc.constantFrom("Lovelace", "O'Brien"),
    name: fc.constantFrom("Sam", "Real Fan"),
    birthDate: fc.constantFrom("1995-05-17", "2000-02-29"),
    role: fc.constantFrom("investor", "founder"),
    message: fc.constantFrom("Hello there", "Go team\r\nline two"),
    subject: fc.constantFrom("general", "support", "business", "other"),
    showPublicly: fc.constantFrom("on", "true", "false"),
    shares: fc.constantFrom("10", "25", "100"),
    amount: fc.constantFrom("100", "250", "1000"),
    idempotencyKey: fc.uuid(),
    redirectTo: fc.constantFrom("/portfolio", "/demo"),
    website: fc.constant(""),
    js: fc.constantFrom("1", "0"),
    variant: fc.constantFrom("page", "home"),
  };
  return Object.hasOwn(good, field) ? good[field]! : validish(field, known);
}

type Mutation = { op: "drop" | "replace" | "add" | "duplicate"; index: number; key: string; value: string };

/**
 * A body the route accepts, then up to two mutations (a field dropped, replaced by any value,
 * duplicated, or an extra field): most requests get past the first checks, so the later rules
 * (limits, stock, duplicates, rate limits) and the success paths are fuzzed too.
 */
function nearValidEntries(
  fields: readonly string[],
  known: Known,
  value: (f: string, k: Known) => fc.Arbitrary<string>,
  json = false,
) {
  const good = fc.tuple(
    ...fields.map((f) => goodValue(f, known).map((v) => [f, json ? JSON.stringify(v) : v] as [string, string])),
  );
  const mutation: fc.Arbitrary<Mutation> = fc
    .record({
      op: fc.constantFrom<Mutation["op"]>("drop", "replace", "replace", "add", "duplicate"),
      index: fc.nat(),
      key: anyKey,
    })
    .chain((m) =>
      value(m.op === "add" ? m.key : (fields[m.index % Math.max(1, fields.length)] ?? m.key), known).map((v) => ({
        ...m,
        value: v,
      })),
    );
  const mutations = fc.oneof(
    { weight: 2, arbitrary: fc.constant([]) },
    { weight: 3, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 2 }) },
  );
  return fc.tuple(good, mutations).map(([entries, mutations]) => {
    const out = [...entries];
    for (const m of mutations) {
      const i = out.length ? m.index % out.length : 0;
      if (m.op === "add" || !out.length) out.push([m.key, m.value]);
      else if (m.op === "drop") out.splice(i, 1);
      else if (m.op === "replace") out[i] = [out[i]![0], m.value];
      else out.splice(i + 1, 0, [out[i]![0], m.value]);
    }
    return out;
  });
}

/** Any fields, repeated or not, with odd keys. */
function randomEntries(known: Known, value: (f: string, k: Known) => fc.Arbitrary<string>) {
  return fc.array(
    anyKey.chain((k) => value(k, known).map((v) => [k, v] as [string, string])),
    { maxLength: 8 },
  );
}

const JSON_JUNK = [
  "{",
  "}",
  "[",
  '{"email":',
  '{"email":"a@b.co",}',
  "nul",
  '"unterminated',
  "{'email':'a@b.co'}",
  "{email:1}",
  "\ufeff{}",
  "{}garbage",
  "{} {}",
  "[]",
  "null",
  "0",
  '""',
  "true",
  " ",
  "\u0000",
  '{"__proto__":{"role":"admin","email":"a@b.co"}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"email":"a@b.co","email":{"$ne":null}}',
  '{"shares":1e400,"amount":-1e400}',
  '{"shares":"10","amount":"100"}',
];

function jsonPayload(fields: readonly string[], known: Known): fc.Arbitrary<Payload> {
  const json =
    (kind: string) =>
    (text: string): Payload => ({ kind, payload: text, natural: "application/json" });
  return fc.oneof(
    {
      weight: 8,
      arbitrary: nearValidEntries(fields, known, jsonValueText, true).map((e) =>
        json("json:near-valid")(objectText(e)),
      ),
    },
    { weight: 3, arbitrary: randomEntries(known, jsonValueText).map((e) => json("json:random-fields")(objectText(e))) },
    { weight: 1, arbitrary: fc.jsonValue().map((v) => json("json:value")(JSON.stringify(v) ?? "null")) },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }).map((v) => json("json:anything")(safeStringify(v))) },
    { weight: 1, arbitrary: fc.constantFrom(...JSON_JUNK).map(json("json:junk")) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(["[", "]"], ['{"a":', "}"], ['{"email":[', "]}"]), fc.integer({ min: 50, max: 20_000 }))
        .map(([[open, close], n]) => json("json:deep")(open.repeat(n) + "1" + close.repeat(n))),
    },
  );
}

/** JSON.stringify for fc.anything(): undefined, BigInt, symbols and cycles become something sendable. */
function safeStringify(v: unknown): string {
  try {
    return (
      JSON.stringify(v, (_k, x: unknown) =>
        typeof x === "bigint" ? `${x}` : typeof x === "symbol" || typeof x === "function" ? String(x) : x,
      ) ?? "null"
    );
  } catch {
    return String(v);
  }
}

/** Percent-encodes UTF-8 bytes (lone surrogates become U+FFFD, as a browser sends them). */
export function percentEncode(s: string): string {
  let out = "";
  for (const b of new TextEncoder().encode(s)) {
    const c = String.fromCharCode(b);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

function formPayload(fields: readonly string[], known: Known): fc.Arbitrary<Payload> {
  const form =
    (kind: string) =>
    (entries: [string, string][]): Payload => ({
      kind,
      payload: new URLSearchParams(entries).toString(),
      natural: "application/x-www-form-urlencoded",
    });
  // Written by hand: unencoded values, stray %, =, &, +.
  const rawToken = fc.oneof(
    { weight: 3, arbitrary: fc.tuple(anyKey, hostileString).map(([k, v]) => `${k}=${v}`) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...fields, ...FIELD_NAMES), formValue("x", known))
        .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "",
        "=",
        "&",
        "%",
        "%zz",
        "%E0%A4%A",
        "%FF%FE",
        "%00",
        "+",
        "email",
        "email=",
        "=x",
        "a==b",
        "%3D%26",
      ),
    },
  );
  return fc.oneof(
    { weight: 8, arbitrary: nearValidEntries(fields, known, formValue).map(form("form:near-valid")) },
    { weight: 3, arbitrary: randomEntries(known, formValue).map(form("form:random-fields")) },
    {
      weight: 2,
      arbitrary: fc.array(rawToken, { maxLength: 8 }).map((t): Payload => ({
        kind: "form:raw",
        payload: t.join("&"),
        natural: "application/x-www-form-urlencoded",
      })),
    },
    {
      // invalid UTF-8 after a valid start
      weight: 1,
      arbitrary: fc
        .tuple(nearValidEntries(fields, known, formValue), fc.uint8Array({ minLength: 1, maxLength: 16 }))
        .map(([entries, bytes]): Payload => {
          const head = new TextEncoder().encode(`${new URLSearchParams(entries).toString()}&email=`);
          const out = new Uint8Array(head.length + bytes.length + 1);
          out.set(head);
          out.set(bytes, head.length);
          out[out.length - 1] = 0xff;
          return { kind: "form:bad-utf8", payload: out, natural: "application/x-www-form-urlencoded" };
        }),
    },
  );
}

const BREAKAGES = [
  "none",
  "none",
  "none",
  "none",
  "file",
  "no-close",
  "wrong-boundary",
  "no-boundary-param",
  "lf-only",
  "no-disposition",
  "preamble",
  "truncated",
  "quoted-boundary",
  "no-name",
  "empty-boundary",
] as const;

function multipartPayload(fields: readonly string[], known: Known): fc.Arbitrary<Payload> {
  const part = fc.record({
    name: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...fields, ...FIELD_NAMES) },
      { weight: 1, arbitrary: anyKey },
    ),
    value: formValue("x", known),
    filename: maybe(fc.constantFrom("x.txt", "", "../../etc/passwd", 'a"b.txt', "é.png")),
    type: maybe(
      fc.constantFrom("text/plain", "application/octet-stream", "application/json", "text/plain; charset=iso-8859-1"),
    ),
  });
  return fc
    .record({
      boundary: fc.oneof(
        fc.constantFrom(
          "xyz",
          "----WebKitFormBoundary7MA4YWxkTrZu0gW",
          "a'()+_,-./:=?",
          "x".repeat(70),
          "x".repeat(200),
        ),
        fc.stringMatching(/^[A-Za-z0-9'()+_,\-./:=?]{1,70}$/),
      ),
      parts: fc.array(part, { maxLength: 6 }),
      breakage: fc.constantFrom(...BREAKAGES),
    })
    .map(({ boundary, parts, breakage }): Payload => {
      const nl = breakage === "lf-only" ? "\n" : "\r\n";
      const chunks = parts.map((p, i) => {
        const filename = breakage === "file" && i === 0 ? "x.txt" : p.filename;
        const disposition =
          breakage === "no-disposition"
            ? ""
            : `Content-Disposition: form-data${breakage === "no-name" ? "" : `; name="${p.name}"`}${filename !== undefined ? `; filename="${filename}"` : ""}${nl}`;
        const type = p.type !== undefined ? `Content-Type: ${p.type}${nl}` : "";
        return `--${boundary}${nl}${disposition}${type}${nl}${p.value}${nl}`;
      });
      let body =
        (breakage === "preamble" ? `garbage before${nl}` : "") +
        chunks.join("") +
        (breakage === "no-close" ? "" : `--${boundary}--${nl}`);
      if (breakage === "truncated") body = body.slice(0, Math.floor(body.length / 2));
      const natural =
        breakage === "no-boundary-param"
          ? "multipart/form-data"
          : breakage === "wrong-boundary"
            ? `multipart/form-data; boundary=${boundary}x`
            : breakage === "quoted-boundary"
              ? `multipart/form-data; boundary="${boundary}"`
              : breakage === "empty-boundary"
                ? "multipart/form-data; boundary="
                : `multipart/form-data; boundary=${boundary}`;
      return { kind: `multipart:${breakage}`, payload: body, natural };
    });
}

const OTHER_TEXT = [
  "email=a@b.co&password=x",
  "<form><email>a@b.co</email></form>",
  '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
  "hello",
  "\u0000\u0000\u0000",
];

function otherPayload(): fc.Arbitrary<Payload> {
  return fc.oneof(
    fc.constant<Payload>({ kind: "none", payload: undefined, natural: undefined }),
    fc.constant<Payload>({ kind: "empty", payload: "", natural: undefined }),
    fc.constantFrom(...OTHER_TEXT).map((t): Payload => ({
      kind: "text",
      payload: t,
      natural: t.startsWith("<") ? "application/xml" : "text/plain",
    })),
    fc
      .uint8Array({ maxLength: 300 })
      .map((b): Payload => ({ kind: "bytes", payload: b, natural: "application/octet-stream" })),
    hostileString.map((s): Payload => ({ kind: "text:hostile", payload: s, natural: "text/plain" })),
  );
}

/** Bodies at the sizes of the limits: the forms' own, the pages' 128 KB, the API's 64 KB. */
function oversizedPayload(): fc.Arbitrary<Payload> {
  return fc
    .tuple(fc.constantFrom(1_025, 4_097, 16_385, 32_769, 40_961, 65_537, 81_921, 131_073, 200_000), fc.boolean())
    .map(([n, asJson]): Payload =>
      asJson
        ? { kind: `json:${n}B`, payload: `{"message":"${"m".repeat(n)}"}`, natural: "application/json" }
        : {
            kind: `form:${n}B`,
            payload: `name=Sam&email=sam%40example.edu&message=${"m".repeat(n)}`,
            natural: "application/x-www-form-urlencoded",
          },
    );
}

const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "application/json;charset=UTF-16",
  "application/vnd.api+json",
  "APPLICATION/JSON",
  " application/json ",
  "application/jsonx",
  "application/json5",
  "application/x-www-form-urlencoded",
  "application/x-www-form-urlencoded; charset=utf-8",
  "application/x-www-form-urlencoded;charset=iso-8859-1",
  "Application/X-WWW-Form-Urlencoded",
  "application/x-www-form-urlencodedx",
  "multipart/form-data",
  "multipart/form-data; boundary=xyz",
  "multipart/form-data; boundary=",
  'multipart/form-data; boundary=""',
  "multipart/form-data;boundary=xyz;boundary=abc",
  "multipart/mixed; boundary=xyz",
  "text/plain",
  "text/plain;charset=UTF-8",
  "application/xml",
  "text/xml",
  "text/html",
  "application/octet-stream",
  "image/png",
  "*/*",
  "",
  ";",
  "application/",
  "/",
  "json",
  "form-data",
];

/** A body and its Content-Type: mostly the matching one, else another, garbage, or none. */
export function bodyArb(fields: readonly string[], known: Known, prefer: "json" | "form"): fc.Arbitrary<FuzzBody> {
  const payload = fc.oneof(
    { weight: prefer === "json" ? 12 : 3, arbitrary: jsonPayload(fields, known) },
    { weight: prefer === "form" ? 12 : 3, arbitrary: formPayload(fields, known) },
    { weight: 3, arbitrary: multipartPayload(fields, known) },
    { weight: 2, arbitrary: otherPayload() },
    { weight: 1, arbitrary: oversizedPayload() },
  );
  const type = fc.oneof(
    { weight: 14, arbitrary: fc.constant<"natural">("natural") },
    { weight: 2, arbitrary: fc.constant(undefined) },
    { weight: 3, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
    { weight: 1, arbitrary: headerText },
  );
  return fc.tuple(payload, type).map(([p, t]) => ({
    kind: p.kind,
    payload: p.payload,
    contentType: t === "natural" ? p.natural : t,
  }));
}

// ---------------------------------------------------------------------------------------------
// requests

export type CallerKind = "anonymous" | "investor" | "founder" | "bogus";
export type OriginKind = "same" | "none" | "cross" | "null" | "sec-fetch-cross";

export interface FuzzCase {
  door: "api" | "page" | "data";
  /** The route as the report names it, e.g. "POST /api/projects/:id/invest". */
  target: string;
  method: string;
  path: string;
  caller: CallerKind;
  /** How a session travels to the API (pages always use the cookie). */
  via: "bearer" | "cookie";
  /** For the bogus caller: the token it presents. */
  bogusToken: string;
  origin: OriginKind;
  /** Client address: "fresh" per request, "shared" (one address for the run), or a garbage header (the "unknown" client). */
  ip: string;
  /** Read the body as a stream of chunks (no Content-Length). */
  streamed: boolean;
  extraHeaders: Record<string, string>;
  body: FuzzBody;
}

export const callerArb: fc.Arbitrary<CallerKind> = fc.oneof(
  { weight: 3, arbitrary: fc.constant<CallerKind>("anonymous") },
  { weight: 3, arbitrary: fc.constant<CallerKind>("investor") },
  { weight: 2, arbitrary: fc.constant<CallerKind>("founder") },
  { weight: 1, arbitrary: fc.constant<CallerKind>("bogus") },
);

const base32 = fc.string({ unit: fc.constantFrom(..."abcdefghijkmnpqrstuvwxyz23456789"), minLength: 8, maxLength: 64 });
export const bogusTokenArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("x", "a.b", "..", " ", "null", "Bearer", "a".repeat(300)),
  fc.tuple(base32, base32).map(([a, b]) => `${a}.${b}`),
  headerText.filter((s) => s.trim() !== "" && !s.includes(";")),
);

const extraHeadersArb: fc.Arbitrary<Record<string, string>> = fc
  .record({
    "Idempotency-Key": maybe(fc.oneof(fc.uuid(), headerText)),
    Accept: maybe(fc.constantFrom("application/json", "text/x-script", "*/*", "text/html", "garbage")),
    "X-Forwarded-For": maybe(headerText),
    "Content-Encoding": maybe(fc.constantFrom("gzip", "br", "identity", "x")),
  })
  .map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)) as Record<string, string>);

/** Mostly a fresh address (validation, not rate limits, answers); sometimes one shared by the run, or garbage. */
const ipArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 16, arbitrary: fc.constant("fresh") },
  { weight: 2, arbitrary: fc.constant("shared") },
  { weight: 1, arbitrary: headerText.filter((s) => s !== "fresh" && s !== "shared") },
);

/** Everything about a request except its target (door, method, path, body). */
export function requestExtras(defaultOrigin: OriginKind) {
  return fc.record({
    caller: callerArb,
    via: fc.constantFrom<"bearer" | "cookie">("bearer", "cookie"),
    bogusToken: bogusTokenArb,
    origin: fc.oneof(
      { weight: 12, arbitrary: fc.constant(defaultOrigin) },
      { weight: 1, arbitrary: fc.constantFrom<OriginKind>("same", "none", "cross", "null", "sec-fetch-cross") },
    ),
    ip: ipArb,
    streamed: fc.boolean(),
    extraHeaders: fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: extraHeadersArb }),
  });
}

/** A path segment: a real one, or hostile text percent-encoded, or raw odd characters. */
export function segmentArb(real: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...real) },
    { weight: 2, arbitrary: hostileString.filter((s) => s.length > 0 && s.length < 300).map(percentEncode) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "%",
        "%zz",
        "%00",
        "%2F",
        "%2e%2e",
        "..",
        ".",
        "%E0%A4%A",
        "a%20b",
        "%C0%AF",
        "x".repeat(2000),
        "__proto__",
        "constructor",
        "1e308",
        "-1",
        "0",
        "NaN",
      ),
    },
  );
}

// ---------------------------------------------------------------------------------------------
// messages

/** The `message` of a JSON error, or null. */
export function jsonMessage(text: string): string | null {
  try {
    const body = JSON.parse(text) as { message?: unknown } | null;
    return body && typeof body.message === "string" && body.message.trim() ? body.message : null;
  } catch {
    return null;
  }
}

/**
 * The message an HTML page shows: a role="alert" element, the root error page's text, or a
 * route's own error panel (the purchase page's "Project Not Found").
 */
export function htmlMessage(html: string): string | null {
  const alert = alerts(html).find((t) => t.trim() !== "");
  if (alert) return alert;
  const panel = /<div\b[^>]*class="[^"]*\berror-panel\b[^"]*"[^>]*>([\s\S]*?)<\/div>/.exec(html);
  if (panel?.[1] && visibleText(panel[1])) return visibleText(panel[1]);
  const section = /<section\b[^>]*class="[^"]*\berror-page\b[^"]*"[^>]*>([\s\S]*?)<\/section>/.exec(html);
  const lead = section && /<p\b[^>]*class="page-lead"[^>]*>([\s\S]*?)<\/p>/.exec(section[1] ?? "");
  const text = lead ? visibleText(lead[1] ?? "") : "";
  return text || null;
}

/**
 * The message in a single-fetch (`.data`) answer: a turbo-stream array whose objects map "_<key
 * index>" to a value index. An action's `{ error }` or a thrown `data({ message })` puts the text
 * under "error" or "message"; React Router's own ErrorResponse carries it as its data.
 */
export function dataMessage(text: string): string | null {
  let arr: unknown;
  try {
    arr = JSON.parse(text.split("\n")[0] ?? "");
  } catch {
    return null;
  }
  if (!Array.isArray(arr)) return null;
  const list: unknown[] = arr;
  const str = (i: unknown): string | null => (typeof i === "number" && typeof list[i] === "string" ? list[i] : null);
  for (const item of list) {
    if (Array.isArray(item)) {
      if (item[0] === "ErrorResponse") {
        const said = str(item[1]);
        if (said?.trim()) return said;
      }
    } else if (item && typeof item === "object") {
      for (const [k, v] of Object.entries(item)) {
        const key = str(Number(k.slice(1)));
        if (key !== "error" && key !== "message") continue;
        const said = str(v);
        if (said?.trim()) return said;
      }
    }
  }
  return null;
}
