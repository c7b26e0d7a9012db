/**
 * Download my data's datasets (ADR 046): what worker/services/accounts/data-export.ts `exportDownload`
 * writes, one builder query each (ADR 027). A single record is read once; a list is read
 * EXPORT_PAGE rows at a time on the index that orders it (keyset on created_at and a key), so the
 * Worker never holds more than one page however long the account's history. Each column is shaped
 * for the file: timestamps as ISO instants, money in dollars, flags as booleans.
 */
import { and, eq, gt, or, sql } from "drizzle-orm";
import type { SelectedFields, SQLiteColumn } from "drizzle-orm/sqlite-core";

import { toDollars } from "../../../../domain/shared/money";
import type { Database } from "../../../../db/client";
import {
  investments,
  distributions,
  valuationEvents,
  investorFinancials,
  marketOrders,
  trades,
  notificationPreferences,
  notifications,
  projectFollows,
  projectReservations,
  discussionPosts,
  discussionVotes,
  projects,
  projectUpdates,
  publicProfiles,
  users,
} from "../../../../db/schema";
import type { Dataset, Row } from "./data-export-files";

/** Rows read per query of a list. */
export const EXPORT_PAGE = 500;

const iso = (ms: unknown) => (typeof ms === "number" ? new Date(ms).toISOString() : null);
const dollars = (cents: unknown) => (typeof cents === "number" ? toDollars(cents) : null);
const bool = (v: unknown) => (v === null || v === undefined ? null : v === 1 || v === true);
const json = (v: unknown) => (typeof v === "string" ? (JSON.parse(v) as unknown) : v);

/** How each column of a row is written: timestamps as ISO instants, money in dollars, flags as booleans. */
type Shape = Record<string, (v: unknown) => unknown>;

function shaped(row: Row, shape: Shape): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) out[k] = shape[k] ? shape[k](v) : v;
  return out;
}

/** Where a list's next page starts: after this row's (created_at, key). */
interface Cursor {
  at: number;
  id: string;
}

/** A list's page as read: its rows with `_at` (created_at) and `_id` (the tie-breaker) for the cursor. */
type PageRow = Row & { _at: number; _id: string };

/** The file's columns: the selected fields in their order, without the cursor's `_at` and `_id`. */
const columnsOf = (fields: SelectedFields, extra: string[] = []) => [
  ...Object.keys(fields).filter((k) => !k.startsWith("_")),
  ...extra,
];

function single<F extends SelectedFields>(
  name: string,
  fields: F,
  read: (fields: F) => Promise<Row[]>,
  shape: Shape,
): Dataset {
  return {
    name,
    columns: columnsOf(fields),
    single: true,
    async *pages() {
      const [row] = await read(fields);
      yield row ? [shaped(row, shape)] : [];
    },
  };
}

/**
 * A list read in keyset pages of EXPORT_PAGE rows: `read(fields, after)` is a builder query that
 * selects `fields` (with `_at` and `_id`), keeps the rows `after` the cursor (`afterCursor`) and
 * orders by the same two.
 */
function list<F extends SelectedFields>(
  name: string,
  fields: F,
  read: (fields: F, after: Cursor) => Promise<PageRow[]>,
  shape: Shape,
  extend?: (rows: Row[]) => Promise<Row[]>,
  extraColumns?: string[],
): Dataset {
  return {
    name,
    columns: columnsOf(fields, extraColumns),
    single: false,
    async *pages() {
      let after: Cursor = { at: -1, id: "" };
      for (;;) {
        const results = await read(fields, after);
        const last = results.at(-1);
        if (!last) return;
        after = { at: last._at, id: last._id };
        const rows = results.map(({ _at, _id, ...rest }) => shaped(rest, shape));
        yield extend ? await extend(rows) : rows;
        if (results.length < EXPORT_PAGE) return;
      }
    },
  };
}

/** The keyset condition: rows after the cursor in (created_at, key) order. */
const afterCursor = (at: SQLiteColumn, key: SQLiteColumn, c: Cursor) =>
  or(gt(at, c.at), and(eq(at, c.at), gt(key, c.id)));
const TIMES = (...names: string[]): Shape => Object.fromEntries(names.map((n) => [n, iso]));

/** Every dataset of one account, in the order of the file. */
export function exportDatasets(db: Database, userId: string): Dataset[] {
  const investmentNotices = async (rows: Row[]) => {
    const keys = rows.flatMap((r) => [`commitment:${String(r.id)}`, `settled:${String(r.id)}`]);
    // SQL (ADR 027): the page's event keys are one json_each list.
    const { results } = await db.$client
      .prepare(
        `select substr(event_key, instr(event_key, ':') + 1) as investmentId, text, link, created_at as createdAt
           from notifications where event_key in (select value from json_each(?2)) and user_id = ?1
          order by created_at`,
      )
      .bind(userId, JSON.stringify(keys))
      .all<Row>();
    return rows.map((r) => ({
      ...r,
      notices: results
        .filter((n) => n.investmentId === r.id)
        .map((n) => ({ text: n.text, link: n.link, createdAt: iso(n.createdAt) })),
    }));
  };
  return [
    single(
      "profile",
      {
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        birthDate: users.birthDate,
        role: users.role,
        phoneNumber: users.phoneNumber,
        bio: users.bio,
        profileImage: users.profileImage,
        riskTolerance: users.riskTolerance,
        timeHorizon: users.timeHorizon,
        preferredSectors: users.preferredSectors,
        investmentGoals: users.investmentGoals,
        createdAt: users.createdAt,
        emailVerifiedAt: users.emailVerifiedAt,
        deletionRequestedAt: users.deletionRequestedAt,
      },
      (fields) => db.select(fields).from(users).where(eq(users.id, userId)).limit(1),
      {
        ...TIMES("createdAt", "emailVerifiedAt", "deletionRequestedAt"),
        preferredSectors: json,
        investmentGoals: json,
      },
    ),
    single(
      "publicProfile",
      {
        username: publicProfiles.username,
        wefunderUrl: publicProfiles.wefunderUrl,
        bio: publicProfiles.bio,
        site: publicProfiles.site,
        investingThesis: publicProfiles.investingThesis,
        about: publicProfiles.about,
        offPlatformInvestments: publicProfiles.offPlatformInvestments,
        investmentSize: publicProfiles.investmentSize,
        interests: publicProfiles.interests,
        hideBadges: publicProfiles.hideBadges,
        hideInvestments: publicProfiles.hideInvestments,
        hideInSearchEngines: publicProfiles.hideInSearchEngines,
        hideLocation: publicProfiles.hideLocation,
        updatedAt: publicProfiles.updatedAt,
      },
      (fields) => db.select(fields).from(publicProfiles).where(eq(publicProfiles.userId, userId)).limit(1),
      {
        ...TIMES("updatedAt"),
        interests: json,
        hideBadges: bool,
        hideInvestments: bool,
        hideInSearchEngines: bool,
        hideLocation: bool,
      },
    ),
    single(
      "investorFinancials",
      {
        annualIncome: investorFinancials.annualIncome,
        netWorth: investorFinancials.netWorth,
        accredited: investorFinancials.accredited,
        applyLimits: investorFinancials.applyLimits,
        updatedAt: investorFinancials.updatedAt,
      },
      (fields) => db.select(fields).from(investorFinancials).where(eq(investorFinancials.userId, userId)).limit(1),
      { ...TIMES("updatedAt"), accredited: bool, applyLimits: bool },
    ),
    single(
      "notificationPreferences",
      {
        updates: notificationPreferences.updates,
        answers: notificationPreferences.answers,
        questions: notificationPreferences.questions,
        investments: notificationPreferences.investments,
        goals: notificationPreferences.goals,
        closing: notificationPreferences.closing,
        replies: notificationPreferences.replies,
        digest: notificationPreferences.digest,
        updatedAt: notificationPreferences.updatedAt,
      },
      (fields) =>
        db.select(fields).from(notificationPreferences).where(eq(notificationPreferences.userId, userId)).limit(1),
      {
        ...TIMES("updatedAt"),
        updates: bool,
        answers: bool,
        questions: bool,
        investments: bool,
        goals: bool,
        closing: bool,
        replies: bool,
      },
    ),
    list(
      "projects",
      {
        _at: projects.createdAt,
        _id: projects.id,
        id: projects.id,
        slug: projects.slug,
        title: projects.title,
        status: projects.status,
        fundingGoal: projects.fundingGoalCents,
        sharePrice: projects.sharePriceCents,
        totalShares: projects.totalShares,
        sharesSold: projects.sharesSold,
        fundingDeadline: projects.fundingDeadline,
        createdAt: projects.createdAt,
        publishedAt: projects.publishedAt,
      },
      (fields, after) =>
        db
          .select(fields)
          .from(projects)
          .where(and(eq(projects.founderId, userId), afterCursor(projects.createdAt, projects.id, after)))
          .orderBy(projects.createdAt, projects.id)
          .limit(EXPORT_PAGE),
      { ...TIMES("createdAt", "publishedAt"), fundingGoal: dollars, sharePrice: dollars },
    ),
    list(
      "investments",
      {
        _at: investments.createdAt,
        _id: investments.id,
        id: investments.id,
        projectId: investments.projectId,
        project: projects.title,
        shares: investments.shares,
        sharePrice: investments.sharePriceCents,
        amount: investments.amountCents,
        status: investments.status,
        createdAt: investments.createdAt,
        cancellableUntil: investments.cancelCutoffAt,
        cancelledAt: investments.cancelledAt,
        settledAt: investments.settledAt,
      },
      (fields, after) =>
        db
          .select(fields)
          .from(investments)
          .innerJoin(projects, eq(projects.id, investments.projectId))
          .where(and(eq(investments.investorId, userId), afterCursor(investments.createdAt, investments.id, after)))
          .orderBy(investments.createdAt, investments.id)
          .limit(EXPORT_PAGE),
      {
        ...TIMES("createdAt", "cancellableUntil", "cancelledAt", "settledAt"),
        sharePrice: dollars,
        amount: dollars,
      },
      investmentNotices,
      ["notices"],
    ),
    // What an exit paid for a holding (ADR 052), with its cost: the realized gain or loss is theirs.
    list(
      "payouts",
      {
        _at: distributions.paidAt,
        _id: distributions.id,
        id: distributions.id,
        projectId: distributions.projectId,
        project: projects.title,
        event: valuationEvents.kind,
        eventDate: valuationEvents.effectiveOn,
        shares: distributions.shares,
        costBasis: distributions.costCents,
        amount: distributions.amountCents,
        paidAt: distributions.paidAt,
      },
      (fields, after) =>
        db
          .select(fields)
          .from(distributions)
          .innerJoin(projects, eq(projects.id, distributions.projectId))
          .innerJoin(valuationEvents, eq(valuationEvents.id, distributions.eventId))
          .where(and(eq(distributions.investorId, userId), afterCursor(distributions.paidAt, distributions.id, after)))
          .orderBy(distributions.paidAt, distributions.id)
          .limit(EXPORT_PAGE),
      { ...TIMES("paidAt"), costBasis: dollars, amount: dollars },
    ),
    // The exchange (ADR 053): every order placed, and every trade bought or sold, the seller's fee and
    // cost beside a sale (its realized gain is the net less the cost).
    list(
      "exchangeOrders",
      {
        _at: marketOrders.createdAt,
        _id: marketOrders.id,
        id: marketOrders.id,
        projectId: marketOrders.projectId,
        project: projects.title,
        side: marketOrders.side,
        forCompany: marketOrders.forCompany,
        shares: marketOrders.shares,
        price: marketOrders.priceCents,
        remaining: marketOrders.remaining,
        status: marketOrders.status,
        cancelReason: marketOrders.cancelReason,
        placedAt: marketOrders.createdAt,
        expiresAt: marketOrders.expiresAt,
        closedAt: marketOrders.closedAt,
      },
      (fields, after) =>
        db
          .select(fields)
          .from(marketOrders)
          .innerJoin(projects, eq(projects.id, marketOrders.projectId))
          .where(and(eq(marketOrders.ownerId, userId), afterCursor(marketOrders.createdAt, marketOrders.id, after)))
          .orderBy(marketOrders.createdAt, marketOrders.id)
          .limit(EXPORT_PAGE),
      { ...TIMES("placedAt", "expiresAt", "closedAt"), price: dollars, forCompany: bool },
    ),
    list(
      "exchangeTrades",
      {
        _at: trades.createdAt,
        _id: trades.id,
        id: trades.id,
        projectId: trades.projectId,
        project: projects.title,
        side: sql<string>`case when ${trades.buyerId} = ${userId} then 'bought' else 'sold' end`,
        shares: trades.shares,
        price: trades.priceCents,
        value: trades.valueCents,
        fee: sql<number>`case when ${trades.buyerId} = ${userId} then 0 else ${trades.feeCents} end`,
        costBasis: sql<
          number | null
        >`case when ${trades.buyerId} = ${userId} then null else ${trades.sellerCostCents} end`,
        tradedAt: trades.createdAt,
      },
      (fields, after) =>
        db
          .select(fields)
          .from(trades)
          .innerJoin(projects, eq(projects.id, trades.projectId))
          .where(
            and(
              or(eq(trades.buyerId, userId), eq(trades.sellerId, userId)),
              afterCursor(trades.createdAt, trades.id, after),
            ),
          )
          .orderBy(trades.createdAt, trades.id)
          .limit(EXPORT_PAGE),
      { ...TIMES("tradedAt"), price: dollars, value: dollars, fee: dollars, costBasis: dollars },
    ),
    // Amounts reserved in raises before they opened (ADR 055): non-binding, but the person's own.
    list(
      "reservations",
      {
        _at: projectReservations.createdAt,
        _id: projectReservations.id,
        id: projectReservations.id,
        projectId: projectReservations.projectId,
        project: projects.title,
        amount: projectReservations.amountCents,
        status: projectReservations.status,
        createdAt: projectReservations.createdAt,
        updatedAt: projectReservations.updatedAt,
        canceledAt: projectReservations.canceledAt,
        lapsesAt: projectReservations.lapsesAt,
        confirmedAt: projectReservations.confirmedAt,
        investmentId: projectReservations.investmentId,
      },
      (fields, after) =>
        db
          .select(fields)
          .from(projectReservations)
          .innerJoin(projects, eq(projects.id, projectReservations.projectId))
          .where(
            and(
              eq(projectReservations.userId, userId),
              afterCursor(projectReservations.createdAt, projectReservations.id, after),
            ),
          )
          .orderBy(projectReservations.createdAt, projectReservations.id)
          .limit(EXPORT_PAGE),
      { ...TIMES("createdAt", "updatedAt", "canceledAt", "lapsesAt", "confirmedAt"), amount: dollars },
    ),
    list(
      "follows",
      {
        _at: projectFollows.createdAt,
        _id: projectFollows.projectId,
        projectId: projectFollows.projectId,
        project: projects.title,
        followedAt: projectFollows.createdAt,
      },
      (fields, after) =>
        db
          .select(fields)
          .from(projectFollows)
          .innerJoin(projects, eq(projects.id, projectFollows.projectId))
          .where(
            and(
              eq(projectFollows.userId, userId),
              afterCursor(projectFollows.createdAt, projectFollows.projectId, after),
            ),
          )
          .orderBy(projectFollows.createdAt, projectFollows.projectId)
          .limit(EXPORT_PAGE),
      TIMES("followedAt"),
    ),
    list(
      "posts",
      {
        _at: discussionPosts.createdAt,
        _id: discussionPosts.id,
        id: discussionPosts.id,
        projectId: discussionPosts.projectId,
        project: projects.title,
        threadId: discussionPosts.threadId,
        parentId: discussionPosts.parentId,
        body: discussionPosts.body,
        byFounder: discussionPosts.byFounder,
        hiddenAt: discussionPosts.hiddenAt,
        hiddenNote: discussionPosts.hiddenNote,
        createdAt: discussionPosts.createdAt,
      },
      (fields, after) =>
        db
          .select(fields)
          .from(discussionPosts)
          .innerJoin(projects, eq(projects.id, discussionPosts.projectId))
          .where(
            and(
              eq(discussionPosts.authorId, userId),
              afterCursor(discussionPosts.createdAt, discussionPosts.id, after),
            ),
          )
          .orderBy(discussionPosts.createdAt, discussionPosts.id)
          .limit(EXPORT_PAGE),
      { ...TIMES("createdAt", "hiddenAt"), byFounder: bool },
    ),
    list(
      "votes",
      {
        _at: discussionVotes.createdAt,
        _id: discussionVotes.postId,
        postId: discussionVotes.postId,
        votedAt: discussionVotes.createdAt,
      },
      (fields, after) =>
        db
          .select(fields)
          .from(discussionVotes)
          .where(
            and(
              eq(discussionVotes.userId, userId),
              afterCursor(discussionVotes.createdAt, discussionVotes.postId, after),
            ),
          )
          .orderBy(discussionVotes.createdAt, discussionVotes.postId)
          .limit(EXPORT_PAGE),
      TIMES("votedAt"),
    ),
    list(
      "updates",
      {
        _at: projectUpdates.createdAt,
        _id: projectUpdates.id,
        id: projectUpdates.id,
        projectId: projectUpdates.projectId,
        title: projectUpdates.title,
        body: projectUpdates.body,
        investorsOnly: projectUpdates.investorsOnly,
        hidden: projectUpdates.hidden,
        createdAt: projectUpdates.createdAt,
        updatedAt: projectUpdates.updatedAt,
      },
      (fields, after) =>
        db
          .select(fields)
          .from(projectUpdates)
          .where(
            and(eq(projectUpdates.authorId, userId), afterCursor(projectUpdates.createdAt, projectUpdates.id, after)),
          )
          .orderBy(projectUpdates.createdAt, projectUpdates.id)
          .limit(EXPORT_PAGE),
      { ...TIMES("createdAt", "updatedAt"), investorsOnly: bool, hidden: bool },
    ),
    list(
      "notifications",
      {
        _at: notifications.createdAt,
        _id: notifications.id,
        id: notifications.id,
        kind: notifications.kind,
        text: notifications.text,
        link: notifications.link,
        createdAt: notifications.createdAt,
        readAt: notifications.readAt,
      },
      (fields, after) =>
        db
          .select(fields)
          .from(notifications)
          .where(and(eq(notifications.userId, userId), afterCursor(notifications.createdAt, notifications.id, after)))
          .orderBy(notifications.createdAt, notifications.id)
          .limit(EXPORT_PAGE),
      TIMES("createdAt", "readAt"),
    ),
  ];
}
