/**
 * Once per run, after the server is up: signs the demo admin in through both steps of its two-step
 * sign-in (ADR 054) and hands the session to every test (E2E_ADMIN_TOKEN). A code works once, so
 * the two workers' tests cannot each sign the admin in within one 30-second step; they share this
 * session instead (the tests of the second step itself use accounts of their own).
 */
import { request } from "@playwright/test";

import { baseURL } from "../../playwright.config";
import { demoAdminCode, uniqueIp } from "../shared/clients";

export default async function globalSetup() {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { "CF-Connecting-IP": uniqueIp() } });
  const step = await api.post("/api/auth/login", { data: { email: "admin@campusfund.dev", password: "Demo1234!" } });
  if (step.status() !== 202) throw new Error(`demo admin's password step: ${step.status()} ${await step.text()}`);
  const { pendingToken } = (await step.json()) as { pendingToken: string };
  const done = await api.post("/api/auth/login/second-factor", { data: { pendingToken, code: await demoAdminCode() } });
  if (done.status() !== 200) throw new Error(`demo admin's second step: ${done.status()} ${await done.text()}`);
  process.env.E2E_ADMIN_TOKEN = ((await done.json()) as { token: string }).token;
  await api.dispose();
}
