/**
 * The API's OpenAPI 3.1 document (ADR 042), generated from the routes themselves: each route
 * carries an `operation(...)` middleware (hono-openapi's `describeRoute`) naming its request
 * schema, the same valibot object its service validates with, and its answers' schemas
 * (worker/api/answers/). `GET /api/openapi.json` walks the router and converts the schemas
 * (`@valibot/to-json-schema`); the document is made once per isolate and has no timestamps, so a
 * change to the API shows as a diff.
 *
 * The pattern for a new route: describe it with `operation({...})` as its first handler, its
 * success answer as a valibot schema with an example, and the refusals it can give from
 * `REFUSALS`. The route-coverage test (tests/workers/openapi.test.ts) fails for a route without
 * one, and every answer the Workers tests receive is checked against the document
 * (tests/workers/helpers.ts `call`).
 */
import type { Hono, MiddlewareHandler } from "hono";
import { toJsonSchema } from "@valibot/to-json-schema";
import { describeRoute, generateSpecs, resolver, uniqueSymbol } from "hono-openapi";
import * as v from "valibot";

import pkg from "../../package.json";
import { SESSION_COOKIE } from "../services/accounts/sessions";
import type { HonoEnv } from "../types";
import { logLine } from "../observability/log";

/** The document's sections, in the order the reference shows them. */
export const TAGS = [
  { name: "Auth", description: "Sign-up, sign-in, sessions and passwords." },
  { name: "Account", description: "The signed-in user's own profile, financial figures and investment limits." },
  { name: "Projects", description: "The catalogue, a project's page, and the founder's editor." },
  { name: "Investing", description: "Buying shares, the holdings list and canceling within the window." },
  {
    name: "Exchange",
    description: "The Campus Exchange: markets in funded companies' shares, their books and trades, and orders.",
  },
  { name: "Conversation", description: "Following, founder updates, the Discussion and notifications." },
  { name: "Insights", description: "Portfolio analytics and AI-generated insights." },
  { name: "Profiles", description: "Public investor profiles." },
  { name: "Uploads", description: "Images and documents a founder attaches to a project." },
  { name: "Site", description: "The supporters list, the contact form and this document." },
  { name: "Admin", description: "The operator's review queue, moderation and audit log." },
  { name: "Operations", description: "The site's health, for monitors and the person on call." },
] as const;
export type Tag = (typeof TAGS)[number]["name"];

/**
 * A loose object, said so in the document (`additionalProperties: true`): keys besides those
 * listed are part of the answer (the converter leaves a loose object's extra keys unstated).
 */
export function open<T extends v.LooseObjectSchema<v.ObjectEntries, undefined>>(schema: T) {
  return v.pipe(schema, v.metadata({ additionalProperties: true }));
}

/**
 * A refusal's answer: the spec's `{ success: false, message }`, with `errors` (each field's
 * message) when the input was invalid, a refusal's own details beside them, and the request's id
 * (added by worker/middleware/observe.ts, ADR 056).
 */
export const RefusalAnswer = open(
  v.looseObject({
    success: v.literal(false),
    message: v.string(),
    errors: v.optional(v.record(v.string(), v.string())),
    requestId: v.optional(
      v.pipe(
        v.string(),
        v.description(
          "The request's id, also answered as the `X-Request-Id` header: quote it when reporting a problem. Present on every refusal.",
        ),
      ),
    ),
  }),
);

/** The refusals an operation can give, each with what it means (its message says which rule). */
export const REFUSALS = {
  400: "The input is invalid: `message` says why, `errors` names each field's problem.",
  401: "Not signed in, or the session has ended.",
  403: "Signed in, but this account may not do this.",
  404: "No such item (or not one this caller may see).",
  409: "The request conflicts with the current state (for example, already done).",
  413: "The body is larger than this operation accepts.",
  415: "The body is not JSON (or, where documented, a form).",
  422: "The request breaks a money rule (for example, an amount that is not shares × price).",
  429: "Too many requests: try again after `Retry-After` seconds.",
} as const;
export type RefusalStatus = keyof typeof REFUSALS;

/** Who may call an operation. */
export type Access =
  /** anyone; a session changes nothing */
  | "public"
  /** anyone; a signed-in caller sees more (for example their own holding) */
  | "optional"
  /** a session: a bearer token from sign-in, or the session cookie a browser holds */
  | "signed-in";

const SIGNED_IN: Record<string, string[]>[] = [{ bearerAuth: [] }, { cookieAuth: [] }];
const SECURITY: Record<Access, Record<string, string[]>[]> = {
  public: [],
  optional: [{}, ...SIGNED_IN],
  "signed-in": SIGNED_IN,
};

interface Answer {
  schema: v.GenericSchema;
  example: unknown;
  description: string;
  /**
   * JSON unless said (the reference page is `text/html`, Download my data's zip `application/zip`,
   * a market's live changes `text/event-stream`).
   */
  media?: "application/json" | "text/html" | "application/zip" | "text/event-stream";
}

export interface OperationSpec {
  operationId: string;
  tag: Tag;
  summary: string;
  description?: string;
  access: Access;
  /**
   * The body: the schema its service validates with, and an example. JSON unless `media` says
   * otherwise (an upload is `multipart/form-data`).
   */
  body?: {
    schema: v.GenericSchema;
    example: unknown;
    required?: boolean;
    media?: "application/json" | "multipart/form-data";
  };
  /** Path parameters, each with what it names (their values are strings). */
  params?: Record<string, string>;
  /** Query parameters, as one object schema (each key a parameter). */
  query?: v.ObjectSchema<v.ObjectEntries, undefined>;
  /** The success answer, by status. */
  ok: Partial<Record<200 | 201 | 202, Answer>>;
  /** An answer that is neither a success nor a refusal, with its own schema: the health check's 503. */
  unavailable?: Answer;
  /** The refusals this operation can give. */
  refusals: readonly RefusalStatus[];
}

const json = (schema: v.GenericSchema, example?: unknown, media = "application/json") => ({
  [media]: {
    schema: resolver(schema, { errorMode: "ignore" }),
    ...(example === undefined ? {} : { example }),
  },
});

/**
 * What is wrong with an answer for the document, or null when it is what the document says: a
 * success status answers its `ok` schema, a refusal (the operation's own, or the 403 and 413 every
 * write may give) `RefusalAnswer`; any other status is not in the document.
 */
export function answerProblem(spec: OperationSpec, method: string, status: number, body: unknown): string | null {
  const ok = status === 503 ? spec.unavailable : spec.ok[status as 200 | 201 | 202];
  const refusal =
    (spec.refusals as readonly number[]).includes(status) ||
    (WRITE_METHODS.has(method.toLowerCase()) && status in WRITE_REFUSALS);
  const schema = ok ? ok.schema : refusal ? RefusalAnswer : null;
  if (!schema) return `status ${status} is not in the document`;
  const checked = v.safeParse(schema, body);
  return checked.success ? null : v.summarize(checked.issues);
}

/**
 * In development (any APP_ENV but production: `wrangler dev`, the tests), each JSON answer is
 * checked against the operation's schemas after its route has answered, and a difference is
 * logged, so the document and the answers agree before a test or a client finds out. The answer
 * itself is unchanged; production skips the check.
 */
function checkedInDevelopment(spec: OperationSpec): MiddlewareHandler<HonoEnv> {
  return async (c, next) => {
    await next();
    if (c.env?.APP_ENV === "production" || c.req.method === "HEAD") return;
    const answer = c.res.status === 503 ? spec.unavailable : spec.ok[c.res.status as 200 | 201 | 202];
    const media = answer?.media ?? "application/json";
    if (media !== "application/json" || c.res.status === 204 || c.res.status === 304) return;
    let body: unknown;
    try {
      body = await c.res.clone().json();
    } catch {
      logLine("error", "API answer differs from the document", {
        id: c.get("requestId"),
        operation: spec.operationId,
        status: c.res.status,
        problem: "not JSON",
      });
      return;
    }
    const problem = answerProblem(spec, c.req.method, c.res.status, body);
    if (problem) {
      logLine("error", "API answer differs from the document", {
        id: c.get("requestId"),
        operation: spec.operationId,
        status: c.res.status,
        problem,
      });
    }
  };
}

/**
 * Describes one route for the document: its first handler. In development it also checks what
 * the route answers against what it describes (`checkedInDevelopment`).
 */
export function operation(spec: OperationSpec): MiddlewareHandler {
  const responses: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(spec.ok)) {
    responses[status] = { description: answer.description, content: json(answer.schema, answer.example, answer.media) };
  }
  if (spec.unavailable) {
    const u = spec.unavailable;
    responses[503] = { description: u.description, content: json(u.schema, u.example, u.media) };
  }
  for (const status of spec.refusals) {
    responses[status] = {
      description: REFUSALS[status],
      content: json(RefusalAnswer),
      ...(status === 429
        ? { headers: { "Retry-After": { description: "Seconds to wait", schema: { type: "integer", minimum: 1 } } } }
        : {}),
    };
  }
  const described = describeRoute({
    operationId: spec.operationId,
    tags: [spec.tag],
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    security: SECURITY[spec.access],
    ...(spec.query || spec.params
      ? { parameters: [...pathParameters(spec.params ?? {}), ...(spec.query ? queryParameters(spec.query) : [])] }
      : {}),
    ...(spec.body
      ? {
          requestBody: {
            required: spec.body.required ?? true,
            content: json(spec.body.schema, spec.body.example, spec.body.media),
          },
        }
      : {}),
    responses: responses as never,
  });
  // The document generator finds the description by its symbol on the handler.
  return Object.assign(checkedInDevelopment(spec), {
    [uniqueSymbol]: (described as unknown as Record<symbol, unknown>)[uniqueSymbol],
  }) as MiddlewareHandler;
}

const pathParameters = (params: Record<string, string>) =>
  Object.entries(params).map(([name, description]) => ({
    in: "path" as const,
    name,
    required: true,
    description,
    schema: { type: "string" as const },
  }));

/** Each key of a query object schema as an optional string parameter (its description from the schema). */
function queryParameters(schema: v.ObjectSchema<v.ObjectEntries, undefined>) {
  return Object.entries(schema.entries).map(([name, entry]) => {
    const optional = entry.type === "optional" || entry.type === "exact_optional";
    // A description may sit on the optional wrapper or on the schema it wraps.
    const description = v.getDescription(entry) ?? ("wrapped" in entry ? v.getDescription(entry.wrapped) : undefined);
    return {
      in: "query" as const,
      name,
      required: !optional,
      ...(description ? { description } : {}),
      schema: { type: "string" as const },
    };
  });
}

/** The document's fixed parts: who we are, how to authenticate, the sections. */
const DOCUMENTATION = {
  openapi: "3.1.0",
  info: {
    title: "CampusFund API",
    version: pkg.version,
    // Relative to the document: the site's terms (the API has no licence of its own).
    termsOfService: "/terms-of-service",
    description:
      "The JSON API of CampusFund, equity crowdfunding for student startups with simulated money. " +
      "Sign in with `POST /auth/login` and send the token as `Authorization: Bearer <token>`; a browser's " +
      "session cookie works too. Refusals answer `{ success: false, message }`, with `errors` per field " +
      "when the input was invalid.",
  },
  servers: [{ url: "/api", description: "This site" }],
  tags: TAGS.map((t) => ({ ...t })),
  components: {
    securitySchemes: {
      bearerAuth: { type: "http", scheme: "bearer", description: "The token from sign-up or sign-in." },
      cookieAuth: { type: "apiKey", in: "cookie", name: SESSION_COOKIE, description: "A browser's session." },
    },
  },
};

/**
 * Refusals the API's middleware gives every write, whichever route it reaches
 * (worker/middleware/same-site-writes.ts and body-limits.ts), added to each write's answers.
 */
const WRITE_REFUSALS = {
  403: "Refused: a cookie-authenticated write from another site, or an account that may not do this.",
  413: REFUSALS[413],
} as const;

const WRITE_METHODS = new Set(["post", "put", "patch", "delete"]);

function withWriteRefusals<D extends object>(doc: D): D {
  const paths = (doc as { paths?: Record<string, Record<string, { responses?: Record<string, unknown> }>> }).paths;
  for (const item of Object.values(paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      if (!WRITE_METHODS.has(method) || !op.responses) continue;
      for (const [status, description] of Object.entries(WRITE_REFUSALS)) {
        op.responses[status] ??= { description, content: { "application/json": { schema: REFUSAL_JSON_SCHEMA } } };
      }
    }
  }
  return doc;
}

/** RefusalAnswer as JSON Schema, converted as `resolver` converts it, for the refusals added here. */
const { $schema: _dialect, ...REFUSAL_JSON_SCHEMA } = toJsonSchema(RefusalAnswer, {
  errorMode: "ignore",
  target: "draft-2020-12",
});

type JsonSchema = { [key: string]: unknown };
const isSchema = (x: unknown): x is JsonSchema => typeof x === "object" && x !== null && !Array.isArray(x);

/**
 * The form kit's metadata for the forms' constraints (domain/shared/form-kit.ts `constraintsOf`), which the
 * converter copies as is, said in JSON Schema's words:
 * - `required: true` on a field (in JSON Schema, `required` is the object's list of names): the
 *   property moves into its object's `required` list, without the empty default the form kit reads
 *   a missing field as (a missing field is refused);
 * - `min` is `minimum`; `step` (an input's step) has no JSON Schema word and is dropped.
 */
const VALUE_KEYWORDS = new Set(["example", "examples", "default", "const", "enum"]);

function formMetadataAsJsonSchema(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) formMetadataAsJsonSchema(item);
    return;
  }
  if (!isSchema(node)) return;
  for (const [key, value] of Object.entries(node)) {
    // Values, not schemas: an example's keys are the answer's own.
    if (VALUE_KEYWORDS.has(key)) continue;
    // A map of names to schemas: each is a schema, the map itself is not.
    if (key === "properties" && isSchema(value)) Object.values(value).forEach(formMetadataAsJsonSchema);
    else formMetadataAsJsonSchema(value);
  }
  if (typeof node.min === "number") {
    node.minimum ??= node.min;
    delete node.min;
  }
  delete node.step;
  const properties = node.properties;
  if (!isSchema(properties)) return;
  const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
  for (const [name, property] of Object.entries(properties)) {
    if (!isSchema(property) || property.required !== true) continue;
    delete property.required;
    if (property.default === "") delete property.default;
    required.add(name);
  }
  if (required.size) node.required = [...required];
}

let made: Promise<unknown> | null = null;

/** The document of `api`, made once per isolate. */
export function apiDocument(api: Hono<HonoEnv>): Promise<unknown> {
  made ??= generateSpecs(api, {
    documentation: DOCUMENTATION as never,
    defaultValidationErrorResponse: false,
    // `/openapi.json` is a route like any other, not a static file.
    excludeStaticFile: false,
    // The catch-all that answers an unknown path is not an operation.
    exclude: ["*", "/*"],
  })
    .then((doc) => {
      formMetadataAsJsonSchema(doc.paths);
      return withWriteRefusals(doc);
    })
    .catch((error: unknown) => {
      made = null;
      throw error;
    });
  return made;
}

/** GET /openapi.json: the document. */
export const openApiRoute =
  (api: Hono<HonoEnv>): MiddlewareHandler<HonoEnv> =>
  async (c) =>
    c.json(await apiDocument(api));

/** The document describes itself too: every route the API serves is in it. */
export const openApiOperation = operation({
  operationId: "getOpenApiDocument",
  tag: "Site",
  summary: "This document",
  description: "The OpenAPI 3.1 document of this API.",
  access: "public",
  ok: {
    200: {
      description: "The document",
      schema: open(
        v.looseObject({
          openapi: v.string(),
          info: open(v.looseObject({ version: v.string() })),
          paths: v.record(v.string(), v.unknown()),
        }),
      ),
      example: { openapi: "3.1.0", info: { title: "CampusFund API", version: pkg.version }, paths: {} },
    },
  },
  refusals: [],
});
