/**
 * A project's perks (ADR 055; rules in domain/money/perks.ts): anyone who may see the project reads
 * them; its founder adds, edits and removes them. Each route is a thin door onto
 * worker/services/money/perks.ts, which holds every rule.
 */
import { Hono, type Context } from "hono";
import * as v from "valibot";

import { PERK_KIND_LABELS, PERK_LIMITS, perkFormSchema, perkPatchSchema } from "../../domain/money/perks";
import { createPerk, deletePerk, listPerks, updatePerk } from "../services/money/perks";
import type { HonoEnv } from "../types";
import { ok } from "./answers/common";
import { operation } from "./openapi";
import { readBody } from "./util";

const PROJECT = { id: "The project's id or slug." };
const PERK = { ...PROJECT, perkId: "The perk's id." };

const param = (c: Context<HonoEnv>, name: string): string => c.req.param(name) ?? "";

const int = v.pipe(v.number(), v.integer());

/** domain/money/perks.ts `PerkDTO`. */
export const PerkAnswer = v.object({
  id: v.string(),
  projectId: v.string(),
  kind: v.picklist(Object.keys(PERK_KIND_LABELS) as ["reward", "bonus_shares"]),
  title: v.string(),
  description: v.string(),
  minAmount: v.pipe(v.nullable(v.number()), v.description("The tier in dollars: a purchase of at least this much.")),
  firstInvestors: v.pipe(v.nullable(int), v.description("The first N investors earn it.")),
  bonusPercent: v.pipe(
    v.nullable(v.number()),
    v.description("Bonus shares as a percentage of the shares bought (rounded down); null for a reward."),
  ),
  awardedCount: v.pipe(int, v.minValue(0), v.description("Investors holding it now.")),
  slotsLeft: v.pipe(v.nullable(int), v.description("A first-N perk's slots still free.")),
});

const PerksAnswer = v.object({
  perks: v.array(PerkAnswer),
  locked: v.pipe(
    v.boolean(),
    v.description("The raise has an investment: existing perks keep their terms (only the description may change)."),
  ),
});

const EXAMPLE_PERK = {
  id: "0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
  projectId: "p-quietly",
  kind: "bonus_shares",
  title: "Early-bird bonus",
  description: "The first 50 investors get 10% more shares.",
  minAmount: null,
  firstInvestors: 50,
  bonusPercent: 10,
  awardedCount: 12,
  slotsLeft: 38,
} as const;

const EXAMPLE_BODY = {
  title: "Early-bird bonus",
  description: "The first 50 investors get 10% more shares.",
  kind: "bonus_shares",
  firstInvestors: 50,
  bonusPercent: 10,
} as const;

export const perksApi = new Hono<HonoEnv>();

/** GET /api/projects/{id}/perks → { perks, locked }. */
perksApi.get(
  "/:id/perks",
  operation({
    operationId: "listProjectPerks",
    tag: "Investing",
    summary: "A project's perks",
    description: `The perks a purchase may earn, in the founder's order (at most ${PERK_LIMITS.perProject}).`,
    access: "public",
    params: PROJECT,
    ok: { 200: { description: "The perks", schema: PerksAnswer, example: { perks: [EXAMPLE_PERK], locked: true } } },
    refusals: [404],
  }),
  async (c) => c.json(await listPerks(c.get("db"), c.get("user"), param(c, "id"))),
);

/** POST /api/projects/{id}/perks → the perk (201). */
perksApi.post(
  "/:id/perks",
  operation({
    operationId: "createProjectPerk",
    tag: "Investing",
    summary: "Add a perk",
    description:
      `The project's founder adds a perk (at most ${PERK_LIMITS.perProject}): a tier (minAmount, whole dollars) and/or ` +
      "the first N investors; a reward, or bonus shares of bonusPercent % (1 to 50, one decimal) of the shares " +
      "bought. Each investor earns a perk once, with their first purchase that qualifies.",
    access: "signed-in",
    params: PROJECT,
    body: { schema: perkFormSchema, example: EXAMPLE_BODY },
    ok: {
      201: { description: "Added", schema: PerkAnswer, example: { ...EXAMPLE_PERK, awardedCount: 0, slotsLeft: 50 } },
    },
    refusals: [400, 401, 403, 404, 409, 415],
  }),
  async (c) => c.json(await createPerk(c.get("db"), c.get("user"), param(c, "id"), await readBody(c)), 201),
);

/** PATCH /api/projects/{id}/perks/{perkId} → the perk. */
perksApi.patch(
  "/:id/perks/:perkId",
  operation({
    operationId: "editProjectPerk",
    tag: "Investing",
    summary: "Edit a perk",
    description:
      "Changes the fields sent (the others stay). Once the raise has an investment only the description may " +
      "change (409 otherwise), so nobody's earned perks change.",
    access: "signed-in",
    params: PERK,
    body: {
      schema: perkPatchSchema,
      example: { title: "Early-bird bonus", description: "The first 50 investors get 10% more shares, free." },
    },
    ok: { 200: { description: "Saved", schema: PerkAnswer, example: EXAMPLE_PERK } },
    refusals: [400, 401, 403, 404, 409, 415],
  }),
  async (c) =>
    c.json(await updatePerk(c.get("db"), c.get("user"), param(c, "id"), param(c, "perkId"), await readBody(c))),
);

/** DELETE /api/projects/{id}/perks/{perkId} → { success: true }. */
perksApi.delete(
  "/:id/perks/:perkId",
  operation({
    operationId: "deleteProjectPerk",
    tag: "Investing",
    summary: "Remove a perk",
    description: "Only while the raise has no investment (409 after it).",
    access: "signed-in",
    params: PERK,
    ok: { 200: { description: "Removed", schema: v.object({ success: ok }), example: { success: true } } },
    refusals: [401, 403, 404, 409],
  }),
  async (c) => {
    await deletePerk(c.get("db"), c.get("user"), param(c, "id"), param(c, "perkId"));
    return c.json({ success: true });
  },
);
