// The browser tests run Debian's Chromium headless shell (Playwright cannot download its own
// browsers here): `ensureChromium()` finds it, or installs it with apt-get (through sudo when not
// root), or stops with what to run instead. `CHROMIUM_PATH` names another Chromium binary
// (playwright.config.ts). The headless shell is Chromium's old headless mode, the build Playwright
// itself runs headless tests in: the same engine without the browser's UI, which ran the same
// browser tests in half the time of Debian's full `chromium` (ADR 047). Lighthouse
// (`npm run lighthouse`, not part of npm test) still wants the full browser.
import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";

export const DEBIAN_CHROMIUM = "/usr/bin/chromium-headless-shell";
const PACKAGE = "chromium-headless-shell";

const executable = (path) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

const has = (cmd) => spawnSync("sh", ["-c", `command -v ${cmd}`], { stdio: "ignore" }).status === 0;

function stop(lines) {
  console.error(`\n✗ ${lines.join("\n  ")}\n`);
  process.exit(1);
}

export function ensureChromium() {
  const named = process.env.CHROMIUM_PATH;
  if (named) {
    if (executable(named)) return;
    stop([
      `CHROMIUM_PATH is ${named}, which is not an executable file.`,
      `Point it at a Chromium binary, or unset it to use Debian's ${DEBIAN_CHROMIUM}.`,
    ]);
  }
  if (executable(DEBIAN_CHROMIUM)) return;

  const help = [
    `The browser tests need Debian's ${PACKAGE} at ${DEBIAN_CHROMIUM} and it could not be installed here.`,
    "Install it, then run npm test again:",
    `  sudo apt-get update && sudo apt-get install -y ${PACKAGE}`,
    "(or set CHROMIUM_PATH to another Chromium binary; `npm test -- typecheck lint unit workers app`",
    "runs everything but the browser tests).",
  ];
  if (process.platform !== "linux" || !has("apt-get")) stop(help);
  const root = process.getuid?.() === 0;
  if (!root && !has("sudo")) stop(help);

  console.log(`\n▶ installing Debian's ${PACKAGE} for the browser tests (apt-get${root ? "" : ", through sudo"})`);
  const sudo = root ? [] : ["sudo"];
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [
    ["apt-get", "update", "-qq"],
    ["apt-get", "install", "-y", "-qq", PACKAGE],
  ]) {
    const [cmd, ...rest] = [...sudo, ...args];
    const res = spawnSync(cmd, rest, { stdio: "inherit", env });
    if (res.status !== 0) stop(help);
  }
  if (!executable(DEBIAN_CHROMIUM)) stop(help);
  console.log(`✓ ${PACKAGE} installed at ${DEBIAN_CHROMIUM}`);
}
