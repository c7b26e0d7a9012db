/** First-load JavaScript of every page route in a client build (scripts/js-per-route.mjs). */
export interface RouteJs {
  /** The route's id in the manifest, e.g. "routes/portfolio". */
  id: string;
  /** Its URL pattern, e.g. "/my-projects/edit/:id". */
  path: string;
  /** How many files a first load fetches. */
  files: number;
  rawBytes: number;
  /** Each file gzipped at level 6 on its own, summed. */
  gzipBytes: number;
}
/** `routeDiscovery`: React Router's mode ("lazy", its default with SSR, inlines a partial manifest; "initial" fetches the whole file). */
export function jsPerRoute(clientDir: string, options?: { routeDiscovery?: "lazy" | "initial" }): RouteJs[];
export function readManifest(clientDir: string): { url: string; manifest: unknown };
export function staticImports(code: string, fromUrl: string): string[];
