// First-load JavaScript of every route in a client build (`npm run bench` prints it; the app tests'
// budget, tests/app/js-budget.test.ts, holds each route to it). A first load of a route fetches the
// route manifest, entry.client, and the module of every route it matches (root, any layouts, the
// route itself) with their static imports, followed transitively; dynamic import()s are not counted
// (they load later, if at all). Each file is counted once, gzipped at level 6 on its own, as a
// server sends it.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/** The build's route manifest (`window.__reactRouterManifest = {…}`) and its URL. */
export function readManifest(clientDir) {
  const assets = join(clientDir, "assets");
  const file = existsSync(assets) ? readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f)) : undefined;
  if (!file) throw new Error(`${assets}/manifest-*.js not found: did \`react-router build\` run?`);
  const src = readFileSync(join(assets, file), "utf8");
  return { url: `/assets/${file}`, manifest: JSON.parse(src.slice(src.indexOf("{"), src.lastIndexOf("}") + 1)) };
}

/** Static `import … from "./x.js"` / `import "./x.js"` / `export … from` of a built module (not import()). */
export function staticImports(code, fromUrl) {
  const out = [];
  const re = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+\.js)["']/g;
  for (let m = re.exec(code); m; m = re.exec(code)) out.push(new URL(m[1], `http://x${fromUrl}`).pathname);
  return out;
}

/** A route's URL pattern from the manifest's tree: its ancestors' paths joined ("/" for the index). */
function fullPath(routes, id) {
  const parts = [];
  for (let r = routes[id]; r; r = r.parentId ? routes[r.parentId] : undefined) {
    if (r.path) parts.unshift(r.path.replace(/^\/|\/$/g, ""));
  }
  return `/${parts.filter(Boolean).join("/")}`;
}

/**
 * Every page route of the build at `clientDir` (build/client; root and layouts are counted inside
 * the routes they wrap), heaviest first:
 * `{ id, path, files, rawBytes, gzipBytes }`.
 */
export function jsPerRoute(clientDir) {
  const { url: manifestUrl, manifest } = readManifest(clientDir);
  const { routes } = manifest;

  const sizes = new Map();
  const sizeOf = (url) => {
    if (!sizes.has(url)) {
      const buf = readFileSync(join(clientDir, url));
      sizes.set(url, { raw: buf.length, gzip: gzipSync(buf, { level: 6 }).length });
    }
    return sizes.get(url);
  };
  const closure = (urls) => {
    const seen = new Set();
    const stack = [...urls];
    while (stack.length) {
      const u = stack.pop();
      if (seen.has(u)) continue;
      const file = join(clientDir, u);
      if (!existsSync(file)) throw new Error(`${u} is in the manifest or imported but not in ${clientDir}`);
      seen.add(u);
      stack.push(...staticImports(readFileSync(file, "utf8"), u));
    }
    return seen;
  };

  // A page is a route with a component that nothing nests under (or an index route). Resource
  // routes (no component: CSV, JSON, ZIP, redirects) answer without a document, so load no JS.
  const hasChildren = new Set(Object.values(routes).map((r) => r.parentId));
  const pages = Object.values(routes).filter(
    (r) => r.id !== "root" && r.hasDefaultExport && (r.index || !hasChildren.has(r.id)),
  );

  return pages
    .map((r) => {
      const chain = [];
      for (let c = r; c; c = c.parentId ? routes[c.parentId] : undefined) chain.push(c);
      const files = closure([
        manifest.entry.module,
        ...(manifest.entry.imports ?? []),
        ...chain.flatMap((c) => [c.module, ...(c.imports ?? [])]),
      ]);
      files.add(manifestUrl);
      let rawBytes = 0;
      let gzipBytes = 0;
      for (const f of files) {
        const s = sizeOf(f);
        rawBytes += s.raw;
        gzipBytes += s.gzip;
      }
      return { id: r.id, path: fullPath(routes, r.id), files: files.size, rawBytes, gzipBytes };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes || a.path.localeCompare(b.path));
}
