// The browser tests run Debian's chromium (Playwright cannot download its own browsers here):
// `ensureChromium()` finds it, or installs it with apt-get (through sudo when not root), or stops
// with what to run instead. `CHROMIUM_PATH` names another Chromium binary (playwright.config.ts).
import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";

export const DEBIAN_CHROMIUM = "/usr/bin/chromium";

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
    `The browser tests need Debian's chromium at ${DEBIAN_CHROMIUM} and it could not be installed here.`,
    "Install it, then run npm test again:",
    "  sudo apt-get update && sudo apt-get install -y chromium",
    "(or set CHROMIUM_PATH to another Chromium binary; `node scripts/test.mjs typecheck lint unit workers build app`",
    "runs everything but the browser tests).",
  ];
  if (process.platform !== "linux" || !has("apt-get")) stop(help);
  const root = process.getuid?.() === 0;
  if (!root && !has("sudo")) stop(help);

  console.log(`\n▶ installing Debian's chromium for the browser tests (apt-get${root ? "" : ", through sudo"})`);
  const sudo = root ? [] : ["sudo"];
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [
    ["apt-get", "update", "-qq"],
    ["apt-get", "install", "-y", "-qq", "chromium"],
  ]) {
    const [cmd, ...rest] = [...sudo, ...args];
    const res = spawnSync(cmd, rest, { stdio: "inherit", env });
    if (res.status !== 0) stop(help);
  }
  if (!executable(DEBIAN_CHROMIUM)) stop(help);
  console.log(`✓ chromium installed at ${DEBIAN_CHROMIUM}`);
}
