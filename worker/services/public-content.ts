/**
 * What visitors see changed: the edge cache (worker/edge-cache.ts, ADR 011) keeps anonymous copies
 * of public pages, and only the services that change those pages call `markPublicContentChanged`
 * (a purchase moves funding numbers; a public supporter joins the list). Sign-ins, sign-outs and
 * contact messages do not, so they cannot be used to flush the cache. Each isolate keeps its own
 * generation: copies made before the latest change are stale in this isolate at once, and other
 * isolates' copies expire within the cache's few seconds.
 */
let generation = 0;

export function markPublicContentChanged(): void {
  generation += 1;
}

export function publicContentGeneration(): number {
  return generation;
}
