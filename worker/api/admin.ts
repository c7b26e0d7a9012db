/**
 * The operator's API (ADR 030), admins only: 401 without a session, 403 for anyone else (the
 * services check). Each route is a thin door onto the service that holds the rule.
 */
import { Hono, type Context } from "hono";

import { listAudit } from "../services/audit";
import { reinstateUser, suspendUser } from "../services/moderation";
import { approveProject, listReviewQueue, requestChanges } from "../services/reviews";
import { setUpdateHidden } from "../services/updates";
import type { HonoEnv } from "../types";
import { readBody } from "./util";

const param = (c: Context<HonoEnv>, name: string): string => c.req.param(name) ?? "";

export const adminApi = new Hono<HonoEnv>();

/** GET /api/admin/reviews → { reviews: [{ project, checklist, submittedAt }] }, oldest submission first. */
adminApi.get("/reviews", async (c) => c.json({ reviews: await listReviewQueue(c.get("db"), c.get("user")) }));

/** POST /api/admin/projects/{id}/approve → the live project (its founder is notified). */
adminApi.post("/projects/:id/approve", async (c) =>
  c.json(await approveProject(c.get("db"), c.get("user"), param(c, "id"))),
);

/** POST /api/admin/projects/{id}/request-changes { reason } → the project, a draft again with the note. */
adminApi.post("/projects/:id/request-changes", async (c) =>
  c.json(await requestChanges(c.get("db"), c.get("user"), param(c, "id"), await readBody(c))),
);

/** POST /api/admin/users/{id}/suspend { reason } → the account, suspended (its sessions end). */
adminApi.post("/users/:id/suspend", async (c) =>
  c.json(await suspendUser(c.get("db"), c.get("user"), param(c, "id"), await readBody(c))),
);

/** POST /api/admin/users/{id}/reinstate { reason? } → the account, no longer suspended. */
adminApi.post("/users/:id/reinstate", async (c) =>
  c.json(await reinstateUser(c.get("db"), c.get("user"), param(c, "id"), await readBody(c))),
);

/** POST /api/admin/updates/{id}/hide { hidden?: boolean } → the update (hidden unless `hidden: false`). */
adminApi.post("/updates/:id/hide", async (c) =>
  c.json(await setUpdateHidden(c.get("db"), c.get("user"), param(c, "id"), await readBody(c))),
);

/** GET /api/admin/audit → { entries } newest first (at most 50). */
adminApi.get("/audit", async (c) => c.json({ entries: await listAudit(c.get("db"), c.get("user")) }));
