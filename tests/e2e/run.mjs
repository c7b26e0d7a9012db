// `npm run test:e2e`: the browser tests alone (Playwright, both projects) against the built app.
// Installs Debian's chromium when missing (scripts/chromium.mjs), builds first unless --no-build is
// given; other arguments go to `playwright test`.
import { ensureChromium } from "../../scripts/chromium.mjs";
import { bin, run } from "../../scripts/lib.mjs";

ensureChromium();

const args = process.argv.slice(2);
const noBuild = args.includes("--no-build");
if (!noBuild) run(bin("react-router"), ["build"]);
run(bin("playwright"), ["test", ...args.filter((a) => a !== "--no-build")]);
