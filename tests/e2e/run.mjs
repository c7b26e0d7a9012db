// `npm run test:e2e`: the browser tests alone (Playwright, both projects) against the built app.
// Builds first unless --no-build is given; other arguments go to `playwright test`.
import { bin, run } from "../../scripts/lib.mjs";

const args = process.argv.slice(2);
const noBuild = args.includes("--no-build");
if (!noBuild) run(bin("react-router"), ["build"]);
run(bin("playwright"), ["test", ...args.filter((a) => a !== "--no-build")]);
