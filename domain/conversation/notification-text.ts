/**
 * Every notification's wording, in one place. A notification is read in the bell and on
 * /notifications as a sentence *from the platform*, so anything a user chose (a display name, a
 * project title, an update's title, a question) is set apart in quotation marks: "“Claim your
 * payout at …” invested $50 in “Campus Keys”" reads as a name, never as an instruction from us.
 * Pure: the services that own the events call these (and SQL fan-outs use `QUOTE_SQL`).
 */
import { cutoffText } from "../money/cancellation.ts";
import { formatDate, formatNumber, formatPrice } from "../shared/format.ts";
import { quoted, QUOTED_MAX } from "../shared/quote.ts";
import { ORDER_GOOD_FOR_DAYS } from "../market/terms.ts";

/**
 * The SQL twin of `quoted` for a column (fan-outs that read the title in the statement): the same
 * quotation marks around the text, its quotation marks made straight, cut to QUOTED_MAX characters
 * with an ellipsis (SQLite's length() and substr() count code points, as `quoted` does). Titles are
 * single-line and trimmed when saved, so the one thing left to `quoted` alone is folding a run of
 * spaces inside a title into one.
 */
export function quotedSql(column: string): string {
  let straight = `trim(${column})`;
  for (const mark of ["“", "”", "„", "‟", '"']) straight = `replace(${straight}, '${mark}', '''')`;
  return (
    `'“' || (select case when length(t) > ${QUOTED_MAX} then substr(t, 1, ${QUOTED_MAX - 1}) || '…' ` +
    `when t = '' then '…' else t end from (select ${straight} as t)) || '”'`
  );
}

export const NOTIFICATION_TEXT = {
  /** The founder hears of an investment (coalesced per investor, project and day). */
  investment: (investorName: string, amount: number, projectTitle: string) =>
    `${quoted(investorName)} invested ${formatPrice(amount)} in ${quoted(projectTitle)}`,
  update: (projectTitle: string, updateTitle: string) =>
    `${quoted(projectTitle)} posted an update: ${quoted(updateTitle)}`,
  question: (projectTitle: string, question: string) => `New question on ${quoted(projectTitle)}: ${quoted(question)}`,
  answer: (projectTitle: string) => `${quoted(projectTitle)} answered your question`,
  /** The Discussion (ADR 055): a new thread for the founder, a reply for the author replied to, a mention for the founder. */
  thread: (projectTitle: string, body: string) => `New thread on ${quoted(projectTitle)}: ${quoted(body)}`,
  reply: (authorName: string, projectTitle: string, body: string) =>
    `${quoted(authorName)} replied to your post on ${quoted(projectTitle)}: ${quoted(body)}`,
  mention: (authorName: string, projectTitle: string, body: string) =>
    `${quoted(authorName)} mentioned you on ${quoted(projectTitle)}: ${quoted(body)}`,
  goal: (projectTitle: string) => `${quoted(projectTitle)} reached its funding goal`,
  closing: (projectTitle: string) => `${quoted(projectTitle)} closes within 48 hours`,
  /** A raise one reserved in opened (ADR 055): confirm by `by` (the lapse's time, said in UTC). */
  reservationOpen: (projectTitle: string, amount: number, by: string) =>
    `${quoted(projectTitle)} is open for investment: confirm your reservation of ${formatPrice(amount)} by ${by}`,
  /**
   * A later funding deadline, for the project's investors: the new date and how long
   * they may now cancel (`cancelUntil`, ms: 48 hours before 00:00 UTC of the new deadline).
   */
  deadline: (projectTitle: string, fundingDeadline: string, cancelUntil: number) =>
    `${quoted(projectTitle)} moved its funding deadline to ${formatDate(`${fundingDeadline}T00:00:00Z`)}: you can cancel your investment until ${cutoffText(cancelUntil)}`,
  /**
   * An early close, for the project's investors (ADR 043): the new deadline and the new last
   * moment to cancel (`cancelUntil`, ms: 48 hours before 00:00 UTC of it).
   */
  earlyClose: (projectTitle: string, fundingDeadline: string, cancelUntil: number) =>
    `${quoted(projectTitle)} is closing early: its funding deadline is now ${formatDate(`${fundingDeadline}T00:00:00Z`)}; you can cancel your investment until ${cutoffText(cancelUntil)}`,
  /**
   * The investor's own record of a purchase (ADR 043): what they committed and until when
   * (`cancelUntil`, ms: the investment's own cutoff) they can take it back.
   */
  commitment: (projectTitle: string, amount: number, shares: number, sharePrice: number, cancelUntil: number) =>
    `You committed ${formatPrice(amount)} (${sharesText(shares)} at ${formatPrice(sharePrice)}) to ${quoted(projectTitle)}: you can cancel until ${cutoffText(cancelUntil)}`,
  /** A funded raise, to each investment's investor (ADR 043). */
  confirmed: (projectTitle: string, amount: number, shares: number, sharePrice: number) =>
    `${quoted(projectTitle)} reached its goal: your investment of ${formatPrice(amount)} (${sharesText(shares)} at ${formatPrice(sharePrice)}) is confirmed`,
  /** A raise closed below its goal, to each investment's investor: the money goes back. */
  returned: (projectTitle: string, amount: number, shares: number, sharePrice: number) =>
    `${quoted(projectTitle)} closed without reaching its goal: your ${formatPrice(amount)} (${sharesText(shares)} at ${formatPrice(sharePrice)}) was returned to you`,
  /** The founder hears the outcome, with the totals at the deadline. */
  outcome: (projectTitle: string, outcome: "funded" | "closed", amount: number, investors: number) =>
    outcome === "funded"
      ? `Your raise ${quoted(projectTitle)} is funded: ${formatPrice(amount)} from ${investorsText(investors)}`
      : investors === 0
        ? `Your raise ${quoted(projectTitle)} closed without reaching its goal: nobody had invested`
        : `Your raise ${quoted(projectTitle)} closed without reaching its goal: ${formatPrice(amount)} from ${investorsText(investors)} was returned`,
  /**
   * A company event reviewed (ADR 052), to each holder: what it did to their holding (`shares` held,
   * the new mark per share, the cash paid per share), in dollars.
   */
  valuation: (kind: ValuationNoticeKind, projectTitle: string, shares: number, mark: number, proceeds: number) => {
    const held = sharesText(shares);
    const valued = `your ${held} ${shares === 1 ? "is" : "are"} now valued at ${formatPrice(shares * mark)} (${formatPrice(mark)} a share)`;
    const paid = `${formatPrice(shares * proceeds)} was paid into your demo account`;
    switch (kind) {
      case "round":
        return `${quoted(projectTitle)} closed a priced round: ${valued}`;
      case "write_down":
        return `CampusFund wrote down ${quoted(projectTitle)}: ${valued}`;
      case "write_up":
        return `CampusFund wrote up ${quoted(projectTitle)}: ${valued}`;
      case "acquisition":
        return `${quoted(projectTitle)} was acquired at ${formatPrice(proceeds)} a share: ${paid} for your ${held}`;
      case "shutdown":
        return proceeds > 0
          ? `${quoted(projectTitle)} shut down: ${paid} for your ${held} from what was left`
          : `${quoted(projectTitle)} shut down: your ${held} ${shares === 1 ? "is" : "are"} now valued at $0`;
    }
  },
  /**
   * What one placing on the exchange traded for one side of it (ADR 053), summed over that person's
   * orders it met: `value` and `fee` in cents; `mixed`: the trades' prices differ (the average is said).
   */
  marketFill: (
    role: "buyer" | "seller" | "company",
    projectTitle: string,
    shares: number,
    valueCents: number,
    feeCents: number,
    mixed: boolean,
  ) => {
    const each = mixed
      ? `${formatPrice(Math.round(valueCents / shares) / 100)} on average`
      : formatPrice(valueCents / shares / 100);
    const value = formatPrice(valueCents / 100);
    switch (role) {
      case "seller":
        return `You sold ${sharesText(shares)} of ${quoted(projectTitle)} at ${each} on the exchange: ${formatPrice((valueCents - feeCents) / 100)} after the ${formatPrice(feeCents / 100)} fee`;
      case "buyer":
        return `You bought ${sharesText(shares)} of ${quoted(projectTitle)} at ${each} on the exchange (${value})`;
      case "company":
        return `${quoted(projectTitle)} bought back ${sharesText(shares)} at ${each} on the exchange (${value})`;
    }
  },
} as const;

export type ValuationNoticeKind = "round" | "acquisition" | "shutdown" | "write_down" | "write_up";

const sharesText = (n: number) => `${formatNumber(n)} ${n === 1 ? "share" : "shares"}`;
const investorsText = (n: number) => `${formatNumber(n)} ${n === 1 ? "investor" : "investors"}`;

/** `formatPrice` in SQL, over an amount in cents: "$1,250" for whole dollars, else "$1,250.50". */
const priceSql = (cents: string) =>
  `(case when ${cents} % 100 = 0 then printf('$%,d', ${cents} / 100) else printf('$%,d.%02d', ${cents} / 100, ${cents} % 100) end)`;
const countSql = (n: string, one: string, many: string) =>
  `printf('%,d', ${n}) || (case when ${n} = 1 then ' ${one}' else ' ${many}' end)`;

/**
 * The same wordings for fan-outs that read the project's title in their own statement (the goal,
 * in the purchase's batch; closing soon, for every project in one statement): SQL expressions over
 * a title column. Titles are at most 100 characters and one line, so `quotedSql` needs no cut and
 * these equal NOTIFICATION_TEXT's (tests/workers/notification-text.test.ts holds them equal).
 */
export const NOTIFICATION_SQL = {
  /**
   * A raise one reserved in opened (ADR 055): `NOTIFICATION_TEXT.reservationOpen` over the title and
   * the reservation's amount columns; the last day to confirm is the raise's, known before the statement.
   */
  reservationOpen: (titleColumn: string, amountCents: string, by: string) =>
    `${quotedSql(titleColumn)} || ' is open for investment: confirm your reservation of ' || ${priceSql(amountCents)} || ' by ${by.replace(/'/g, "''")}'`,
  goal: (titleColumn: string) => `${quotedSql(titleColumn)} || ' reached its funding goal'`,
  closing: (titleColumn: string) => `${quotedSql(titleColumn)} || ' closes within 48 hours'`,
  confirmed: (title: string, amountCents: string, shares: string, priceCents: string) =>
    `${quotedSql(title)} || ' reached its goal: your investment of ' || ${priceSql(amountCents)} || ' (' || ${countSql(shares, "share", "shares")} || ' at ' || ${priceSql(priceCents)} || ') is confirmed'`,
  returned: (title: string, amountCents: string, shares: string, priceCents: string) =>
    `${quotedSql(title)} || ' closed without reaching its goal: your ' || ${priceSql(amountCents)} || ' (' || ${countSql(shares, "share", "shares")} || ' at ' || ${priceSql(priceCents)} || ') was returned to you'`,
  outcome: (title: string, status: string, cents: string, investors: string) =>
    `(case when ${status} = 'funded' then 'Your raise ' || ${quotedSql(title)} || ' is funded: ' || ${priceSql(cents)} || ' from ' || ${countSql(investors, "investor", "investors")} ` +
    `when ${investors} = 0 then 'Your raise ' || ${quotedSql(title)} || ' closed without reaching its goal: nobody had invested' ` +
    `else 'Your raise ' || ${quotedSql(title)} || ' closed without reaching its goal: ' || ${priceSql(cents)} || ' from ' || ${countSql(investors, "investor", "investors")} || ' was returned' end)`,
  /**
   * `NOTIFICATION_TEXT.valuation` over a holder's `shares` column; the kind, the mark and the
   * proceeds per share (integer cents) are the event's, known before the statement.
   */
  valuation: (kind: ValuationNoticeKind, title: string, shares: string, markCents: number, proceedsCents: number) => {
    const mark = Math.trunc(markCents);
    const proceeds = Math.trunc(proceedsCents);
    const held = countSql(shares, "share", "shares");
    const verb = `(case when ${shares} = 1 then ' is' else ' are' end)`;
    const valued = `'your ' || ${held} || ${verb} || ' now valued at ' || ${priceSql(`(${shares} * ${mark})`)} || ' (' || ${priceSql(String(mark))} || ' a share)'`;
    const paid = `${priceSql(`(${shares} * ${proceeds})`)} || ' was paid into your demo account'`;
    switch (kind) {
      case "round":
        return `${quotedSql(title)} || ' closed a priced round: ' || ${valued}`;
      case "write_down":
        return `'CampusFund wrote down ' || ${quotedSql(title)} || ': ' || ${valued}`;
      case "write_up":
        return `'CampusFund wrote up ' || ${quotedSql(title)} || ': ' || ${valued}`;
      case "acquisition":
        return `${quotedSql(title)} || ' was acquired at ' || ${priceSql(String(proceeds))} || ' a share: ' || ${paid} || ' for your ' || ${held}`;
      case "shutdown":
        return proceeds > 0
          ? `${quotedSql(title)} || ' shut down: ' || ${paid} || ' for your ' || ${held} || ' from what was left'`
          : `${quotedSql(title)} || ' shut down: your ' || ${held} || ${verb} || ' now valued at $0'`;
    }
  },
  /** An order of the exchange that expired (ADR 053), over its columns: what it was for, and what had not filled. */
  marketExpired: (title: string, side: string, shares: string, remaining: string, priceCents: string) =>
    `'Your order to ' || ${side} || ' ' || ${countSql(shares, "share", "shares")} || ' of ' || ${quotedSql(title)} || ' at ' || ${priceSql(priceCents)} || ' expired after ${ORDER_GOOD_FOR_DAYS} days' || ` +
    `(case when ${remaining} < ${shares} then ': ' || printf('%,d', ${remaining}) || ' of them had not filled' else '' end)`,
  /** A halt (ADR 053), to each owner of the open orders it cancelled: the admin's reason, and how many. */
  marketHalted: (title: string, reason: string, orders: string) =>
    `'Trading in ' || ${quotedSql(title)} || ' was halted (' || ${quotedSql(reason)} || '): ' || ` +
    `(case when ${orders} = 1 then 'your open order was canceled' else 'your ' || ${orders} || ' open orders were canceled' end)`,
  /** A company's exit (ADR 053), to each owner of the open orders its market's close cancelled. */
  marketClosed: (title: string, orders: string) =>
    `'The market in ' || ${quotedSql(title)} || ' closed when the company exited: ' || ` +
    `(case when ${orders} = 1 then 'your open order was canceled' else 'your ' || ${orders} || ' open orders were canceled' end)`,
} as const;
