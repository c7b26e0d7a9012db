/**
 * /settings/two-factor without JavaScript (ADR 054): turning the authenticator app on from the
 * page (the QR code and the secret read off it, the code computed as the app would), the recovery
 * codes shown once in the answer, signing in with the password then a recovery code (once), new
 * codes, turning off, and a change refused without a fresh confirmation, with the way to give one.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { timeStep, TWO_FACTOR_MESSAGES } from "../../domain/accounts/two-factor";
import { TWO_FACTOR_SETTINGS_MESSAGES } from "../../domain/accounts/two-factor-settings";
import { TOTP_QR_LABEL } from "../../worker/services/accounts/internal/qr";
import { totpCode } from "../../worker/services/accounts/internal/totp";
import { STEP_UP_MESSAGES } from "../../worker/services/accounts/step-up";
import { alerts, expectAlert, page, signup, visibleText } from "./helpers";

const PATH = "/settings/two-factor";

/** The secret as the page shows it for typing into an app (groups of four). */
const secretOn = (html: string) => /id="totp-secret"[^>]*>([A-Z2-7 ]+)</.exec(html)?.[1]?.replace(/ /g, "") ?? "";
/** The recovery codes the page lists. */
const codesOn = (html: string) =>
  [...html.replace(/<script\b[\s\S]*?<\/script>/gi, "").matchAll(/<code>([a-z2-9]{5}-[a-z2-9]{5})<\/code>/g)].map(
    (m) => m[1]!,
  );
const codeAt = (secret: string, offset = 0) => totpCode(secret, timeStep(Date.now()) + offset);

/** Signs up and turns the app on through the page: the token, the secret and the codes the page showed. */
async function turnOn() {
  const a = await signup();
  const started = await page(PATH, { token: a.token, form: { intent: "start" } });
  expect(started.status).toBe(302);
  expect(started.headers.get("Location")).toBe(PATH);
  const html = await (await page(PATH, { token: a.token })).text();
  const secret = secretOn(html);
  const done = await page(PATH, { token: a.token, form: { intent: "confirm", code: codeAt(secret) } });
  expect(done.status).toBe(200);
  return { ...a, secret, html: await done.text() };
}

describe("/settings/two-factor without JavaScript", () => {
  it("off: says so, with Turn On; Login & Security's card says Off and links here", async () => {
    const a = await signup();
    const text = visibleText(await (await page(PATH, { token: a.token })).text());
    expect(text).toContain("Authenticator app: Off");
    expect(text).toContain("Turn On");
    const card = await (await page("/settings?section=login-security", { token: a.token })).text();
    expect(visibleText(card)).toContain("Two-step sign-in: Off");
    expect(card).toContain(`href="${PATH}"`);
  });

  it("turning on: the QR code (an image with a text alternative) and the secret; a wrong code is refused by the field; the right one shows the ten codes once", async () => {
    const a = await signup();
    await page(PATH, { token: a.token, form: { intent: "start" } });
    const enrolling = await (await page(PATH, { token: a.token })).text();
    expect(enrolling).toContain(`<svg role="img" aria-label="${TOTP_QR_LABEL}"`);
    const secret = secretOn(enrolling);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    const wrong = await page(PATH, { token: a.token, form: { intent: "confirm", code: "12345" } });
    expect(wrong.status).toBe(400);
    expect(visibleText(await wrong.text())).toContain(TWO_FACTOR_MESSAGES.codeRequired);

    const done = await page(PATH, { token: a.token, form: { intent: "confirm", code: codeAt(secret) } });
    expect(done.status).toBe(200);
    const html = await done.text();
    const codes = codesOn(html);
    expect(codes).toHaveLength(10);
    expect(visibleText(html)).toContain(TWO_FACTOR_SETTINGS_MESSAGES.turnedOn);
    expect(html).toContain('download="campusfund-recovery-codes.txt"');

    // Shown once: the page read again lists none, and says on with 10 left.
    const again = await (await page(PATH, { token: a.token })).text();
    expect(codesOn(again)).toEqual([]);
    expect(visibleText(again)).toContain("Authenticator app: On");
    expect(visibleText(again)).toContain("10 of 10 recovery codes left");
    const card = await (await page("/settings?section=login-security", { token: a.token })).text();
    expect(visibleText(card)).toContain("Two-step sign-in: On");
  });

  it("signs in with the password, then a recovery code, which works once", async () => {
    const a = await turnOn();
    const [code] = codesOn(a.html);
    const signIn = async () => {
      const res = await page("/signin", { form: { email: a.user.email, password: a.password } });
      expect(res.headers.get("Location")).toMatch(/^\/signin\/verify/);
      return res.headers
        .getSetCookie()
        .find((c) => c.startsWith("campusfund_pending="))!
        .split(";")[0]!;
    };
    const first = await page("/signin/verify", { cookie: await signIn(), form: { code: code! } });
    expect(first.status).toBe(302);
    expect(first.headers.getSetCookie().some((c) => /^campusfund_session=[^;]+/.test(c))).toBe(true);

    const second = await page("/signin/verify", { cookie: await signIn(), form: { code: code! } });
    await expectAlert(second, 400, TWO_FACTOR_MESSAGES.wrongCode);
  });

  it("makes new recovery codes (the old ones stop counting) and turns off", async () => {
    const a = await turnOn();
    const res = await page(PATH, { token: a.token, form: { intent: "regenerate" } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(visibleText(html)).toContain(TWO_FACTOR_SETTINGS_MESSAGES.regenerated);
    const fresh = codesOn(html);
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(codesOn(a.html)[0]);

    const off = await page(PATH, { token: a.token, form: { intent: "disable" } });
    expect(off.status).toBe(302);
    expect(off.headers.get("Location")).toBe(`${PATH}?saved=two-factor-off`);
    const after = await (await page(off.headers.get("Location")!, { token: a.token })).text();
    expect(visibleText(after)).toContain(TWO_FACTOR_SETTINGS_MESSAGES.turnedOff);
    expect(visibleText(after)).toContain("Authenticator app: Off");
  });

  it("without a fresh confirmation: 403 with the message and a link to confirm, nothing changed", async () => {
    const a = await signup();
    await env.DB.prepare("update sessions set confirmed_at = 0 where id = ?1").bind(a.token.split(".")[0]).run();
    const res = await page(PATH, { token: a.token, form: { intent: "start" } });
    const html = await expectAlert(
      res,
      403,
      new RegExp(STEP_UP_MESSAGES.required.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
    );
    expect(html).toContain('href="/confirm-access?next=%2Fsettings%2Ftwo-factor"');
    const rows = await env.DB.prepare("select count(*) as n from totp_factors where user_id = ?1")
      .bind(a.user.id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
    expect(alerts(html)).toHaveLength(1);
  });
});
