/**
 * Sign-in and sign-up carry what the visitor was doing (ADR 034), through the page doors as a
 * browser without JavaScript uses them: the link the project page gives, the sign-in page's
 * headline and hidden fields, the sign-in POST that makes the follow, the thread's draft that comes
 * back, the purchase page; forged intents fall back to the plain page; the sign-up consent line and
 * its field-marked errors.
 */
import { describe, expect, it } from "vitest";

import { DRAFT_TOO_LONG_TO_CARRY, signinHref, signupHref } from "../../domain/accounts/auth-links";
import { MESSAGES } from "../../domain/shared/messages";
import { insertProject, page, rows, signup, signupForm, unique, visibleText } from "./helpers";

const sunDorm = () => insertProject({ title: `SunDorm ${unique()}`, publishedAt: Date.now() });

/** The value of a hidden input in a page's form. */
function hidden(html: string, name: string): string | null {
  const m = new RegExp(`<input[^>]*type="hidden"[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(html);
  return m
    ? m[1]!
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, "&")
        .replace(/&#x27;|&#39;/g, "'")
    : null;
}

const h1 = (html: string) => visibleText(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? "");

/** Follows the redirect a visitor gets, as a browser would, and returns the page it lands on. */
async function landing(res: Response): Promise<{ path: string; html: string }> {
  expect(res.status).toBe(302);
  const path = res.headers.get("Location")!;
  const next = await page(path);
  expect(next.status).toBe(200);
  return { path, html: await next.text() };
}

describe("Follow as a visitor", () => {
  it("the project page links Follow to sign in with the intent; the headline names it; signing in follows", async () => {
    const project = await sunDorm();
    const detail = await (await page(`/project/${project.slug}`)).text();
    const href = signinHref({ action: "follow", project: project.slug });
    expect(detail).toContain(`href="${href.replace(/&/g, "&amp;")}"`);

    const signin = await (await page(href)).text();
    expect(h1(signin)).toBe(`Sign in to follow ${project.title}`);
    expect(hidden(signin, "intent")).toBe("follow");
    expect(hidden(signin, "project")).toBe(project.slug);
    // Loading the page follows nothing (no state change by a GET).
    expect(await rows("project_follows", "project_id = ?", project.id)).toBe(0);

    const { user, password } = await signup();
    const res = await page(href, { form: { email: user.email, password, intent: "follow", project: project.slug } });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/project/${project.slug}`);
    expect(await rows("project_follows", "project_id = ? and user_id = ?", project.id, user.id)).toBe(1);
  });

  it("a visitor's Follow post (a session that ended) is sent to sign in with the intent, and nothing is written", async () => {
    const project = await sunDorm();
    const res = await page(`/project/${project.slug}`, { form: { intent: "follow", projectId: project.id } });
    const { path, html } = await landing(res);
    expect(path).toBe(signinHref({ action: "follow", project: project.slug }));
    expect(h1(html)).toBe(`Sign in to follow ${project.title}`);
    expect(await rows("project_follows", "project_id = ?", project.id)).toBe(0);
  });

  it("signing up from the intent creates the account and the follow", async () => {
    const project = await sunDorm();
    const href = signupHref({ action: "follow", project: project.slug });
    const html = await (await page(href)).text();
    expect(h1(html)).toBe(`Sign up to follow ${project.title}`);
    const form = signupForm({ intent: "follow", project: project.slug });
    const res = await page(href, { form });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/project/${project.slug}`);
    expect(
      await rows(
        "project_follows",
        "project_id = ? and user_id = (select id from users where email = ?)",
        project.id,
        form.email,
      ),
    ).toBe(1);
  });
});

describe("a new thread as a visitor", () => {
  it("the typed thread goes through sign-in and the new-thread form opens holding it", async () => {
    const project = await sunDorm();
    const question = "How will you keep the panels clean?\nAnd who pays for it — the dorm? 🌞";
    const detail = await (await page(`/project/${project.slug}?tab=discussion`)).text();
    expect(visibleText(detail)).toContain("Sign In to Post");

    const posted = await page(`/project/${project.slug}?tab=discussion`, {
      form: { intent: "thread", body: question },
    });
    const { path, html } = await landing(posted);
    expect(path).toBe(signinHref({ action: "post", project: project.slug, body: question }));
    expect(h1(html)).toBe(`Sign in to join ${project.title}'s discussion`);
    expect(hidden(html, "body")).toBe(question);
    expect(await rows("discussion_posts", "project_id = ?", project.id)).toBe(0);

    const { user, password } = await signup();
    const res = await page(path, {
      form: { email: user.email, password, intent: "post", project: project.slug, body: question },
    });
    expect(res.status).toBe(302);
    const back = { path: res.headers.get("Location")! };
    expect(back.path).toMatch(new RegExp(`^/project/${project.slug}\\?tab=discussion&draft=.*#new-thread$`));
    // Not posted: the form is open with the draft, for the person to send.
    expect(await rows("discussion_posts", "project_id = ?", project.id)).toBe(0);
    const again = await page(back.path.replace(/#.*/, ""), { cookie: sessionCookie(res) });
    const textarea = /<textarea[^>]*name="body"[^>]*>([\s\S]*?)<\/textarea>/.exec(await again.text());
    expect(visibleText(textarea?.[1] ?? "")).toBe(visibleText(question));
  });

  it("a draft longer than a link carries is refused beside the field with the whole text, not cut on its way to sign in", async () => {
    const project = await sunDorm();
    const question = `${"Why ".repeat(300)}?`; // 1,201 characters
    const res = await page(`/project/${project.slug}?tab=discussion`, { form: { intent: "thread", body: question } });
    const html = await res.text();
    const textarea = /<textarea[^>]*name="body"[^>]*>([\s\S]*?)<\/textarea>/.exec(html);
    expect({
      status: res.status,
      message: visibleText(html).includes(DRAFT_TOO_LONG_TO_CARRY),
      kept: (textarea?.[1] ?? "").trim().length,
    }).toEqual({ status: 400, message: true, kept: question.trim().length });
  });
});

function sessionCookie(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
}

describe("Invest and signed-in pages", () => {
  it("Invest leads to sign in naming the project, then the purchase page", async () => {
    const project = await sunDorm();
    const href = signinHref(`/purchase/${project.slug}?shares=10`);
    const html = await (await page(href)).text();
    expect(h1(html)).toBe(`Sign in to invest in ${project.title}`);
    const { user, password } = await signup();
    const res = await page(href, { form: { email: user.email, password, redirectTo: hidden(html, "redirectTo")! } });
    expect(res.headers.get("Location")).toBe(`/purchase/${project.slug}?shares=10`);
  });

  it("a visitor opening their portfolio is told what they are signing in for", async () => {
    const res = await page("/portfolio");
    const { path, html } = await landing(res);
    expect(path).toBe("/signin?redirectTo=%2Fportfolio");
    expect(h1(html)).toBe("Sign in to see your portfolio");
    const profile = await landing(await page("/profile"));
    expect(h1(profile.html)).toBe("Sign in to see your profile");
  });
});

describe("forged intents are ignored safely", () => {
  const cases: [string, string][] = [
    ["an unknown action", "/signin?intent=delete-account&project=campusroute"],
    ["a project that does not exist", "/signin?intent=follow&project=no-such-project-anywhere"],
    ["a project reference with odd characters", "/signin?intent=follow&project=..%2F..%2Fadmin"],
    ["another origin", "/signin?redirectTo=https%3A%2F%2Fevil.example%2Fportfolio"],
    ["a protocol-relative path", "/signin?redirectTo=%2F%2Fevil.example"],
  ];
  for (const [what, href] of cases) {
    it(`${what}: the plain page, then home`, async () => {
      const res = await page(href);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(h1(html)).toBe("Sign In");
      expect(hidden(html, "intent")).toBeNull();
      const { user, password } = await signup();
      const query = Object.fromEntries(new URL(href, "http://x").searchParams);
      const signedIn = await page(href, { form: { email: user.email, password, ...query } });
      expect(signedIn.status).toBe(302);
      expect(signedIn.headers.get("Location")).toBe("/portfolio");
    });
  }

  it("a follow intent for a project that does not exist signs in and follows nothing", async () => {
    const { user, password } = await signup();
    const before = await rows("project_follows", "user_id = ?", user.id);
    const res = await page("/signin", {
      form: { email: user.email, password, intent: "follow", project: "no-such-project-anywhere" },
    });
    expect(res.headers.get("Location")).toBe("/portfolio");
    expect(await rows("project_follows", "user_id = ?", user.id)).toBe(before);
  });
});

describe("sign-up", () => {
  it("says that creating an account agrees to the terms and the privacy policy, both linked", async () => {
    const html = await (await page("/signup")).text();
    expect(visibleText(html)).toContain("By creating an account you agree to the Terms of Service and Privacy Policy");
    expect(html).toMatch(/<a[^>]*href="\/terms-of-service"[^>]*>Terms of Service<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/privacy-policy"[^>]*>Privacy Policy<\/a>/);
  });

  it("marks the field a refusal is about (and only it)", async () => {
    const res = await page("/signup", { form: signupForm({ confirmPassword: "Something-else-9" }) });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(visibleText(html)).toContain(MESSAGES.passwordsMismatch);
    const invalid = [...html.matchAll(/<input[^>]*aria-invalid="true"[^>]*>/g)].map(
      (m) => /name="(\w+)"/.exec(m[0])![1],
    );
    expect(invalid).toEqual(["confirmPassword"]);
  });
});
