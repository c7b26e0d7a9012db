// Serves the build in the current directory (`build/server/wrangler.json`, written by
// `react-router build`) on PORT from the local D1 in PERSIST, through wrangler's own dev server
// API with its devtools inspector off: what `npm run bench` and `npm run bench:compare` measure.
// `wrangler dev` always attaches an inspector, which makes the runtime capture and forward every
// console call (about a millisecond of CPU per log line on our machines), a cost production does
// not have.
// Prints "ready <url>" once it answers; stops on SIGTERM or SIGINT. Gives up (exit 1, saying so)
// when it is not ready within BENCH_STARTUP_S seconds (600).
import { unstable_startWorker } from "wrangler";

const port = Number(process.env.PORT ?? 8806);
const startupS = Number(process.env.BENCH_STARTUP_S || 600);
const giveUp = setTimeout(() => {
  console.error(`✗ serve-built: the Worker was not ready within ${startupS} s (BENCH_STARTUP_S)`);
  process.exit(1);
}, startupS * 1000);
const worker = await unstable_startWorker({
  config: "build/server/wrangler.json",
  dev: {
    server: { hostname: "127.0.0.1", port },
    inspector: false,
    persist: process.env.PERSIST,
    logLevel: "warn",
    watch: false,
  },
  bindings: {
    APP_ENV: { type: "plain_text", value: process.env.SERVER_APP_ENV ?? "development" },
    APP_ORIGIN: { type: "plain_text", value: `http://127.0.0.1:${port}` },
  },
});
await worker.ready;
clearTimeout(giveUp);
console.log(`ready ${String(await worker.url)}`);
for (const sig of ["SIGTERM", "SIGINT"]) {
  process.on(sig, () => {
    void worker.dispose().finally(() => process.exit(0));
  });
}
