/**
 * Delete my account (ADR 046), the API's door (the page's is app/routes/settings/your-data.tsx):
 * `GET /api/me` (the caller with `deletionScheduledFor`), `POST /api/me/delete` {password} → 202,
 * `POST /api/me/delete/cancel` → 200. Same rules and messages as the page
 * (worker/services/accounts/account-deletion.ts).
 */
import { Hono } from "hono";
import * as v from "valibot";

import { DELETION_MESSAGES } from "../../domain/accounts/account-deletion";
import { mailerFor } from "../mail/mailer";
import {
  cancelAccountDeletion,
  deletionScheduledFor,
  requestAccountDeletion,
} from "../services/accounts/account-deletion";
import { requireSignedIn } from "../services/shared/access";
import { publicUser } from "../services/accounts/sessions";
import type { HonoEnv } from "../types";
import { EXAMPLE_USER, MessageAnswer, ok, UserAnswer } from "./answers/common";
import { operation } from "./openapi";
import { readBody } from "./util";

export const accountDeletionApi = new Hono<HonoEnv>();

const isoDate = v.pipe(v.string(), v.isoTimestamp());
const DeleteBody = v.object({ password: v.string() });
const AccountAnswer = v.object({ success: ok, user: UserAnswer, deletionScheduledFor: v.nullable(isoDate) });
const DeletionAnswer = v.object({
  success: ok,
  message: v.string(),
  deletionDate: isoDate,
  warnings: v.array(v.string()),
  endedSessions: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
const EXAMPLE_DATE = "2026-12-28T03:16:00.000Z";

/** GET /api/me → the caller and when their account will be deleted (null: not asked). */
accountDeletionApi.get(
  "/",
  operation({
    operationId: "getMyAccount",
    tag: "Account",
    summary: "The signed-in user and their account's deletion date",
    description: "`deletionScheduledFor` is when the account will be erased, or null when no deletion is asked.",
    access: "signed-in",
    ok: {
      200: {
        description: "The caller's own account",
        schema: AccountAnswer,
        example: { success: true, user: EXAMPLE_USER, deletionScheduledFor: null },
      },
    },
    refusals: [401],
  }),
  async (c) => {
    const user = c.get("user");
    requireSignedIn(user);
    const at = await deletionScheduledFor(c.get("db"), user.id);
    return c.json({
      success: true,
      user: publicUser(user),
      deletionScheduledFor: at === null ? null : new Date(at).toISOString(),
    });
  },
);

/** POST /api/me/delete {password} → 202 {deletionDate, warnings}; 400 wrong password; 409 already asked; 429. */
accountDeletionApi.post(
  "/delete",
  operation({
    operationId: "deleteMyAccount",
    tag: "Account",
    summary: "Ask for the account to be deleted",
    description:
      "Confirmed with the current password (wrong ones count toward the password lockout, as a password change). " +
      "The account is erased 30 days later; signing in before then, or `POST /api/me/delete/cancel`, keeps it. " +
      "Every other session and remembered device ends at once; the calling session stays. `warnings` says what " +
      "deletion does to an open raise or to investments still cancelable. Investments stay on record under an " +
      "anonymous holder. 5 requests an hour.",
    access: "signed-in",
    body: { schema: DeleteBody, example: { password: "Analytical-Engine-1843" } },
    ok: {
      202: {
        description: "Asked: the account will be erased on `deletionDate`",
        schema: DeletionAnswer,
        example: {
          success: true,
          message: DELETION_MESSAGES.scheduled(Date.parse(EXAMPLE_DATE)),
          deletionDate: EXAMPLE_DATE,
          warnings: [],
          endedSessions: 1,
        },
      },
    },
    refusals: [400, 401, 409, 413, 415, 429],
  }),
  async (c) => {
    const body = await readBody(c);
    const db = c.get("db");
    const out = await requestAccountDeletion(db, c.get("user"), c.get("sessionToken"), body, {
      mailer: mailerFor(c.env, c.executionCtx, db),
    });
    return c.json(
      {
        success: true,
        message: out.message,
        deletionDate: new Date(out.deletionDate).toISOString(),
        warnings: out.warnings,
        endedSessions: out.endedSessions,
      },
      202,
    );
  },
);

/** POST /api/me/delete/cancel → 200; 409 when no deletion is asked. */
accountDeletionApi.post(
  "/delete/cancel",
  operation({
    operationId: "cancelMyAccountDeletion",
    tag: "Account",
    summary: "Keep the account: cancel its deletion",
    access: "signed-in",
    ok: {
      200: {
        description: "Kept",
        schema: MessageAnswer,
        example: { success: true, message: DELETION_MESSAGES.canceled },
      },
    },
    refusals: [401, 409],
  }),
  async (c) => {
    const out = await cancelAccountDeletion(c.get("db"), c.get("user"));
    return c.json({ success: true, message: out.message });
  },
);
