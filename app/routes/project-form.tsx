/**
 * The project form (spec section 2): /my-projects/create (id "project-create") and
 * /my-projects/edit/:id (id "project-edit"), founders and admins only; anyone else signed in is
 * sent to / (spec section 6), a visitor to /signin.
 *
 * One action for every button of the form (ADR 016, ADR 023):
 * - a row intent (`add:team`, `remove:faqs:2`) re-renders the form with a row more or less and
 *   everything typed kept: nothing is saved, and the chosen files are kept (ADR 023: stored now,
 *   each in its URL field, `keepChosenFiles`) for a founder who may save this form;
 * - Save / Create Project: first every check the save makes (signed in, founder or admin, may edit
 *   THIS project or may create one, every field, the files' bytes) with the chosen files as
 *   stand-ins; only a save that will be accepted stores its files (each image's URL replaces
 *   `image` or `logo`, or joins the gallery; a document's PDF replaces its row's URL, ADR 031),
 *   then the project editor service saves; if the save still fails, the files just stored are
 *   deleted again. Submit for review (a draft's edit page,
 *   ADR 030) first needs the lock confirmation of the figures being submitted, then saves the same
 *   way and submits; an admin's Publish saves and makes the project live; Withdraw (a project in
 *   review) reads nothing of the form;
 * - Save progress (a founder's new project or draft, ADR 033): the same checks but "required", then
 *   the files, then the founder's working copy (project-drafts.ts); the form comes back with the
 *   fields still to fill in. With JavaScript, `intent=autosave` does the same without files and
 *   without sending the form back (a fetcher, useAutosave); Discard saved progress deletes the copy;
 * - a field error (400, or 409 for terms locked by a sale) re-renders the form with the values,
 *   the spec's banner and each field's message, and the chosen files kept as a row intent keeps
 *   them (a file input cannot come back filled, so the files come back uploaded, in their URL
 *   fields, and the next save uses them); any other refusal shows its message on top, and stores
 *   nothing.
 * On success a document post (no JavaScript) is redirected to `/my-projects?saved=<code>`
 * (`SAVED_MESSAGES`); with JavaScript (`js=1`, set after hydration) the page shows the success screen and
 * moves there after 1.5 s (spec section 4), as the purchase page does.
 */
import {
  data,
  href,
  Link,
  redirect,
  type RouterContextProvider,
  type ShouldRevalidateFunctionArgs,
} from "react-router";

import { refusedFormMessage } from "../components/form/refused";
import { pageMeta } from "../components/meta";
import { FormScreen, type FormAnswer } from "../components/project-form/FormScreen";
import { Refusal } from "../components/project-form/PageShell";
import type { DraftInfo } from "../components/project-form/DraftNotice";
import {
  firstFieldOf,
  formShape,
  isRowList,
  newProjectValues,
  ROW_LISTS,
  rowsAt,
  type FormValues,
} from "../components/project-form/values";
import {
  applyRowIntent,
  bannerMessage,
  parseFormFields,
  parseRowIntent,
  type FieldErrors,
} from "../../domain/shared/form-kit";
import { can } from "../../domain/shared/access";
import { DAY_MS, isoDay } from "../../domain/shared/dates";
import { PROJECT_MESSAGES } from "../../domain/projects/project-form-messages";
import type { SessionUser } from "../../domain/shared/types";

import { actionRetryAfter, formFiles, readForm } from "../server/form.server";
import { FORM_LIMITS } from "../../domain/shared/limits";
import { getApp, getUser, requireUser } from "../server/guards.server";
import {
  formFailed,
  formFailure,
  formSuccess,
  refused,
  refusedBy,
  serviceRefusal,
  type Wording,
} from "../server/form-result";
import {
  checkProjectSave,
  createProject,
  getEditableProject,
  getEditableProjectWithChanges,
  withdrawChanges,
  updateProject,
} from "../../worker/services/projects/project-editor";
import { publishProject, submitForReview, withdrawFromReview } from "../../worker/services/projects/reviews";
import { currentRevision } from "../../worker/services/projects/revisions";
import { REVIEW_MESSAGES, SAVED_MESSAGES, termsFingerprint, type SavedCode } from "../../domain/projects/review";
import {
  type ChosenFile,
  checkChosenFiles,
  discard,
  keepChosenFiles,
  pendingUrls,
  storeChosenFiles,
  withFiles,
} from "../server/project-form-files.server";
import {
  checkWorkingCopy,
  discardWorkingCopy,
  getWorkingCopy,
  saveWorkingCopy,
} from "../../worker/services/projects/project-drafts";
import { editFormView, draftView } from "./project-form.server";
import type { Route } from "./+types/project-form";
import { RequestId } from "../components/RequestId";

/** A 429 from the hourly upload limit carries `Retry-After`, as the API's does. */
export const headers = actionRetryAfter;

export const meta: Route.MetaFunction = ({ params }) => [...pageMeta(params.id ? "Edit Project" : "Create Project")];

/** The status a project has after each outcome: the success screen's badge agrees with its message. */
const STATUS_AFTER: Record<SavedCode, string | null> = {
  created: "draft",
  updated: null,
  published: "active",
  submitted: "in_review",
  withdrawn: "draft",
  sent: null,
  "changes-withdrawn": null,
};

const SAVE_FAILED_EDIT = "Failed to save your changes. Please try again.";
const NOT_FOUND = "The project you're looking for doesn't exist or has been removed.";

/** Founders and admins; a visitor signs in first; anyone else goes home (spec section 6). */
function requireProjectEditor(request: Request, context: Route.LoaderArgs["context"]): SessionUser {
  const user = requireUser(request, context);
  if (!can(user, "raise")) throw redirect("/");
  return user;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireProjectEditor(request, context);
  const minDeadline = isoDay(Date.now() + DAY_MS);

  if (!params.id) {
    // createProject's own rules, said before the founder fills eleven sections in vain.
    if (!can(user, "createProject")) return refused(403, PROJECT_MESSAGES.notFounder);
    if (user.ownedProject) {
      // Said with a 200: the page offers the founder's own project instead.
      return refused(200, PROJECT_MESSAGES.alreadyHasProject, {
        to: href("/my-projects/edit/:id", { id: user.ownedProject }),
      });
    }
    // The founder's saved draft (ADR 033), else a new project's defaults.
    const copy = await getWorkingCopy(getApp(context).db, user, null);
    return data({
      mode: "create" as const,
      values: copy ? formShape(copy.values) : newProjectValues(),
      project: null,
      review: null,
      sharesSold: 0,
      minDeadline,
      draft: draftView(copy, discarded(request)),
    });
  }

  try {
    const { db } = getApp(context);
    const [changes, copy] = await Promise.all([
      getEditableProjectWithChanges(db, user, params.id),
      getWorkingCopy(db, user, params.id),
    ]);
    return data(editFormView(changes.project, minDeadline, can(user, "administer"), copy, discarded(request), changes));
  } catch (e) {
    // Not found (404) or not this founder's (403, the service's noPermission); a failure of ours: 500.
    return refusedBy(e, {
      byStatus: { 404: NOT_FOUND },
      unexpected: { context, message: PROJECT_MESSAGES.loadFailed },
    });
  }
}

/** `?discarded=1`: the founder just discarded their saved draft (the page says so). */
const discarded = (request: Request) => new URL(request.url).searchParams.get("discarded") === "1";

/** What the form needs besides its values and errors to come back after a post. */
interface FormView {
  /** A note that is not an error (the chosen images were not uploaded). */
  note: string | null;
  /** The control that takes focus (the row just added). */
  focus: string | null;
  /** A new key per answer: the form is rebuilt from these values (its inputs are uncontrolled). */
  formKey: string;
}

const view = (note: string | null, focus: string | null = null): FormView => ({
  note,
  focus,
  formKey: crypto.randomUUID(),
});

/** The form again with a row more or less: nothing saved, so a success that carries the form. */
function rowsChanged(values: FormValues, note: string | null, focus: string | null = null) {
  return formSuccess({ data: { values: formShape(values), ...view(note, focus) } });
}

/** The form refused: the posted values, every field's error (the banner counts them) or else a message. */
function formRefused(
  values: FormValues,
  refusal: { status: number; message: string; errors?: FieldErrors; headers?: Record<string, string> },
  note: string | null,
) {
  const errors = refusal.errors ?? {};
  const count = Object.keys(errors).length;
  const message = count > 0 ? bannerMessage(count) : refusal.message;
  return formFailure(refusal.status, message, formShape(values), {
    errors,
    data: view(note),
    headers: refusal.headers,
  });
}

/** The project form's wording of a refusal that is not about one field (spec section 8), by code. */
function refusalWording(context: Readonly<RouterContextProvider>, editing: boolean, failed: string): Wording {
  return {
    byCode: {
      auth_required: editing ? PROJECT_MESSAGES.updateSignedOut : PROJECT_MESSAGES.authRequired,
      not_founder: PROJECT_MESSAGES.notFounder,
      already_has_project: PROJECT_MESSAGES.alreadyHasProject,
    },
    unexpected: { context, message: failed },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request, FORM_LIMITS.project);
  // Browsers send a textarea's line breaks as CRLF: stored text uses LF, as the API's does.
  const text = [...form]
    .filter((entry): entry is [string, string] => typeof entry[1] === "string")
    .map(([name, value]): [string, string] => [name, value.replace(/\r\n?/g, "\n")]);
  const values = parseFormFields(text);
  const js = values.js === "1";
  const intent = typeof values.intent === "string" ? values.intent : "save";
  delete values.js;
  delete values.intent;

  const editing = params.id !== undefined;
  const failed = editing ? SAVE_FAILED_EDIT : PROJECT_MESSAGES.createFailed;
  const user = getUser(context);
  const { db, env } = getApp(context);
  /** Whether this person may save this form: a founder's new project, or a project they may edit. */
  const maySave = async (who: SessionUser) => {
    if (!can(who, "raise")) return false;
    if (!params.id) return can(who, "createProject");
    try {
      await getEditableProject(db, who, params.id);
      return true;
    } catch {
      return false;
    }
  };
  // Files are stored by a save that will be accepted, or kept for a form that comes back to a
  // founder who may save it (below); when the form comes back without them, the founder is told so.
  const posted = Object.keys(formFiles(form)).length > 0;
  const note = posted ? PROJECT_MESSAGES.imagesNotKept : null;
  const unexpected = { context, message: failed };
  /** The chosen files stored and put in their fields, for a founder who may save this form. */
  const keep = async (shown: FormValues, chosen: ChosenFile[], editor: SessionUser) => {
    const kept = await keepChosenFiles(db, env.IMAGES, editor, shown, chosen, unexpected);
    return { ...kept, note: kept.kept ? PROJECT_MESSAGES.filesKept : note };
  };

  // Add or remove a row: the same form back, one row more or less, nothing saved; the chosen files
  // kept for a founder who may save this form.
  const row = parseRowIntent(intent);
  if (row) {
    if (!isRowList(row.list)) return rowsChanged(values, note);
    const { values: next, changed } = applyRowIntent(values, row, ROW_LISTS[row.list].empty);
    const length = rowsAt(next, row.list).length;
    const at = row.kind === "add" ? length - 1 : Math.min(row.index, length - 1);
    const focus = changed ? firstFieldOf(row.list, Math.max(0, at)) : null;
    if (!posted || !user || !(await maySave(user))) return rowsChanged(next, note, focus);
    const { chosen, errors: fileErrors } = await checkChosenFiles(form);
    const kept = await keep(next, chosen, user);
    const allKept = kept.kept && !Object.keys(fileErrors).length && !Object.keys(kept.errors).length;
    return rowsChanged(kept.values, allKept ? kept.note : note, focus);
  }

  if (!user) {
    const message = editing ? PROJECT_MESSAGES.updateSignedOut : PROJECT_MESSAGES.authRequired;
    return formRefused(values, { status: 401, message }, note);
  }
  if (!can(user, "raise")) {
    const message = editing ? PROJECT_MESSAGES.noPermission : PROJECT_MESSAGES.notFounder;
    return formRefused(values, { status: 403, message }, note);
  }

  /** A refusal from a service (or a failure of ours), as the form shows it. */
  const wording = refusalWording(context, editing, failed);
  const refused = (e: unknown, shown: FormValues = values, notice = note) =>
    formRefused(shown, serviceRefusal(e, wording), notice);
  const done = (saved: SavedCode) => {
    const to = `/my-projects?saved=${saved}`;
    if (js)
      return formSuccess({ message: SAVED_MESSAGES[saved], redirectTo: to, data: { status: STATUS_AFTER[saved] } });
    throw redirect(to);
  };

  // Out of review: nothing of the form is read or saved (the page in review has no form).
  if (intent === "withdraw" && editing) {
    try {
      await withdrawFromReview(db, user, params.id);
    } catch (e) {
      return refused(e);
    }
    return done("withdrawn");
  }

  // The autosave (ADR 033, with JavaScript): what is typed, into the founder's working copy; no
  // file is read or stored, and the form is not sent back.
  if (intent === "autosave") {
    try {
      const copy = await saveWorkingCopy(db, user, params.id, values);
      return formSuccess({
        form: "autosave",
        data: { draft: { missing: copy.missing, updatedAt: copy.updatedAt } },
      });
    } catch (e) {
      return formFailed(e, null, { ...wording, form: "autosave" });
    }
  }

  // Withdraw a live raise's changes waiting for review (ADR 050): the live version stays.
  if (intent === "withdraw-changes" && editing) {
    try {
      await withdrawChanges(db, user, params.id);
    } catch (e) {
      return refused(e);
    }
    return done("changes-withdrawn");
  }

  // Discard the saved draft: the form shows the project as last saved (or a new one's defaults).
  if (intent === "discard") {
    try {
      await discardWorkingCopy(db, user);
    } catch (e) {
      return refused(e);
    }
    throw redirect(`${new URL(request.url).pathname}?discarded=1`);
  }

  // Submitting asks for the lock confirmation, of the figures being submitted: nothing is saved
  // without it (the browser checks the box first; its error joins the form's others).
  let unconfirmed: FieldErrors = {};
  if (intent === "submit") {
    const shown = values.confirmedTerms;
    const confirmed = values.confirmTerms === "on";
    delete values.confirmTerms;
    delete values.confirmedTerms;
    const terms = termsFingerprint({
      sharePrice: values.sharePrice,
      fundingGoal: values.fundingGoal,
      equityPercentage: (values.investmentTerms as FormValues | undefined)?.equityPercentage,
      regulationType: values.regulationType,
    });
    const problem = !confirmed ? REVIEW_MESSAGES.confirmTerms : shown !== terms ? REVIEW_MESSAGES.termsChanged : null;
    if (problem) unconfirmed = { confirmTerms: problem };
  }

  // Every check of the save before anything is stored: who may save this form (for an edit, this
  // project), every field, and the chosen files' bytes, all errors at once.
  const { chosen, errors: fileErrors } = await checkChosenFiles(form);
  const checking = withFiles(values, chosen, pendingUrls(chosen));
  // Save progress (ADR 033): the founder's working copy, required fields empty or not; every other rule.
  const asDraft = intent === "draft";
  try {
    if (asDraft) await checkWorkingCopy(db, user, params.id, checking);
    else await checkProjectSave(db, user, params.id, checking);
  } catch (e) {
    const refusal = serviceRefusal(e, wording);
    // Not about a field (signed out, not this founder's, a failure): nothing stored.
    if (!Object.keys(refusal.errors).length) return formRefused(values, refusal, note);
    // Every field's error at once: the chosen files' and the confirmation's too; the files that
    // passed their checks are kept.
    const kept = await keep(values, chosen, user);
    const errors = { ...refusal.errors, ...fileErrors, ...unconfirmed, ...kept.errors };
    return formRefused(kept.values, { ...refusal, errors }, kept.note);
  }
  const early = { ...fileErrors, ...unconfirmed };
  if (Object.keys(early).length) {
    const kept = await keep(values, chosen, user);
    const errors = { ...early, ...kept.errors };
    return formRefused(kept.values, { status: 400, message: "", errors }, kept.note);
  }

  // Then the files (each takes its place in the account's quota and hourly limit) …
  const files = await storeChosenFiles(db, env.IMAGES, user, chosen);
  if (!files.ok) {
    const refusal = serviceRefusal(files.error, { unexpected: wording.unexpected });
    // A refused file is its field's error; a failure of ours (500) the form's.
    if (refusal.status < 500) refusal.errors = { [files.target]: refusal.message };
    return formRefused(values, refusal, note);
  }
  const { stored, urls } = files;

  // … and the save: the working copy of an incomplete draft, or the project.
  const saving = withFiles(values, chosen, urls);
  if (asDraft) {
    try {
      const copy = await saveWorkingCopy(db, user, params.id, saving);
      return formSuccess({
        data: {
          values: formShape(saving),
          ...view(null),
          draft: { missing: copy.missing, updatedAt: copy.updatedAt, restored: false } satisfies DraftInfo,
        },
      });
    } catch (e) {
      await discard(env.IMAGES, db, stored);
      return refused(e);
    }
  }
  let saved: SavedCode;
  let kept = false;
  try {
    if (!editing) {
      await createProject(db, user, saving);
      saved = "created";
    } else {
      const updated = await updateProject(db, user, params.id, saving);
      kept = true;
      if (intent === "submit") {
        await submitForReview(db, user, params.id);
        saved = "submitted";
      } else if (intent === "publish" && can(user, "administer")) {
        // An admin lists a project directly (ADR 030); a founder's form has no Publish button.
        await publishProject(db, user, params.id);
        saved = "published";
      } else {
        // A live raise's material changes wait for review (ADR 050): say so, not "saved".
        saved = (await currentRevision(db, updated._id))?.status === "pending" ? "sent" : "updated";
      }
    }
  } catch (e) {
    // A refused publish comes after a successful save, which uses the files: the form shows them.
    if (kept) return refused(e, saving, null);
    // Refused after all (a sale locked the terms meanwhile, a second create …): not kept either.
    await discard(env.IMAGES, db, stored);
    return refused(e);
  }

  return done(saved);
}

/**
 * After this page's own post the loader is not run again: the action's answer is what the page
 * shows (a create's loader would otherwise see the new project and replace the success screen).
 */
export function shouldRevalidate({
  formMethod,
  formData,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  // Discarding the saved draft redirects here: the form shows the project as saved.
  if (formData?.get("intent") === "discard") return true;
  if (formMethod?.toUpperCase() === "POST" && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export default function ProjectFormPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const title = params.id ? "Edit Project" : "Create Project";

  if ("refused" in loaderData) {
    if (loaderData.status === 404) return <Refusal title="Project Not Found" message={loaderData.message} />;
    return (
      <Refusal title={title} message={loaderData.message}>
        {loaderData.to ? (
          <Link to={loaderData.to} className="btn btn-primary">
            Edit your project
          </Link>
        ) : null}
      </Refusal>
    );
  }

  if (actionData?.ok && "redirectTo" in actionData) {
    const saved = { message: actionData.message, to: actionData.redirectTo, status: actionData.data.status };
    return <FormScreen title={title} view={loaderData} saved={saved} answer={null} />;
  }

  // The form again: refused (values, errors, and a message when no field carries it), or a row
  // more or less.
  // (The autosave answers a fetcher, never this page's actionData.)
  const failure = actionData?.ok === false && actionData.form !== "autosave" ? actionData : null;
  const rows =
    actionData?.ok && "data" in actionData && actionData.data && "values" in actionData.data
      ? (actionData.data as FormView & { values: FormValues; draft?: DraftInfo })
      : null;
  const shown = failure?.data ?? rows;
  const count = failure ? Object.keys(failure.errors).length : 0;
  const values = (failure?.values as FormValues | null | undefined) ?? rows?.values;
  const answer: FormAnswer | null =
    shown && values
      ? {
          formKey: shown.formKey,
          values,
          errors: failure?.errors ?? {},
          count,
          message: failure && count === 0 ? failure.message : null,
          note: shown.note,
          focus: shown.focus,
          draft: rows?.draft ?? null,
        }
      : null;
  return <FormScreen title={title} view={loaderData} saved={null} answer={answer} />;
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  // A refused body (too large, not a form) says what was wrong; anything else is a loading failure.
  // An unexpected error is captured by the server's handleError (entry.server.tsx), with the request's id.
  const said = refusedFormMessage(error);
  return (
    <div className="container page-body project-form-page">
      <header className="page-header">
        <h1 className="page-title">{params.id ? "Edit Project" : "Create Project"}</h1>
      </header>
      <div className="card pf-refusal">
        <p className="alert alert-error" role="alert">
          {said ?? PROJECT_MESSAGES.loadFailed}
        </p>
        <div className="cluster">
          <a
            href={params.id ? href("/my-projects/edit/:id", { id: params.id }) : "/my-projects/create"}
            className="btn btn-primary"
          >
            Try Again
          </a>
          <Link to="/my-projects" className="btn btn-secondary">
            Back to My Projects
          </Link>
        </div>
        <RequestId />
      </div>
    </div>
  );
}
