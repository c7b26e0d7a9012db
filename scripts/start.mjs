// `npm start`: build, apply migrations to the local D1, load the demo data (idempotent: what users
// did is kept), then serve the built Worker through `wrangler dev` at http://localhost:8787.
import { bin, migrate, root, run, start } from "./lib.mjs";

const port = process.env.PORT ?? "8787";

run(bin("react-router"), ["build"]);
migrate();
run(process.execPath, ["scripts/seed.mjs"]);

console.log(`\nCampusFund is starting at http://localhost:${port}\n`);
const child = start(
  bin("wrangler"),
  // The mails' links name this run's address (wrangler.toml APP_ORIGIN, ADR 045).
  [
    "dev",
    "--port",
    port,
    "--ip",
    "127.0.0.1",
    "--show-interactive-dev-session=false",
    "--var",
    `APP_ORIGIN:http://localhost:${port}`,
  ],
  {
    env: { WRANGLER_SEND_METRICS: "false" },
  },
);
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
void root;
