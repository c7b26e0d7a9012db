import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 8790);
export const baseURL = `http://127.0.0.1:${port}`;

// Browser tests run Debian's Chromium headless shell (Playwright cannot download its own browsers here) against
// the built app served by `wrangler dev` (scripts/e2e-server.mjs). Run `react-router build` first;
// `npm test` does.
export default defineConfig({
  testDir: "tests/e2e",
  // The demo admin's one session for the run (two-step sign-in, ADR 054).
  globalSetup: "./tests/e2e/global-setup.ts",
  // After the run: the server's output holds no address or password (ADR 056).
  globalTeardown: "./tests/e2e/global-teardown.ts",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // Two at once, one per core of CI's machine (E2E_WORKERS overrides).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // No retries, in CI either: a test that fails once is a bug in the app or in the test (wait for
  // what the user would see, never a sleep), not something to run again.
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
    trace: "off",
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    // A test tagged @read-only only loads pages and checks what the server rendered: its outcome is
    // the server's HTML, which the "js" project already checks (it loads the same document before
    // hydrating), so it runs once, there. A test that submits a form, follows a link or depends on
    // an interaction runs in both projects (the convention: tests/e2e/fixtures.ts).
    { name: "no-js", use: { javaScriptEnabled: false }, grepInvert: /@read-only/ },
  ],
  // `npm test` serves the app itself (scripts/test.mjs: one server for the browser and contract
  // tests) and says so; `npm run test:e2e` and a bare `playwright test` start it here.
  webServer: process.env.E2E_SERVER_RUNNING
    ? undefined
    : {
        command: `node scripts/e2e-server.mjs`,
        url: `${baseURL}/api/projects`,
        env: { PORT: String(port) },
        reuseExistingServer: !process.env.CI,
        timeout: 600_000,
        stdout: "ignore",
        stderr: "pipe",
      },
});
