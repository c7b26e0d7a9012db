/**
 * Questions and answers on a project (ADR 022). Any signed-in user asks (at most
 * 1,000 characters, at most 5 questions an hour per user, reserved in the same transaction as the
 * write); the project's founder (or an admin) answers, edits the answer, and hides or shows a
 * question. Hidden questions are seen only by the founder and admins. The founder hears of each
 * new question, the asker of the answer, once each (worker/services/conversation/notifications.ts).
 */
import {
  answerFormSchema,
  QUESTION_LIMITS,
  QUESTION_MESSAGES,
  questionFormSchema,
} from "../../../domain/conversation/question-form";
import { NOTIFICATION_TEXT } from "../../../domain/conversation/notification-text";
import { isListedStatus } from "../../../domain/projects/review";
import type { QuestionDTO } from "../../../domain/conversation/conversation";
import type { SessionUser } from "../../../domain/shared/types";
import { type Database, guaranteed, runBatch } from "../../../db/client";
import { can } from "../../../domain/shared/access";
import { hiddenFlag, requireSignedIn } from "../shared/access";
import { auditStatement, changedFields, overseeing, reserveAdminAction } from "../operator/audit";
import { ServiceError, validateFields } from "../shared/errors";
import { PURCHASE_MESSAGES } from "../money/purchases";
import { notifyFounder, notifyOne } from "./notifications";
import { canEditProject } from "../projects/project-editor";
import { findProjectRef, publicInvestorName } from "../projects/projects";
import { markPublicContentChanged } from "../visitors/public-content";
import { reserveAndRun, type RateLimit } from "../shared/rate-limit";
import { LIST_PAGE_SIZE, offsetOf, pageInfo, type PageInfo } from "../shared/list-page";
import { HOUR_MS } from "../../../domain/shared/dates";

export const QUESTION_RATE_LIMIT = {
  max: QUESTION_LIMITS.perHour,
  windowMs: HOUR_MS,
  message: QUESTION_MESSAGES.tooMany,
} as const satisfies RateLimit;

type QuestionRow = {
  id: string;
  project_id: string;
  asker_id: string;
  question: string;
  answer: string | null;
  answered_at: number | null;
  hidden: number;
  created_at: number;
  first_name: string | null;
  last_name: string | null;
};

function toDTO(r: QuestionRow, viewerId: string | null): QuestionDTO {
  return {
    id: r.id,
    projectId: r.project_id,
    askerName: publicInvestorName(r.first_name, r.last_name),
    question: r.question,
    answer: r.answer,
    answeredAt: r.answered_at === null ? null : new Date(r.answered_at).toISOString(),
    hidden: r.hidden === 1,
    createdAt: new Date(r.created_at).toISOString(),
    mine: viewerId !== null && r.asker_id === viewerId,
  };
}

/** The answer's asker names, read back with the row an UPDATE … RETURNING changed. */
const RETURNING_WITH_ASKER = `returning *, (select first_name from users where id = asker_id) as first_name,
                    (select last_name from users where id = asker_id) as last_name`;

export function questionLink(slug: string, id: string): string {
  return `/project/${slug}?tab=questions#question-${id}`;
}

/** Asks a question on a published project; the founder is notified in the same batch. */
export async function askQuestion(
  db: Database,
  viewer: SessionUser | null,
  idOrSlug: string,
  body: unknown,
): Promise<QuestionDTO> {
  requireSignedIn(viewer);
  const project = await findProjectRef(db, idOrSlug, viewer);
  if (!project) throw new ServiceError(404, PURCHASE_MESSAGES.notFound, "not_found");
  if (!isListedStatus(project.status)) throw new ServiceError(409, QUESTION_MESSAGES.draft, "draft");
  const { question } = validateFields(questionFormSchema, body, "first");
  const id = crypto.randomUUID();
  const now = Date.now();
  const d1 = db.$client;
  const [written] = await reserveAndRun(
    db,
    [{ key: `question:user:${viewer.id}`, limit: QUESTION_RATE_LIMIT }],
    [
      d1
        .prepare(
          `insert into project_questions (id, project_id, asker_id, question, created_at)
           values (?1, ?2, ?3, ?4, ?5) returning *`,
        )
        .bind(id, project.id, viewer.id, question, now),
      notifyFounder(db, "question", {
        eventKey: `question:${id}`,
        projectId: project.id,
        text: NOTIFICATION_TEXT.question(project.title, question),
        link: questionLink(project.slug, id),
        now,
        actorId: viewer.id,
      }),
    ],
    now,
  );
  markPublicContentChanged();
  const row = guaranteed((written.results as QuestionRow[])[0], "the new question");
  return toDTO({ ...row, first_name: viewer.firstName, last_name: viewer.lastName }, viewer.id);
}

/** A question with its project, for the founder's actions: 404 when missing or not the viewer's to see. */
async function questionToManage(db: Database, viewer: SessionUser | null, questionId: string) {
  requireSignedIn(viewer);
  if (!questionId || questionId.length > 64) throw new ServiceError(404, QUESTION_MESSAGES.notFound, "not_found");
  const row = await db.$client
    .prepare(
      `select q.id, q.asker_id, q.hidden, q.question, q.answer, p.id as project_id, p.slug, p.title, p.founder_id
       from project_questions q join projects p on p.id = q.project_id where q.id = ?1`,
    )
    .bind(questionId)
    .first<{
      id: string;
      asker_id: string;
      hidden: number;
      question: string;
      answer: string | null;
      project_id: string;
      slug: string;
      title: string;
      founder_id: string | null;
    }>();
  if (!row) throw new ServiceError(404, QUESTION_MESSAGES.notFound, "not_found");
  if (!canEditProject(viewer, { founderId: row.founder_id })) {
    // A hidden question does not exist for anyone who may not see it.
    if (row.hidden === 1) throw new ServiceError(404, QUESTION_MESSAGES.notFound, "not_found");
    throw new ServiceError(403, QUESTION_MESSAGES.onlyFounder, "forbidden");
  }
  return row;
}

/** A question as the audit log names it: its first words and its project's title. */
function questionName(q: { question: string; title: string }): string {
  const words = q.question.length > 80 ? `${q.question.slice(0, 79)}…` : q.question;
  return `“${words}” (on ${q.title})`;
}

/** Answers (or re-answers) a question; the asker hears of the first answer once. */
export async function answerQuestion(
  db: Database,
  viewer: SessionUser | null,
  questionId: string,
  body: unknown,
): Promise<QuestionDTO> {
  requireSignedIn(viewer);
  const q = await questionToManage(db, viewer, questionId);
  const { answer } = validateFields(answerFormSchema, body, "first");
  const now = Date.now();
  // An admin answering on someone else's project: on the record, with the answer it replaced.
  const oversight = await overseeing(db, viewer, q.founder_id, now);
  const d1 = db.$client;
  const [updated] = await runBatch(d1, [
    d1
      .prepare(
        `update project_questions set answer = ?1, answered_at = coalesce(answered_at, ?2)
         where id = ?3
         ${RETURNING_WITH_ASKER}`,
      )
      .bind(answer, now, q.id),
    ...oversight.audit({
      action: "answer_question",
      targetType: "question",
      targetId: q.id,
      targetName: questionName(q),
      changes: changedFields({ answer: q.answer }, { answer }, ["answer"]),
    }),
    notifyOne(db, "answer", q.asker_id, {
      eventKey: `answer:${q.id}`,
      projectId: q.project_id,
      text: NOTIFICATION_TEXT.answer(q.title),
      link: questionLink(q.slug, q.id),
      now,
      actorId: viewer.id,
    }),
  ]);
  markPublicContentChanged();
  // Gone between the read and the write (its project deleted): the read's own answer.
  const row = (updated.results as QuestionRow[])[0];
  if (!row) throw new ServiceError(404, QUESTION_MESSAGES.notFound, "not_found");
  return toDTO(row, viewer.id);
}

/** Hides (or, with `{ hidden: false }`, shows again) a question. */
export async function setQuestionHidden(
  db: Database,
  viewer: SessionUser | null,
  questionId: string,
  body: unknown,
): Promise<QuestionDTO> {
  requireSignedIn(viewer);
  const q = await questionToManage(db, viewer, questionId);
  const hidden = hiddenFlag(body);
  const d1 = db.$client;
  const now = Date.now();
  const statements: [D1PreparedStatement, ...D1PreparedStatement[]] = [
    d1
      .prepare(
        `update project_questions set hidden = ?1 where id = ?2
         ${RETURNING_WITH_ASKER}`,
      )
      .bind(hidden ? 1 : 0, q.id),
  ];
  // An admin's moderation is audited (ADR 030); a founder hiding a question on their own project is not.
  if (can(viewer, "administer")) {
    await reserveAdminAction(db, viewer.id, now);
    statements.push(
      auditStatement(db, {
        adminId: viewer.id,
        action: hidden ? "hide_question" : "restore_question",
        targetType: "question",
        targetId: q.id,
        targetName: questionName(q),
        now,
      }),
    );
  }
  const [updated] = await runBatch(d1, statements);
  markPublicContentChanged();
  const row = (updated.results as QuestionRow[])[0];
  if (!row) throw new ServiceError(404, QUESTION_MESSAGES.notFound, "not_found");
  return toDTO(row, viewer.id);
}

/** A page of a project's questions, newest first, and how many the viewer may see in all. */
export interface QuestionsPage extends PageInfo {
  questions: QuestionDTO[];
}

/**
 * One page of a project's questions, newest first, as the viewer may see them (hidden ones, and
 * those of a suspended asker, for the founder and admins only), and their total: one statement
 * (the left join keeps the count row when the page is past the end). Reads
 * project_questions_project_idx in order: no sort, no scan past the page.
 */
export async function listQuestionsFor(
  db: Database,
  viewer: Pick<SessionUser, "id" | "role"> | null,
  project: { id: string; founderId: string | null },
  page: number = 1,
  pageSize: number = LIST_PAGE_SIZE,
): Promise<QuestionsPage> {
  const all = canEditProject(viewer, project);
  const visible = "q.project_id = ?1 and (?2 = 1 or (q.hidden = 0 and u.suspended_at is null))";
  const rows = await db.$client
    .prepare(
      `select c.total as total, s.* from (
         select count(*) as total from project_questions q join users u on u.id = q.asker_id where ${visible}
       ) as c
       left join (
         select q.*, u.first_name, u.last_name from project_questions q join users u on u.id = q.asker_id
         where ${visible}
         order by q.created_at desc, q.id desc limit ?3 offset ?4
       ) as s on 1 = 1
       order by s.created_at desc, s.id desc`,
    )
    .bind(project.id, all ? 1 : 0, pageSize, offsetOf(page, pageSize))
    .all<Partial<QuestionRow> & { total: number }>();
  const questions: QuestionDTO[] = [];
  for (const r of rows.results) {
    if (r.id == null) continue;
    questions.push(toDTO(r as QuestionRow, viewer?.id ?? null));
  }
  return { questions, ...pageInfo(Number(rows.results[0]?.total ?? 0), page, pageSize) };
}

/**
 * The API's read: the project by id or slug (drafts for their founder and admins only), then a
 * page of its questions.
 */
export async function listQuestions(
  db: Database,
  viewer: SessionUser | null,
  idOrSlug: string,
  page: number = 1,
): Promise<QuestionsPage> {
  const project = await findProjectRef(db, idOrSlug, viewer);
  if (!project) throw new ServiceError(404, PURCHASE_MESSAGES.notFound, "not_found");
  return listQuestionsFor(db, viewer, project, page);
}

export type { QuestionDTO };
