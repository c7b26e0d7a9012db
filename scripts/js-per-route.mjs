// First-load JavaScript of every route in a client build (`npm run bench` prints it; the app tests'
// budget, tests/app/js-budget.test.ts, holds each route to it). A first load of a route fetches
// entry.client and the module of every route it matches (root, any layouts, the route itself) with
// their static imports, followed transitively; dynamic import()s are not counted (they load later,
// if at all). Each file is counted once, gzipped at level 6 on its own, as a server sends it.
//
// The route manifest: with React Router's lazy route discovery (its default with SSR, and ours:
// react-router.config.ts sets no `routeDiscovery`) a document does not fetch manifest-*.js; its
// inline module script carries the part of the manifest the page needs (the matched routes and
// those of the path's ancestors) and the other routes come from /__manifest on navigation. So the
// inline script is counted instead, rebuilt the way <Scripts> writes it. With
// `{ routeDiscovery: "initial" }` the whole manifest file is counted, as that mode fetches it.
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

/**
 * The inline module script <Scripts> writes under lazy route discovery: the route modules' imports,
 * the partial manifest (React Router's getPartialManifest: the matched routes, and the routes the
 * path's ancestors "/", "/a", "/a/b" match: here the route of that exact path, else the splat) and
 * the entry's import.
 */
function inlineScript(manifest, chain, fullPaths, pageIds) {
  const ids = new Set(chain.map((c) => c.id));
  const segments = fullPaths.get(chain[0].id).split("/").filter(Boolean);
  const splat = [...fullPaths].find(([, p]) => p === "/*")?.[0];
  for (let n = 0; n < segments.length; n++) {
    const prefix = `/${segments.slice(0, n).join("/")}`;
    const exact = [...fullPaths].find(([id, p]) => p === prefix && pageIds.has(id));
    const hit = exact?.[0] ?? splat;
    for (let r = hit ? manifest.routes[hit] : undefined; r; r = r.parentId ? manifest.routes[r.parentId] : undefined) {
      ids.add(r.id);
    }
  }
  const routes = Object.fromEntries([...ids].map((id) => [id, manifest.routes[id]]));
  const matched = [...chain].reverse();
  return [
    ...matched.map((c, i) => `import * as route${i} from ${JSON.stringify(c.module)};`),
    `window.__reactRouterManifest = ${JSON.stringify({ ...manifest, routes }, null, 2)};`,
    `window.__reactRouterRouteModules = {${matched.map((c, i) => `${JSON.stringify(c.id)}:route${i}`).join(",")}};`,
    `import(${JSON.stringify(manifest.entry.module)});`,
  ].join("\n");
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
export function jsPerRoute(clientDir, { routeDiscovery = "lazy" } = {}) {
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

  const pageIds = new Set(pages.map((r) => r.id));
  const fullPaths = new Map(Object.keys(routes).map((id) => [id, fullPath(routes, id)]));
  return pages
    .map((r) => {
      const chain = [];
      for (let c = r; c; c = c.parentId ? routes[c.parentId] : undefined) chain.push(c);
      const files = closure([
        manifest.entry.module,
        ...(manifest.entry.imports ?? []),
        ...chain.flatMap((c) => [c.module, ...(c.imports ?? [])]),
      ]);
      let rawBytes = 0;
      let gzipBytes = 0;
      if (routeDiscovery === "initial") files.add(manifestUrl);
      else {
        const inline = Buffer.from(inlineScript(manifest, chain, fullPaths, pageIds));
        rawBytes += inline.length;
        gzipBytes += gzipSync(inline, { level: 6 }).length;
      }
      for (const f of files) {
        const s = sizeOf(f);
        rawBytes += s.raw;
        gzipBytes += s.gzip;
      }
      return { id: r.id, path: fullPaths.get(r.id), files: files.size, rawBytes, gzipBytes };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes || a.path.localeCompare(b.path));
}
