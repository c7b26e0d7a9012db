/**
 * The second attack's account findings through the page doors of the built app: the
 * sign-up form keyed by the IPv6 /64, trivial and personal passwords refused by the sign-up and
 * settings forms (document and `.data`), and the portfolio's Regenerate within the per-network
 * budget of model calls. The API door: tests/workers/accounts-abuse.test.ts.
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";

import { MESSAGES } from "../../domain/shared/messages";
import { SIGNUP_LIMIT } from "../../worker/services/accounts/auth";
import { AI_ADDRESS_LIMIT } from "../../worker/services/money/analytics";
import { alerts, insertProject, page, rows, signup, tally, TEST_PASSWORD, visibleText, signupForm } from "./helpers";

function slash64(): (i: number) => string {
  const r = () => Math.floor(Math.random() * 0xffff).toString(16);
  const prefix = `2001:db8:${r()}:${r()}`;
  return (i) => `${prefix}:${(i + 1).toString(16)}:${r()}:${r()}:${r()}`;
}

describe("the sign-up form counts an IPv6 /64 as one address", () => {
  it(`12 sign-ups from 12 addresses of one /64 create exactly ${SIGNUP_LIMIT.max} accounts`, async () => {
    const address = slash64();
    const forms = Array.from({ length: 12 }, () => signupForm());
    const answers = await Promise.all(forms.map((form, i) => page("/signup", { form, ip: address(i) })));
    expect(tally(answers.map((r) => r.status))).toEqual({ 302: SIGNUP_LIMIT.max, 429: 2 });
    const created = await Promise.all(forms.map((f) => rows("users", "email = ?", f.email)));
    expect(created.reduce((a, b) => a + b, 0)).toBe(SIGNUP_LIMIT.max);
    const refused = answers.find((r) => r.status === 429)!;
    expect(alerts(await refused.text())).toContain(MESSAGES.tooManySignups);
  });
});

describe("the sign-up form refuses trivial and personal passwords", () => {
  const cases: [string, string][] = [
    ["aaaaaa", MESSAGES.passwordTrivial],
    ["123456", MESSAGES.passwordTrivial],
    ["Robin1998", MESSAGES.passwordPersonal],
  ];
  for (const [password, message] of cases) {
    for (const door of ["/signup", "/signup.data"]) {
      it(`${door} refuses ${password} with "${message}" and creates no account`, async () => {
        const form = signupForm({ password, confirmPassword: password });
        const res = await page(door, { form });
        expect(res.status).toBe(400);
        const body = await res.text();
        expect(door.endsWith(".data") ? body.includes(message) : alerts(body).includes(message)).toBe(true);
        expect(await rows("users", "email = ?", form.email)).toBe(0);
      });
    }
  }
});

describe("the settings form's password change refuses them too", () => {
  for (const door of ["/settings/login-security", "/settings/login-security.data"]) {
    it(`${door}: 'robin2026' for Robin Quinn is refused with our message and the password is unchanged`, async () => {
      const { token, user } = await signup("investor", { firstName: "Robin", lastName: "Quinn" });
      const before = await env.DB.prepare("select password_hash as h from users where id = ?").bind(user.id).first();
      const res = await page(door, {
        token,
        form: {
          intent: "password",
          currentPassword: TEST_PASSWORD,
          newPassword: "robin2026",
          confirmPassword: "robin2026",
        },
      });
      expect(res.status).toBe(400);
      const body = await res.text();
      expect((door.endsWith(".data") ? body : visibleText(body)).includes(MESSAGES.passwordPersonal)).toBe(true);
      const after = await env.DB.prepare("select password_hash as h from users where id = ?").bind(user.id).first();
      expect(after).toEqual(before);
    });
  }
});

describe("the portfolio's Regenerate spends the network's budget of model calls, never an error", () => {
  const testEnv = env as { AI?: Ai };
  afterEach(() => {
    delete testEnv.AI;
  });

  it(`${AI_ADDRESS_LIMIT.max + 3} investors on one network: ${AI_ADDRESS_LIMIT.max} model calls, every page a redirect to the AI tab`, async () => {
    const run = vi.fn(async () => ({ response: "not an answer" }));
    vi.spyOn(console, "warn").mockImplementation(() => {});
    testEnv.AI = { run } as unknown as Ai;
    const project = await insertProject();
    const ip = slash64()(0);
    const investors = [];
    for (let i = 0; i < AI_ADDRESS_LIMIT.max + 3; i++) {
      const who = await signup();
      await env.DB.prepare(
        `insert into investments (id, investor_id, project_id, shares, share_price_cents, amount_cents, status, idempotency_key, created_at)
         values (?1, ?2, ?3, 10, 1000, 10000, 'active', ?1, ?4)`,
      )
        .bind(crypto.randomUUID(), who.user.id, project.id, Date.now())
        .run();
      investors.push(who);
    }
    const answers = await Promise.all(
      investors.map((who) => page("/portfolio", { token: who.token, ip, form: { intent: "regenerate" } })),
    );
    expect({
      statuses: [...new Set(answers.map((r) => r.status))],
      locations: [...new Set(answers.map((r) => r.headers.get("Location")))],
      calls: run.mock.calls.length,
    }).toEqual({ statuses: [302], locations: ["/portfolio?tab=ai"], calls: AI_ADDRESS_LIMIT.max });
  });
});
