/**
 * The Worker entry and composition root: Hono runs the middleware and `/api`, and every other
 * request goes to React Router with a RouterContextProvider carrying env, ctx, db and the user.
 */
import { createRequestHandler, RouterContextProvider } from "react-router";

import { appContext } from "../app/context";
import { createDb } from "../db/client";
import { createApp } from "./app";
import { DRAIN_ROUNDS, retryPendingMail } from "./mail/mailer";
import { eraseDueAccounts } from "./services/accounts/account-deletion";
import { runDigests } from "./services/conversation/digest";
import { purgeExpired } from "./services/operator/maintenance";
import { runUpdateReminders } from "./services/conversation/update-reminders";
import { runClosingSoon } from "./services/conversation/notifications";
import { settleDueRaises } from "./services/raises/settlement";
import { lapseReconfirmations } from "./services/money/reconfirmations";
import { applyApprovedEvents } from "./services/money/valuations";
import { deleteUnusedUploads } from "./services/projects/upload-cleanup";
import { expireOrders } from "./services/market/expiry";
import { refreshTrendScores } from "./services/projects/trending";
import { lapseReservations, openDueRaises } from "./services/raises/reservations";

// React Router derives its routes from the build when the handler is made; given a function, it
// derives them again on every request (about 5-10% of a page's CPU). A built Worker's build never
// changes, so the handler is made once per isolate; under `react-router dev` it is made per
// request, so an edited route is served without a restart.
let handler: ReturnType<typeof createRequestHandler> | undefined;
const handleRequest: ReturnType<typeof createRequestHandler> = async (request, context) => {
  if (import.meta.env.DEV) {
    return createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE)(
      request,
      context,
    );
  }
  handler ??= createRequestHandler(await import("virtual:react-router/server-build"), import.meta.env.MODE);
  return handler(request, context);
};

const app = createApp((c) => {
  const context = new RouterContextProvider();
  context.set(appContext, {
    env: c.env,
    ctx: c.executionCtx as ExecutionContext,
    db: c.get("db"),
    user: c.get("user"),
    sessionToken: c.get("sessionToken"),
    secureCookies: c.get("secureCookies"),
    nonce: c.get("nonce"),
  });
  return handleRequest(c.req.raw, context);
});

/** wrangler.toml's frequent trigger: mail and digests. */
const MAIL_CRON = "*/10 * * * *";

export default {
  fetch: app.fetch,
  /**
   * Daily (wrangler.toml [triggers], just after 00:00 UTC, when raises close): the raises whose
   * deadline has come are settled (worker/services/raises/settlement.ts, ADR 043), then housekeeping (expired sessions, stale rate-limit rows, images
   * no project uses), the Trending rail's scores (projects/trending.ts) and the "closes within 48 hours" notifications for followers (once per
   * project and person).
   */
  async scheduled(controller, env, ctx) {
    // Every 10 minutes: the mail outbox drained (DRAIN_ROUNDS × RETRY_BATCH sends at most) and the
    // digests of the day or week (worker/services/conversation/digest.ts, DIGEST_PEOPLE_PER_RUN people at most).
    if (controller.cron === MAIL_CRON) {
      // Reconfirmations past their due instant cancel their investments (ADR 050): within ten minutes.
      ctx.waitUntil(
        lapseReconfirmations(createDb(env.DB)).then((n) => console.log(`lapsed ${n} unreconfirmed investments`)),
      );
      // Approved company events whose holders are not all marked yet (ADR 052): within ten minutes.
      ctx.waitUntil(
        applyApprovedEvents(createDb(env.DB)).then((r) =>
          console.log(`applied ${r.length} company events to ${r.reduce((n, e) => n + e.holders, 0)} holders`),
        ),
      );
      // Coming soon raises whose launch date came open (their reservers told), then reservations
      // not confirmed in time lapse (ADR 055): within ten minutes, bounded per run.
      ctx.waitUntil(
        openDueRaises(createDb(env.DB))
          .then(async (opened) => ({ opened, lapsed: await lapseReservations(createDb(env.DB)) }))
          .then((n) => console.log(`opened ${n.opened} coming-soon raises, lapsed ${n.lapsed} reservations`)),
      );
      // Exchange orders past their 30 days (ADR 053): expired, their owners told, within ten minutes.
      ctx.waitUntil(expireOrders(createDb(env.DB)).then((n) => console.log(`expired ${n} exchange orders`)));
      ctx.waitUntil(
        runDigests(env, createDb(env.DB))
          .then((n) => console.log(`digests: claimed ${n.claimed}, mailed ${n.mailed}, sent ${n.sent}`))
          .then(() => retryPendingMail(env, createDb(env.DB), Date.now(), DRAIN_ROUNDS))
          .then((n) =>
            console.log(
              `mail outbox: sent ${n.sent}, failed ${n.failed}, expired ${n.expired}, erased ${n.erased} bodies, deleted ${n.deleted} old rows`,
            ),
          ),
      );
      return;
    }
    ctx.waitUntil(
      // Lapsed reconfirmations first: a raise they held may then settle in the same run.
      lapseReconfirmations(createDb(env.DB))
        .then(() => settleDueRaises(createDb(env.DB)))
        .then((settled) =>
          console.log(
            `settled ${settled.length} raises: ${settled.map((r) => `${r.projectId} ${r.outcome} (${r.investments} investments)`).join(", ")}`,
          ),
        ),
    );
    // The Trending rail's scores for the new day (decay, and days leaving the window).
    ctx.waitUntil(refreshTrendScores(createDb(env.DB)).then((n) => console.log(`trend scores of ${n} projects`)));
    ctx.waitUntil(
      runClosingSoon(createDb(env.DB)).then((n) => console.log(`notified ${n} followers of projects closing soon`)),
    );
    // Founders of funded companies quiet for 90 days are reminded to post an update (ADR 055).
    ctx.waitUntil(
      runUpdateReminders(createDb(env.DB)).then((n) => console.log(`reminded ${n} founders to post an update`)),
    );
    ctx.waitUntil(
      purgeExpired(createDb(env.DB)).then((n) =>
        console.log(
          `purged ${n.sessions} expired sessions, ${n.rateLimits} rate-limit rows, ${n.devices} device cookies, ${n.networks} sign-in networks, ${n.usernameHolds} username holds`,
        ),
      ),
    );
    ctx.waitUntil(
      deleteUnusedUploads(createDb(env.DB), env.IMAGES).then((n) =>
        console.log(`deleted ${n.ledger} unused uploads and ${n.unlisted} unrecorded images (${n.listed} listed)`),
      ),
    );
    // Accounts whose deletion's grace period ran out are erased (worker/services/accounts/account-deletion.ts, ADR 046).
    ctx.waitUntil(
      eraseDueAccounts(createDb(env.DB)).then((ids) => console.log(`erased ${ids.length} deleted accounts`)),
    );
    // Mails whose send failed are tried again, a bounded number of times (worker/mail/mailer.ts, ADR 044).
    ctx.waitUntil(
      retryPendingMail(env, createDb(env.DB)).then((n) =>
        console.log(
          `mail outbox: sent ${n.sent}, failed ${n.failed}, expired ${n.expired}, erased ${n.erased} bodies, deleted ${n.deleted} old rows`,
        ),
      ),
    );
  },
} satisfies ExportedHandler<Env>;
