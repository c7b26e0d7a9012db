/** Every demo document (scripts/generate-demo-docs.mjs): its URL path under public/ and its bytes. */
export function demoDocuments(): Map<string, Buffer>;
