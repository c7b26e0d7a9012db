// The built app served for a run that needs a live server (the browser and contract tests of
// `npm test`, the benchmark): scripts/e2e-server.mjs in its own process group (a fresh, migrated,
// seeded local D1 behind `wrangler dev`), started, waited for and stopped from a script.
import { start, waitForHttp } from "./lib.mjs";

/**
 * How long a server the scripts start may take to answer: BENCH_STARTUP_S seconds (600 by default).
 * Migrating, seeding and starting workerd on a busy shared machine can take minutes.
 */
export const STARTUP_MS = startupMs(process.env.BENCH_STARTUP_S);
function startupMs(value) {
  if (value === undefined || value === "") return 600_000;
  const s = Number(value);
  if (!(Number.isFinite(s) && s > 0)) {
    console.error(`✗ BENCH_STARTUP_S must be a number of seconds above 0, not ${JSON.stringify(value)}`);
    process.exit(1);
  }
  return s * 1000;
}

let server = null;
let serverLog = "";

function signalServer(sig) {
  if (!server || server.exitCode !== null || server.signalCode !== null) return false;
  try {
    // e2e-server.mjs runs wrangler, which runs workerd: signal the whole process group we started.
    process.kill(-server.pid, sig);
  } catch {
    try {
      server.kill(sig);
    } catch {
      /* already gone */
    }
  }
  return true;
}

export const stopServer = () => signalServer("SIGTERM");

/** Stops the server and waits (up to 10 s, then SIGKILL) until it is gone. */
export async function stopServerAndWait() {
  if (!signalServer("SIGTERM")) return;
  const gone = new Promise((resolve) => server.once("exit", resolve));
  const timer = new Promise((resolve) => setTimeout(() => resolve("timeout"), 10_000));
  if ((await Promise.race([gone, timer])) === "timeout") signalServer("SIGKILL");
  // workerd children may outlive the parent briefly: give the group a moment, then make sure.
  for (let i = 0; i < 20; i++) {
    try {
      process.kill(-server.pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  try {
    process.kill(-server.pid, "SIGKILL");
  } catch {
    /* gone */
  }
}

/** Kills the server at once (SIGKILL to the whole group, as a crash would) and waits until it is gone. */
export async function killServer() {
  const gone =
    server && server.exitCode === null && server.signalCode === null
      ? new Promise((r) => server.once("exit", r))
      : null;
  if (!signalServer("SIGKILL")) return;
  await gone;
  for (let i = 0; i < 40; i++) {
    try {
      process.kill(-server.pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

process.on("exit", stopServer);
for (const sig of ["SIGINT", "SIGTERM"]) {
  process.on(sig, () => {
    stopServer();
    process.exit(130);
  });
}

/**
 * Serves the build on `port` from a fresh local D1 in .wrangler/<state>, seeded with the demo data
 * and, with `scale`, `scale` times its size of synthetic data on top (`seed.mjs --scale=N`).
 * `appEnv` is the Worker's APP_ENV: "test" hashes passwords at the test cost, anything else at
 * production's. Resolves once it answers; the wait is `timeoutMs` long (BENCH_STARTUP_S, 600 s,
 * by default; a scaled seed passes more). `keepState`: serve the state directory as it is (a restart on the same D1, no new seed).
 */
export async function startAppServer({ port, state, appEnv, scale = 0, keepState = false, timeoutMs = STARTUP_MS }) {
  serverLog = "";
  server = start(process.execPath, ["scripts/e2e-server.mjs"], {
    env: {
      STATE_DIR: state,
      PORT: String(port),
      SERVER_APP_ENV: appEnv,
      ...(scale ? { SEED_SCALE: String(scale) } : {}),
      ...(keepState ? { KEEP_STATE: "1" } : {}),
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const keep = (d) => {
    serverLog = (serverLog + d.toString()).slice(-8000);
    if (scale) process.stdout.write(d.toString().replace(/^/gm, "    "));
  };
  server.stdout.on("data", keep);
  server.stderr.on("data", keep);
  const exited = new Promise((_, reject) =>
    server.once("exit", (code) => reject(new Error(`the server exited early (code ${code})\n${serverLog}`))),
  );
  await Promise.race([waitForHttp(`http://127.0.0.1:${port}/api/projects`, timeoutMs), exited]);
  exited.catch(() => {}); // it exits when we stop it at the end
}

/** The last lines the server printed (for a failure report). */
export const lastServerOutput = () => serverLog;
