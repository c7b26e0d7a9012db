import { readFileSync } from "node:fs";
import { join } from "node:path";

import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";

import { buildDefines } from "./scripts/build-info";

/**
 * Files from packages that pages load from our own origin (no CDN: the CSP and offline runs),
 * by the public path they are served at: the API reference's script (worker/api/docs.ts).
 */
const VENDOR_FILES: Record<string, string> = {
  // The Worker serves it compressed and cached at /vendor/scalar/api-reference.js (worker/api/docs.ts).
  "/vendor/scalar/api-reference.raw.js": "node_modules/@scalar/api-reference/dist/browser/standalone.js",
};

/** Puts each vendor file into the client build, and serves it under `react-router dev`. */
function vendorFiles(): Plugin {
  return {
    name: "campusfund:vendor-files",
    generateBundle() {
      if (this.environment.name !== "client") return;
      for (const [path, file] of Object.entries(VENDOR_FILES)) {
        this.emitFile({
          type: "asset",
          fileName: path.slice(1),
          source: readFileSync(join(import.meta.dirname, file)),
        });
      }
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? "").split("?")[0]!.replace(/\/api-reference\.js$/, "/api-reference.raw.js");
        const file = VENDOR_FILES[path];
        if (!file) return next();
        res.setHeader("Content-Type", "text/javascript; charset=utf-8");
        res.end(readFileSync(join(import.meta.dirname, file)));
      });
    },
  };
}

export default defineConfig({
  // The build's commit and newest migration (worker/observability/release.ts).
  define: buildDefines(import.meta.dirname),
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), reactRouter(), vendorFiles()],
});
