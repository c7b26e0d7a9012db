/**
 * Early close and extension through the API (ADR 043, domain/raises/raise-dates.ts): who may, when, to
 * which dates, what D1 then holds, and the notice every investor gets. The clock is real: a raise
 * is made "open for 30 days" by moving its launch back in D1.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { cancelDeadline } from "../../domain/money/cancellation";
import { addDays, DAY_MS, isoDay } from "../../domain/shared/dates";
import { NOTIFICATION_TEXT } from "../../domain/conversation/notification-text";
import { PROJECT_MESSAGES } from "../../domain/projects/project-form-messages";
import { earliestEarlyDeadline, latestDeadline, RAISE_DATE_MESSAGES } from "../../domain/raises/raise-dates";
import type { ProjectDTO } from "../../domain/shared/types";
import { call, inDays, json, makeAdmin, projectBody, signup, submitAndApprove, unique } from "./helpers";

const DEADLINE = inDays(60);

/** A live raise ($5,000 at $50 a share, closing in 60 days), `funded` reached by two investors, launched `openDays` ago. */
async function raise(opts: { funded?: boolean; openDays?: number } = {}) {
  const founder = await signup("founder");
  const body = projectBody({
    title: `Dates ${unique()}`,
    fundingGoal: 5_000,
    sharePrice: 50,
    fundingDeadline: DEADLINE,
  });
  const created = await call("/api/projects/create", { body, token: founder.token });
  const project = await submitAndApprove<ProjectDTO>((await json<ProjectDTO>(created))._id, founder.token);
  const investors = [await signup(), await signup()];
  if (opts.funded ?? true) {
    for (const investor of investors) {
      const res = await call(`/api/projects/${project._id}/invest`, {
        body: { shares: 50, sharePrice: 50 },
        token: investor.token,
        headers: { "Idempotency-Key": unique("k") },
      });
      if (res.status !== 201) throw new Error(`purchase failed: ${res.status} ${await res.text()}`);
    }
  }
  const launched = Date.now() - (opts.openDays ?? 30) * DAY_MS;
  await env.DB.prepare("update projects set published_at = ?2 where id = ?1").bind(project._id, launched).run();
  return { founder, investors, id: project._id, title: project.title, launched, body };
}

const move = (id: string, change: "close-early" | "extend", token: string | undefined, deadline: unknown) =>
  call(`/api/projects/${id}/${change}`, { method: "POST", body: { deadline }, token });

const row = (id: string) =>
  env.DB.prepare("select funding_deadline, closed_early_at is not null as closed_early from projects where id = ?")
    .bind(id)
    .first();

const cutoffs = async (id: string) =>
  (
    await env.DB.prepare("select cancel_cutoff_at from investments where project_id = ? order by id")
      .bind(id)
      .all<{ cancel_cutoff_at: number }>()
  ).results.map((r) => r.cancel_cutoff_at);

const deadlineNotices = async (id: string) =>
  (
    await env.DB.prepare(
      "select user_id, text from notifications where project_id = ? and kind = 'deadline' order by user_id",
    )
      .bind(id)
      .all<{ user_id: string; text: string }>()
  ).results;

const refusal = async (res: Response) => ({ status: res.status, body: await json(res) });

describe("closing a raise early", () => {
  it("accepted 5 business days out: the deadline, every cancel cutoff and each investor's notice, in D1", async () => {
    const { founder, investors, id, title } = await raise();
    const day = earliestEarlyDeadline();
    const res = await move(id, "close-early", founder.token, day);
    expect(res.status).toBe(200);
    expect((await json<ProjectDTO>(res)).fundingDeadline).toBe(day);
    expect(await row(id)).toEqual({ funding_deadline: day, closed_early: 1 });
    expect(await cutoffs(id)).toEqual([cancelDeadline(day), cancelDeadline(day)]);
    const text = NOTIFICATION_TEXT.earlyClose(title, day, cancelDeadline(day));
    expect(await deadlineNotices(id)).toEqual(
      investors.map((i) => ({ user_id: i.user.id, text })).sort((a, b) => a.user_id.localeCompare(b.user_id)),
    );
    // The investor's own page says the new last moment to cancel.
    const holdings = await json<{ cancelDeadline: string }[]>(
      await call(`/api/investments/user/${investors[0]!.user.id}`, { token: investors[0]!.token }),
    );
    expect(holdings.map((h) => Date.parse(h.cancelDeadline))).toEqual([cancelDeadline(day)]);
  });

  it("an admin may close it early too", async () => {
    const { id } = await raise();
    const admin = await signup();
    await makeAdmin(admin.user.id);
    expect((await move(id, "close-early", admin.token, earliestEarlyDeadline())).status).toBe(200);
  });

  it("refused with 4 business days of notice: 400 on the field, nothing changed", async () => {
    const { founder, id } = await raise();
    const earliest = earliestEarlyDeadline();
    const before = await cutoffs(id);
    expect(await refusal(await move(id, "close-early", founder.token, addDays(earliest, -1)))).toEqual({
      status: 400,
      body: {
        success: false,
        message: RAISE_DATE_MESSAGES.tooSoon(earliest),
        errors: { deadline: RAISE_DATE_MESSAGES.tooSoon(earliest) },
      },
    });
    expect({ row: await row(id), cutoffs: await cutoffs(id), notices: await deadlineNotices(id) }).toEqual({
      row: { funding_deadline: DEADLINE, closed_early: 0 },
      cutoffs: before,
      notices: [],
    });
  });

  it("refused before the goal is reached: 409", async () => {
    const { founder, id } = await raise({ funded: false });
    expect(await refusal(await move(id, "close-early", founder.token, earliestEarlyDeadline()))).toEqual({
      status: 409,
      body: { success: false, message: RAISE_DATE_MESSAGES.notReached },
    });
  });

  it("refused before 21 days open: 409 naming the first day it may", async () => {
    const { founder, id, launched } = await raise({ openDays: 20 });
    expect(await refusal(await move(id, "close-early", founder.token, earliestEarlyDeadline()))).toEqual({
      status: 409,
      body: { success: false, message: RAISE_DATE_MESSAGES.tooYoung(isoDay(launched + 21 * DAY_MS)) },
    });
  });

  it("refused on the current deadline or later: 400, that is an extension", async () => {
    const { founder, id } = await raise();
    expect((await json<{ message: string }>(await move(id, "close-early", founder.token, DEADLINE))).message).toBe(
      RAISE_DATE_MESSAGES.notEarlier(DEADLINE),
    );
  });

  it("two early closes sent at once: one moves the deadline, the other is refused and changes nothing", async () => {
    const { founder, id } = await raise();
    const [a, b] = [earliestEarlyDeadline(), addDays(earliestEarlyDeadline(), 3)];
    const answers = await Promise.all([a, b].map((day) => move(id, "close-early", founder.token, day)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const won = answers[0]!.status === 200 ? a : b;
    expect((await row(id))?.funding_deadline).toBe(won);
    expect(await cutoffs(id)).toEqual([cancelDeadline(won), cancelDeadline(won)]);
    expect(await deadlineNotices(id)).toHaveLength(2);
  });
});

/** What a raise's deadline story is in D1: its row, its investors' cutoffs and the notices they were sent. */
const story = async (id: string) => ({
  row: await row(id),
  cutoffs: await cutoffs(id),
  notices: await deadlineNotices(id),
});

describe("an early close is final: one end date for everyone", () => {
  it("closing early twice: the second is refused 409 naming the date that holds", async () => {
    const { founder, id } = await raise();
    const day = addDays(earliestEarlyDeadline(), 2);
    expect((await move(id, "close-early", founder.token, day)).status).toBe(200);
    expect(await refusal(await move(id, "close-early", founder.token, earliestEarlyDeadline()))).toEqual({
      status: 409,
      body: { success: false, message: RAISE_DATE_MESSAGES.closedEarly(day) },
    });
  });

  it("closing early twice: the second changes nothing (deadline, cutoffs, notices)", async () => {
    const { founder, id } = await raise();
    expect((await move(id, "close-early", founder.token, addDays(earliestEarlyDeadline(), 2))).status).toBe(200);
    const before = await story(id);
    await move(id, "close-early", founder.token, earliestEarlyDeadline());
    expect(await story(id)).toEqual(before);
  });

  it("an admin cannot close it early again either: 409", async () => {
    const { founder, id } = await raise();
    const day = earliestEarlyDeadline();
    expect((await move(id, "close-early", founder.token, day)).status).toBe(200);
    const admin = await signup();
    await makeAdmin(admin.user.id);
    expect((await move(id, "close-early", admin.token, day)).status).toBe(409);
  });

  it("extending after an early close: refused 409 naming the date that holds", async () => {
    const { founder, id } = await raise();
    const day = earliestEarlyDeadline();
    expect((await move(id, "close-early", founder.token, day)).status).toBe(200);
    expect(await refusal(await move(id, "extend", founder.token, inDays(90)))).toEqual({
      status: 409,
      body: { success: false, message: RAISE_DATE_MESSAGES.closedEarly(day) },
    });
  });

  it("extending after an early close changes nothing (deadline, cutoffs, notices)", async () => {
    const { founder, id } = await raise();
    expect((await move(id, "close-early", founder.token, earliestEarlyDeadline())).status).toBe(200);
    const before = await story(id);
    await move(id, "extend", founder.token, inDays(90));
    expect(await story(id)).toEqual(before);
  });

  it("the project form cannot move it either: 409 on the deadline field, nothing changed", async () => {
    const { founder, id, body } = await raise();
    const day = earliestEarlyDeadline();
    expect((await move(id, "close-early", founder.token, day)).status).toBe(200);
    const before = await story(id);
    const res = await call(`/api/projects/${id}`, {
      method: "PUT",
      body: { ...body, fundingDeadline: inDays(90) },
      token: founder.token,
    });
    expect({ answer: await refusal(res), story: await story(id) }).toEqual({
      answer: {
        status: 409,
        body: {
          success: false,
          message: RAISE_DATE_MESSAGES.closedEarly(day),
          errors: { fundingDeadline: RAISE_DATE_MESSAGES.closedEarly(day) },
        },
      },
      story: before,
    });
  });

  it("extending, then closing early: both accepted, and the close is the date that holds", async () => {
    const { founder, id } = await raise();
    const later = inDays(90);
    const day = earliestEarlyDeadline();
    const answers = [
      (await move(id, "extend", founder.token, later)).status,
      (await move(id, "close-early", founder.token, day)).status,
    ];
    expect({ answers, row: await row(id), cutoffs: await cutoffs(id) }).toEqual({
      answers: [200, 200],
      row: { funding_deadline: day, closed_early: 1 },
      cutoffs: [cancelDeadline(day), cancelDeadline(day)],
    });
  });

  it("extending, then closing early: each investor's newest notice names the date the API answers", async () => {
    const { founder, investors, id, title } = await raise();
    await move(id, "extend", founder.token, inDays(90));
    const day = earliestEarlyDeadline();
    await move(id, "close-early", founder.token, day);
    const project = await json<ProjectDTO>(await call(`/api/projects/${id}`));
    const newest = await env.DB.prepare(
      `select text from notifications n where project_id = ?1 and kind = 'deadline'
         and created_at = (select max(created_at) from notifications m where m.project_id = ?1 and m.user_id = n.user_id and m.kind = 'deadline')
       order by user_id`,
    )
      .bind(id)
      .all<{ text: string }>();
    expect(newest.results.map((n) => n.text)).toEqual(
      investors.map(() => NOTIFICATION_TEXT.earlyClose(title, project.fundingDeadline, cancelDeadline(day))),
    );
  });

  it("two early closes at once for the same day: exactly one is accepted, each investor told once", async () => {
    const { founder, id } = await raise();
    const day = earliestEarlyDeadline();
    const answers = await Promise.all([day, day].map((d) => move(id, "close-early", founder.token, d)));
    expect({ answers: answers.map((r) => r.status).sort(), notices: (await deadlineNotices(id)).length }).toEqual({
      answers: [200, 409],
      notices: 2,
    });
  });
});

describe("extending a raise", () => {
  it("a later deadline: saved, each investor told once; the same date again is refused", async () => {
    const { founder, investors, id, title } = await raise({ funded: true });
    const later = inDays(90);
    expect((await move(id, "extend", founder.token, later)).status).toBe(200);
    expect((await row(id))?.funding_deadline).toBe(later);
    expect((await deadlineNotices(id)).map((n) => n.text)).toEqual(
      investors.map(() => NOTIFICATION_TEXT.deadline(title, later, cancelDeadline(later))),
    );
    expect(await refusal(await move(id, "extend", founder.token, later))).toEqual({
      status: 400,
      body: {
        success: false,
        message: RAISE_DATE_MESSAGES.notLater(later),
        errors: { deadline: RAISE_DATE_MESSAGES.notLater(later) },
      },
    });
    expect(await deadlineNotices(id)).toHaveLength(2);
  });

  it("an earlier date is refused: 400", async () => {
    const { founder, id } = await raise();
    expect((await move(id, "extend", founder.token, inDays(30))).status).toBe(400);
    expect((await row(id))?.funding_deadline).toBe(DEADLINE);
  });

  it("past 730 days from launch is refused, naming the last day", async () => {
    const { founder, id, launched } = await raise();
    const latest = latestDeadline(launched);
    expect((await json<{ message: string }>(await move(id, "extend", founder.token, addDays(latest, 1)))).message).toBe(
      RAISE_DATE_MESSAGES.tooLate(latest),
    );
    expect((await move(id, "extend", founder.token, latest)).status).toBe(200);
  });

  it("the project form holds the same limit: a deadline past 730 days from launch is refused on its field", async () => {
    const { founder, id, launched, body } = await raise();
    const latest = latestDeadline(launched);
    const res = await call(`/api/projects/${id}`, {
      method: "PUT",
      body: { ...body, fundingDeadline: addDays(latest, 1) },
      token: founder.token,
    });
    expect(await refusal(res)).toEqual({
      status: 409,
      body: {
        success: false,
        message: RAISE_DATE_MESSAGES.tooLate(latest),
        errors: { fundingDeadline: RAISE_DATE_MESSAGES.tooLate(latest) },
      },
    });
    expect((await row(id))?.funding_deadline).toBe(DEADLINE);
  });

  it("an ended raise cannot be extended: 409", async () => {
    const { founder, id } = await raise();
    await env.DB.prepare("update projects set funding_deadline = ?2 where id = ?1").bind(id, inDays(-1)).run();
    expect(await refusal(await move(id, "extend", founder.token, inDays(30)))).toEqual({
      status: 409,
      body: { success: false, message: RAISE_DATE_MESSAGES.ended },
    });
  });
});

describe("who may move a deadline, and what it must be", () => {
  it.each(["close-early", "extend"] as const)(
    "%s: 401 signed out, 403 another founder or an investor, 404 unknown, 400 not a date",
    async (change) => {
      const { founder, investors, id } = await raise();
      const other = await signup("founder");
      const day = change === "extend" ? inDays(90) : earliestEarlyDeadline();
      const answers = [
        await move(id, change, undefined, day),
        await move(id, change, other.token, day),
        await move(id, change, investors[0]!.token, day),
        await move("no-such-project", change, other.token, day),
      ].map((r) => r.status);
      expect(answers).toEqual([401, 403, 403, 404]);
      expect((await json<{ message: string }>(await move(id, change, other.token, day))).message).toBe(
        PROJECT_MESSAGES.noPermission,
      );
      expect(await refusal(await move(id, change, founder.token, "2026-02-30"))).toEqual({
        status: 400,
        body: {
          success: false,
          message: RAISE_DATE_MESSAGES.invalidDate,
          errors: { deadline: RAISE_DATE_MESSAGES.invalidDate },
        },
      });
      expect((await row(id))?.funding_deadline).toBe(DEADLINE);
    },
  );
});
