/**
 * Download my data (ADR 046): everything the product keeps about one account, as one JSON
 * document or as a zip of CSV files, one per dataset. Both are streamed: each list is read a page of
 * EXPORT_PAGE rows at a time on the index that orders it (keyset on created_at, id), so the Worker
 * never holds more than one page however long the account's history. The web page
 * (/settings/my-data.json, /settings/my-data.zip) and the API (`GET /api/me/export`) share
 * `exportDownload`, and its limit: EXPORT_LIMIT downloads an hour per account, reserved before the
 * first byte, holding under concurrent requests as every limit does (worker/services/rate-limit.ts).
 */
import { toDollars } from "../../domain/money";
import type { Database } from "../../db/client";
import { jsonChunks, zipChunks, type Dataset, type Row } from "./data-export-files";
import { streamOf, type Download } from "./download";
import { reserve, type RateLimit } from "./rate-limit";
import { HOUR_MS, isoDay } from "../../domain/dates";

export const EXPORT_MESSAGES = {
  tooMany: "You can download your data 5 times an hour. Please try again later.",
  badFormat: "Choose a format: json or csv",
} as const;

/** Downloads per account per hour, JSON and CSV together. */
export const EXPORT_LIMIT: RateLimit = { max: 5, windowMs: HOUR_MS, message: EXPORT_MESSAGES.tooMany };

/** Rows read per query of a list. */
export const EXPORT_PAGE = 500;

export type ExportFormat = "json" | "csv";

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

function single(d1: D1Database, name: string, sql: string, userId: string, shape: Shape, columns: string[]): Dataset {
  return {
    name,
    columns,
    single: true,
    async *pages() {
      const row = await d1.prepare(sql).bind(userId).first<Row>();
      yield row ? [shaped(row, shape)] : [];
    },
  };
}

/**
 * A list read in keyset pages. `sql` selects `_at` (created_at) and `_id` (the tie-breaker) and
 * takes ?1 the account, ?2 and ?3 the cursor, ?4 the page size: `… and (x.created_at > ?2 or
 * (x.created_at = ?2 and x.id > ?3)) order by x.created_at, x.id limit ?4`.
 */
function list(
  d1: D1Database,
  name: string,
  sql: string,
  userId: string,
  shape: Shape,
  columns: string[],
  extend?: (rows: Row[]) => Promise<Row[]>,
): Dataset {
  return {
    name,
    columns,
    single: false,
    async *pages() {
      let at = -1;
      let id = "";
      for (;;) {
        const { results } = await d1.prepare(sql).bind(userId, at, id, EXPORT_PAGE).all<Row>();
        const last = results.at(-1);
        if (!last) return;
        at = last._at as number;
        id = last._id as string;
        const rows = results.map(({ _at, _id, ...rest }) => shaped(rest, shape));
        yield extend ? await extend(rows) : rows;
        if (results.length < EXPORT_PAGE) return;
      }
    },
  };
}

const AFTER = (t: string, key = "id") => `(${t}.created_at > ?2 or (${t}.created_at = ?2 and ${t}.${key} > ?3))`;
const TIMES = (...names: string[]): Shape => Object.fromEntries(names.map((n) => [n, iso]));

/** Every dataset of one account, in the order of the file. */
export function exportDatasets(d1: D1Database, userId: string): Dataset[] {
  const investmentNotices = async (rows: Row[]) => {
    const keys = rows.flatMap((r) => [`commitment:${String(r.id)}`, `settled:${String(r.id)}`]);
    const { results } = await d1
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
      d1,
      "profile",
      `select id, email, first_name as firstName, last_name as lastName, birth_date as birthDate, role,
              phone_number as phoneNumber, bio, profile_image as profileImage, risk_tolerance as riskTolerance,
              time_horizon as timeHorizon, preferred_sectors as preferredSectors,
              investment_goals as investmentGoals, created_at as createdAt, email_verified_at as emailVerifiedAt,
              deletion_requested_at as deletionRequestedAt
         from users where id = ?1`,
      userId,
      {
        ...TIMES("createdAt", "emailVerifiedAt", "deletionRequestedAt"),
        preferredSectors: json,
        investmentGoals: json,
      },
      [
        "id",
        "email",
        "firstName",
        "lastName",
        "birthDate",
        "role",
        "phoneNumber",
        "bio",
        "profileImage",
        "riskTolerance",
        "timeHorizon",
        "preferredSectors",
        "investmentGoals",
        "createdAt",
        "emailVerifiedAt",
        "deletionRequestedAt",
      ],
    ),
    single(
      d1,
      "publicProfile",
      `select username, wefunder_url as wefunderUrl, bio, site, investing_thesis as investingThesis, about,
              off_platform_investments as offPlatformInvestments, investment_size as investmentSize, interests,
              hide_badges as hideBadges, hide_investments as hideInvestments,
              hide_in_search_engines as hideInSearchEngines, hide_location as hideLocation, updated_at as updatedAt
         from public_profiles where user_id = ?1`,
      userId,
      {
        ...TIMES("updatedAt"),
        interests: json,
        hideBadges: bool,
        hideInvestments: bool,
        hideInSearchEngines: bool,
        hideLocation: bool,
      },
      [
        "username",
        "wefunderUrl",
        "bio",
        "site",
        "investingThesis",
        "about",
        "offPlatformInvestments",
        "investmentSize",
        "interests",
        "hideBadges",
        "hideInvestments",
        "hideInSearchEngines",
        "hideLocation",
        "updatedAt",
      ],
    ),
    single(
      d1,
      "investorFinancials",
      `select annual_income as annualIncome, net_worth as netWorth, accredited, apply_limits as applyLimits,
              updated_at as updatedAt
         from investor_financials where user_id = ?1`,
      userId,
      { ...TIMES("updatedAt"), accredited: bool, applyLimits: bool },
      ["annualIncome", "netWorth", "accredited", "applyLimits", "updatedAt"],
    ),
    single(
      d1,
      "notificationPreferences",
      `select updates, answers, questions, investments, goals, closing, digest, updated_at as updatedAt
         from notification_preferences where user_id = ?1`,
      userId,
      {
        ...TIMES("updatedAt"),
        updates: bool,
        answers: bool,
        questions: bool,
        investments: bool,
        goals: bool,
        closing: bool,
      },
      ["updates", "answers", "questions", "investments", "goals", "closing", "digest", "updatedAt"],
    ),
    list(
      d1,
      "projects",
      `select p.created_at as _at, p.id as _id, p.id, p.slug, p.title, p.status, p.funding_goal_cents as fundingGoal,
              p.share_price_cents as sharePrice, p.total_shares as totalShares, p.shares_sold as sharesSold,
              p.funding_deadline as fundingDeadline, p.created_at as createdAt, p.published_at as publishedAt
         from projects p where p.founder_id = ?1 and ${AFTER("p")} order by p.created_at, p.id limit ?4`,
      userId,
      { ...TIMES("createdAt", "publishedAt"), fundingGoal: dollars, sharePrice: dollars },
      [
        "id",
        "slug",
        "title",
        "status",
        "fundingGoal",
        "sharePrice",
        "totalShares",
        "sharesSold",
        "fundingDeadline",
        "createdAt",
        "publishedAt",
      ],
    ),
    list(
      d1,
      "investments",
      `select i.created_at as _at, i.id as _id, i.id, i.project_id as projectId, p.title as project, i.shares,
              i.share_price_cents as sharePrice, i.amount_cents as amount, i.status, i.created_at as createdAt,
              i.cancel_cutoff_at as cancellableUntil, i.cancelled_at as cancelledAt, i.settled_at as settledAt
         from investments i join projects p on p.id = i.project_id
        where i.investor_id = ?1 and ${AFTER("i")} order by i.created_at, i.id limit ?4`,
      userId,
      {
        ...TIMES("createdAt", "cancellableUntil", "cancelledAt", "settledAt"),
        sharePrice: dollars,
        amount: dollars,
      },
      [
        "id",
        "projectId",
        "project",
        "shares",
        "sharePrice",
        "amount",
        "status",
        "createdAt",
        "cancellableUntil",
        "cancelledAt",
        "settledAt",
        "notices",
      ],
      investmentNotices,
    ),
    list(
      d1,
      "follows",
      `select f.created_at as _at, f.project_id as _id, f.project_id as projectId, p.title as project,
              f.created_at as followedAt
         from project_follows f join projects p on p.id = f.project_id
        where f.user_id = ?1 and ${AFTER("f", "project_id")} order by f.created_at, f.project_id limit ?4`,
      userId,
      TIMES("followedAt"),
      ["projectId", "project", "followedAt"],
    ),
    list(
      d1,
      "questions",
      `select q.created_at as _at, q.id as _id, q.id, q.project_id as projectId, p.title as project, q.question,
              q.answer, q.answered_at as answeredAt, q.hidden, q.created_at as askedAt
         from project_questions q join projects p on p.id = q.project_id
        where q.asker_id = ?1 and ${AFTER("q")} order by q.created_at, q.id limit ?4`,
      userId,
      { ...TIMES("askedAt", "answeredAt"), hidden: bool },
      ["id", "projectId", "project", "question", "answer", "answeredAt", "hidden", "askedAt"],
    ),
    list(
      d1,
      "answers",
      `select q.created_at as _at, q.id as _id, q.id as questionId, q.project_id as projectId, q.question, q.answer,
              q.answered_at as answeredAt
         from project_questions q
        where q.project_id = (select id from projects where founder_id = ?1) and ${AFTER("q")}
          and q.answer is not null
        order by q.created_at, q.id limit ?4`,
      userId,
      TIMES("answeredAt"),
      ["questionId", "projectId", "question", "answer", "answeredAt"],
    ),
    list(
      d1,
      "updates",
      `select u.created_at as _at, u.id as _id, u.id, u.project_id as projectId, u.title, u.body,
              u.investors_only as investorsOnly, u.hidden, u.created_at as createdAt, u.updated_at as updatedAt
         from project_updates u
        where u.author_id = ?1 and ${AFTER("u")} order by u.created_at, u.id limit ?4`,
      userId,
      { ...TIMES("createdAt", "updatedAt"), investorsOnly: bool, hidden: bool },
      ["id", "projectId", "title", "body", "investorsOnly", "hidden", "createdAt", "updatedAt"],
    ),
    list(
      d1,
      "notifications",
      `select n.created_at as _at, n.id as _id, n.id, n.kind, n.text, n.link, n.created_at as createdAt,
              n.read_at as readAt
         from notifications n
        where n.user_id = ?1 and ${AFTER("n")} order by n.created_at, n.id limit ?4`,
      userId,
      TIMES("createdAt", "readAt"),
      ["id", "kind", "text", "link", "createdAt", "readAt"],
    ),
  ];
}

/**
 * The download of one account's data in `format`, after taking one of its EXPORT_LIMIT slots
 * (throws the 429 with `retryAfter` past the limit; nothing read then). Not cached anywhere: the
 * doors answer it with worker/download.ts `downloadResponse` (private, no-store).
 */
export async function exportDownload(
  db: Database,
  userId: string,
  format: ExportFormat,
  now: number = Date.now(),
): Promise<Download> {
  await reserve(db, [{ key: `export:acct:${userId}`, limit: EXPORT_LIMIT }], now);
  const datasets = exportDatasets(db.$client, userId);
  const day = isoDay(now);
  if (format === "json") {
    return {
      filename: `campusfund-data-${day}.json`,
      contentType: "application/json; charset=utf-8",
      body: streamOf(jsonChunks(datasets, now), "data export"),
    };
  }
  return {
    filename: `campusfund-data-${day}.zip`,
    contentType: "application/zip",
    body: streamOf(zipChunks(datasets, now), "data export"),
  };
}
