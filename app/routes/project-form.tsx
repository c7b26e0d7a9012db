/**
 * The project form (spec section 2): /my-projects/create (id "project-create") and
 * /my-projects/edit/:id (id "project-edit"), founders and admins only; anyone else signed in is
 * sent to / (spec section 6), a visitor to /signin.
 *
 * One action for every button of the form (ADR 016):
 * - chosen images are stored first, whichever button was pressed (each one's URL replaces `image`
 *   or `logo`, or joins the gallery), so a file chosen before adding a row is not lost; a refused
 *   image is its URL field's error;
 * - a row intent (`add:team`, `remove:faqs:2`) re-renders the form with a row more or less and
 *   everything typed kept: nothing is saved;
 * - Save / Create Project: the project editor service creates the draft or saves the edit;
 *   Publish (a draft's edit page) saves the same way, then publishes;
 * - a field error (400, or 409 for terms locked by a sale) re-renders the form with the values,
 *   the spec's banner and each field's message; any other refusal shows its message on top.
 * On success a document post (no JavaScript) is redirected to `/my-projects?saved=created|updated|
 * published`; with JavaScript (`js=1`, set after hydration) the page shows the success screen and
 * moves there after 1.5 s (spec section 4), as the purchase page does.
 */
import { data, Link, redirect, type ShouldRevalidateFunctionArgs } from "react-router";

import { refusedFormMessage } from "../components/form/refused";
import { pageMeta } from "../components/meta";
import { StatusBadge } from "../components/project/StatusBadge";
import { ProjectForm } from "../components/project-form/ProjectForm";
import { SavedScreen } from "../components/project-form/SavedScreen";
import {
  firstFieldOf,
  formShape,
  isRowList,
  newProjectValues,
  ROW_LISTS,
  rowsAt,
  type FormValues,
} from "../components/project-form/values";
import { applyRowIntent, bannerMessage, parseFormFields, parseRowIntent, type FieldErrors } from "../lib/form-kit";
import { formValuesOf, PROJECT_MESSAGES, validateProject } from "../lib/project-form";
import type { SessionUser } from "../lib/types";
import projectFormCss from "../styles/project-form.css?url";

import { FORM_LIMITS, formFiles, readForm } from "../server/form.server";
import { getApp, getUser, requireUser } from "../server/guards.server";
import { isServiceError } from "../../worker/services/errors";
import { createProject, getEditableProject, publishProject, updateProject } from "../../worker/services/project-editor";
import { IMAGE_FIELD_LABELS, storeImage } from "../../worker/services/uploads";
import type { Route } from "./+types/project-form";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: projectFormCss }];

export const meta: Route.MetaFunction = ({ params }) => [
  ...pageMeta(params.id ? "Edit Project" : "Create Project"),
  { name: "robots", content: "noindex" },
];

/** Codes `/my-projects?saved=` understands (it shows the matching PROJECT_MESSAGES text). */
export type SavedCode = "created" | "updated" | "published";

const SAVE_FAILED_EDIT = "Failed to save your changes. Please try again.";

const isoDay = (offsetDays = 0) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** Founders and admins; a visitor signs in first; anyone else goes home (spec section 6). */
function requireProjectEditor(request: Request, context: Route.LoaderArgs["context"]): SessionUser {
  const user = requireUser(request, context);
  if (user.role !== "founder" && user.role !== "admin") throw redirect("/");
  return user;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireProjectEditor(request, context);
  const minDeadline = isoDay(1);

  if (!params.id) {
    // createProject's own rules, said before the founder fills eleven sections in vain.
    if (user.role !== "founder") {
      return data(
        { state: "blocked" as const, message: PROJECT_MESSAGES.notFounder, projectId: null },
        { status: 403 },
      );
    }
    if (user.ownedProject) {
      return data({
        state: "blocked" as const,
        message: PROJECT_MESSAGES.alreadyHasProject,
        projectId: user.ownedProject,
      });
    }
    return data({
      state: "form" as const,
      mode: "create" as const,
      values: newProjectValues(),
      project: null,
      sharesSold: 0,
      minDeadline,
    });
  }

  try {
    const p = await getEditableProject(getApp(context).db, user, params.id);
    return data({
      state: "form" as const,
      mode: "edit" as const,
      values: formShape(formValuesOf(p)),
      project: {
        id: p.id,
        slug: p.slug,
        title: p.title,
        status: p.status,
        daysLeft: p.daysLeft,
        sharesRemaining: p.sharesRemaining,
      },
      sharesSold: p.sharesSold,
      minDeadline,
    });
  } catch (e) {
    if (isServiceError(e) && e.status === 404) return data({ state: "not-found" as const }, { status: 404 });
    if (isServiceError(e) && e.status === 403) {
      return data({ state: "forbidden" as const, message: PROJECT_MESSAGES.noPermission }, { status: 403 });
    }
    console.error("project form: loading the project failed", e);
    return data({ state: "failed" as const, message: PROJECT_MESSAGES.loadFailed }, { status: 500 });
  }
}

/** The form re-rendered: the posted values, every field's error, a message for the whole form. */
interface FormState {
  kind: "form";
  values: FormValues;
  errors: FieldErrors;
  count: number;
  message: string | null;
  focus: string | null;
  /** A new key per answer: the form is rebuilt from these values (its inputs are uncontrolled). */
  formKey: string;
  /** Why the form came back, for clients reading the `.data` answer: the banner, or the message. */
  error: string | null;
}

function formState(values: FormValues, patch: Partial<FormState>, status = 200) {
  const state: FormState = {
    kind: "form",
    values: formShape(values),
    errors: {},
    count: 0,
    message: null,
    focus: null,
    formKey: crypto.randomUUID(),
    error: null,
    ...patch,
  };
  if (patch.errors && patch.count === undefined) state.count = Object.keys(patch.errors).length;
  state.error = state.count > 0 ? bannerMessage(state.count) : state.message;
  return data(state, { status });
}

/** Spec section 8's wording for the refusals that are not about one field. */
function refusalMessage(message: string): string {
  if (message.includes("Authentication required")) return PROJECT_MESSAGES.authRequired;
  if (message.includes("not a founder") || message === PROJECT_MESSAGES.notFounder) return PROJECT_MESSAGES.notFounder;
  if (message.includes("already has a project") || message === PROJECT_MESSAGES.alreadyHasProject) {
    return PROJECT_MESSAGES.alreadyHasProject;
  }
  return message;
}

/**
 * Stores the form's uploads (worker/services/uploads.ts checks each one's bytes and size): the main
 * image and the logo replace their URLs, gallery images join the gallery. An upload's error is
 * the error of its URL field (`image`, `logo`, `gallery`).
 */
async function storeUploads(
  db: Parameters<typeof storeImage>[0],
  bucket: R2Bucket,
  user: SessionUser,
  form: FormData,
  values: FormValues,
): Promise<FieldErrors> {
  const files = formFiles(form);
  const errors: FieldErrors = {};
  const store = async (file: File, field: keyof typeof IMAGE_FIELD_LABELS, key: string) => {
    try {
      return (await storeImage(db, bucket, user, file, IMAGE_FIELD_LABELS[field])).url;
    } catch (e) {
      if (!isServiceError(e)) throw e;
      errors[key] ??= e.message;
      return null;
    }
  };
  for (const [field, key] of [
    ["imageFile", "image"],
    ["logoFile", "logo"],
  ] as const) {
    const file = files[field]?.[0];
    if (!file) continue;
    const url = await store(file, field, key);
    if (url) values[key] = url;
  }
  const added: string[] = [];
  for (const file of files.galleryFiles ?? []) {
    const url = await store(file, "galleryFiles", "gallery");
    if (url) added.push(url);
  }
  if (added.length) {
    const kept = rowsAt(values, "gallery").filter((u) => !(typeof u === "string" && u.trim() === "") && u != null);
    values.gallery = [...kept, ...added];
  }
  return errors;
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
  const mayEdit = !!user && (user.role === "founder" || user.role === "admin");
  const { db, env } = getApp(context);

  // Chosen images are stored first, whichever button was pressed: a file input is empty when the
  // form comes back, so an image chosen before adding a row is kept as its URL, not lost.
  let uploadErrors: FieldErrors = {};
  if (mayEdit) {
    try {
      uploadErrors = await storeUploads(db, env.IMAGES, user, form, values);
    } catch (e) {
      console.error("project form: storing an upload failed", e);
      return formState(values, { message: failed }, 500);
    }
  }
  const uploadFailed = Object.keys(uploadErrors).length > 0;

  // Add or remove a row: the same form back, one row more or less, nothing saved.
  const row = parseRowIntent(intent);
  if (row) {
    if (!isRowList(row.list)) return formState(values, { errors: uploadErrors }, uploadFailed ? 400 : 200);
    const { values: next, changed } = applyRowIntent(values, row, ROW_LISTS[row.list].empty);
    const length = rowsAt(next, row.list).length;
    const at = row.kind === "add" ? length - 1 : Math.min(row.index, length - 1);
    const focus = changed && !uploadFailed ? firstFieldOf(row.list, Math.max(0, at)) : null;
    return formState(next, { focus, errors: uploadErrors }, uploadFailed ? 400 : 200);
  }

  if (!user) {
    const message = editing ? PROJECT_MESSAGES.updateSignedOut : PROJECT_MESSAGES.authRequired;
    return formState(values, { message }, 401);
  }
  if (!mayEdit) {
    return formState(values, { message: editing ? PROJECT_MESSAGES.noPermission : PROJECT_MESSAGES.notFounder }, 403);
  }
  if (uploadFailed) {
    // Nothing is saved with an image refused; the other fields are checked too, so every error
    // shows at once. (An edit keeps its deadline here: the service judges that on save.)
    const check = validateProject(values, {
      today: isoDay(),
      currentDeadline: editing && typeof values.fundingDeadline === "string" ? values.fundingDeadline : undefined,
    });
    return formState(values, { errors: { ...(check.ok ? {} : check.errors), ...uploadErrors } }, 400);
  }

  let saved: SavedCode;
  try {
    if (!editing) {
      await createProject(db, user, values);
      saved = "created";
    } else {
      await updateProject(db, user, params.id, values);
      if (intent === "publish") {
        await publishProject(db, user, params.id);
        saved = "published";
      } else {
        saved = "updated";
      }
    }
  } catch (e) {
    if (isServiceError(e)) {
      if (e.errors && Object.keys(e.errors).length) return formState(values, { errors: e.errors }, e.status);
      return formState(values, { message: refusalMessage(e.message) }, e.status);
    }
    console.error("project form: saving failed", e);
    return formState(values, { message: failed }, 500);
  }

  const to = `/my-projects?saved=${saved}`;
  if (js) return data({ kind: "saved" as const, message: PROJECT_MESSAGES[saved], to });
  throw redirect(to);
}

/**
 * After this page's own post the loader is not run again: the action's answer is what the page
 * shows (a create's loader would otherwise see the new project and replace the success screen).
 */
export function shouldRevalidate({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod?.toUpperCase() === "POST" && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

function PageShell({
  title,
  lead,
  badge,
  children,
}: {
  title: string;
  lead?: React.ReactNode;
  badge?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="container page-body project-form-page">
      <header className="page-header pf-header">
        <p className="pf-back">
          <Link to="/my-projects">← My Projects</Link>
        </p>
        <div className="pf-title-row">
          <h1 className="page-title">{title}</h1>
          {badge}
        </div>
        {lead ? <p className="page-lead">{lead}</p> : null}
      </header>
      {children}
    </div>
  );
}

function Refusal({ title, message, children }: { title: string; message: string; children?: React.ReactNode }) {
  return (
    <PageShell title={title}>
      <div className="card pf-refusal">
        <p className="alert alert-error" role="alert">
          {message}
        </p>
        <div className="cluster">
          {children}
          <Link to="/my-projects" className="btn btn-secondary">
            Back to My Projects
          </Link>
        </div>
      </div>
    </PageShell>
  );
}

export default function ProjectFormPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const title = params.id ? "Edit Project" : "Create Project";

  switch (loaderData.state) {
    case "blocked":
      return (
        <Refusal title={title} message={loaderData.message}>
          {loaderData.projectId ? (
            <Link to={`/my-projects/edit/${loaderData.projectId}`} className="btn btn-primary">
              Edit your project
            </Link>
          ) : null}
        </Refusal>
      );
    case "not-found":
      return (
        <Refusal
          title="Project Not Found"
          message="The project you're looking for doesn't exist or has been removed."
        />
      );
    case "forbidden":
    case "failed":
      return <Refusal title={title} message={loaderData.message} />;
  }

  const { mode, project, sharesSold, minDeadline } = loaderData;
  const lead =
    mode === "create"
      ? "Tell investors about your startup. Your project is saved as a draft: preview it, then publish it when you are ready."
      : project?.title;
  const badge = project ? <StatusBadge project={project} /> : null;

  if (actionData?.kind === "saved") {
    return (
      <PageShell title={title} lead={lead} badge={badge}>
        <SavedScreen message={actionData.message} to={actionData.to} />
      </PageShell>
    );
  }

  const state = actionData?.kind === "form" ? actionData : null;
  return (
    <PageShell title={title} lead={lead} badge={badge}>
      <ProjectForm
        key={state?.formKey ?? "loaded"}
        mode={mode}
        values={state?.values ?? loaderData.values}
        errors={state?.errors ?? {}}
        count={state?.count ?? 0}
        message={state?.message ?? null}
        focus={state?.focus ?? null}
        termsLocked={sharesSold > 0}
        project={project}
        minDeadline={minDeadline}
      />
    </PageShell>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  // A refused body (too large, not a form) says what was wrong; anything else is a loading failure.
  const said = refusedFormMessage(error);
  if (!said) console.error(error);
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
          <a href={params.id ? `/my-projects/edit/${params.id}` : "/my-projects/create"} className="btn btn-primary">
            Try Again
          </a>
          <Link to="/my-projects" className="btn btn-secondary">
            Back to My Projects
          </Link>
        </div>
      </div>
    </div>
  );
}
