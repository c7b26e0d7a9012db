// What the contract run's requests need before Newman starts (scripts/contract.mjs): the people and
// projects its path parameters name, made through the API itself on the fresh seeded D1. Each is
// handed to Portman as a `PORTMAN_*` variable (`{{camelCase}}` in the collection).
import { DEMO_PASSWORD } from "../../db/seed-data.ts";
import { demoAdminCode, TEST_PASSWORD, uniqueIp } from "../shared/clients.ts";

const part = () => Math.floor(Math.random() * 0xffff).toString(16);

/** A one-page PDF: what a document upload checks is its `%PDF-` header (the evidence of a company event). */
const PDF = "%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n";

function client(base) {
  /** `allow`: a refusal the caller expects and handles (answered as `null`). `form`: a multipart body. */
  return async function api(method, path, { token, body, form, allow = [] } = {}) {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: {
        "CF-Connecting-IP": uniqueIp(),
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const answer = await res.json().catch(() => null);
    if (allow.includes(res.status)) return null;
    if (!res.ok)
      throw new Error(`contract fixtures: ${method} ${path} answered ${res.status} ${JSON.stringify(answer)}`);
    return answer;
  };
}

const inDays = (n) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** A priced round of a funded company, as its founder reports it (dated today, UTC: never in the future). */
function eventBody(evidence) {
  return {
    kind: "round",
    effectiveOn: inDays(0),
    pricePerShare: 12,
    preMoneyValuation: 2_000_000,
    roundName: "Seed extension",
    statement: "We closed a seed extension led by a campus angel group.",
    evidence,
  };
}

function projectBody(title) {
  return {
    title,
    shortDescription: "Study rooms booked in one tap.",
    description: "We help students find and book free study rooms on campus.",
    category: "Agriculture",
    fundingGoal: 20_000,
    fundingDeadline: inDays(90),
    projectDuration: 12,
    image: "/images/placeholder-project.svg",
    sharePrice: 10,
    investmentTerms: { equityPercentage: 8, minInvestment: 100 },
    creatorInfo: { name: "Robin Quinn", bio: "Second-year CS student." },
  };
}

/** A founder's project, live: created, submitted and approved by the admin. */
async function liveProject(api, admin, name) {
  const founder = await signUp(api, "founder");
  const body = projectBody(`Contract ${name} ${part()}`);
  const project = await api("POST", "/projects/create", { token: founder.token, body });
  await api("POST", `/projects/${project._id}/publish`, { token: founder.token });
  await api("POST", `/admin/projects/${project._id}/approve`, { token: admin.token });
  return { founder, project, body };
}

/**
 * The founder's save of a material change to their live project (its description, ADR 050): the
 * project's pending revision, waiting in the admin's queue. Answers the revision's id.
 */
async function pendingRevision(api, admin, { founder, project, body }) {
  await api("PUT", `/projects/${project._id}`, {
    token: founder.token,
    body: { ...body, description: `${body.description} Now with quiet-hour alerts for every library.` },
  });
  const { revisions } = await api("GET", "/admin/revisions", { token: admin.token });
  const revision = revisions.find((r) => r.revision.projectId === project._id)?.revision;
  if (!revision) throw new Error(`contract fixtures: no pending revision of ${project._id}`);
  return revision.id;
}

async function signUp(api, role) {
  const email = `contract-${role}-${Date.now().toString(36)}${part()}@example.edu`;
  return api("POST", "/auth/signup", {
    body: {
      firstName: "Robin",
      lastName: "Quinn",
      email,
      password: TEST_PASSWORD,
      birthDate: "1998-03-14",
      role,
    },
  });
}

/** Makes the run's people and projects; answers the variables for Portman. */
export async function contractFixtures(base) {
  const api = client(base);
  // GET /api/health answers 200 only while no scheduled job is late: the frequent jobs run once
  // first, as production's trigger runs them every 10 minutes (the server serves
  // `--test-scheduled`), before anything below is made, so none of it is touched.
  const jobs = await fetch(`${base}/cdn-cgi/handler/scheduled?cron=*/10+*+*+*+*`);
  if (!jobs.ok) throw new Error(`contract fixtures: the scheduled jobs answered ${jobs.status}`);
  // The demo admin signs in with a second step (ADR 054): its authenticator code.
  const step = await api("POST", "/auth/login", { body: { email: "admin@campusfund.dev", password: DEMO_PASSWORD } });
  const admin = await api("POST", "/auth/login/second-factor", {
    body: { pendingToken: step.pendingToken, code: await demoAdminCode() },
  });

  // A live project with an update, its founder signed in.
  const founder = await signUp(api, "founder");
  const live = await api("POST", "/projects/create", {
    token: founder.token,
    body: projectBody(`Contract Live ${part()}`),
  });
  await api("POST", `/projects/${live._id}/publish`, { token: founder.token });
  await api("POST", `/admin/projects/${live._id}/approve`, { token: admin.token });
  const update = await api("POST", `/projects/${live._id}/updates`, {
    token: founder.token,
    body: { title: "First prototype", body: "Three libraries mapped.", investorsOnly: false },
  });

  // Two projects waiting for review: one to approve, one to send back.
  const inReview = [];
  for (const name of ["Approve", "Changes"]) {
    const owner = await signUp(api, "founder");
    const p = await api("POST", "/projects/create", {
      token: owner.token,
      body: projectBody(`Contract ${name} ${part()}`),
    });
    await api("POST", `/projects/${p._id}/publish`, { token: owner.token });
    inReview.push(p._id);
  }

  // Someone for the operator to suspend and reinstate, and a founder with no project yet (the
  // editor's operations: working copy, create, save, submit).
  const member = await signUp(api, "investor");
  const newFounder = await signUp(api, "founder");

  // For the refusals of the fuzzed bodies, each in the state where only the body is wrong: a
  // founder without a project (create, working copy), a founder's draft (save), a suspended member
  // (reinstate).
  const blankFounder = await signUp(api, "founder");
  const draftOwner = await signUp(api, "founder");
  const draft = await api("POST", "/projects/create", {
    token: draftOwner.token,
    body: projectBody(`Contract Draft ${part()}`),
  });
  const suspended = await signUp(api, "investor");
  await api("POST", `/admin/users/${suspended.user.id}/suspend`, {
    token: admin.token,
    body: { reason: "Held for the contract run." },
  });

  // Two live projects whose founders changed a material field: a revision to approve, one to send back.
  const approveRevisionId = await pendingRevision(api, admin, await liveProject(api, admin, "Revision"));
  const changesRevisionId = await pendingRevision(api, admin, await liveProject(api, admin, "Revision Changes"));

  // An investment waiting for its investor's reconfirmation: they bought into a live raise whose
  // founder's material change the admin then approved (ADR 050).
  const raise = await liveProject(api, admin, "Reconfirm");
  const reconfirmer = await signUp(api, "investor");
  const bought = await api("POST", `/projects/${raise.project._id}/invest`, {
    token: reconfirmer.token,
    body: { shares: 100, amount: 1000, idempotencyKey: crypto.randomUUID() },
  });
  await api("POST", `/admin/revisions/${await pendingRevision(api, admin, raise)}/approve`, { token: admin.token });

  // A funded company whose founder reports its events (ADR 052): the demo's TutorLoop, the one
  // funded company with a founder's account. A company has one report waiting at a time, so the
  // run goes withdraw (the report made here), report again, approve that one; sending back is
  // asked of a report already withdrawn (409, as documented).
  const companyFounder = await api("POST", "/auth/login", {
    body: { email: "companyfounder@campusfund.dev", password: DEMO_PASSWORD },
  });
  const company = await api("GET", "/projects/tutorloop");
  // a report left waiting by an earlier run on the same server is taken back first
  await api("POST", `/projects/${company._id}/events/withdraw`, { token: companyFounder.token, allow: [409] });
  const form = new FormData();
  form.append("file", new Blob([PDF], { type: "application/pdf" }), "term-sheet.pdf");
  const { url: evidence } = await api("POST", "/uploads/documents", { token: companyFounder.token, form });
  const withdrawn = await api("POST", `/projects/${company._id}/events`, {
    token: companyFounder.token,
    body: eventBody(evidence),
  });
  await api("POST", `/projects/${company._id}/events/withdraw`, { token: companyFounder.token });
  await api("POST", `/projects/${company._id}/events`, { token: companyFounder.token, body: eventBody(evidence) });

  // A person who reports the demo's seeded post (db/seed-moderation.ts), which the admin then
  // dismisses, hides and restores (ADR 055): a new person each run, so a second run reports again.
  const reporter = await signUp(api, "investor");

  // Coming soon (ADR 055): a raise to reserve in (a reservation made here, so canceling it and
  // reserving again both succeed in either order), one to open, and one opened with a reservation
  // to confirm.
  const comingSoon = async (name) => {
    const owner = await signUp(api, "founder");
    const p = await api("POST", "/projects/create", {
      token: owner.token,
      body: projectBody(`Contract ${name} ${part()}`),
    });
    await api("POST", `/projects/${p._id}/launch`, { token: owner.token, body: { launchAt: inDays(10) } });
    await api("POST", `/projects/${p._id}/publish`, { token: owner.token });
    await api("POST", `/admin/projects/${p._id}/approve`, { token: admin.token });
    return { owner, project: p };
  };
  const reserveIn = await comingSoon("Reserve");
  const toOpen = await comingSoon("Open");
  const toConfirm = await comingSoon("Confirm");
  const reserver = await signUp(api, "investor");
  await api("PUT", `/projects/${reserveIn.project._id}/reservation`, { token: reserver.token, body: { amount: 500 } });
  const { reservation } = await api("PUT", `/projects/${toConfirm.project._id}/reservation`, {
    token: reserver.token,
    body: { amount: 500 },
  });
  await api("POST", `/projects/${toConfirm.project._id}/open`, { token: toConfirm.owner.token });

  return {
    PORTMAN_REPORTER_TOKEN: reporter.token,
    PORTMAN_RESERVE_PROJECT_ID: reserveIn.project._id,
    PORTMAN_RESERVE_FOUNDER_TOKEN: reserveIn.owner.token,
    PORTMAN_LAUNCH_ON: inDays(12),
    PORTMAN_OPEN_PROJECT_ID: toOpen.project._id,
    PORTMAN_OPEN_FOUNDER_TOKEN: toOpen.owner.token,
    PORTMAN_RESERVER_TOKEN: reserver.token,
    PORTMAN_CONFIRM_RESERVATION_ID: reservation.id,
    PORTMAN_ADMIN_TOKEN: admin.token,
    PORTMAN_FOUNDER_TOKEN: founder.token,
    PORTMAN_PROJECT_ID: live._id,
    PORTMAN_FOUNDER_UPDATE_ID: update.id,
    PORTMAN_REVIEW_PROJECT_ID: inReview[0],
    PORTMAN_CHANGES_PROJECT_ID: inReview[1],
    PORTMAN_MEMBER_ID: member.user.id,
    PORTMAN_NEW_FOUNDER_TOKEN: newFounder.token,
    PORTMAN_BLANK_FOUNDER_TOKEN: blankFounder.token,
    PORTMAN_DRAFT_OWNER_TOKEN: draftOwner.token,
    PORTMAN_DRAFT_PROJECT_ID: draft._id,
    PORTMAN_SUSPENDED_ID: suspended.user.id,
    // extendRaise moves the live project's deadline (90 days out) later.
    PORTMAN_EXTEND_TO: inDays(120),
    PORTMAN_APPROVE_REVISION_ID: approveRevisionId,
    PORTMAN_CHANGES_REVISION_ID: changesRevisionId,
    PORTMAN_RECONFIRM_TOKEN: reconfirmer.token,
    PORTMAN_RECONFIRM_INVESTMENT_ID: bought.investment._id,
    PORTMAN_COMPANY_ID: company._id,
    PORTMAN_COMPANY_FOUNDER_TOKEN: companyFounder.token,
    PORTMAN_EVIDENCE: evidence,
    PORTMAN_EVENT_DAY: inDays(0),
    PORTMAN_WITHDRAWN_EVENT_ID: withdrawn.id,
  };
}
