/**
 * The API's document is committed (docs/api/openapi.json): a change to the API shows as a diff of
 * that file in review, and the browser tests' API types are generated from it (npm run api:types,
 * run by the typecheck). This test fails when the committed copy is not the document the API
 * serves; `vitest run --config vitest.config.ts tests/workers/openapi-snapshot.test.ts -u` writes it.
 */
import { expect, it } from "vitest";

import { apiDocument } from "./api-contract";

it("the committed document is the one the API serves", async () => {
  await expect(`${JSON.stringify(await apiDocument(), null, 2)}\n`).toMatchFileSnapshot("../../docs/api/openapi.json");
});
