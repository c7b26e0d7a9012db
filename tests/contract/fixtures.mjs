// What the contract run's requests need before Newman starts (scripts/contract.mjs): the people and
// projects its path parameters name, made through the API itself on the fresh seeded D1. Each is
// handed to Portman as a `PORTMAN_*` variable (`{{camelCase}}` in the collection).
import { DEMO_PASSWORD } from "../../db/seed-data.ts";
import { TEST_PASSWORD, uniqueIp } from "../shared/clients.ts";

const part = () => Math.floor(Math.random() * 0xffff).toString(16);

function client(base) {
  return async function api(method, path, { token, body } = {}) {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: {
        "CF-Connecting-IP": uniqueIp(),
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = await res.json().catch(() => null);
    if (!res.ok)
      throw new Error(`contract fixtures: ${method} ${path} answered ${res.status} ${JSON.stringify(answer)}`);
    return answer;
  };
}

const inDays = (n) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

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
  const admin = await api("POST", "/auth/login", { body: { email: "admin@campusfund.dev", password: DEMO_PASSWORD } });

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

  return {
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
  };
}
