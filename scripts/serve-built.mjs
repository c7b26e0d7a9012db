// Serves the build in the current directory (`build/server/wrangler.json`, written by
// `react-router build`) on PORT from the local D1 in PERSIST, through wrangler's own dev server
// API with its devtools inspector off: what `npm run bench:compare` measures. `wrangler dev` always
// attaches an inspector, which makes the runtime capture and forward every console call (about a
// millisecond of CPU per log line on our machines), a cost production does not have.
// Prints "ready <url>" once it answers; stops on SIGTERM or SIGINT.
import { unstable_startWorker } from "wrangler";

const port = Number(process.env.PORT ?? 8806);
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
console.log(`ready ${String(await worker.url)}`);
for (const sig of ["SIGTERM", "SIGINT"]) {
  process.on(sig, () => {
    void worker.dispose().finally(() => process.exit(0));
  });
}
