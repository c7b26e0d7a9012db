/**
 * The project page's Questions tab. A signed-in user asks (a POST form that works
 * without JavaScript); a visitor gets the same form, whose post sends them to sign in carrying what
 * they typed, and the form opens again with it afterwards (`?question=`, ADR 034). Each question shows
 * the asker's name as public lists show it, the date, and the founder's answer under it. The
 * founder (and admins) answer, edit an answer, and hide or show a question from here. The
 * project's own founder gets no Ask form (they answer), but a link to their dashboard's open questions.
 */
import { Form, Link, useLocation, useSearchParams } from "react-router";

import { formatDate } from "../../../domain/shared/format";
import type { FieldErrors, InputConstraints } from "../../../domain/shared/form-kit";
import { QUESTION_MESSAGES } from "../../../domain/conversation/conversation-messages";
import type { QuestionDTO } from "../../../domain/conversation/conversation";
import { Field } from "../form/Field";
import { Notice } from "../Notice";
import { Pagination } from "../project/Pagination";
import { RichText } from "./RichText";
import type { ListPaging } from "./UpdatesPanel";

export interface QuestionsFormState {
  /** Which form the errors and values belong to: "ask" or the answered question's id. */
  form: string;
  errors: FieldErrors;
  values: Record<string, string>;
}

export function QuestionsPanel({
  questions,
  signedIn,
  canManage,
  isOwner,
  action,
  formState,
  message,
  constraints,
  paging = null,
}: {
  questions: QuestionDTO[];
  signedIn: boolean;
  canManage: boolean;
  /** The viewer is the project's own founder: no Ask form. */
  isOwner: boolean;
  action: string;
  formState: QuestionsFormState | null;
  message: string | null;
  /** The forms' HTML constraints, read from their schemas by the loader. */
  constraints: { question: InputConstraints; answer: InputConstraints };
  /** This page of the questions among all of them, and each page's link (`?questions=`). */
  paging?: ListPaging | null;
}) {
  const ask = formState?.form === "ask" ? formState : null;
  // A draft carried through sign-in (ADR 034).
  const [params] = useSearchParams();
  const draft = params.get("question");
  // Each navigation (a post's redirect or its refusal) draws the form afresh from what the server
  // says: empty after a posted question, the typed text after a refusal; as without JavaScript.
  const { key: visit } = useLocation();
  return (
    <>
      <h2>Questions</h2>
      {message ? <Notice tone="success">{message}</Notice> : null}
      {isOwner ? (
        <p className="ask-owner">
          Investors ask their questions here; answer them below.{" "}
          <Link to="/founder-dashboard#questions">Open questions on your dashboard</Link>
        </p>
      ) : (
        // The fragment brings a browser without JavaScript back to this form after a refusal. A
        // visitor's post is sent to sign in with the question (routes/project.tsx).
        <Form key={visit} method="post" action={`${action}#ask`} className="ask-form" id="ask" noValidate>
          {ask && Object.keys(ask.errors).length ? (
            <div className="alert alert-error" role="alert">
              {QUESTION_MESSAGES.notPosted}
            </div>
          ) : null}
          <input type="hidden" name="intent" value="ask" />
          <Field
            name="question"
            label="Ask the founder a question"
            errors={ask?.errors}
            constraints={constraints.question}
          >
            {(p) => <textarea {...p} rows={3} defaultValue={ask?.values.question ?? draft ?? ""} />}
          </Field>
          <button type="submit" className="btn btn-primary">
            {signedIn ? "Post question" : "Sign in to ask a question"}
          </button>
        </Form>
      )}
      {questions.length === 0 && (paging?.total ?? 0) > 0 ? (
        <p className="muted">No questions on this page.</p>
      ) : questions.length === 0 ? (
        <p className="muted">{isOwner ? "No questions yet." : "No questions yet. Be the first to ask."}</p>
      ) : (
        <ol className="question-list">
          {questions.map((q) => {
            const mine = formState?.form === q.id ? formState : null;
            return (
              <li key={q.id} id={`question-${q.id}`} className={q.hidden ? "question is-hidden" : "question"}>
                <p className="question-meta">
                  <strong>{q.askerName}</strong>
                  <time dateTime={q.createdAt}>{formatDate(q.createdAt)}</time>
                  {q.hidden ? <span className="badge badge-warning">Hidden</span> : null}
                </p>
                <RichText text={q.question} className="rich-text question-text" />
                {q.answer ? (
                  <div className="answer">
                    <p className="answer-meta">
                      <strong>Founder&apos;s answer</strong>
                      {q.answeredAt ? <time dateTime={q.answeredAt}>{formatDate(q.answeredAt)}</time> : null}
                    </p>
                    <RichText text={q.answer} />
                  </div>
                ) : null}
                {canManage ? (
                  <div className="question-actions">
                    <Form method="post" action={`${action}#question-${q.id}`} noValidate className="answer-form">
                      <input type="hidden" name="intent" value="answer" />
                      <input type="hidden" name="questionId" value={q.id} />
                      <Field
                        id={`answer-${q.id}`}
                        name="answer"
                        label={q.answer ? "Edit your answer" : "Your answer"}
                        errors={mine?.errors}
                        constraints={constraints.answer}
                      >
                        {(p) => <textarea {...p} rows={2} defaultValue={mine?.values.answer ?? q.answer ?? ""} />}
                      </Field>
                      <button type="submit" className="btn btn-primary btn-sm">
                        {q.answer ? "Save answer" : "Post answer"}
                      </button>
                    </Form>
                    <Form method="post" action={action}>
                      <input type="hidden" name="intent" value={q.hidden ? "show" : "hide"} />
                      <input type="hidden" name="questionId" value={q.id} />
                      <button type="submit" className="btn btn-ghost btn-sm">
                        {q.hidden ? "Show question" : "Hide question"}
                      </button>
                    </Form>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
      {paging ? <Pagination {...paging} label="Question pages" /> : null}
    </>
  );
}
