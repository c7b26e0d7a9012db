/**
 * Types of the API's bodies and answers, read from its OpenAPI document (tests/shared/api-types.ts,
 * generated from docs/api/openapi.json by `npm run api:types`, which the typecheck runs). The
 * browser tests' API helpers use them, so a change to the API that breaks a helper fails the
 * typecheck instead of a test run.
 */
import type { operations } from "./api-types";

type Responses<Op extends keyof operations> = operations[Op]["responses"];

/** The JSON answer of operation `Op` with status `Status`. */
export type ApiAnswer<Op extends keyof operations, Status extends keyof Responses<Op>> = Responses<Op>[Status] extends {
  content: { "application/json": infer Json };
}
  ? Json
  : never;

/** The JSON body operation `Op` takes. */
export type ApiBody<Op extends keyof operations> = operations[Op] extends {
  requestBody?: { content: { "application/json": infer Json } };
}
  ? Json
  : never;
